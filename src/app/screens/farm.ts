import { fromPromise, sendTo } from 'xstate';
import { farmSelectorMachine } from '../../../machines/farm/farmSelector.machine';
import { APP_ID } from '../../../machines/app/app.machine';
import { listFarms } from '../../api/farms';
import type { AppActor } from '../appActor';

/** The farm selector with the runtime configuration's farm list; a choice goes to the app, which keeps it. */
export function farmSelectorLogic(app: AppActor) {
  return farmSelectorMachine.provide({
    actors: {
      loadFarms: fromPromise(() => {
        const { farmListUrl, farmListKey } = app.getSnapshot().context.config;
        return listFarms(farmListUrl, farmListKey);
      }),
    },
    actions: {
      // To the root actor by its systemId (a string target would name a child of the selector).
      chooseFarm: sendTo(
        ({ system }) => system.get(APP_ID),
        (_, { farm }) => ({ type: 'farm.choose' as const, farm }),
      ),
    },
  });
}

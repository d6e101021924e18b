import { defineScreen } from '../app/screen.types';
import type { DirectMiniAppInput } from './directMiniApp.types';

export interface DirectMiniAppParams {
  appUuid: string;
}

/**
 * /apps/{appUuid} starts again for another mini-app or building, when the flag or kiosk mode changes, and for another
 * language (the mini-app is told its language in its address).
 */
export const directMiniAppScreen = defineScreen<DirectMiniAppParams, DirectMiniAppInput>({
  input: (params, facts) =>
    facts.buildingUuid
      ? {
          appUuid: params.appUuid,
          app: facts.miniApps.find((app) => app.uuid === params.appUuid) ?? null,
          enabled: facts.flags['enable-tw-direct-link'],
          lobby: facts.lobby,
        }
      : null,
  restartKey: (params, facts) => [params.appUuid, facts.buildingUuid, facts.locale, facts.flags['enable-tw-direct-link'], facts.lobby].join('|'),
});

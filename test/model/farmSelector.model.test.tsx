import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { CUSTOM_FARM_UUID, farmSelectorMachine } from '../../machines/farm/farmSelector.machine';
import type { Farm, FarmSelectorEvent } from '../../machines/farm/farmSelector.types';
import { FarmSelector } from '../../src/ui/farm/FarmSelector';
import { englishCatalogue } from '../../src/i18n/locales';
import { farmSelectorModel, type FarmSelectorModelContext, type FarmSelectorModelEvent, type FarmSelectorModelState } from './farmSelector.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';

const FARMS: Farm[] = [
  { uuid: 'farm-qa', description: 'QA', url: 'https://qa.atrium.test' },
  { uuid: 'farm-stage', description: 'Staging', url: 'https://stage.atrium.test' },
];
const VALID = 'www.dev.atrium.test';
const INVALID = 'not a url';

/** The selector with its list call settled by the test; what it hands the app is recorded. */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const chooseFarm = vi.fn<(farm: Farm | null) => void>();
  const actor = createActor(
    farmSelectorMachine.provide({
      actors: { loadFarms: fromPromise(() => calls.call<Farm[]>('farms')) },
      actions: { chooseFarm: (_, params) => chooseFarm(params.farm) },
    }),
    inspect ? { inspect } : {},
  ).start();
  return { actor, calls, chooseFarm };
}
type Flow = ReturnType<typeof start>;

/** The person's part of each model event, as the view sends it. */
function machineEvent(event: FarmSelectorModelEvent['type']): FarmSelectorEvent {
  switch (event) {
    case 'user.pick':
      return { type: 'user.chooseFarm', uuid: FARMS[1]!.uuid };
    case 'user.typeValid':
      return { type: 'user.changeCustomUrl', value: VALID };
    case 'user.typeInvalid':
      return { type: 'user.changeCustomUrl', value: INVALID };
    case 'user.blur':
      return { type: 'user.blurCustomUrl' };
    case 'user.clear':
      return { type: 'user.clearFarm' };
    default:
      return { type: event as 'user.submit' | 'user.retry' };
  }
}

const field = () => screen.getByRole('textbox', { name: 'Custom URL' });
function press(event: FarmSelectorModelEvent['type']) {
  switch (event) {
    case 'user.pick':
      return fireEvent.click(screen.getByRole('radio', { name: /Staging/ }));
    case 'user.typeValid':
      return fireEvent.change(field(), { target: { value: VALID } });
    case 'user.typeInvalid':
      return fireEvent.change(field(), { target: { value: INVALID } });
    case 'user.blur':
      return fireEvent.blur(field());
    case 'user.submit':
      return fireEvent.click(screen.getByRole('button', { name: 'Use this farm' }));
    case 'user.clear':
      return fireEvent.click(screen.getByRole('button', { name: 'Use the default API' }));
    default:
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  }
}

const TYPED = { none: '', valid: VALID, invalid: INVALID } as const;
const HANDED = {
  listed: FARMS[1]!,
  custom: { uuid: CUSTOM_FARM_UUID, description: VALID, url: `https://${VALID}` },
  cleared: null,
} as const;

/** What the form shows of the model's context: the typed URL, the picked farm, the URL's error. */
function formShows(context: FarmSelectorModelContext, listed: boolean) {
  expect((field() as HTMLInputElement).value).toBe(TYPED[context.custom]);
  expect(screen.queryByText('Invalid Farm url') !== null).toBe(context.urlError);
  if (listed) expect((screen.getByRole('radio', { name: /Staging/ }) as HTMLInputElement).checked).toBe(context.picked);
}

modelSuite<typeof farmSelectorModel, Flow, FarmSelectorModelState>({
  name: 'farm selector',
  model: farmSelectorModel,
  lens: {
    viewKey: ({ value, context }) => {
      const c = context as FarmSelectorModelContext;
      return `${String(value)} ${c.custom} picked:${c.picked} error:${c.urlError}`;
    },
  },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={englishCatalogue}>
        <FarmSelector selector={actor} />
      </IntlProvider>,
    ),
  world: ({ calls }, event) => {
    const pending = calls.take(['farms']);
    return event.type === 'api.loaded' ? pending.resolve(FARMS) : pending.reject(Object.assign(new Error('Bad Gateway'), { status: 502 }));
  },
  send: ({ actor }, event) => actor.send(machineEvent(event.type)),
  press: (_, event) => press(event.type),
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().hasTag('loading'),
    ready: ({ actor }, model) =>
      actor.getSnapshot().matches('ready') &&
      actor.getSnapshot().context.customUrl === TYPED[model.context.custom] &&
      (actor.getSnapshot().context.chosen === FARMS[1]!.uuid) === model.context.picked &&
      (actor.getSnapshot().context.urlError !== null) === model.context.urlError,
    failed: ({ actor }, model) =>
      actor.getSnapshot().matches('failed') &&
      actor.getSnapshot().context.error?.status === 502 &&
      actor.getSnapshot().context.customUrl === TYPED[model.context.custom] &&
      (actor.getSnapshot().context.urlError !== null) === model.context.urlError,
    chosen: ({ actor, chooseFarm }, model) =>
      actor.getSnapshot().status === 'done' &&
      chooseFarm.mock.calls.length === 1 &&
      chooseFarm.mock.calls[0]![0]?.url === HANDED[model.context.handed!]?.url,
  },
  viewState: {
    loading: () => expect(screen.getByText('Loading farms…')).not.toBeNull(),
    ready: (_, model) => {
      expect(screen.getAllByRole('radio')).toHaveLength(2);
      formShows(model.context, true);
    },
    failed: (_, model) => {
      expect(screen.getByText('The farm list could not be loaded.').getAttribute('role')).toBe('alert');
      expect(screen.queryAllByRole('radio')).toHaveLength(0);
      formShows(model.context, false);
    },
    // The selector is done: what the app does next (the auth flow closes the dialog) is not this view's.
    chosen: () => {},
  },
  finally: ({ chooseFarm }, _, model) => {
    if (model.context.handed === null) expect(chooseFarm).not.toHaveBeenCalled();
    else expect(chooseFarm).toHaveBeenCalledWith(HANDED[model.context.handed]);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [farmSelectorMachine],
  everyMachineTransition: true,
});

describe('farm selector: the test model', () => {
  it('agrees with the machine: the same states', () => {
    expect(Object.keys(farmSelectorModel.states).sort()).toEqual(Object.keys(farmSelectorMachine.states).sort());
  });
});

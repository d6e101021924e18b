import { expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { kioskModel, type KioskModelEvent, type KioskModelState } from './kiosk.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { kioskMachine, KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
import { appMachine } from '../../machines/app/app.machine';
import { flagsMachine, FLAGS_ID } from '../../machines/flags/flags.machine';
import type { FlagValues } from '../../contracts/flags';
import { AppActorProvider } from '../../src/ui/appContext';
import type { FlagsRef, KioskRef } from '../../src/app/appActor';
import { KIOSK_ENABLED_KEY, persistedKioskEnabled, persistKioskEnabled } from '../../src/app/adapters/kioskStorage';
import { KioskHeader } from '../../src/ui/shell/KioskHeader';
import { KioskSwitch } from '../../src/ui/shell/KioskSwitch';
import { MenuContent, MenuRoot, MenuTrigger } from '../../src/ui/kit/Menu';
import { englishCatalogue } from '../../src/i18n/locales';

type Model = SnapshotFrom<typeof kioskModel>;
type Step = Exclude<KioskModelState, 'start'>;

/**
 * A new tab (session storage holds kiosk mode when `start.on`: what the tab kept from before the reload), and a root
 * actor like the app's whose loads never finish, with the real kiosk persistence (session storage, and a record of
 * what it was told to keep) and a flag service the test answers; the flag reaches the kiosk actor through the app's
 * own forwarding.
 */
function kioskApp(on: boolean, inspect?: (event: InspectionEvent) => void) {
  sessionStorage.clear();
  if (on) sessionStorage.setItem(KIOSK_ENABLED_KEY, 'true');
  const flag = { exitAllowed: false };
  const persisted: { enabled: boolean }[] = [];
  const never = fromPromise(() => new Promise<never>(() => {}));
  const app = createActor(
    appMachine.provide({
      actors: {
        loadWhitelabel: never,
        healthCheck: never,
        flags: flagsMachine.provide({
          actors: { loadFlags: fromPromise(async (): Promise<Partial<FlagValues>> => ({ 'enable-exit-kiosk-mode': flag.exitAllowed })) },
        }),
        kiosk: kioskMachine.provide({
          actions: {
            persist: (_, params) => {
              persisted.push(params);
              persistKioskEnabled(params.enabled);
            },
          },
        }),
      } as never,
    }),
    { input: { requestedLocale: 'en', kioskEnabled: persistedKioskEnabled() }, ...(inspect ? { inspect } : {}) },
  ).start();
  const setFlag = (allowed: boolean) => {
    flag.exitAllowed = allowed;
    (app.system.get(FLAGS_ID) as FlagsRef).send({ type: 'flags.changed' });
  };
  // Every change of on/off made by the person must be kept, and only those: what the model says so far.
  const expectedPersisted: { enabled: boolean }[] = [];
  return { app, kiosk: () => app.system.get(KIOSK_ID) as KioskRef, setFlag, persisted, expectedPersisted };
}
type Flow = ReturnType<typeof kioskApp>;

/** Notes what the step must have the kiosk keep: a change of on/off after the start. */
function expectPersist(flow: Flow, event: KioskModelEvent, before: Model) {
  const after = getNextSnapshot(kioskModel, before, event);
  if (before.value !== 'start' && before.value !== after.value) flow.expectedPersisted.push({ enabled: after.value === 'on' });
}

const MACHINE_STATE: Record<Step, (s: ReturnType<KioskRef['getSnapshot']>) => boolean> = {
  off: (s) => s.matches('off') && !s.hasTag('kiosk'),
  on: (s) => s.matches('on') && s.hasTag('kiosk'),
};

/** Where the kiosk actor must be, whether a tap may leave, and what it has kept so far. */
const machineState = (state: Step) => (flow: Flow, model: Model) => {
  const snapshot = flow.kiosk().getSnapshot();
  return (
    MACHINE_STATE[state](snapshot) &&
    snapshot.can({ type: 'user.tapToExit' }) === (state === 'on' && model.context.exitAllowed) &&
    JSON.stringify(flow.persisted) === JSON.stringify(flow.expectedPersisted)
  );
};

// The switch is an item of the header's account menu (an on/off menu item), rendered here in an open menu.
const kioskSwitch = () => screen.getByRole('menuitemcheckbox', { name: 'Kiosk mode' });
const exitButton = () => screen.queryByRole('button', { name: 'Tap to exit kiosk mode' });

/** What a person sees in each model state, and what the tab keeps. */
const viewState = (state: Step) => (_: Flow, model: Model) => {
  expect(kioskSwitch().getAttribute('aria-checked')).toBe(state === 'on' ? 'true' : 'false');
  expect(sessionStorage.getItem(KIOSK_ENABLED_KEY)).toBe(state === 'on' ? 'true' : null);
  if (state === 'off') {
    expect(screen.queryByTestId('kiosk-header')).toBeNull();
    expect(exitButton()).toBeNull();
  } else {
    expect(screen.getByRole('banner').textContent).toContain('Atrium');
    if (model.context.exitAllowed) expect(exitButton()).not.toBeNull();
    else expect(exitButton()).toBeNull();
  }
};

/** The model's user events as events to the kiosk actor (the switch and the header send the same). */
const MACHINE_EVENT = {
  'user.switchOn': { type: 'kiosk.enable' },
  'user.switchOff': { type: 'kiosk.disable' },
  'user.tapToExit': { type: 'user.tapToExit' },
} as const;

modelSuite({
  name: 'kiosk',
  model: kioskModel,
  // While kiosk mode is on, the header shows the exit button or not as the flag says: part of what the screen shows.
  lens: { viewKey: ({ value, context }) => (value === 'on' ? `on exitAllowed:${(context as Model['context']).exitAllowed}` : String(value)) },
  start: (event, { inspect }) => kioskApp(event!.type === 'start.on', inspect),
  render: ({ app }) =>
    render(
      <AppActorProvider actor={app as never}>
        <IntlProvider locale="en" messages={englishCatalogue}>
          <KioskHeader />
          <MenuRoot open modal={false}>
            <MenuTrigger>menu</MenuTrigger>
            <MenuContent label="Account menu">
              <KioskSwitch />
            </MenuContent>
          </MenuRoot>
        </IntlProvider>
      </AppActorProvider>,
    ),
  // The flag enable-exit-kiosk-mode changes at the flag service; the app forwards it to the kiosk actor.
  world: (flow: Flow, event, before) => {
    expectPersist(flow, event, before);
    if (event.type !== 'flag.allow' && event.type !== 'flag.deny') throw new Error(`not the world's event: ${event.type}`);
    flow.setFlag(event.type === 'flag.allow');
  },
  send: (flow: Flow, event, before) => {
    expectPersist(flow, event, before);
    flow.kiosk().send(MACHINE_EVENT[event.type as keyof typeof MACHINE_EVENT]);
  },
  press: (flow: Flow, event, before) => {
    expectPersist(flow, event, before);
    if (event.type === 'user.tapToExit') fireEvent.click(exitButton()!);
    else fireEvent.click(kioskSwitch());
  },
  // The model's `start` is only ever left (by a start event): no step ends there.
  machineState: { off: machineState('off'), on: machineState('on') },
  viewState: { off: viewState('off'), on: viewState('on') },
  stop: ({ app }) => app.stop(),
  machines: [kioskMachine],
});

it('kiosk: the test model has more than 8 transitions', () => expect(modelGraph(kioskModel).edges.length).toBeGreaterThan(8));

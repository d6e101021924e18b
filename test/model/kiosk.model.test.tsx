import { expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, SimulatedClock, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { kioskModel, PASSING_SECONDS, type KioskModelEvent, type KioskModelState } from './kiosk.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { DEFAULT_KIOSK_IDLE_SECONDS, kioskMachine, KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
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
  // The password checks asked of the server, settled by the test as the model's api events say.
  const checks: { password: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const never = fromPromise(() => new Promise<never>(() => {}));
  // The actor system's clock: the model's `time.idle` moves it on by the idle period.
  const clock = new SimulatedClock();
  // The app's way home, taken at each idle reset the kiosk reports.
  const wentHome: number[] = [];
  const app = createActor(
    appMachine.provide({
      actions: { goHome: () => void wentHome.push(clock.now()) },
      actors: {
        loadWhitelabel: never,
        healthCheck: never,
        flags: flagsMachine.provide({
          actors: { loadFlags: fromPromise(async (): Promise<Partial<FlagValues>> => ({ 'enable-exit-kiosk-mode': flag.exitAllowed })) },
        }),
        kiosk: kioskMachine.provide({
          actors: {
            checkPassword: fromPromise<void, { password: string }>(
              ({ input }) => new Promise<void>((resolve, reject) => checks.push({ password: input.password, resolve, reject })),
            ),
          },
          actions: {
            persist: (_, params) => {
              persisted.push(params);
              persistKioskEnabled(params.enabled);
            },
          },
        }),
      } as never,
    }),
    { input: { requestedLocale: 'en', kioskEnabled: persistedKioskEnabled() }, clock, ...(inspect ? { inspect } : {}) },
  ).start();
  const setFlag = (allowed: boolean) => {
    flag.exitAllowed = allowed;
    (app.system.get(FLAGS_ID) as FlagsRef).send({ type: 'flags.changed' });
  };
  // Every change of on/off made by the person must be kept, and only those: what the model says so far.
  const expectedPersisted: { enabled: boolean }[] = [];
  return { app, kiosk: () => app.system.get(KIOSK_ID) as KioskRef, setFlag, persisted, expectedPersisted, checks, clock, wentHome };
}
type Flow = ReturnType<typeof kioskApp>;

/** Whether kiosk mode is on in a model state (the exit dialog is shown in kiosk mode). */
const kioskOn = (value: unknown) => value === 'on' || value === 'asking' || value === 'checking';

/** Notes what the step must have the kiosk keep: a change of on/off after the start. */
function expectPersist(flow: Flow, event: KioskModelEvent, before: Model) {
  const after = getNextSnapshot(kioskModel, before, event);
  if (before.value !== 'start' && kioskOn(before.value) !== kioskOn(after.value)) flow.expectedPersisted.push({ enabled: kioskOn(after.value) });
}

const MACHINE_STATE: Record<Step, (s: ReturnType<KioskRef['getSnapshot']>) => boolean> = {
  off: (s) => s.matches('off') && !s.hasTag('kiosk'),
  on: (s) => s.matches({ on: { exit: 'showing' } }) && s.hasTag('kiosk') && !s.hasTag('exitAsked'),
  asking: (s) => s.matches({ on: { exit: 'asking' } }) && s.hasTag('exitAsked') && !s.hasTag('exitChecking'),
  checking: (s) => s.matches({ on: { exit: 'checking' } }) && s.hasTag('exitChecking'),
};

/** Where the kiosk actor must be, whether a tap may leave, and what it has kept so far. */
const machineState = (state: Step) => (flow: Flow, model: Model) => {
  const snapshot = flow.kiosk().getSnapshot();
  return (
    MACHINE_STATE[state](snapshot) &&
    snapshot.can({ type: 'user.tapToExit' }) === (state === 'on' && model.context.exitAllowed) &&
    // While on, the kiosk counts towards the idle reset unless it has reset and nobody has come since.
    snapshot.hasTag('idleWatching') === (state !== 'off' && !model.context.rested) &&
    (state !== 'asking' || (snapshot.context.exitError !== null) === model.context.wrong) &&
    JSON.stringify(flow.persisted) === JSON.stringify(flow.expectedPersisted)
  );
};

// The switch is an item of the header's account menu (an on/off menu item), rendered here in an open menu.
const kioskSwitch = () => screen.getByRole('menuitemcheckbox', { name: 'Kiosk mode' });
const exitButton = () => screen.queryByRole('button', { name: 'Tap to exit kiosk mode' });
const passwordField = () => screen.queryByLabelText('Password');
const leaveButton = () => screen.getByRole('button', { name: 'Leave kiosk mode' });

/** What a person sees in each model state, and what the tab keeps. */
const viewState = (state: Step) => (_: Flow, model: Model) => {
  expect(sessionStorage.getItem(KIOSK_ENABLED_KEY)).toBe(state === 'off' ? null : 'true');
  // The switch (in the account menu) is behind the exit dialog while that is open: the dialog makes the rest inert.
  if (state === 'off' || state === 'on') expect(kioskSwitch().getAttribute('aria-checked')).toBe(state === 'on' ? 'true' : 'false');
  else expect(screen.queryByRole('menuitemcheckbox', { name: 'Kiosk mode' })).toBeNull();
  if (state === 'off') {
    expect(screen.queryByTestId('kiosk-header')).toBeNull();
    expect(exitButton()).toBeNull();
    expect(passwordField()).toBeNull();
    return;
  }
  expect(screen.getByTestId('kiosk-header').textContent).toContain('Atrium');
  if (state === 'on') {
    expect(passwordField()).toBeNull();
    if (model.context.exitAllowed) expect(exitButton()).not.toBeNull();
    else expect(exitButton()).toBeNull();
    return;
  }
  // The exit dialog: the password asked for, what was wrong with the last one, the leave button busy while checked.
  expect(screen.getByRole('dialog', { name: 'Leave kiosk mode' })).not.toBeNull();
  expect(passwordField()).not.toBeNull();
  expect(screen.queryByText('That password is not correct.') !== null).toBe(state === 'asking' && model.context.wrong);
  expect(leaveButton().getAttribute('aria-busy')).toBe(state === 'checking' ? 'true' : null);
};

/** The model's user events as events to the kiosk actor (the switch and the header send the same). */
const MACHINE_EVENT = {
  'user.switchOn': { type: 'kiosk.enable' },
  'user.switchOff': { type: 'kiosk.disable' },
  'user.tapToExit': { type: 'user.tapToExit' },
  'user.cancelExit': { type: 'user.cancelExit' },
  'user.confirmExit': { type: 'user.confirmExit', password: 'Atrium!2026' },
  'user.activity': { type: 'user.activity' },
} as const;

modelSuite({
  name: 'kiosk',
  model: kioskModel,
  // The exit dialog's texts (it loads with them when the exit is first asked for).
  areas: ['shell'],
  // While kiosk mode is on, the header shows the exit button or not as the flag says: part of what the screen shows.
  lens: {
    viewKey: ({ value, context }) => {
      const c = context as Model['context'];
      if (value === 'on') return `on exitAllowed:${c.exitAllowed}`;
      return value === 'asking' ? `asking wrong:${c.wrong}` : String(value);
    },
  },
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
  // The server answers the password check.
  world: (flow: Flow, event, before) => {
    expectPersist(flow, event, before);
    if (event.type === 'api.passwordOk' || event.type === 'api.passwordWrong') {
      const check = flow.checks.shift()!;
      expect(check.password).toBe('Atrium!2026');
      if (event.type === 'api.passwordOk') check.resolve();
      else check.reject({ status: 400, message: 'The password is not correct' });
      return;
    }
    if (event.type === 'time.pass') {
      flow.clock.increment(PASSING_SECONDS * 1000);
      return;
    }
    if (event.type === 'time.idle') {
      flow.clock.increment((DEFAULT_KIOSK_IDLE_SECONDS - before.context.elapsed) * 1000);
      return;
    }
    if (event.type !== 'flag.allow' && event.type !== 'flag.deny') throw new Error(`not the world's event: ${event.type}`);
    flow.setFlag(event.type === 'flag.allow');
  },
  send: (flow: Flow, event, before) => {
    expectPersist(flow, event, before);
    flow.kiosk().send(MACHINE_EVENT[event.type as keyof typeof MACHINE_EVENT]);
  },
  press: (flow: Flow, event, before) => {
    expectPersist(flow, event, before);
    // Someone touches the screen (the header listens on the window), or, with the exit dialog open, types in it (a
    // touch outside a dialog closes it).
    if (event.type === 'user.activity') {
      if (passwordField()) fireEvent.keyDown(passwordField()!, { key: 'a' });
      else fireEvent.pointerDown(document.body);
    } else if (event.type === 'user.tapToExit') fireEvent.click(exitButton()!);
    else if (event.type === 'user.cancelExit') fireEvent.click(screen.getByRole('button', { name: 'Stay in kiosk mode' }));
    else if (event.type === 'user.confirmExit') {
      fireEvent.change(passwordField()!, { target: { value: 'Atrium!2026' } });
      fireEvent.click(leaveButton());
    } else fireEvent.click(kioskSwitch());
  },
  // The model's `start` is only ever left (by a start event): no step ends there.
  machineState: { off: machineState('off'), on: machineState('on'), asking: machineState('asking'), checking: machineState('checking') },
  viewState: { off: viewState('off'), on: viewState('on'), asking: viewState('asking'), checking: viewState('checking') },
  // The app went home once for each idle period the screen was left alone, at the end of that period.
  finally: (flow: Flow, events) => {
    expect(flow.wentHome.length).toBe(events.filter((e) => e.type === 'time.idle').length);
  },
  stop: ({ app }) => app.stop(),
  machines: [kioskMachine],
  everyMachineTransition: true,
});

it('kiosk: the test model has more than 8 transitions', () => expect(modelGraph(kioskModel).edges.length).toBeGreaterThan(8));

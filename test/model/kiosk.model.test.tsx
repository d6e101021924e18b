import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { kioskModel, type KioskModelEvent, type KioskModelState } from './kiosk.model';
import { transitionPaths, uncoveredTransitions, STEP_WAIT } from './transitionPaths';
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

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof kioskMachine>;
type Step = Exclude<KioskModelState, 'start'>;

const PATHS = transitionPaths(kioskModel);

const MACHINE_STATE: Record<Step, (s: Snapshot) => boolean> = {
  off: (s) => s.matches('off') && !s.hasTag('kiosk'),
  on: (s) => s.matches('on') && s.hasTag('kiosk'),
};

/** The model's events as events to the kiosk machine (the switch and the header send the same). */
const MACHINE_EVENT = {
  'user.switchOn': { type: 'kiosk.enable' },
  'user.switchOff': { type: 'kiosk.disable' },
  'user.tapToExit': { type: 'user.tapToExit' },
  'flag.allow': { type: 'kiosk.exitAllowed', allowed: true },
  'flag.deny': { type: 'kiosk.exitAllowed', allowed: false },
} as const;

describe('kiosk test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(kioskModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThan(8);
  });
});

describe('kiosk paths against the machine', () => {
  for (const { description, events } of PATHS)
    it(description, () => {
      const persist = vi.fn();
      const model = createActor(kioskModel).start();
      let actor: ReturnType<typeof createActor<typeof kioskMachine>> | null = null;
      const persisted: boolean[] = [];
      for (const event of events) {
        const before = model.getSnapshot().value;
        if (event.type === 'start.off' || event.type === 'start.on') {
          actor = createActor(kioskMachine.provide({ actions: { persist } }), { input: { enabled: event.type === 'start.on' } }).start();
        } else {
          actor!.send(MACHINE_EVENT[event.type]);
        }
        model.send(event);
        const snapshot = model.getSnapshot();
        const state = snapshot.value as Step;
        // Every change of on/off made by the person is kept, and only those.
        if (before !== 'start' && before !== state) persisted.push(state === 'on');
        expect(
          MACHINE_STATE[state](actor!.getSnapshot()),
          `after ${event.type} the machine should be ${state}, is ${JSON.stringify(actor!.getSnapshot().value)}`,
        ).toBe(true);
        expect(actor!.getSnapshot().can({ type: 'user.tapToExit' })).toBe(state === 'on' && snapshot.context.exitAllowed);
        expect(persist.mock.calls.map((call) => call[1])).toEqual(persisted.map((enabled) => ({ enabled })));
      }
    });
});

/**
 * A root actor like the app's whose loads never finish, with the real kiosk persistence (session storage) and a flag
 * service the test answers; the flag reaches the kiosk actor through the app's own forwarding.
 */
function kioskApp() {
  const flag = { exitAllowed: false };
  const never = fromPromise(() => new Promise<never>(() => {}));
  const app = createActor(
    appMachine.provide({
      actors: {
        loadWhitelabel: never,
        healthCheck: never,
        flags: flagsMachine.provide({
          actors: { loadFlags: fromPromise(async (): Promise<Partial<FlagValues>> => ({ 'enable-exit-kiosk-mode': flag.exitAllowed })) },
        }),
        kiosk: kioskMachine.provide({ actions: { persist: (_, { enabled }) => persistKioskEnabled(enabled) } }),
      } as never,
    }),
    { input: { requestedLocale: 'en', kioskEnabled: persistedKioskEnabled() } },
  ).start();
  const setFlag = (allowed: boolean) => {
    flag.exitAllowed = allowed;
    (app.system.get(FLAGS_ID) as FlagsRef).send({ type: 'flags.changed' });
  };
  return { app, setFlag, stop: () => app.stop() };
}

// The switch is an item of the header's account menu (an on/off menu item), rendered here in an open menu.
const kioskSwitch = () => screen.getByRole('menuitemcheckbox', { name: 'Kiosk mode' });
const exitButton = () => screen.queryByRole('button', { name: 'Tap to exit kiosk mode' });

/** What a person sees in each model state, and what the tab keeps. */
function expectView(state: Step, exitAllowed: boolean) {
  expect(kioskSwitch().getAttribute('aria-checked')).toBe(state === 'on' ? 'true' : 'false');
  expect(sessionStorage.getItem(KIOSK_ENABLED_KEY)).toBe(state === 'on' ? 'true' : null);
  if (state === 'off') {
    expect(screen.queryByTestId('kiosk-header')).toBeNull();
    expect(exitButton()).toBeNull();
  } else {
    expect(screen.getByRole('banner').textContent).toContain('Atrium');
    if (exitAllowed) expect(exitButton()).not.toBeNull();
    else expect(exitButton()).toBeNull();
  }
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('kiosk paths against the rendered header and switch', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const model = createActor(kioskModel).start();
      let running: ReturnType<typeof kioskApp> | null = null;
      for (const event of events as KioskModelEvent[]) {
        if (event.type === 'start.off' || event.type === 'start.on') {
          // What the tab kept from before the reload.
          if (event.type === 'start.on') sessionStorage.setItem(KIOSK_ENABLED_KEY, 'true');
          running = kioskApp();
          render(
            <AppActorProvider actor={running.app as never}>
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
          );
          await settle();
        } else if (event.type === 'flag.allow' || event.type === 'flag.deny') {
          running!.setFlag(event.type === 'flag.allow');
          await settle();
        } else {
          await act(async () => {
            if (event.type === 'user.tapToExit') fireEvent.click(exitButton()!);
            else fireEvent.click(kioskSwitch());
          });
        }
        model.send(event);
        const { value, context } = model.getSnapshot();
        await waitFor(() => expectView(value as Step, context.exitAllowed), STEP_WAIT);
        expect(MACHINE_STATE[value as Step]((running!.app.system.get(KIOSK_ID) as KioskRef).getSnapshot())).toBe(true);
      }
      running?.stop();
    });
});

import { describe, it, expect, vi, beforeEach } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { DEFAULT_KIOSK_IDLE_SECONDS, kioskIdleSecondsOf, kioskMachine, KIOSK_ID, type KioskInput } from '../../machines/kiosk/kiosk.machine';
import { appMachine } from '../../machines/app/app.machine';
import { flagsMachine, FLAGS_ID } from '../../machines/flags/flags.machine';
import type { FlagValues } from '../../contracts/flags';
import type { FlagsRef, KioskRef } from '../../src/app/appActor';
import { KIOSK_ENABLED_KEY, persistedKioskEnabled, persistKioskEnabled } from '../../src/app/adapters/kioskStorage';
import { flush } from '../fixtures/async';

function setupKiosk(input: KioskInput, rightPassword = 'Atrium!2026') {
  const persist = vi.fn();
  const checked: string[] = [];
  const checkPassword = fromPromise<void, { password: string }>(async ({ input: { password } }) => {
    checked.push(password);
    if (password !== rightPassword) throw { status: 400, message: 'The password is not correct' };
  });
  const actor = createActor(kioskMachine.provide({ actions: { persist }, actors: { checkPassword } }), { input }).start();
  const persisted = () => persist.mock.calls.map((call) => call[1]);
  return { actor, persist, persisted, checked };
}

describe('kioskMachine', () => {
  it('starts off when the tab kept nothing, and writes nothing', () => {
    const { actor, persist } = setupKiosk({ enabled: false });
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(actor.getSnapshot().hasTag('kiosk')).toBe(false);
    expect(persist).not.toHaveBeenCalled();
  });

  it('starts on when the tab kept kiosk mode, and writes nothing', () => {
    const { actor, persist } = setupKiosk({ enabled: true });
    expect(actor.getSnapshot().matches('on')).toBe(true);
    expect(actor.getSnapshot().hasTag('kiosk')).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('the switch enables and disables it, persisting each change', () => {
    const { actor, persisted } = setupKiosk({ enabled: false });
    actor.send({ type: 'kiosk.enable' });
    expect(actor.getSnapshot().hasTag('kiosk')).toBe(true);
    actor.send({ type: 'kiosk.enable' }); // already on: nothing to keep
    actor.send({ type: 'kiosk.disable' });
    expect(actor.getSnapshot().matches('off')).toBe(true);
    actor.send({ type: 'kiosk.disable' });
    expect(persisted()).toEqual([{ enabled: true }, { enabled: false }]);
  });

  it('a tap does not leave kiosk mode until exiting is allowed, and then only with the right password', async () => {
    const { actor, persisted, checked } = setupKiosk({ enabled: true });
    expect(actor.getSnapshot().can({ type: 'user.tapToExit' })).toBe(false);
    actor.send({ type: 'user.tapToExit' });
    expect(actor.getSnapshot().matches({ on: { exit: 'showing' } })).toBe(true);
    expect(persisted()).toEqual([]);

    actor.send({ type: 'kiosk.exitAllowed', allowed: true });
    expect(actor.getSnapshot().context.exitAllowed).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.tapToExit' })).toBe(true);
    // A passer-by's tap asks for the password; a wrong one keeps kiosk mode and says so; the right one leaves.
    actor.send({ type: 'user.tapToExit' });
    expect(actor.getSnapshot().hasTag('exitAsked')).toBe(true);
    actor.send({ type: 'user.confirmExit', password: 'guess' });
    await flush();
    expect(actor.getSnapshot().matches({ on: { exit: 'asking' } })).toBe(true);
    expect(actor.getSnapshot().context.exitError).toEqual({ status: 400, message: 'The password is not correct' });
    expect(persisted()).toEqual([]);
    actor.send({ type: 'user.confirmExit', password: 'Atrium!2026' });
    await flush();
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(persisted()).toEqual([{ enabled: false }]);
    expect(checked).toEqual(['guess', 'Atrium!2026']);
    // The password is kept nowhere in the machine.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('Atrium!2026');
  });

  it('closes the password dialog when the flag stops allowing exits, and on cancel', () => {
    const { actor } = setupKiosk({ enabled: true, exitAllowed: true });
    actor.send({ type: 'user.tapToExit' });
    actor.send({ type: 'user.cancelExit' });
    expect(actor.getSnapshot().matches({ on: { exit: 'showing' } })).toBe(true);
    actor.send({ type: 'user.tapToExit' });
    actor.send({ type: 'kiosk.exitAllowed', allowed: false });
    expect(actor.getSnapshot().matches({ on: { exit: 'showing' } })).toBe(true);
  });

  it('exiting can be allowed at start and forbidden again later', () => {
    const { actor } = setupKiosk({ enabled: true, exitAllowed: true });
    expect(actor.getSnapshot().can({ type: 'user.tapToExit' })).toBe(true);
    actor.send({ type: 'kiosk.exitAllowed', allowed: false });
    actor.send({ type: 'user.tapToExit' });
    expect(actor.getSnapshot().matches('on')).toBe(true);
  });

  it('a tap means nothing while kiosk mode is off, even when exiting is allowed', () => {
    const { actor, persist } = setupKiosk({ enabled: false, exitAllowed: true });
    expect(actor.getSnapshot().can({ type: 'user.tapToExit' })).toBe(false);
    actor.send({ type: 'user.tapToExit' });
    expect(persist).not.toHaveBeenCalled();
  });

  it('the flag is kept while off, for the next time kiosk mode is on', () => {
    const { actor } = setupKiosk({ enabled: false });
    actor.send({ type: 'kiosk.exitAllowed', allowed: true });
    actor.send({ type: 'kiosk.enable' });
    expect(actor.getSnapshot().can({ type: 'user.tapToExit' })).toBe(true);
  });
});

describe('kioskMachine: the unattended lobby screen', () => {
  /** A kiosk on a simulated clock whose reports to its parent are recorded. */
  function idleKiosk(input: KioskInput) {
    const clock = new SimulatedClock();
    const reports: unknown[] = [];
    const actor = createActor(
      kioskMachine.provide({
        actions: {
          reportIdleReset: () => void reports.push({ type: 'kiosk.idleReset' }),
          reportKiosk: (_, params) => void reports.push({ type: 'kiosk.changed', on: params.on }),
        },
      }),
      { input, clock },
    ).start();
    return { actor, clock, resets: () => reports.filter((r) => (r as { type: string }).type === 'kiosk.idleReset').length };
  }

  it('reports one idle reset after the idle period without input, then waits for the next person', () => {
    const { actor, clock, resets } = idleKiosk({ enabled: true });
    expect(actor.getSnapshot().context.idleSeconds).toBe(DEFAULT_KIOSK_IDLE_SECONDS);
    expect(actor.getSnapshot().hasTag('idleWatching')).toBe(true);
    clock.increment(DEFAULT_KIOSK_IDLE_SECONDS * 1000 - 1);
    expect(resets()).toBe(0);
    clock.increment(1);
    expect(resets()).toBe(1);
    expect(actor.getSnapshot().matches({ on: { idle: 'rested' } })).toBe(true);
    // Left alone all day: no second reset until someone uses the screen again.
    clock.increment(24 * 60 * 60 * 1000);
    expect(resets()).toBe(1);
    actor.send({ type: 'user.activity' });
    expect(actor.getSnapshot().hasTag('idleWatching')).toBe(true);
    clock.increment(DEFAULT_KIOSK_IDLE_SECONDS * 1000);
    expect(resets()).toBe(2);
  });

  it('input starts the count again', () => {
    const { actor, clock, resets } = idleKiosk({ enabled: true, idleSeconds: 30 });
    clock.increment(29_000);
    actor.send({ type: 'user.activity' });
    clock.increment(29_000);
    expect(resets()).toBe(0);
    clock.increment(1_000);
    expect(resets()).toBe(1);
  });

  it('the idle reset closes the exit dialog, even while the password is checked', () => {
    const { actor, clock, resets } = idleKiosk({ enabled: true, exitAllowed: true });
    actor.send({ type: 'user.tapToExit' });
    actor.send({ type: 'user.confirmExit', password: 'typed and walked away' });
    expect(actor.getSnapshot().hasTag('exitChecking')).toBe(true);
    clock.increment(DEFAULT_KIOSK_IDLE_SECONDS * 1000);
    expect(resets()).toBe(1);
    expect(actor.getSnapshot().matches({ on: { exit: 'showing', idle: 'rested' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('kiosk')).toBe(true);
  });

  it('counts nothing while kiosk mode is off, and starts counting when it goes on', () => {
    const { actor, clock, resets } = idleKiosk({ enabled: false });
    clock.increment(10 * DEFAULT_KIOSK_IDLE_SECONDS * 1000);
    actor.send({ type: 'user.activity' });
    expect(resets()).toBe(0);
    actor.send({ type: 'kiosk.enable' });
    clock.increment(DEFAULT_KIOSK_IDLE_SECONDS * 1000);
    expect(resets()).toBe(1);
  });

  it("takes the deployment's idle period when the app forwards it", () => {
    const { actor, clock, resets } = idleKiosk({ enabled: false });
    actor.send({ type: 'kiosk.idleAfter', seconds: 20 });
    actor.send({ type: 'kiosk.enable' });
    clock.increment(20_000);
    expect(resets()).toBe(1);
  });

  it.each([
    [30, 30],
    [86_400, 86_400],
    [9, DEFAULT_KIOSK_IDLE_SECONDS],
    [86_401, DEFAULT_KIOSK_IDLE_SECONDS],
    [12.5, DEFAULT_KIOSK_IDLE_SECONDS],
    [Number.NaN, DEFAULT_KIOSK_IDLE_SECONDS],
    ['60', DEFAULT_KIOSK_IDLE_SECONDS],
    [undefined, DEFAULT_KIOSK_IDLE_SECONDS],
  ])('an idle period of %s is taken as %s seconds', (value, seconds) => expect(kioskIdleSecondsOf(value)).toBe(seconds));
});

describe('kiosk storage (session storage KIOSK_ENABLED)', () => {
  beforeEach(() => sessionStorage.clear());

  it('reads only the value "true" as enabled', () => {
    expect(persistedKioskEnabled()).toBe(false);
    sessionStorage.setItem(KIOSK_ENABLED_KEY, 'true');
    expect(persistedKioskEnabled()).toBe(true);
    sessionStorage.setItem(KIOSK_ENABLED_KEY, 'false');
    expect(persistedKioskEnabled()).toBe(false);
  });

  it('writes "true" when enabled and removes the key when disabled', () => {
    persistKioskEnabled(true);
    expect(sessionStorage.getItem(KIOSK_ENABLED_KEY)).toBe('true');
    persistKioskEnabled(false);
    expect(sessionStorage.getItem(KIOSK_ENABLED_KEY)).toBeNull();
  });
});

describe('the root actor and the exit flag', () => {
  function app(kioskEnabled: boolean, flagValue: { allowed: boolean }) {
    const never = fromPromise(() => new Promise<never>(() => {}));
    const actor = createActor(
      appMachine.provide({
        actors: {
          loadWhitelabel: never,
          healthCheck: never,
          flags: flagsMachine.provide({
            actors: { loadFlags: fromPromise(async (): Promise<Partial<FlagValues>> => ({ 'enable-exit-kiosk-mode': flagValue.allowed })) },
          }),
        } as never,
      }),
      { input: { requestedLocale: 'en', kioskEnabled } },
    ).start();
    return { actor, kiosk: actor.system.get(KIOSK_ID) as KioskRef, flags: actor.system.get(FLAGS_ID) as FlagsRef };
  }

  it('hands the kept kiosk mode to the kiosk actor', () => {
    expect(app(true, { allowed: false }).kiosk.getSnapshot().matches('on')).toBe(true);
    expect(app(false, { allowed: false }).kiosk.getSnapshot().matches('off')).toBe(true);
  });

  it("the app's chart forwards enable-exit-kiosk-mode to the kiosk: the default at start, then each change", async () => {
    const flag = { allowed: false };
    const { actor, kiosk, flags } = app(true, flag);
    // The default (true) is the kiosk's input; the loaded value arrives with the flags' report.
    expect(kiosk.getSnapshot().context.exitAllowed).toBe(true);
    // What the app forwards to the kiosk: one event per change, none for an unchanged load.
    const seen: boolean[] = [];
    actor.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.actorRef === kiosk && event.event.type === 'kiosk.exitAllowed') seen.push(event.event.allowed);
    });
    await flush();
    expect(kiosk.getSnapshot().context.exitAllowed).toBe(false);

    flag.allowed = true;
    flags.send({ type: 'flags.changed' });
    await flush();
    expect(kiosk.getSnapshot().context.exitAllowed).toBe(true);
    // Flag loads that leave the value as it was are not forwarded.
    flags.send({ type: 'flags.changed' });
    await flush();
    expect(seen).toEqual([false, true]);
    expect(actor.getSnapshot().context.flags['enable-exit-kiosk-mode']).toBe(true);
  });
});

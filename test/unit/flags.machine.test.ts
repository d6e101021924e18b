import { describe, it, expect, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { FLAG_DEFAULTS, UNNAMED_IN_SPECIFICATION, signupUserTypeId, type FlagValues } from '../../contracts/flags';
import { flagsMachine, type FlagUser } from '../../machines/flags/flags.machine';
import { deferred } from '../fixtures/async';
import { flagUser } from '../fixtures/people';

/** Section 9 of the access-and-shell specification, in its order. */
const SPEC_FLAGS = [
  'header-logo',
  'maintenance-mode',
  'header-user-profile-image',
  'dropdown-logout',
  'dropdown-buildings',
  'account-history',
  'dropdown-account',
  'dropdown-kiosk',
  'feat-tenant-vis-reg-to-admin-link',
  'service-requests',
  'safety-utility-button',
  'change-language-option-in-settings',
  'show-utilities-link-and-chevron',
  'show-smart-building',
  'show-content-v-2',
  'show-rich-description',
  'open-tw-miniapp-in-iframe',
  'enable-tw-host-sdk',
  'enable-tw-direct-link',
  'enable-exit-kiosk-mode',
  // Named by this project for what the specification gates without a name (section 6; contracts/flags.ts).
  'emergency-management-utility',
  'discover-layout',
  'live-work-ui',
];

const user = flagUser({ admin: true });

function setupFlags(load: (input: { user: FlagUser | null }) => Promise<Partial<FlagValues>>) {
  const loadFlags = vi.fn(load);
  const actor = createActor(flagsMachine.provide({ actors: { loadFlags: fromPromise(({ input }) => loadFlags(input)) } }), { input: {} });
  actor.start();
  return { actor, loadFlags };
}

describe('FLAG_DEFAULTS', () => {
  it('has every flag of the specification, and no other but those it uses without a name', () => {
    expect(Object.keys(FLAG_DEFAULTS).sort()).toEqual([...SPEC_FLAGS, ...UNNAMED_IN_SPECIFICATION].sort());
  });

  it('gives sign-up user type 2 with signup-user-type-2 on, and 1 by default (access document section 6)', () => {
    expect(FLAG_DEFAULTS['signup-user-type-2']).toBe(false);
    expect(signupUserTypeId(FLAG_DEFAULTS)).toBe(1);
    expect(signupUserTypeId({ 'signup-user-type-2': true })).toBe(2);
  });

  it('has every value boolean', () => {
    for (const value of Object.values(FLAG_DEFAULTS)) expect(typeof value).toBe('boolean');
  });

  it.each([
    ['dropdown-logout', true],
    ['dropdown-buildings', true],
    ['dropdown-account', true],
    ['account-history', false],
    ['dropdown-kiosk', false],
    ['feat-tenant-vis-reg-to-admin-link', false],
  ] as const)('header menu flag %s defaults to %s', (flag, value) => {
    expect(FLAG_DEFAULTS[flag]).toBe(value);
  });
});

describe('flagsMachine', () => {
  it('starts with the defaults for the anonymous user, loading, then ready', async () => {
    const pending = deferred<Partial<FlagValues>>();
    const { actor, loadFlags } = setupFlags(() => pending.promise);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(FLAG_DEFAULTS);
    expect(loadFlags).toHaveBeenCalledWith({ user: null });
    pending.resolve({});
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.values).toEqual(FLAG_DEFAULTS);
  });

  it('flags.identify reloads for the user and merges the answer over the defaults', async () => {
    const { actor, loadFlags } = setupFlags(async ({ user: who }) => (who ? { 'dropdown-kiosk': true, 'dropdown-logout': false } : {}));
    await waitFor(actor, (s) => s.hasTag('ready'));

    actor.send({ type: 'flags.identify', user });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(loadFlags).toHaveBeenCalledTimes(2);
    expect(loadFlags).toHaveBeenLastCalledWith({ user });
    expect(snapshot.context.user).toEqual(user);
    expect(snapshot.context.values).toEqual({ ...FLAG_DEFAULTS, 'dropdown-kiosk': true, 'dropdown-logout': false });
  });

  it('a later answer starts from the defaults again, not from the previous answer', async () => {
    const answers: Partial<FlagValues>[] = [{ 'show-smart-building': true }, { 'account-history': true }];
    const { actor } = setupFlags(async () => answers.shift() ?? {});
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.values['show-smart-building']).toBe(true);
    actor.send({ type: 'flags.changed' });
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.values).toEqual({ ...FLAG_DEFAULTS, 'account-history': true });
  });

  it('a load failure keeps the defaults and becomes ready', async () => {
    const { actor } = setupFlags(async () => Promise.reject(new Error('flag service down')));
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.values).toEqual(FLAG_DEFAULTS);
  });

  it('a load failure after identify keeps the values it had', async () => {
    let calls = 0;
    const { actor } = setupFlags(async () => {
      calls += 1;
      if (calls === 1) return { 'dropdown-kiosk': true };
      throw new Error('down');
    });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'flags.identify', user });
    await waitFor(actor, (s) => s.hasTag('ready') && calls === 2);
    expect(actor.getSnapshot().context.values['dropdown-kiosk']).toBe(true);
  });

  it('reloads when watchFlags reports a change, without a new identify', async () => {
    let announce: (() => void) | undefined;
    const stopped = vi.fn();
    let served: Partial<FlagValues> = {};
    const loadFlags = vi.fn(async (_input: { user: FlagUser | null }) => served);
    const actor = createActor(
      flagsMachine.provide({
        actors: {
          loadFlags: fromPromise(({ input }) => loadFlags(input)),
          watchFlags: fromCallback(({ sendBack }) => {
            announce = () => sendBack({ type: 'flags.changed' });
            return stopped;
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'flags.identify', user });
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.values['dropdown-kiosk']).toBe(false);

    served = { 'dropdown-kiosk': true };
    announce!();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.values['dropdown-kiosk']).toBe(true);
    expect(loadFlags).toHaveBeenLastCalledWith({ user });
    expect(snapshot.context.user).toEqual(user);

    actor.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});

import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailConsentMachine } from '../../machines/account/emailConsent.machine';
import type { SessionUser } from '../../machines/session/session.types';
import { deferred, flush } from '../fixtures/async';
import { makeUser } from '../fixtures/people';

function setupConsent(save: (input: { accepted: boolean }) => Promise<SessionUser>, accepted = false) {
  const calls = { save: vi.fn(save), userUpdated: vi.fn(), notified: vi.fn() };
  const actor = createActor(
    emailConsentMachine.provide({
      actors: { saveConsent: fromPromise(({ input }) => calls.save(input)) },
      actions: { userUpdated: (_, params) => calls.userUpdated(params.user), notifyFailure: (_, params) => calls.notified(params) },
    }),
    { input: { accepted } },
  ).start();
  return { actor, calls };
}

describe('emailConsentMachine', () => {
  it('notifies nothing when the save succeeds', async () => {
    const { actor, calls } = setupConsent(async () => makeUser({ email_accepted: true }));
    actor.send({ type: 'user.toggle', accepted: true });
    await flush();
    expect(calls.notified).not.toHaveBeenCalled();
  });

  it('saves a toggle at once, takes no other toggle meanwhile, and hands the user to the session', async () => {
    const answer = deferred<SessionUser>();
    const { actor, calls } = setupConsent(() => answer.promise);
    expect(actor.getSnapshot().can({ type: 'user.toggle', accepted: false })).toBe(false);
    actor.send({ type: 'user.toggle', accepted: true });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(actor.getSnapshot().context.requested).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.toggle', accepted: false })).toBe(false);
    expect(calls.save).toHaveBeenCalledWith({ accepted: true });
    const user = makeUser({ email_accepted: true });
    answer.resolve(user);
    await flush();
    expect(actor.getSnapshot().context).toEqual({ accepted: true, requested: null, error: null });
    expect(calls.userUpdated).toHaveBeenCalledWith(user);
  });

  it('a failed save leaves the consent as it was and says why', async () => {
    const { actor, calls } = setupConsent(async () => {
      throw { status: 503, message: 'Unavailable' };
    }, true);
    actor.send({ type: 'user.toggle', accepted: false });
    await flush();
    expect(actor.getSnapshot().context).toEqual({ accepted: true, requested: null, error: { status: 503, message: 'Unavailable' } });
    expect(calls.userUpdated).not.toHaveBeenCalled();
    // Through the shared failure helper (section 8), the server's answer as its error.
    expect(calls.notified).toHaveBeenCalledWith({
      message: { id: 'notifications.consentFailed', values: { message: 'Unavailable' } },
      error: { status: 503, message: 'Unavailable' },
    });
  });
});

import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { passwordErrorOf, passwordUpdateMachine } from '../../machines/account/passwordUpdate.machine';
import { deferred, flush } from '../fixtures/async';

const CURRENT = 'Atrium!2026';
const NEXT = 'Brand!New2027';

function setupUpdate(update: (input: { password: string; new_password: string }) => Promise<void> = async () => {}) {
  const calls = { update: vi.fn(update) };
  const actor = createActor(
    passwordUpdateMachine.provide({
      actors: { updatePassword: fromPromise(({ input }) => calls.update(input)) },
    }),
  ).start();
  const fill = (current = CURRENT, next = NEXT, confirm = next) => {
    actor.send({ type: 'user.change', field: 'password', value: current });
    actor.send({ type: 'user.change', field: 'new_password', value: next });
    actor.send({ type: 'user.change', field: 'confirm_password', value: confirm });
  };
  return { actor, calls, fill };
}

describe('passwordErrorOf', () => {
  it('puts a wrong current password under the current password', () => {
    expect(passwordErrorOf({ status: 400, message: 'The current password is not correct', code: 'wrong_password' }).field).toBe('password');
  });
  it('puts a reused (409) or weak password under the new password', () => {
    expect(passwordErrorOf({ status: 409, message: 'You can not reuse this old password', code: 'password_has_been_used' }).field).toBe(
      'new_password',
    );
    expect(passwordErrorOf({ status: 400, message: 'The password needs a number', code: 'weak_password' }).field).toBe('new_password');
  });
  it('keeps anything else for the form as a whole, with a message even for an odd failure', () => {
    expect(passwordErrorOf({ status: 429, message: 'Too many requests' })).toEqual({ field: null, status: 429, message: 'Too many requests' });
    expect(passwordErrorOf(new Error('boom'))).toEqual({ field: null, status: 0, message: 'boom' });
    expect(passwordErrorOf(undefined).message).toBe('Unable to complete at this moment. Please try again later.');
  });
});

describe('passwordUpdateMachine', () => {
  it('cannot submit until the current password is given, the new one meets every rule and the confirmation matches', () => {
    const { actor, fill } = setupUpdate();
    const can = () => actor.getSnapshot().can({ type: 'user.submit' });
    expect(can()).toBe(false);
    fill('', NEXT);
    expect(can()).toBe(false);
    fill(CURRENT, 'short1!', 'short1!');
    expect(can()).toBe(false);
    fill(CURRENT, 'alllower!2026', 'alllower!2026');
    expect(can()).toBe(false);
    fill(CURRENT, NEXT, `${NEXT}x`);
    expect(can()).toBe(false);
    fill(CURRENT, NEXT, NEXT);
    expect(can()).toBe(true);
  });

  it('sends the current and new password, shows the success dialog and empties the form', async () => {
    const answer = deferred<void>();
    const { actor, calls, fill } = setupUpdate(() => answer.promise);
    fill();
    actor.send({ type: 'user.blur', field: 'confirm_password' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    expect(calls.update).toHaveBeenCalledWith({ password: CURRENT, new_password: NEXT });
    answer.resolve();
    await flush();
    const s = actor.getSnapshot();
    // An empty form under the "password reset" success dialog (section 4), until the person closes it.
    expect(s.matches('updated')).toBe(true);
    expect(s.hasTag('dialog:passwordUpdated')).toBe(true);
    expect(s.context).toEqual({ fields: { password: '', new_password: '', confirm_password: '' }, touched: {}, error: null });
    expect(s.can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.acknowledge' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('dialog:passwordUpdated')).toBe(false);
  });

  it("on 409 stays with the typed values and 'You can not reuse this old password' under the new password", async () => {
    const { actor, fill } = setupUpdate(async () => {
      throw { status: 409, message: 'You can not reuse this old password', code: 'password_has_been_used' };
    });
    fill();
    actor.send({ type: 'user.submit' });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.error).toEqual({
      field: 'new_password',
      status: 409,
      message: 'You can not reuse this old password',
      code: 'password_has_been_used',
    });
    expect(s.context.fields).toEqual({ password: CURRENT, new_password: NEXT, confirm_password: NEXT });
    // Typing in another field keeps the message; changing the new password takes it away.
    actor.send({ type: 'user.change', field: 'confirm_password', value: NEXT });
    expect(actor.getSnapshot().context.error).not.toBeNull();
    actor.send({ type: 'user.change', field: 'new_password', value: 'Another!2028' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('on a wrong current password shows it under that field; a retry clears the old error while in flight', async () => {
    let fail = true;
    const { actor, fill, calls } = setupUpdate(async () => {
      if (fail) throw { status: 400, message: 'The current password is not correct', code: 'wrong_password' };
    });
    fill('Wrong!2026');
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().context.error?.field).toBe('password');
    fail = false;
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await flush();
    expect(actor.getSnapshot().matches('updated')).toBe(true);
    expect(calls.update).toHaveBeenCalledTimes(2);
  });

  it('marks fields touched when left', () => {
    const { actor } = setupUpdate();
    actor.send({ type: 'user.blur', field: 'password' });
    actor.send({ type: 'user.blur', field: 'confirm_password' });
    expect(actor.getSnapshot().context.touched).toEqual({ password: true, confirm_password: true });
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { defaultFields } from '../../machines/auth/authFlow.types';

const EMAIL = 'ada@acme.com';

/** A reset at the code step, whose code check and save answer as given. */
async function atCode(save: () => Promise<void>, check: () => Promise<void> = async () => {}) {
  const logic = resetPasswordMachine.provide({
    actors: { sendResetCode: fromPromise(async () => {}), checkResetCode: fromPromise(check), consumeResetCode: fromPromise(save) },
  });
  const flow = createActor(logic, { input: { fields: { ...defaultFields(), email: EMAIL } } }).start();
  flow.send({ type: 'user.submit' });
  await waitFor(flow, (s) => s.matches({ steps: 'enterCode' }));
  flow.send({ type: 'user.change', field: 'code', value: '1234' });
  flow.send({ type: 'user.submit' });
  return flow;
}

/** A reset up to the new password, whose save answers as given. */
async function atNewPassword(save: () => Promise<void>) {
  const flow = await atCode(save);
  await waitFor(flow, (s) => s.matches({ steps: 'newPassword' }));
  flow.send({ type: 'user.change', field: 'password', value: 'Newpass!2026' });
  flow.send({ type: 'user.change', field: 'confirm_password', value: 'Newpass!2026' });
  flow.send({ type: 'user.submit' });
  return flow;
}
const settled = (flow: Awaited<ReturnType<typeof atNewPassword>>) => waitFor(flow, (s) => !s.hasTag('loading'));
const signInAt = (at?: 'password') => ({ flow: 'auth_login', fields: { ...defaultFields(), email: EMAIL }, ...(at ? { at } : {}) });

describe('how the password reset ends: back to sign-in, the email kept', () => {
  it('once the new password is set, sign-in asks only for it', async () => {
    const flow = await atNewPassword(async () => {});
    expect((await settled(flow)).hasTag('step:congratulations')).toBe(true);
    flow.send({ type: 'user.submit' });
    expect(flow.getSnapshot().output).toEqual({ next: 'signIn', input: signInAt('password') });
  });

  it.each([
    [403, 'retry_limit'],
    [410, 'code_expired'],
  ])('a code that can no longer be used (%i) sends the person to the email step with the reason', async (status, code) => {
    const error = { status, message: 'no longer usable', code };
    const flow = await atNewPassword(() => Promise.reject(error));
    await waitFor(flow, (s) => s.status === 'done');
    expect(flow.getSnapshot().output).toEqual({ next: 'signIn', input: { ...signInAt(), error } });
  });

  it('"Back to sign in" from any step', () => {
    const flow = createActor(resetPasswordMachine, { input: { fields: { ...defaultFields(), email: EMAIL, code: '12' } } }).start();
    flow.send({ type: 'user.backToLogin' });
    expect(flow.getSnapshot().output).toEqual({ next: 'signIn', input: signInAt() });
  });
});

describe('a failed save', () => {
  it.each([
    ['a password used before (409)', { status: 409, message: 'reused', code: 'password_has_been_used' }, 'newPassword'],
    ['no answer (status 0)', new TypeError('Failed to fetch'), 'newPassword'],
    ['a wrong code (400)', { status: 400, message: 'Please enter a valid code', code: 'invalid_code' }, 'enterCode'],
  ] as const)('%s goes back to %s with the error', async (_, error, step) => {
    const flow = await atNewPassword(() => Promise.reject(error));
    const s = await settled(flow);
    expect(s.matches({ steps: step })).toBe(true);
    expect(s.context.error).not.toBeNull();
  });
});

describe('the code, checked when it is entered (issue 22, item 9)', () => {
  it('a wrong code stays on the code step with the reason and the code as typed; the new password is not asked', async () => {
    const flow = await atCode(
      async () => {},
      () => Promise.reject({ status: 400, message: 'Please enter a valid code', code: 'invalid_code' }),
    );
    const s = await waitFor(flow, (snapshot) => !snapshot.hasTag('loading'));
    expect(s.matches({ steps: 'enterCode' })).toBe(true);
    expect(s.context.error?.status).toBe(400);
    expect(s.context.fields.code).toBe('1234');
  });

  it('a code whose tries are spent ends the reset at sign-in with the reason', async () => {
    const error = { status: 403, message: 'The retry attempt limit is reached', code: 'retry_limit' };
    const flow = await atCode(
      async () => {},
      () => Promise.reject(error),
    );
    await waitFor(flow, (s) => s.status === 'done');
    expect(flow.getSnapshot().output).toEqual({ next: 'signIn', input: { ...signInAt(), error } });
  });
});

describe('resending the reset code', () => {
  it('asks the resend route (not a second send) for the same email, and says a new code is on its way', async () => {
    const sent: string[] = [];
    const resent: string[] = [];
    const logic = resetPasswordMachine.provide({
      actors: {
        sendResetCode: fromPromise(async ({ input }) => void sent.push(input.email)),
        resendResetCode: fromPromise(async ({ input }) => void resent.push(input.email)),
      },
    });
    const flow = createActor(logic, { input: { fields: { ...defaultFields(), email: ` ${EMAIL} ` } } }).start();
    flow.send({ type: 'user.submit' });
    await waitFor(flow, (s) => s.matches({ steps: 'enterCode' }));
    flow.send({ type: 'user.resend' });
    const after = await waitFor(flow, (s) => s.matches({ steps: 'enterCode' }) && !s.hasTag('loading'));
    expect(sent).toEqual([EMAIL]);
    expect(resent).toEqual([EMAIL]);
    expect(after.context.notice).toBe('code_resent');
  });

  it('keeps the code step with the reason when the resend fails', async () => {
    const logic = resetPasswordMachine.provide({
      actors: {
        sendResetCode: fromPromise(async () => {}),
        resendResetCode: fromPromise(() => Promise.reject({ status: 429, message: 'Too many', code: 'mail_throttled', retryAfter: 60 })),
      },
    });
    const flow = createActor(logic, { input: { fields: { ...defaultFields(), email: EMAIL } } }).start();
    flow.send({ type: 'user.submit' });
    await waitFor(flow, (s) => s.matches({ steps: 'enterCode' }));
    flow.send({ type: 'user.resend' });
    const after = await waitFor(flow, (s) => s.matches({ steps: 'enterCode' }) && !s.hasTag('loading'));
    expect(after.context.error).toMatchObject({ status: 429, code: 'mail_throttled' });
  });
});

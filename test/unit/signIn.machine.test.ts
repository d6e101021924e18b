import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type ActorRefFrom, type AnyEventObject } from 'xstate';
import { signInMachine } from '../../machines/auth/signIn.machine';
import {
  defaultFields,
  type CheckEmailOutput,
  type SessionPayload,
  type SignInInput,
  type SsoCallbackResult,
} from '../../machines/auth/authFlow.types';
import { emailRecord, makeLoginPayload, ssoProviders } from '../fixtures/people';

const SESSION = makeLoginPayload();
const EMAIL = 'ada@acme.com';

const providers = (required: boolean) => ssoProviders({ sso_required: required });

function start(input: Partial<SignInInput> = {}, answers: { check?: CheckEmailOutput; sso?: SsoCallbackResult } = {}) {
  const redirectToProvider = vi.fn();
  const logic = signInMachine.provide({
    actors: {
      checkEmail: fromPromise(async () => answers.check ?? { record: emailRecord(), sso: null }),
      signIn: fromPromise<SessionPayload, { email: string; password: string }>(async () => SESSION),
      ssoCallback: fromPromise(async () => answers.sso ?? { status: 'authenticated' as const, session: SESSION }),
    },
    actions: { redirectToProvider: (_, params) => redirectToProvider(params) },
  });
  const flow = createActor(logic, { input: { flow: 'auth_login', fields: defaultFields(), ...input } }).start();
  const enterEmail = () => {
    flow.send({ type: 'user.change', field: 'email', value: EMAIL });
    flow.send({ type: 'user.submit' });
  };
  const ended = () => waitFor(flow, (s) => s.status === 'done').then((s) => s.output);
  return { flow, enterEmail, ended, redirectToProvider };
}

describe('sign-in hands over to sign-up with what the email check found', () => {
  it('a new person: the record, and no sign-in method chosen', async () => {
    const check = { record: emailRecord({ building_count: 3 }), sso: null };
    const { enterEmail, ended } = start({}, { check });
    enterEmail();
    expect(await ended()).toEqual({
      next: 'signUp',
      input: { fields: { ...defaultFields(), email: EMAIL }, record: check.record, method: null, ssoTransaction: null },
    });
  });

  it('an optional-SSO domain where the person signs up with email instead', async () => {
    const check = { record: emailRecord({ sso_mode: 'optional' }), sso: providers(false) };
    const { flow, enterEmail, ended } = start({}, { check });
    enterEmail();
    await waitFor(flow, (s) => s.matches('ssoChoice'));
    expect(flow.getSnapshot().can({ type: 'user.usePassword' })).toBe(false);
    flow.send({ type: 'user.continueWithEmail' });
    expect(await ended()).toMatchObject({ next: 'signUp', input: { record: check.record, method: 'email' } });
  });

  it("back from the provider as a new person: the provider's names and transaction, the record kept before leaving", async () => {
    const pendingRecord = emailRecord({ sso_mode: 'required' });
    const sso: SsoCallbackResult = {
      status: 'signup',
      transaction_uuid: 'txn-9',
      user: { email: 'nia@initech.example', first_name: 'Nia', last_name: null },
    };
    const { ended } = start(
      { ssoReturn: { code: 'c', state: 's', pending: { email: 'nia@initech.example', method: 'provider', record: pendingRecord } } },
      { sso },
    );
    expect(await ended()).toEqual({
      next: 'signUp',
      input: {
        fields: { ...defaultFields(), email: 'nia@initech.example', first_name: 'Nia', last_name: '' },
        record: pendingRecord,
        method: 'provider',
        ssoTransaction: 'txn-9',
      },
    });
  });
});

describe('how else sign-in ends', () => {
  it('signed in with the password', async () => {
    const { flow, enterEmail, ended } = start(
      {},
      { check: { record: emailRecord({ email: EMAIL, terms_accepted: true, confirmed: true, created_by: 'user' }), sso: null } },
    );
    enterEmail();
    await waitFor(flow, (s) => s.matches('password'));
    flow.send({ type: 'user.change', field: 'password', value: 'Secret!2026' });
    flow.send({ type: 'user.submit' });
    expect(await ended()).toEqual({ next: 'signedIn', session: SESSION });
  });

  it('signed in by the identity provider', async () => {
    const { ended } = start({ ssoReturn: { code: 'c', state: 's', pending: null } });
    expect(await ended()).toEqual({ next: 'signedIn', session: SESSION });
  });

  it('forgot password: the reset takes the email typed so far', async () => {
    const { flow, ended } = start();
    flow.send({ type: 'user.change', field: 'email', value: EMAIL });
    flow.send({ type: 'user.forgotPassword' });
    expect(await ended()).toEqual({ next: 'resetPassword', input: { fields: { ...defaultFields(), email: EMAIL } } });
  });

  it('choosing a provider leaves for it with what to keep across the redirect, and waits there', async () => {
    const check = { record: emailRecord({ sso_mode: 'required' }), sso: providers(true) };
    const { flow, enterEmail, redirectToProvider } = start({}, { check });
    enterEmail();
    await waitFor(flow, (s) => s.matches('ssoChoice'));
    flow.send({ type: 'user.chooseProvider', uuid: 'unknown' });
    expect(flow.getSnapshot().matches('ssoChoice')).toBe(true);
    const [provider] = check.sso.oidc_providers;
    flow.send({ type: 'user.chooseProvider', uuid: provider!.uuid });
    expect(flow.getSnapshot().matches('redirecting')).toBe(true);
    expect(redirectToProvider).toHaveBeenCalledWith({
      url: provider!.authorization_url,
      pending: { email: EMAIL, method: 'provider', record: check.record },
    });
  });
});

describe('where sign-in starts', () => {
  it('at the password once a reset set one, with the email kept', () => {
    const { flow } = start({ at: 'password', fields: { ...defaultFields(), email: EMAIL } });
    expect(flow.getSnapshot().matches('password')).toBe(true);
    expect(flow.getSnapshot().hasTag('route:password')).toBe(true);
  });

  it('at the email with the reason it was sent back, titled for signing up when asked', () => {
    const error = { status: 403, message: 'The retry attempt limit is reached', code: 'retry_limit' };
    const { flow } = start({ flow: 'sign_up', error });
    expect(flow.getSnapshot().matches('email')).toBe(true);
    expect(flow.getSnapshot().context.error).toEqual(error);
    expect(flow.getSnapshot().context.flow).toBe('sign_up');
  });

  it('a failure is kept from the call that failed, and typing clears it', async () => {
    const logic = signInMachine.provide({ actors: { checkEmail: fromPromise(() => Promise.reject(new TypeError('Failed to fetch'))) } });
    const flow = createActor(logic, { input: { flow: 'auth_login', fields: defaultFields() } }).start();
    flow.send({ type: 'user.change', field: 'email', value: EMAIL });
    flow.send({ type: 'user.submit' });
    const s = await waitFor(flow, (snap) => snap.matches('email') && snap.context.error !== null);
    expect(s.context.error).toEqual({ status: 0, message: 'Failed to fetch' });
    flow.send({ type: 'user.change', field: 'email', value: 'ada@acme.co' });
    expect(flow.getSnapshot().context.error).toBeNull();
  });
});

// Access document section 4: "Login failure logs out if logoutOnFailure is set, and runs an optional callback in all cases."
describe('a failed sign-in', () => {
  const REFUSED = { status: 401, message: "User email or password doesn't match", code: 'wrong_credentials' };

  /** The sign-in in a system with a session that records what it is sent, as the app's is registered. */
  function failing(input: Partial<SignInInput>, fail: { signIn?: boolean; sso?: boolean }) {
    const calls = { session: [] as AnyEventObject[], loginFailed: vi.fn() };
    const logic = signInMachine.provide({
      actors: {
        checkEmail: fromPromise<CheckEmailOutput, { email: string }>(async () => ({
          record: emailRecord({ email: EMAIL, terms_accepted: true, confirmed: true }),
          sso: null,
        })),
        signIn: fromPromise<SessionPayload, { email: string; password: string }>(() =>
          fail.signIn ? Promise.reject(REFUSED) : Promise.resolve(SESSION),
        ),
        ssoCallback: fromPromise<SsoCallbackResult, { code: string; state: string }>(() =>
          fail.sso
            ? Promise.reject({ status: 400, message: 'The sign-in could not be completed', code: 'sso_failed' })
            : Promise.resolve({ status: 'authenticated', session: SESSION }),
        ),
      },
      actions: { loginFailed: (_, params) => calls.loginFailed(params) },
    });
    const root = setup({
      actors: { session: fromCallback<AnyEventObject>(({ receive }) => receive((event) => calls.session.push(event))), signIn: logic },
    }).createMachine({
      invoke: [
        { src: 'session', systemId: 'session' },
        { src: 'signIn', systemId: 'signIn', input: { flow: 'auth_login', fields: defaultFields(), ...input } },
      ],
    });
    const app = createActor(root).start();
    const flow = app.system.get('signIn') as ActorRefFrom<typeof logic>;
    const logOut = () => calls.session.filter((e) => e.type === 'session.logout').length;
    return { flow, calls, logOut };
  }

  async function failPassword(input: Partial<SignInInput>) {
    const run = failing({ ...input, fields: { ...defaultFields(), email: EMAIL, password: 'Wrong!2026' }, at: 'password' }, { signIn: true });
    run.flow.send({ type: 'user.submit' });
    await waitFor(run.flow, (s) => s.matches('password') && s.context.error !== null);
    return run;
  }

  it('without logoutOnFailure: the reason shows, no logout, and the callback runs', async () => {
    const { flow, calls, logOut } = await failPassword({});
    expect(flow.getSnapshot().context.error).toMatchObject({ status: 401, code: 'wrong_credentials' });
    expect(logOut()).toBe(0);
    expect(calls.loginFailed).toHaveBeenCalledTimes(1);
    expect(calls.loginFailed).toHaveBeenCalledWith({ error: expect.objectContaining({ status: 401 }), method: 'password', loggedOut: false });
  });

  it('with logoutOnFailure: it logs out, and the callback runs too', async () => {
    const { calls, logOut } = await failPassword({ logoutOnFailure: true });
    expect(calls.session).toEqual([{ type: 'session.logout' }]);
    expect(logOut()).toBe(1);
    expect(calls.loginFailed).toHaveBeenCalledWith({ error: expect.objectContaining({ status: 401 }), method: 'password', loggedOut: true });
  });

  it('a failed exchange after the identity provider logs out when asked, with the callback', async () => {
    const { flow, calls, logOut } = failing({ ssoReturn: { code: 'c', state: 's', pending: null }, logoutOnFailure: true }, { sso: true });
    const s = await waitFor(flow, (snap) => snap.matches('email'));
    expect(s.context.error).toMatchObject({ code: 'sso_failed' });
    expect(logOut()).toBe(1);
    expect(calls.loginFailed).toHaveBeenCalledWith({ error: expect.objectContaining({ status: 400 }), method: 'sso', loggedOut: true });
  });

  it('a successful sign-in neither logs out nor runs the callback', async () => {
    const { flow, calls, logOut } = failing(
      { fields: { ...defaultFields(), email: EMAIL, password: 'Right!2026' }, at: 'password', logoutOnFailure: true },
      {},
    );
    flow.send({ type: 'user.submit' });
    await waitFor(flow, (s) => s.status === 'done');
    expect(logOut()).toBe(0);
    expect(calls.loginFailed).not.toHaveBeenCalled();
  });
});

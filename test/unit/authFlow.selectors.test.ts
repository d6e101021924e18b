import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import { authModal, authRoute, authView, errorMessage, fieldProblem, stepLabel } from '../../machines/auth/authFlow.selectors';
import type { AuthFlowInput, BuildingOption, CheckEmailOutput, EmailRecord, SsoCallbackResult, SsoProviders } from '../../machines/auth/authFlow.types';
import { makeLoginPayload } from './fixtures';

const record = (overrides: Partial<EmailRecord> = {}): EmailRecord => ({
  email: null,
  terms_accepted: false,
  confirmed: false,
  deactivated: false,
  created_by: null,
  sso_mode: 'none',
  building_count: 3,
  ...overrides,
});
const existing = record({ email: 'ada@acme.com', terms_accepted: true, confirmed: true, created_by: 'user' });
const buildings: BuildingOption[] = [
  { uuid: 'b-1', name: 'One', address_1: '1 Main St' },
  { uuid: 'b-2', name: 'Two', address_1: '2 Main St' },
];

interface Fakes {
  checkEmail?: (input: { email: string }) => Promise<CheckEmailOutput>;
  signIn?: () => Promise<ReturnType<typeof makeLoginPayload>>;
  register?: () => Promise<{ confirmed: boolean }>;
  consumeResetCode?: () => Promise<void>;
}

function startFlow(fakes: Fakes = {}, input: AuthFlowInput = {}) {
  const emitSignedIn = vi.fn<() => void>();
  const setAuthMode = vi.fn<(_: unknown, params: { mode: 'login' | 'signup' }) => void>();
  const logic = authFlowMachine.provide({
    actors: {
      checkEmail: fromPromise(({ input: i }) => (fakes.checkEmail ?? (async () => ({ record: record(), sso: null })))(i)),
      signIn: fromPromise(() => (fakes.signIn ?? (async () => makeLoginPayload()))()),
      loadBuildings: fromPromise(async () => buildings),
      register: fromPromise(() => (fakes.register ?? (async () => ({ confirmed: false })))()),
      completeSso: fromPromise(async () => makeLoginPayload()),
      consumeSignupCode: fromPromise(async () => {}),
      resendSignupCode: fromPromise(async () => {}),
      sendResetCode: fromPromise(async () => {}),
      consumeResetCode: fromPromise(() => (fakes.consumeResetCode ?? (async () => {}))()),
      ssoCallback: fromPromise<SsoCallbackResult, { code: string; state: string }>(async () => ({ status: 'authenticated', session: makeLoginPayload() })),
    },
    actions: { emitSignedIn, setAuthMode, redirectToProvider: vi.fn<() => void>(), reportUnknownDomain: vi.fn<() => void>() },
  });
  const actor = createActor(logic, { input });
  actor.start();
  const change = (field: Parameters<typeof fieldProblem>[1], value: string | boolean | null) => actor.send({ type: 'user.change', field, value });
  const modes = () => setAuthMode.mock.calls.map((call) => call[1].mode);
  return { actor, change, emitSignedIn, modes };
}

const idle = (s: { hasTag(tag: string): boolean }) => !s.hasTag('loading');

describe('auth flow selectors on the real machine', () => {
  it('starts on the email view at /login, with no modal and no step label', () => {
    const { actor } = startFlow();
    const s = actor.getSnapshot();
    expect(authView(s)).toBe('email');
    expect(authRoute(s)).toBe('/login');
    expect(authModal(s)).toBeNull();
    expect(stepLabel(s)).toBeNull();
    expect(errorMessage(s.context.error)).toBeNull();
  });

  it('an available account goes to the password view, still at /login', async () => {
    const { actor, change } = startFlow({ checkEmail: async () => ({ record: existing, sso: null }) });
    change('email', 'ada@acme.com');
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (snap) => snap.matches('password'));
    expect(authView(s)).toBe('password');
    expect(authRoute(s)).toBe('/login');
    expect(stepLabel(s)).toBeNull();
  });

  it('a wrong password shows the wrong-credentials message from its code', async () => {
    const { actor, change } = startFlow({
      checkEmail: async () => ({ record: existing, sso: null }),
      signIn: async () => Promise.reject({ status: 401, message: "User email or password doesn't match", code: 'wrong_credentials' }),
    });
    change('email', 'ada@acme.com');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (snap) => snap.matches('password'));
    change('password', 'wrong');
    actor.send({ type: 'user.submit' });
    expect(authView(actor.getSnapshot())).toBe('password');
    const s = await waitFor(actor, (snap) => snap.matches('password') && snap.context.error !== null);
    expect(errorMessage(s.context.error)).toEqual({ id: 'auth.error.wrongCredentials' });
  });

  it('a deactivated account stays on email with the deactivated message', async () => {
    const { actor, change } = startFlow({ checkEmail: async () => ({ record: { ...existing, deactivated: true }, sso: null }) });
    change('email', 'ada@acme.com');
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (snap) => snap.matches('email') && snap.context.error !== null);
    expect(authView(s)).toBe('email');
    expect(errorMessage(s.context.error)).toEqual({ id: 'auth.error.deactivated' });
  });

  it('a rejected domain shows the invalid-domain modal over the email view', async () => {
    const { actor, change } = startFlow({ checkEmail: async () => Promise.reject({ status: 403, message: 'Company Email Not Found' }) });
    change('email', 'ada@unknown.com');
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, idle);
    expect(authModal(s)).toBe('invalidDomain');
    expect(authView(s)).toBe('email');
    expect(authRoute(s)).toBe('/login');
    actor.send({ type: 'user.close' });
    expect(authModal(actor.getSnapshot())).toBeNull();
  });

  it('the farm token opens the farm modal', () => {
    const { actor, change } = startFlow();
    change('email', '#farm');
    actor.send({ type: 'user.submit' });
    expect(authModal(actor.getSnapshot())).toBe('farm');
    expect(authView(actor.getSnapshot())).toBe('email');
  });

  it('a domain with providers shows the SSO modal', async () => {
    const sso: SsoProviders = {
      sso_required: true,
      oidc_providers: [{ uuid: 'p-1', name: 'Okta', authorization_url: 'https://idp.test/authorize' }],
      saml_providers: [],
      transaction_uuid: null,
    };
    const { actor, change } = startFlow({ checkEmail: async () => ({ record: record({ sso_mode: 'required' }), sso }) });
    change('email', 'ada@acme.com');
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, idle);
    expect(authModal(s)).toBe('sso');
    expect(authView(s)).toBe('email');
    actor.send({ type: 'user.chooseProvider', uuid: 'p-1' });
    expect(authView(actor.getSnapshot())).toBe('redirecting');
    expect(authModal(actor.getSnapshot())).toBeNull();
  });

  it('an SSO return shows sso_return while the code is exchanged', () => {
    const { actor } = startFlow({}, { ssoReturn: { code: 'c', state: 's', pending: null } });
    expect(authView(actor.getSnapshot())).toBe('sso_return');
    expect(authRoute(actor.getSnapshot())).toBe('/login');
  });

  it('walks the standard sign-up with "Step X of 5", verify sharing the code step', async () => {
    const { actor, change, emitSignedIn } = startFlow({ register: async () => ({ confirmed: false }) });
    change('email', 'new@acme.com');
    actor.send({ type: 'user.submit' });
    let s = await waitFor(actor, (snap) => snap.matches({ signup: { buildingSelect: 'ready' } }));
    expect(authRoute(s)).toBe('/signup');
    expect(authView(s)).toBe('building_select');
    expect(stepLabel(s)).toEqual({ current: 1, total: 5 });

    change('building_uuid', 'b-2');
    actor.send({ type: 'user.submit' });
    s = actor.getSnapshot();
    expect(authView(s)).toBe('create_account');
    expect(stepLabel(s)).toEqual({ current: 2, total: 5 });

    change('first_name', 'Ada');
    change('last_name', 'Lovelace');
    actor.send({ type: 'user.submit' });
    s = actor.getSnapshot();
    expect(authView(s)).toBe('create_password');
    expect(stepLabel(s)).toEqual({ current: 3, total: 5 });

    change('password', 'Abcdef1!');
    actor.send({ type: 'user.submit' });
    s = actor.getSnapshot();
    expect(authView(s)).toBe('accept_terms');
    expect(stepLabel(s)).toEqual({ current: 4, total: 5 });

    change('is_term_accepted', true);
    actor.send({ type: 'user.submit' });
    s = await waitFor(actor, idle);
    expect(authView(s)).toBe('verify_account');
    expect(stepLabel(s)).toEqual({ current: 5, total: 5 });

    actor.send({ type: 'user.submit' });
    s = actor.getSnapshot();
    expect(authView(s)).toBe('enter_code');
    expect(stepLabel(s)).toEqual({ current: 5, total: 5 });

    change('code', '4321');
    actor.send({ type: 'user.submit' });
    s = await waitFor(actor, idle);
    expect(authView(s)).toBe('congratulations');
    expect(stepLabel(s)).toBeNull();
    expect(authRoute(s)).toBe('/signup');

    actor.send({ type: 'user.submit' });
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(emitSignedIn).toHaveBeenCalledTimes(1);
  });

  it('a one-building domain starts sign-up at create_account, "Step 1 of 4"', async () => {
    const { actor, change } = startFlow({ checkEmail: async () => ({ record: record({ building_count: 1 }), sso: null }) });
    change('email', 'new@acme.com');
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, (snap) => snap.hasTag('route:signup'));
    expect(authView(s)).toBe('create_account');
    expect(stepLabel(s)).toEqual({ current: 1, total: 4 });
  });

  it('walks the reset flow: verify, code (1 of 2), new password (2 of 2), done', async () => {
    const { actor, change } = startFlow();
    actor.send({ type: 'user.forgotPassword' });
    let s = actor.getSnapshot();
    expect(authView(s)).toBe('reset_verify');
    expect(authRoute(s)).toBe('/reset-password');
    expect(stepLabel(s)).toBeNull();

    change('email', 'ada@acme.com');
    actor.send({ type: 'user.submit' });
    s = await waitFor(actor, idle);
    expect(authView(s)).toBe('reset_code');
    expect(stepLabel(s)).toEqual({ current: 1, total: 2 });

    change('code', '1234');
    actor.send({ type: 'user.submit' });
    s = actor.getSnapshot();
    expect(authView(s)).toBe('reset_new_password');
    expect(stepLabel(s)).toEqual({ current: 2, total: 2 });

    change('password', 'Abcdef1!');
    change('confirm_password', 'Abcdef1!');
    actor.send({ type: 'user.submit' });
    s = await waitFor(actor, idle);
    expect(authView(s)).toBe('reset_done');
    expect(stepLabel(s)).toBeNull();
    expect(authRoute(s)).toBe('/reset-password');
  });

  it('a reused password on reset stays on the new-password view with the reuse message', async () => {
    const { actor, change } = startFlow({ consumeResetCode: async () => Promise.reject({ status: 409, message: 'conflict', code: 'password_has_been_used' }) });
    actor.send({ type: 'user.forgotPassword' });
    change('email', 'ada@acme.com');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, idle);
    change('code', '1234');
    actor.send({ type: 'user.submit' });
    change('password', 'Abcdef1!');
    change('confirm_password', 'Abcdef1!');
    actor.send({ type: 'user.submit' });
    const s = await waitFor(actor, idle);
    expect(authView(s)).toBe('reset_new_password');
    expect(errorMessage(s.context.error)).toEqual({ id: 'auth.error.passwordReused' });
  });

  it('the reset flow from input starts on reset_verify', () => {
    const { actor } = startFlow({}, { flow: 'reset_password' });
    expect(authView(actor.getSnapshot())).toBe('reset_verify');
  });
});

describe('the auth mode the session is told', () => {
  it('is login at the email step, signup through the sign-up, login again when the person goes back', async () => {
    const { actor, change, modes } = startFlow();
    expect(modes()).toEqual(['login']);
    change('email', 'new.person@acme.com');
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('route:signup'));
    expect(modes()).toEqual(['login', 'signup']);
    actor.send({ type: 'user.backToLogin' });
    expect(actor.getSnapshot().hasTag('route:email')).toBe(true);
    expect(modes()).toEqual(['login', 'signup', 'login', 'login']);
  });
});

describe('fieldProblem on the real machine', () => {
  it('shows nothing before a field is left', () => {
    const { actor, change } = startFlow();
    change('email', 'not-an-email');
    expect(fieldProblem(actor.getSnapshot(), 'email')).toBeNull();
    actor.send({ type: 'user.blur', field: 'email' });
    expect(fieldProblem(actor.getSnapshot(), 'email')).toBe('auth.email.invalid');
    change('email', 'ada@acme.com');
    expect(fieldProblem(actor.getSnapshot(), 'email')).toBeNull();
  });

  it('an empty touched email is not reported (Next is disabled instead)', () => {
    const { actor } = startFlow();
    actor.send({ type: 'user.blur', field: 'email' });
    expect(fieldProblem(actor.getSnapshot(), 'email')).toBeNull();
  });

  it('names need two characters once left', () => {
    const { actor, change } = startFlow();
    change('first_name', 'A');
    actor.send({ type: 'user.blur', field: 'first_name' });
    actor.send({ type: 'user.blur', field: 'last_name' });
    expect(fieldProblem(actor.getSnapshot(), 'first_name')).toBe('auth.name.minTwo');
    expect(fieldProblem(actor.getSnapshot(), 'last_name')).toBe('auth.name.minTwo');
    change('first_name', 'Al');
    expect(fieldProblem(actor.getSnapshot(), 'first_name')).toBeNull();
  });

  it('the code must be four digits', () => {
    const { actor, change } = startFlow();
    change('code', '12a');
    actor.send({ type: 'user.blur', field: 'code' });
    expect(fieldProblem(actor.getSnapshot(), 'code')).toBe('auth.code.invalid');
    change('code', '1234');
    expect(fieldProblem(actor.getSnapshot(), 'code')).toBeNull();
  });

  it('confirm password must equal the password', () => {
    const { actor, change } = startFlow();
    change('password', 'Abcdef1!');
    change('confirm_password', 'Abcdef1?');
    actor.send({ type: 'user.blur', field: 'confirm_password' });
    expect(fieldProblem(actor.getSnapshot(), 'confirm_password')).toBe('auth.passwordsNotEqual');
    change('confirm_password', 'Abcdef1!');
    expect(fieldProblem(actor.getSnapshot(), 'confirm_password')).toBeNull();
  });

  it('has no rule for the password field itself', () => {
    const { actor, change } = startFlow();
    change('password', 'x');
    actor.send({ type: 'user.blur', field: 'password' });
    expect(fieldProblem(actor.getSnapshot(), 'password')).toBeNull();
  });
});

describe('errorMessage', () => {
  it.each([
    [{ status: 401, message: 'x', code: 'wrong_credentials' }, { id: 'auth.error.wrongCredentials' }],
    [{ status: 409, message: 'x', code: 'password_has_been_used' }, { id: 'auth.error.passwordReused' }],
    [{ status: 403, message: 'x', code: 'retry_limit' }, { id: 'auth.error.retryLimit' }],
    [{ status: 400, message: 'x', code: 'code_expired' }, { id: 'auth.error.codeExpired' }],
    [{ status: 400, message: 'x', code: 'invalid_code' }, { id: 'auth.code.invalid' }],
    [{ status: 403, message: 'x', code: 'deactivated' }, { id: 'auth.error.deactivated' }],
    [{ status: 403, message: 'x', code: 'unconfirmed' }, { id: 'auth.error.unconfirmed' }],
    [{ status: 404, message: 'x', code: 'unknown_email' }, { id: 'auth.error.unknownEmail' }],
    [{ status: 409, message: 'x', code: 'exists' }, { id: 'auth.error.exists' }],
    [{ status: 403, message: 'x', code: 'sso_required' }, { id: 'auth.error.ssoRequired' }],
    [{ status: 429, message: 'x', code: 'login_throttled', retryAfter: 30 }, { id: 'auth.error.loginThrottled', values: { minutes: 1 } }],
    [{ status: 429, message: 'x', code: 'login_throttled', retryAfter: 900 }, { id: 'auth.error.loginThrottled', values: { minutes: 15 } }],
    [{ status: 429, message: 'x', code: 'mail_throttled', retryAfter: 3599 }, { id: 'auth.error.mailThrottled', values: { minutes: 60 } }],
    [{ status: 403, message: 'x', code: 'retry_limit', retryAfter: 901 }, { id: 'auth.error.retryLimitWait', values: { minutes: 16 } }],
    [{ status: 429, message: 'x', code: 'login_throttled' }, { id: 'auth.error.tooMany' }],
    [{ status: 409, message: 'Conflict' }, { id: 'auth.error.passwordReused' }],
    [{ status: 429, message: 'Slow down' }, { id: 'auth.error.tooMany' }],
    [{ status: 0, message: 'Failed to fetch' }, { id: 'auth.error.generic' }],
    [{ status: 502, message: 'Bad gateway' }, { id: 'auth.error.generic' }],
    [{ status: 400, message: 'first_name is required' }, { text: 'first_name is required' }],
    [{ status: 400, message: 'Unknown thing', code: 'something_new' }, { text: 'Unknown thing' }],
    [{ status: 400, message: '' }, { id: 'auth.error.generic' }],
  ])('%j → %j', (error, expected) => {
    expect(errorMessage(error)).toEqual(expected);
  });

  it('is null without an error', () => {
    expect(errorMessage(null)).toBeNull();
  });
});

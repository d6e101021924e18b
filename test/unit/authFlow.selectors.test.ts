import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import {
  activeStep,
  authModal,
  authRoute,
  authView,
  errorMessage,
  failureTitle,
  fieldProblem,
  stepLabel,
  type StepSnapshot,
} from '../../machines/auth/authFlow.selectors';
import type {
  AuthFlowEvent,
  AuthFlowInput,
  BuildingOption,
  CheckEmailOutput,
  EmailRecord,
  SessionPayload,
  SsoCallbackResult,
} from '../../machines/auth/authFlow.types';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { signInMachine } from '../../machines/auth/signIn.machine';
import { signUpMachine } from '../../machines/auth/signUp.machine';
import { buildingOption } from '../fixtures/buildings';
import { emailRecord, makeLoginPayload, ssoProviders } from '../fixtures/people';

/** What the email check finds here: a domain of three buildings unless a test says otherwise. */
const record = (overrides: Partial<EmailRecord> = {}) => emailRecord({ building_count: 3, ...overrides });
const existing = record({ email: 'ada@acme.com', terms_accepted: true, confirmed: true, created_by: 'user' });
const buildings: BuildingOption[] = [buildingOption('b-1'), buildingOption('b-2')];

interface Fakes {
  checkEmail?: (input: { email: string }) => Promise<CheckEmailOutput>;
  signIn?: () => Promise<ReturnType<typeof makeLoginPayload>>;
  register?: () => Promise<{ confirmed: boolean }>;
  consumeResetCode?: () => Promise<void>;
}

function startFlow(fakes: Fakes = {}, input: AuthFlowInput = {}) {
  const emitSignedIn = vi.fn<() => void>();
  const setAuthMode = vi.fn<(_: unknown, params: { mode: 'login' | 'signup' }) => void>();
  const signIn = fromPromise<SessionPayload, { email: string; password: string }>(() => (fakes.signIn ?? (async () => makeLoginPayload()))());
  const logic = authFlowMachine.provide({
    actors: {
      signInFlow: signInMachine.provide({
        actors: {
          checkEmail: fromPromise(({ input: i }: { input: { email: string } }) =>
            (fakes.checkEmail ?? (async () => ({ record: record(), sso: null })))(i),
          ),
          signIn,
          ssoCallback: fromPromise<SsoCallbackResult, { code: string; state: string }>(async () => ({
            status: 'authenticated',
            session: makeLoginPayload(),
          })),
        },
        actions: { redirectToProvider: vi.fn<() => void>(), reportUnknownDomain: vi.fn<() => void>() },
      }),
      loadSignUp: fromPromise(async () =>
        signUpMachine.provide({
          actors: {
            loadBuildings: fromPromise(async () => buildings),
            register: fromPromise(() => (fakes.register ?? (async () => ({ confirmed: false })))()),
            completeSso: fromPromise(async () => makeLoginPayload()),
            consumeSignupCode: fromPromise(async () => {}),
            resendSignupCode: fromPromise(async () => {}),
            signIn,
          },
        }),
      ),
      loadResetPassword: fromPromise(async () =>
        resetPasswordMachine.provide({
          actors: {
            sendResetCode: fromPromise(async () => {}),
            resendResetCode: fromPromise(async () => {}),
            checkResetCode: fromPromise(async () => {}),
            consumeResetCode: fromPromise(() => (fakes.consumeResetCode ?? (async () => {}))()),
          },
        }),
      ),
    },
    actions: { emitSignedIn, setAuthMode },
  });
  const actor = createActor(logic, { input });
  actor.start();
  /** The running step's snapshot: what the views read. */
  const step = (): StepSnapshot & { value: unknown } => activeStep(actor.getSnapshot())!.ref.getSnapshot();
  /** Sends to the running step, as the views do. */
  const send = (event: AuthFlowEvent) => activeStep(actor.getSnapshot())!.ref.send(event);
  const change = (field: Parameters<typeof fieldProblem>[1], value: string | boolean | null) => send({ type: 'user.change', field, value });
  /** Waits until the running step satisfies the predicate (steps change without the router changing). */
  const until = (predicate: (s: ReturnType<typeof step>) => boolean) =>
    vi.waitFor(() => {
      const s = activeStep(actor.getSnapshot()) ? step() : null;
      if (!s || !predicate(s)) throw new Error(`still at ${JSON.stringify(s?.value)}`);
      return s;
    });
  const modes = () => setAuthMode.mock.calls.map((call) => call[1].mode);
  return { actor, step, send, change, until, emitSignedIn, modes };
}

const idle = (s: { hasTag(tag: 'loading'): boolean }) => !s.hasTag('loading');
describe('auth flow selectors on the real machines', () => {
  it('starts on the email view at /login, with no modal and no step label', () => {
    const { actor, step } = startFlow();
    expect(activeStep(actor.getSnapshot())?.flow).toBe('signIn');
    expect(authView(step())).toBe('email');
    expect(authRoute(actor.getSnapshot())).toBe('/login');
    expect(authModal(step())).toBeNull();
    expect(stepLabel(step())).toBeNull();
    expect(errorMessage(step().context.error)).toBeNull();
  });

  it('an available account goes to the password view, still at /login', async () => {
    const { actor, send, change, until } = startFlow({ checkEmail: async () => ({ record: existing, sso: null }) });
    change('email', 'ada@acme.com');
    send({ type: 'user.submit' });
    const s = await until((snap) => authView(snap) === 'password' && idle(snap));
    expect(authRoute(actor.getSnapshot())).toBe('/login');
    expect(stepLabel(s)).toBeNull();
  });

  it('a wrong password shows the wrong-credentials message from its code', async () => {
    const { send, change, step, until } = startFlow({
      checkEmail: async () => ({ record: existing, sso: null }),
      signIn: async () => Promise.reject({ status: 401, message: "User email or password doesn't match", code: 'wrong_credentials' }),
    });
    change('email', 'ada@acme.com');
    send({ type: 'user.submit' });
    await until((snap) => authView(snap) === 'password' && idle(snap));
    change('password', 'wrong');
    send({ type: 'user.submit' });
    expect(authView(step())).toBe('password');
    const s = await until((snap) => idle(snap) && snap.context.error !== null);
    expect(authView(s)).toBe('password');
    expect(errorMessage(s.context.error)).toEqual({ id: 'auth.error.wrongCredentials' });
  });

  it('a deactivated account stays on email with the deactivated message', async () => {
    const { send, change, until } = startFlow({ checkEmail: async () => ({ record: { ...existing, deactivated: true }, sso: null }) });
    change('email', 'ada@acme.com');
    send({ type: 'user.submit' });
    const s = await until((snap) => idle(snap) && snap.context.error !== null);
    expect(authView(s)).toBe('email');
    expect(errorMessage(s.context.error)).toEqual({ id: 'auth.error.deactivated' });
  });

  it('a rejected domain shows the invalid-domain modal over the email view', async () => {
    const { actor, send, change, step, until } = startFlow({
      checkEmail: async () => Promise.reject({ status: 403, message: 'Company Email Not Found' }),
    });
    change('email', 'ada@unknown.com');
    send({ type: 'user.submit' });
    const s = await until(idle);
    expect(authModal(s)).toBe('invalidDomain');
    expect(authView(s)).toBe('email');
    expect(authRoute(actor.getSnapshot())).toBe('/login');
    send({ type: 'user.close' });
    expect(authModal(step())).toBeNull();
  });

  it('the farm token opens the farm modal', () => {
    const { send, change, step } = startFlow();
    change('email', '#farm');
    send({ type: 'user.submit' });
    expect(authModal(step())).toBe('farm');
    expect(authView(step())).toBe('email');
  });

  it('a domain with providers shows the SSO modal', async () => {
    const sso = ssoProviders({ sso_required: true, transaction_uuid: null });
    const { send, change, step, until } = startFlow({ checkEmail: async () => ({ record: record({ sso_mode: 'required' }), sso }) });
    change('email', 'ada@acme.com');
    send({ type: 'user.submit' });
    const s = await until(idle);
    expect(authModal(s)).toBe('sso');
    expect(authView(s)).toBe('email');
    send({ type: 'user.chooseProvider', uuid: sso.oidc_providers[0]!.uuid });
    expect(authView(step())).toBe('redirecting');
    expect(authModal(step())).toBeNull();
  });

  it('an SSO return shows sso_return while the code is exchanged', () => {
    const { actor, step } = startFlow({}, { ssoReturn: { code: 'c', state: 's', pending: null } });
    expect(authView(step())).toBe('sso_return');
    expect(authRoute(actor.getSnapshot())).toBe('/login');
  });

  it('walks the standard sign-up with "Step X of 5", the code-sent notice unnumbered', async () => {
    const { actor, send, change, step, until, emitSignedIn } = startFlow({ register: async () => ({ confirmed: false }) });
    change('email', 'new@acme.com');
    send({ type: 'user.submit' });
    let s = await until((snap) => authView(snap) === 'building_select' && idle(snap));
    expect(activeStep(actor.getSnapshot())?.flow).toBe('signUp');
    expect(authRoute(actor.getSnapshot())).toBe('/signup');
    expect(stepLabel(s)).toEqual({ current: 1, total: 5 });

    change('building_uuid', 'b-2');
    send({ type: 'user.submit' });
    s = step();
    expect(authView(s)).toBe('create_account');
    expect(stepLabel(s)).toEqual({ current: 2, total: 5 });

    change('first_name', 'Ada');
    change('last_name', 'Lovelace');
    send({ type: 'user.submit' });
    s = step();
    expect(authView(s)).toBe('create_password');
    expect(stepLabel(s)).toEqual({ current: 3, total: 5 });

    change('password', 'Abcdef1!');
    send({ type: 'user.submit' });
    s = step();
    expect(authView(s)).toBe('accept_terms');
    expect(stepLabel(s)).toEqual({ current: 4, total: 5 });

    change('is_term_accepted', true);
    send({ type: 'user.submit' });
    s = await until(idle);
    expect(authView(s)).toBe('verify_account');
    expect(stepLabel(s)).toBeNull();

    send({ type: 'user.submit' });
    s = step();
    expect(authView(s)).toBe('enter_code');
    expect(stepLabel(s)).toEqual({ current: 5, total: 5 });

    change('code', '4321');
    send({ type: 'user.submit' });
    s = await until(idle);
    expect(authView(s)).toBe('congratulations');
    expect(stepLabel(s)).toBeNull();
    expect(authRoute(actor.getSnapshot())).toBe('/signup');

    send({ type: 'user.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(activeStep(actor.getSnapshot())).toBeNull();
    expect(emitSignedIn).toHaveBeenCalledTimes(1);
  });

  it('a one-building domain starts sign-up at create_account, "Step 1 of 4"', async () => {
    const { send, change, until } = startFlow({ checkEmail: async () => ({ record: record({ building_count: 1 }), sso: null }) });
    change('email', 'new@acme.com');
    send({ type: 'user.submit' });
    const s = await until((snap) => snap.hasTag('route:signup'));
    expect(authView(s)).toBe('create_account');
    expect(stepLabel(s)).toEqual({ current: 1, total: 4 });
  });

  it('walks the reset flow: verify, code (1 of 2), new password (2 of 2), done', async () => {
    const { actor, send, change, step, until } = startFlow();
    send({ type: 'user.forgotPassword' });
    // The reset's code arrives first: the router runs no step meanwhile.
    expect(activeStep(actor.getSnapshot())).toBeNull();
    expect(authRoute(actor.getSnapshot())).toBe('/reset-password');
    let s = await until((snap) => snap.hasTag('route:reset'));
    expect(activeStep(actor.getSnapshot())?.flow).toBe('resetPassword');
    expect(authView(s)).toBe('reset_verify');
    expect(authRoute(actor.getSnapshot())).toBe('/reset-password');
    expect(stepLabel(s)).toBeNull();

    change('email', 'ada@acme.com');
    send({ type: 'user.submit' });
    s = await until(idle);
    expect(authView(s)).toBe('reset_code');
    expect(stepLabel(s)).toEqual({ current: 1, total: 2 });

    change('code', '1234');
    send({ type: 'user.submit' });
    // The code is checked as it is entered (the code step, busy), then the new password is asked.
    expect(authView(step())).toBe('reset_code');
    s = await until(idle);
    expect(authView(s)).toBe('reset_new_password');
    expect(stepLabel(s)).toEqual({ current: 2, total: 2 });

    change('password', 'Abcdef1!');
    change('confirm_password', 'Abcdef1!');
    send({ type: 'user.submit' });
    s = await until(idle);
    expect(authView(s)).toBe('reset_done');
    expect(stepLabel(s)).toBeNull();
    expect(authRoute(actor.getSnapshot())).toBe('/reset-password');
  });

  it('a reused password on reset stays on the new-password view with the reuse message', async () => {
    const { send, change, until } = startFlow({
      consumeResetCode: async () => Promise.reject({ status: 409, message: 'conflict', code: 'password_has_been_used' }),
    });
    send({ type: 'user.forgotPassword' });
    await until((snap) => snap.hasTag('route:reset'));
    change('email', 'ada@acme.com');
    send({ type: 'user.submit' });
    await until(idle);
    change('code', '1234');
    send({ type: 'user.submit' });
    await until(idle);
    change('password', 'Abcdef1!');
    change('confirm_password', 'Abcdef1!');
    send({ type: 'user.submit' });
    const s = await until((snap) => idle(snap) && snap.context.error !== null);
    expect(authView(s)).toBe('reset_new_password');
    expect(errorMessage(s.context.error)).toEqual({ id: 'auth.error.passwordReused' });
  });

  it('the reset flow from input starts on reset_verify', async () => {
    const { until } = startFlow({}, { flow: 'reset_password' });
    expect(authView(await until((snap) => snap.hasTag('route:reset')))).toBe('reset_verify');
  });
});

describe('the auth mode the session is told', () => {
  it('is login at the email step, signup through the sign-up, login again when the person goes back', async () => {
    const { send, change, step, until, modes } = startFlow();
    expect(modes()).toEqual(['login']);
    change('email', 'new.person@acme.com');
    send({ type: 'user.submit' });
    await until((s) => s.hasTag('route:signup'));
    expect(modes()).toEqual(['login', 'signup']);
    send({ type: 'user.backToLogin' });
    expect(step().hasTag('route:email')).toBe(true);
    expect(modes()).toEqual(['login', 'signup', 'login', 'login']);
  });
});

describe('fieldProblem on the real machines', () => {
  it('shows nothing before a field is left', () => {
    const { send, change, step } = startFlow();
    change('email', 'not-an-email');
    expect(fieldProblem(step(), 'email')).toBeNull();
    send({ type: 'user.blur', field: 'email' });
    expect(fieldProblem(step(), 'email')).toBe('auth.email.invalid');
    change('email', 'ada@acme.com');
    expect(fieldProblem(step(), 'email')).toBeNull();
  });

  it('an empty touched email is not reported (Next is disabled instead)', () => {
    const { send, step } = startFlow();
    send({ type: 'user.blur', field: 'email' });
    expect(fieldProblem(step(), 'email')).toBeNull();
  });

  it('names need two characters once left', () => {
    const { send, change, step } = startFlow();
    change('first_name', 'A');
    send({ type: 'user.blur', field: 'first_name' });
    send({ type: 'user.blur', field: 'last_name' });
    expect(fieldProblem(step(), 'first_name')).toBe('auth.name.minTwo');
    expect(fieldProblem(step(), 'last_name')).toBe('auth.name.minTwo');
    change('first_name', 'Al');
    expect(fieldProblem(step(), 'first_name')).toBeNull();
  });

  it('the code must be four digits', () => {
    const { send, change, step } = startFlow();
    change('code', '12a');
    send({ type: 'user.blur', field: 'code' });
    expect(fieldProblem(step(), 'code')).toBe('auth.code.invalid');
    change('code', '1234');
    expect(fieldProblem(step(), 'code')).toBeNull();
  });

  it('confirm password must equal the password', () => {
    const { send, change, step } = startFlow();
    change('password', 'Abcdef1!');
    change('confirm_password', 'Abcdef1?');
    send({ type: 'user.blur', field: 'confirm_password' });
    expect(fieldProblem(step(), 'confirm_password')).toBe('auth.passwordsNotEqual');
    change('confirm_password', 'Abcdef1!');
    expect(fieldProblem(step(), 'confirm_password')).toBeNull();
  });

  it('has no rule for the password field itself', () => {
    const { send, change, step } = startFlow();
    change('password', 'x');
    send({ type: 'user.blur', field: 'password' });
    expect(fieldProblem(step(), 'password')).toBeNull();
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
    [
      { status: 429, message: 'x', code: 'login_throttled', retryAfter: 30 },
      { id: 'auth.error.loginThrottled', values: { minutes: 1 } },
    ],
    [
      { status: 429, message: 'x', code: 'login_throttled', retryAfter: 900 },
      { id: 'auth.error.loginThrottled', values: { minutes: 15 } },
    ],
    [
      { status: 429, message: 'x', code: 'mail_throttled', retryAfter: 3599 },
      { id: 'auth.error.mailThrottled', values: { minutes: 60 } },
    ],
    [
      { status: 403, message: 'x', code: 'retry_limit', retryAfter: 901 },
      { id: 'auth.error.retryLimitWait', values: { minutes: 16 } },
    ],
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

describe('failureTitle', () => {
  const snapshot = (tags: string[], error: { status: number; message: string } | null) =>
    ({ context: { error }, hasTag: (tag: string) => tags.includes(tag) }) as unknown as Parameters<typeof failureTitle>[0];

  it("heads a failed sign-up step 'Unable to Signup'", () => {
    expect(failureTitle(snapshot(['route:signup', 'step:accept_terms'], { status: 409, message: 'exists' }))).toBe('auth.error.signup');
  });

  it('gives no heading without a failure, or to a failure of sign-in or the reset', () => {
    expect(failureTitle(snapshot(['route:signup'], null))).toBeNull();
    expect(failureTitle(snapshot(['route:password'], { status: 401, message: 'x' }))).toBeNull();
    expect(failureTitle(snapshot(['route:reset'], { status: 400, message: 'x' }))).toBeNull();
  });
});

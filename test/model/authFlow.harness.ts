import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { signInMachine } from '../../machines/auth/signIn.machine';
import { signUpMachine } from '../../machines/auth/signUp.machine';
import { activeStep } from '../../machines/auth/authFlow.selectors';
import type {
  AuthFlowEvent,
  AuthFlowInput,
  BuildingOption,
  CheckEmailOutput,
  EmailRecord,
  SessionPayload,
  SsoProviders,
} from '../../machines/auth/authFlow.types';
import { buildingOption } from '../fixtures/buildings';
import { emailRecord, makeLoginPayload, makeUser, ssoProviders } from '../fixtures/people';
import type { ModelEvent } from './authFlow.model';

type Deferred = { name: string; input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * The auth flow's steps with every call replaced by a promise the test settles by hand: an `api.*` event of the model
 * settles whichever call is pending, the way the server would have answered it.
 */
export class FakeServer {
  pending: Deferred | null = null;
  calls: string[] = [];

  actor(name: string) {
    return fromPromise(({ input }: { input: unknown }) => {
      this.calls.push(name);
      return new Promise((resolve, reject) => {
        this.pending = { name, input, resolve, reject };
      });
    });
  }

  /** A step machine's code arriving from the server: settled like any call, it answers with the (provided) machine. */
  loader<T>(name: string, logic: T) {
    return fromPromise(
      () =>
        new Promise<T>((resolve, reject) => {
          this.calls.push(name);
          this.pending = { name, input: undefined, resolve: () => resolve(logic), reject };
        }),
    );
  }

  private take(expected?: string[]): Deferred {
    const pending = this.pending;
    if (!pending) throw new Error('no call is pending');
    if (expected && !expected.includes(pending.name)) throw new Error(`expected a pending ${expected.join('/')} call, found ${pending.name}`);
    this.pending = null;
    return pending;
  }

  /** Settles the pending call as the model event says. */
  answer(event: ModelEvent['type']) {
    switch (event) {
      case 'api.available':
        return this.take(['checkEmail']).resolve(check(emailRecord({ email: EMAIL, terms_accepted: true, confirmed: true, created_by: 'user' })));
      case 'api.newOneBuilding':
        return this.take(['checkEmail']).resolve(check(emailRecord({ building_count: 1 })));
      case 'api.newManyBuildings':
        return this.take(['checkEmail']).resolve(check(emailRecord({ building_count: 3 })));
      case 'api.precreated':
        return this.take(['checkEmail']).resolve(check(emailRecord({ email: EMAIL, created_by: 'upload' })));
      case 'api.unconfirmed':
        return this.take(['checkEmail']).resolve(check(emailRecord({ email: EMAIL, terms_accepted: true, created_by: 'user' })));
      case 'api.deactivated':
        return this.take(['checkEmail']).resolve(
          check(emailRecord({ email: EMAIL, terms_accepted: true, confirmed: true, deactivated: true, created_by: 'user' })),
        );
      case 'api.rejected':
        return this.take(['checkEmail']).reject({ status: 403, message: 'Company Email Not Found', code: 'domain_not_found' });
      case 'api.ssoRequired':
        return this.take(['checkEmail']).resolve(check(emailRecord({ sso_mode: 'required' }), providers(true)));
      case 'api.ssoOptionalExisting':
        return this.take(['checkEmail']).resolve(
          check(emailRecord({ email: EMAIL, terms_accepted: true, confirmed: true, created_by: 'user', sso_mode: 'optional' }), providers(false)),
        );
      case 'api.ssoOptionalNew':
        return this.take(['checkEmail']).resolve(check(emailRecord({ sso_mode: 'optional' }), providers(false)));
      case 'api.ssoSignup':
        return this.take(['ssoCallback']).resolve({
          status: 'signup',
          transaction_uuid: 'txn-1',
          user: { email: 'new.sso@initech.example', first_name: 'Nia', last_name: 'Newcomer' },
        });
      case 'api.passwordReused':
        return this.take(['consumeResetCode']).reject({
          status: 409,
          message: 'You can not reuse this old password',
          code: 'password_has_been_used',
        });
      case 'api.codeSpent':
        return this.take(['consumeResetCode', 'checkResetCode']).reject({
          status: 403,
          message: 'The retry attempt limit is reached',
          code: 'retry_limit',
        });
      case 'api.confirmed':
        return this.take(['register']).resolve({ confirmed: true });
      case 'api.unreachable':
        return this.take().reject(new TypeError('Failed to fetch'));
      case 'api.failed': {
        const pending = this.take();
        if (pending.name.startsWith('load')) return pending.reject(new TypeError('Failed to fetch dynamically imported module'));
        return pending.reject(
          pending.name === 'signIn'
            ? { status: 401, message: "User email or password doesn't match", code: 'wrong_credentials' }
            : { status: 400, message: 'Please enter a valid code', code: 'invalid_code' },
        );
      }
      case 'api.ok': {
        const pending = this.take();
        return pending.resolve(okAnswer(pending.name));
      }
      default:
        throw new Error(`${event} is not a server answer`);
    }
  }
}

export const EMAIL = 'person@northwind.example';
/** The buildings of the person's domain, to choose from when signing up. */
export const BUILDINGS: BuildingOption[] = [1, 2, 3].map((n) => buildingOption(`00000000-0000-4000-8000-00000000000${n}`));

/** The session of the person who signs in or up (with the names the sign-up path types). */
export const SESSION: SessionPayload = makeLoginPayload({
  user: makeUser({ email: EMAIL, first_name: 'Pat', last_name: 'Person', default_building_uuid: BUILDINGS[0]!.uuid }),
});

const check = (r: EmailRecord, sso: SsoProviders | null = null): CheckEmailOutput => ({ record: r, sso });

/** The demo identity provider: the button the person presses and the address they are sent to. */
const DEMO_ID = { uuid: 'provider-1', name: 'Demo ID', issuer: 'http://localhost/oidc', authorization_url: 'http://localhost/oidc/auth?x=1' };
const providers = (required: boolean): SsoProviders => ssoProviders({ sso_required: required, oidc_providers: [DEMO_ID] });

function okAnswer(name: string): unknown {
  switch (name) {
    case 'signIn':
    case 'completeSso':
      return SESSION;
    case 'ssoCallback':
      return { status: 'authenticated', session: SESSION };
    case 'loadBuildings':
      return BUILDINGS;
    case 'register':
      return { confirmed: false };
    default:
      return undefined;
  }
}

/**
 * The real auth flow (the router and its three steps) over a fake server, with spies on its outward actions. The
 * code of sign-up and of the reset arrives like a call (`loadSignUp`, `loadResetPassword`), settled by `api.*`.
 */
export function fakeAuthFlow(server: FakeServer) {
  const emitSignedIn = vi.fn();
  const redirectToProvider = vi.fn();
  const reportUnknownDomain = vi.fn();
  const setAuthMode = vi.fn();
  const signIn = server.actor('signIn') as never;
  const logic = authFlowMachine.provide({
    actors: {
      signInFlow: signInMachine.provide({
        actors: { checkEmail: server.actor('checkEmail') as never, signIn, ssoCallback: server.actor('ssoCallback') as never },
        actions: {
          redirectToProvider: (_, params) => redirectToProvider(params.url),
          reportUnknownDomain: (_, params) => reportUnknownDomain(params.email),
        },
      }),
      loadSignUp: server.loader(
        'loadSignUp',
        signUpMachine.provide({
          actors: {
            loadBuildings: server.actor('loadBuildings') as never,
            register: server.actor('register') as never,
            completeSso: server.actor('completeSso') as never,
            consumeSignupCode: server.actor('consumeSignupCode') as never,
            resendSignupCode: server.actor('resendSignupCode') as never,
            signIn,
          },
        }),
      ),
      loadResetPassword: server.loader(
        'loadResetPassword',
        resetPasswordMachine.provide({
          actors: {
            sendResetCode: server.actor('sendResetCode') as never,
            resendResetCode: server.actor('resendResetCode') as never,
            checkResetCode: server.actor('checkResetCode') as never,
            consumeResetCode: server.actor('consumeResetCode') as never,
          },
        }),
      ),
    },
    actions: {
      emitSignedIn: (_, params) => emitSignedIn(params.session),
      setAuthMode: (_, params) => setAuthMode(params.mode),
    },
  });
  return { logic, emitSignedIn, redirectToProvider, reportUnknownDomain, setAuthMode };
}

/** Back from the identity provider, with what the email check had stored before leaving. */
export const SSO_RETURN = {
  code: 'code-1',
  state: 'txn-1',
  pending: { email: 'new.sso@initech.example', method: 'provider' as const, record: emailRecord({ sso_mode: 'required', building_count: 1 }) },
};

/** The flow's input for each way the model starts. */
const START: Record<string, AuthFlowInput> = {
  'start.login': {},
  'start.signup': { flow: 'sign_up' },
  'start.reset': { flow: 'reset_password' },
  'start.ssoReturn': { ssoReturn: SSO_RETURN },
};

/** The real auth flow over a fake server, started as the model's start event says (`inspect` sees every step it runs). */
export function startAuthFlow(event: ModelEvent['type'], inspect?: (event: InspectionEvent) => void) {
  const input = START[event];
  if (!input) throw new Error(`${event} is not a start of the auth flow`);
  const server = new FakeServer();
  const flow = fakeAuthFlow(server);
  const actor = createActor(flow.logic, { input, ...(inspect ? { inspect } : {}) }).start();
  return { ...flow, server, actor };
}

/** The user's part of each model event, as events to the running step (what the views send). */
export function userEventsFor(event: ModelEvent['type']): AuthFlowEvent[] {
  const change = (field: string, value: string | boolean | null) => ({ type: 'user.change', field, value }) as AuthFlowEvent;
  // Typing into a field and leaving it, as a person does (and the views send).
  const type = (field: string, value: string) => [change(field, value), { type: 'user.blur', field } as AuthFlowEvent];
  const submit = { type: 'user.submit' } as const;
  switch (event) {
    case 'user.enterEmail':
      return [...type('email', EMAIL), submit];
    case 'user.enterFarmToken':
      return [...type('email', '#farm'), submit];
    case 'user.enterPassword':
      return [...type('password', 'Secret!2026'), submit];
    case 'user.chooseBuilding':
      return [change('building_uuid', BUILDINGS[1]!.uuid), submit];
    case 'user.enterNames':
      return [...type('first_name', 'Pat'), ...type('last_name', 'Person'), submit];
    case 'user.createPassword':
      return [...type('password', 'Secret!2026'), submit];
    case 'user.acceptTerms':
      return [change('is_term_accepted', true), submit];
    case 'user.enterCode':
      return [...type('code', '1234'), submit];
    case 'user.enterResetEmail':
      return [...type('email', EMAIL), submit];
    case 'user.enterNewPassword':
      return [...type('password', 'Newpass!2026'), ...type('confirm_password', 'Newpass!2026'), submit];
    case 'user.continue':
    case 'user.getStarted':
    case 'user.retry':
      return [submit];
    case 'user.chooseProvider':
      return [{ type: 'user.chooseProvider', uuid: 'provider-1' }];
    default:
      return [{ type: event } as AuthFlowEvent];
  }
}

/**
 * Sends the user's part of a model event to the machines as the views do: to the running step, except the farm
 * selector's "use the default API", which goes to the sign-in step's farm selector.
 */
export function sendUserEvent(actor: ReturnType<typeof startAuthFlow>['actor'], event: ModelEvent['type']) {
  const step = activeStep(actor.getSnapshot());
  if (!step) throw new Error(`no step runs for ${event}`);
  if (event === 'user.useDefaultApi') {
    if (step.flow !== 'signIn') throw new Error(`${event} needs the sign-in step, ${step.flow} runs`);
    return step.ref.getSnapshot().children.farmSelector!.send({ type: 'user.clearFarm' });
  }
  for (const e of userEventsFor(event)) step.ref.send(e);
}

/** The user's part of each model event, as what a person does on the screen. */
export function pressOnScreen(event: ModelEvent['type']) {
  const type = (label: string, value: string) => {
    const field = screen.getByLabelText(label, { exact: true });
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
  switch (event) {
    case 'user.enterEmail':
      type('Work email', EMAIL);
      return click('Next');
    case 'user.enterFarmToken':
      type('Work email', '#farm');
      return click('Next');
    case 'user.enterPassword':
      type('Password', 'Secret!2026');
      return click('Sign in');
    case 'user.chooseBuilding':
      fireEvent.change(screen.getByLabelText('Building'), { target: { value: BUILDINGS[1]!.uuid } });
      return click('Next');
    case 'user.enterNames':
      type('First name', 'Pat');
      type('Last name', 'Person');
      return click('Next');
    case 'user.createPassword':
      type('Password', 'Secret!2026');
      return click('Next');
    case 'user.acceptTerms':
      fireEvent.click(screen.getByLabelText('I accept the Terms of Use and the Privacy Policy'));
      return click('Create account');
    case 'user.enterCode':
      type('4-digit code', '1234');
      return click('Confirm');
    case 'user.enterResetEmail':
      type('Work email', EMAIL);
      return click('Send code');
    case 'user.enterNewPassword':
      type('New password', 'Newpass!2026');
      type('Confirm password', 'Newpass!2026');
      return click('Save password');
    case 'user.continue':
      return click('Continue');
    case 'user.getStarted':
      return click(/Get started|Back to sign in/);
    case 'user.chooseProvider':
      return click('Continue with Demo ID');
    case 'user.close':
      return click('Close');
    case 'user.report':
      return click('Report');
    case 'user.back':
      return click('Back');
    case 'user.forgotPassword':
      return fireEvent.click(screen.getAllByRole('button', { name: 'Forgot password?' })[0]!);
    case 'user.usePassword':
      return click('Use my password instead');
    case 'user.continueWithEmail':
      return click('Sign up with email instead');
    case 'user.resend':
      return click('Send a new code');
    case 'user.backToLogin':
      return click('Back to sign in');
    case 'user.startSignup':
      return click('New here? Create an account');
    case 'user.useDefaultApi':
      return click('Use the default API');
    case 'user.retry':
      return click('Next');
    default:
      throw new Error(`no screen action for ${event}`);
  }
}

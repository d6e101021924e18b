import { fromPromise } from 'xstate';
import { vi } from 'vitest';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { signInMachine } from '../../machines/auth/signIn.machine';
import { signUpMachine } from '../../machines/auth/signUp.machine';
import type { CheckEmailOutput, EmailRecord, SessionPayload, SsoProviders } from '../../machines/auth/authFlow.types';
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
        return this.take(['checkEmail']).resolve(check(record({ email: EMAIL, terms_accepted: true, confirmed: true, created_by: 'user' })));
      case 'api.newOneBuilding':
        return this.take(['checkEmail']).resolve(check(record({ building_count: 1 })));
      case 'api.newManyBuildings':
        return this.take(['checkEmail']).resolve(check(record({ building_count: 3 })));
      case 'api.precreated':
        return this.take(['checkEmail']).resolve(check(record({ email: EMAIL, created_by: 'upload' })));
      case 'api.unconfirmed':
        return this.take(['checkEmail']).resolve(check(record({ email: EMAIL, terms_accepted: true, created_by: 'user' })));
      case 'api.deactivated':
        return this.take(['checkEmail']).resolve(
          check(record({ email: EMAIL, terms_accepted: true, confirmed: true, deactivated: true, created_by: 'user' })),
        );
      case 'api.rejected':
        return this.take(['checkEmail']).reject({ status: 403, message: 'Company Email Not Found', code: 'domain_not_found' });
      case 'api.ssoRequired':
        return this.take(['checkEmail']).resolve(check(record({ sso_mode: 'required' }), providers(true)));
      case 'api.ssoOptionalExisting':
        return this.take(['checkEmail']).resolve(
          check(record({ email: EMAIL, terms_accepted: true, confirmed: true, created_by: 'user', sso_mode: 'optional' }), providers(false)),
        );
      case 'api.ssoOptionalNew':
        return this.take(['checkEmail']).resolve(check(record({ sso_mode: 'optional' }), providers(false)));
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
        return this.take(['consumeResetCode']).reject({ status: 403, message: 'The retry attempt limit is reached', code: 'retry_limit' });
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
export const BUILDINGS = [
  { uuid: '00000000-0000-4000-8000-000000000001', name: 'One Atrium Plaza', address_1: '100 Park Avenue' },
  { uuid: '00000000-0000-4000-8000-000000000002', name: 'Atrium Tower West', address_1: '555 Market Street' },
  { uuid: '00000000-0000-4000-8000-000000000003', name: 'Harbor Point', address_1: '1 Canary Wharf' },
];

export const SESSION: SessionPayload = {
  token: 'access-token',
  expires_in: 900,
  refresh_token: { token: 'refresh-token', expires_in: 2_592_000 },
  user: {
    uuid: 'user-1',
    id: 1,
    email: EMAIL,
    first_name: 'Pat',
    last_name: 'Person',
    avatar_url: null,
    default_building_uuid: BUILDINGS[0]!.uuid,
    company_uuid: null,
    company_name: null,
    locale: 'en-US',
    confirmed: true,
    email_accepted: false,
    terms_accepted: true,
    admin: false,
    roles: [],
    hqo: false,
    signup_app_brand: null,
    deactivated: false,
    created_by: 'user',
    portfolio_uuid: null,
    updated_at: '2026-01-05T09:30:00.000000Z',
  },
};

function record(overrides: Partial<EmailRecord>): EmailRecord {
  return {
    email: null,
    terms_accepted: false,
    confirmed: false,
    deactivated: false,
    created_by: null,
    sso_mode: 'none',
    building_count: 1,
    ...overrides,
  };
}

const check = (r: EmailRecord, sso: SsoProviders | null = null): CheckEmailOutput => ({ record: r, sso });

const providers = (required: boolean): SsoProviders => ({
  sso_required: required,
  oidc_providers: [{ uuid: 'provider-1', name: 'Demo ID', issuer: 'http://localhost/oidc', authorization_url: 'http://localhost/oidc/auth?x=1' }],
  saml_providers: [],
  transaction_uuid: 'txn-1',
});

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
          actors: { sendResetCode: server.actor('sendResetCode') as never, consumeResetCode: server.actor('consumeResetCode') as never },
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
  pending: { email: 'new.sso@initech.example', method: 'provider' as const, record: record({ sso_mode: 'required', building_count: 1 }) },
};

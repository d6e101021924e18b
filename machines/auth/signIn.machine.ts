import { assign, enqueueActions, fromPromise, setup, spawnChild, type EventObject } from 'xstate';
import { SESSION_ID } from '../session/session.machine';
import type { SessionEvent } from '../session/session.types';
import type { AuthError, CheckEmailOutput, GuestBuilding, PendingSso, SessionPayload, SignInOutput, SsoCallbackResult } from './authFlow.types';
import { changedField, errorFromEvent, notProvided, outputParams, touchedField, trimmedEmail } from './authStep';
import type { SignInContext, SignInSchema } from './signIn.types';
import type { SignInMethod } from './signupType';
import { isFarmToken, isValidEmail } from './validation';
import { farmSelectorMachine } from '../farm/farmSelector.machine';
import { fieldEvents } from '../shared/formFields';

export const SIGN_IN_ID = 'signIn';

const DEACTIVATED = { status: 403, message: 'This account has been deactivated', code: 'deactivated' };

type Ends = { context: SignInContext };
const signedIn = ({ context }: Ends): SignInOutput => ({ next: 'signedIn', session: context.session! });
const toSignUp = ({ context }: Ends): SignInOutput => ({
  next: 'signUp',
  input: { fields: context.fields, record: context.record, method: context.method, ssoTransaction: context.ssoTransaction },
});
/** The optional callback of a failed sign-in, run in all cases (with or without the logout). */
const loginFailed = (method: 'password' | 'sso') =>
  ({
    type: 'loginFailed',
    params: ({ context, event }: { context: SignInContext; event: EventObject }) => ({
      error: errorFromEvent(event),
      method,
      loggedOut: context.logoutOnFailure,
    }),
  }) as const;
const toResetPassword = ({ context }: Ends): SignInOutput => ({ next: 'resetPassword', input: { fields: context.fields } });

/**
 * Sign-in: the email, what its check finds (an account, a domain with single sign-on, a new person), the password,
 * and the identity provider's return. It ends signed in, or hands over to sign-up or to the password reset (its
 * output says which; the auth flow router starts that step).
 */
/** The child that loads the guest buildings after a failed email check. */
export const GUEST_BUILDINGS = 'guestBuildings';

export const signInMachine = setup({
  types: {} as SignInSchema,
  actors: {
    checkEmail: fromPromise<CheckEmailOutput, { email: string }>(notProvided('checkEmail')),
    signIn: fromPromise<SessionPayload, { email: string; password: string }>(notProvided('signIn')),
    ssoCallback: fromPromise<SsoCallbackResult, { code: string; state: string }>(notProvided('ssoCallback')),
    /** The farm selector's own machine; the app provides it with the farm list and the farm persistence. */
    farmSelector: farmSelectorMachine,
    /** The public buildings open to guests (access document section 4: a failed email check loads them). */
    loadGuestBuildings: fromPromise<GuestBuilding[], void>(async () => []),
  },
  actions: {
    /** Keeps the pending SSO details and leaves for the identity provider (wired by the app). */
    redirectToProvider: (_, _params: { url: string; pending: PendingSso }) => {},
    /** Opens a mail to support about an unknown company domain (wired by the app). */
    reportUnknownDomain: (_, _params: { email: string }) => {},
    /**
     * The optional callback of a failed sign-in (access document section 4: it "runs an optional callback in all
     * cases", whether or not it logs out). Does nothing unless the app provides it.
     */
    loginFailed: (_, _params: { error: AuthError; method: 'password' | 'sso'; loggedOut: boolean }) => {},
    /**
     * A failed sign-in whose input set `logoutOnFailure` logs out through the actor registered as `session` (its
     * logout clears tokens, kept state and SSO details); without it, nothing.
     */
    logOutOnFailure: enqueueActions(({ enqueue, system, context }) => {
      const session = system.get(SESSION_ID);
      const event: SessionEvent = { type: 'session.logout' };
      if (context.logoutOnFailure && session) enqueue.sendTo(session, event);
    }),
    setField: assign(({ context, event }) => changedField(context, event)),
    touch: assign(({ context, event }) => touchedField(context, event)),
    setErrorFromEvent: assign(({ event }) => ({ error: errorFromEvent(event) })),
    /** Starts loading the guest buildings beside the email step (decision 042); the step stays usable meanwhile. */
    loadGuestBuildings: spawnChild('loadGuestBuildings', { id: GUEST_BUILDINGS }),
    rememberGuestBuildings: assign(({ event }) => ({ guestBuildings: (event as unknown as { output: GuestBuilding[] }).output })),
    noteDeactivated: assign({ error: DEACTIVATED }),
    clearError: assign({ error: null, notice: null }),
    clearEmail: assign(({ context }) => ({ fields: { ...context.fields, email: '' } })),
    startSignup: assign({ flow: 'sign_up' as const, error: null }),
    rememberCheck: assign((_, { output }: { output: CheckEmailOutput }) => ({ record: output.record, sso: output.sso })),
    chooseMethod: assign((_, params: { method: SignInMethod }) => ({ method: params.method })),
    rememberSession: assign((_, { output }: { output: SessionPayload }) => ({ session: output })),
    /** The identity provider's answer: a session, or a new person's details to sign up with. */
    rememberSsoAnswer: assign(({ context }, { output }: { output: SsoCallbackResult }) => {
      if (output.status === 'authenticated') return { session: output.session };
      return {
        method: 'provider' as const,
        ssoTransaction: output.transaction_uuid,
        record: context.ssoReturn?.pending?.record ?? null,
        fields: { ...context.fields, email: output.user.email, first_name: output.user.first_name ?? '', last_name: output.user.last_name ?? '' },
      };
    }),
  },
  guards: {
    hasSsoReturn: ({ context }) => context.ssoReturn !== null,
    startsAtPassword: ({ context }) => context.at === 'password',
    emailValid: ({ context }) => isValidEmail(context.fields.email),
    isFarmToken: ({ context }) => isFarmToken(context.fields.email),
    passwordFilled: ({ context }) => context.fields.password.length > 0,
    deactivated: (_, { output }: { output: CheckEmailOutput }) => output.record.deactivated,
    /** Registered, confirmed, terms accepted and active: the specification's "available". */
    accountAvailable: (_, { output }: { output: CheckEmailOutput }) => {
      const r = output.record;
      return !!r.email && r.terms_accepted && r.confirmed && !r.deactivated;
    },
    hasProviders: (_, { output }: { output: CheckEmailOutput }) =>
      !!output.sso && output.sso.oidc_providers.length + output.sso.saml_providers.length > 0,
    domainRejected: ({ event }) => errorFromEvent(event).status === 403,
    canUsePassword: ({ context }) => {
      const r = context.record;
      return !context.sso?.sso_required && !!r?.email && r.terms_accepted && r.confirmed;
    },
    canContinueWithEmail: ({ context }) => {
      const r = context.record;
      return !context.sso?.sso_required && !(r?.email && r.terms_accepted && r.confirmed);
    },
    providerKnown: ({ context, event }) =>
      event.type === 'user.chooseProvider' && !!context.sso?.oidc_providers.some((p) => p.uuid === event.uuid && p.authorization_url),
    ssoAuthenticated: (_, { output }: { output: SsoCallbackResult }) => output.status === 'authenticated',
  },
}).createMachine({
  id: SIGN_IN_ID,
  context: ({ input }) => ({
    flow: input.flow,
    fields: input.fields,
    touched: {},
    error: input.error ?? null,
    notice: null,
    at: input.at ?? 'email',
    ssoReturn: input.ssoReturn ?? null,
    record: null,
    sso: null,
    method: null,
    ssoTransaction: null,
    session: null,
    guestBuildings: [],
    logoutOnFailure: input.logoutOnFailure ?? false,
  }),
  initial: 'start',
  on: {
    ...fieldEvents('setField', 'touch'),
    [`xstate.done.actor.${GUEST_BUILDINGS}`]: { actions: 'rememberGuestBuildings' },
  },
  output: ({ event }) => event.output as SignInOutput,
  states: {
    start: {
      always: [{ guard: 'hasSsoReturn', target: 'ssoReturn' }, { guard: 'startsAtPassword', target: 'password' }, { target: 'email' }],
    },
    email: {
      description: 'Enter email: the first step of signing in and of signing up.',
      tags: ['route:email'],
      on: {
        'user.submit': [
          { guard: 'isFarmToken', target: 'farmSelector' },
          { guard: 'emailValid', target: 'checkingEmail' },
        ],
        'user.startSignup': { actions: 'startSignup' },
        'user.forgotPassword': { target: 'toResetPassword' },
      },
    },
    checkingEmail: {
      tags: ['route:email', 'loading'],
      invoke: {
        src: 'checkEmail',
        input: ({ context }) => ({ email: trimmedEmail(context.fields) }),
        onDone: [
          { guard: { type: 'deactivated', params: outputParams }, target: 'email', actions: 'noteDeactivated' },
          { guard: { type: 'hasProviders', params: outputParams }, target: 'ssoChoice', actions: { type: 'rememberCheck', params: outputParams } },
          { guard: { type: 'accountAvailable', params: outputParams }, target: 'password', actions: { type: 'rememberCheck', params: outputParams } },
          // No account yet, one made for the person, or a sign-up nobody finished: sign-up takes over.
          { target: 'toSignUp', actions: { type: 'rememberCheck', params: outputParams } },
        ],
        onError: [
          { guard: 'domainRejected', target: 'invalidDomain' },
          { target: 'email', actions: ['setErrorFromEvent', 'loadGuestBuildings'] },
        ],
      },
    },
    invalidDomain: {
      description: "The 'Company Email Not Found' modal over the email step.",
      tags: ['route:email', 'modal:invalidDomain'],
      on: {
        'user.close': { target: 'email' },
        'user.report': { target: 'email', actions: { type: 'reportUnknownDomain', params: ({ context }) => ({ email: context.fields.email }) } },
      },
    },
    farmSelector: {
      description: 'The farm selector, opened by the farm token in the email field.',
      tags: ['route:email', 'modal:farm'],
      entry: 'clearEmail',
      // Choosing or clearing a farm ends the selector; the flow goes back to the email step.
      invoke: { id: 'farmSelector', src: 'farmSelector', onDone: { target: 'email' } },
      on: { 'user.close': { target: 'email' } },
    },
    ssoChoice: {
      description: 'The SSO modal: the providers of the domain, and where allowed a password or email alternative.',
      tags: ['route:email', 'modal:sso'],
      on: {
        'user.chooseProvider': {
          guard: 'providerKnown',
          target: 'redirecting',
          actions: {
            type: 'redirectToProvider',
            params: ({ context, event }) => ({
              url: context.sso!.oidc_providers.find((p) => p.uuid === (event as { uuid: string }).uuid)!.authorization_url!,
              pending: { email: trimmedEmail(context.fields), method: 'provider', record: context.record },
            }),
          },
        },
        'user.usePassword': { guard: 'canUsePassword', target: 'password' },
        'user.continueWithEmail': {
          guard: 'canContinueWithEmail',
          target: 'toSignUp',
          actions: { type: 'chooseMethod', params: { method: 'email' } },
        },
        'user.close': { target: 'email' },
      },
    },
    redirecting: {
      description: 'Waiting for the browser to leave for the identity provider.',
      tags: ['loading', 'view:redirecting'],
    },
    ssoReturn: {
      description: 'Back from the identity provider with code and state: exchange the code.',
      tags: ['loading', 'view:sso_return'],
      invoke: {
        src: 'ssoCallback',
        input: ({ context }) => ({ code: context.ssoReturn!.code, state: context.ssoReturn!.state }),
        onDone: [
          {
            guard: { type: 'ssoAuthenticated', params: outputParams },
            target: 'signedIn',
            actions: { type: 'rememberSsoAnswer', params: outputParams },
          },
          // A new person at the provider: sign-up completes the account with the provider's transaction.
          { target: 'toSignUp', actions: { type: 'rememberSsoAnswer', params: outputParams } },
        ],
        onError: { target: 'email', actions: ['setErrorFromEvent', 'logOutOnFailure', loginFailed('sso')] },
      },
    },
    password: {
      tags: ['route:password'],
      on: {
        'user.submit': { guard: 'passwordFilled', target: 'signingIn' },
        'user.back': { target: 'email', actions: 'clearError' },
        'user.forgotPassword': { target: 'toResetPassword' },
      },
    },
    signingIn: {
      tags: ['route:password', 'loading'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: trimmedEmail(context.fields), password: context.fields.password }),
        onDone: { target: 'signedIn', actions: { type: 'rememberSession', params: outputParams } },
        onError: { target: 'password', actions: ['setErrorFromEvent', 'logOutOnFailure', loginFailed('password')] },
      },
    },
    signedIn: { type: 'final', output: signedIn },
    toSignUp: {
      description: 'A new person (or an account made for them, or a sign-up nobody finished): sign-up takes over.',
      type: 'final',
      output: toSignUp,
    },
    toResetPassword: {
      description: 'Forgot password: the reset takes over with the email typed so far.',
      type: 'final',
      output: toResetPassword,
    },
  },
});

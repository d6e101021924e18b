import { and, assign, fromPromise, setup } from 'xstate';
import {
  defaultFields,
  type AuthError,
  type AuthFlowContext,
  type AuthFlowEvent,
  type AuthFlowInput,
  type BuildingOption,
  type CheckEmailOutput,
  type PendingSso,
  type SessionPayload,
  type SsoCallbackResult,
} from './authFlow.types';
import { signupPlan, signupType, SIGNUP_STEPS, type SignupStep } from './signupType';
import { isFarmToken, isValidCode, isValidEmail, isValidPassword, isValidSignupName } from './validation';
import { farmSelectorMachine } from '../farm/farmSelector.machine';

export const AUTH_FLOW_ID = 'authFlow';

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** The state node of each sign-up step, so step order can stay data (see signupPlan). */
export const STEP_STATE: Record<SignupStep, string> = {
  building_select: 'buildingSelect',
  create_account: 'createAccount',
  create_password: 'createPassword',
  accept_terms: 'acceptTerms',
  verify_account: 'verifyAccount',
  enter_code: 'enterCode',
  congratulations: 'congratulations',
};

const neighbour = (steps: readonly SignupStep[], from: SignupStep, offset: 1 | -1) => steps[steps.indexOf(from) + offset];

/** Guarded transitions to whichever step follows (or precedes) `from` in the plan held in context. */
const toNeighbour = (from: SignupStep, offset: 1 | -1) =>
  SIGNUP_STEPS.filter((to) => to !== from).map((to) => ({
    target: `#${AUTH_FLOW_ID}.signup.${STEP_STATE[to]}`,
    guard: { type: 'neighbourIs' as const, params: { from, to, offset } },
  }));

const domainOf = (email: string) => email.trim().toLowerCase().split('@')[1] ?? '';

export const authFlowMachine = setup({
  types: {
    context: {} as AuthFlowContext,
    events: {} as AuthFlowEvent,
    input: {} as AuthFlowInput,
  },
  actors: {
    checkEmail: fromPromise<CheckEmailOutput, { email: string }>(notProvided('checkEmail')),
    signIn: fromPromise<SessionPayload, { email: string; password: string }>(notProvided('signIn')),
    loadBuildings: fromPromise<BuildingOption[], { domain: string }>(notProvided('loadBuildings')),
    register: fromPromise<{ confirmed: boolean }, AuthFlowContext['fields']>(notProvided('register')),
    completeSso: fromPromise<SessionPayload, { email: string; transaction: string; fields: AuthFlowContext['fields'] }>(notProvided('completeSso')),
    /** Confirms the sign-up with the mailed code and sets its password: whoever proves the mailbox chooses it. */
    consumeSignupCode: fromPromise<void, { email: string; code: string; password: string }>(notProvided('consumeSignupCode')),
    resendSignupCode: fromPromise<void, { email: string }>(notProvided('resendSignupCode')),
    sendResetCode: fromPromise<void, { email: string }>(notProvided('sendResetCode')),
    consumeResetCode: fromPromise<void, { email: string; code: string; new_password: string }>(notProvided('consumeResetCode')),
    ssoCallback: fromPromise<SsoCallbackResult, { code: string; state: string }>(notProvided('ssoCallback')),
    /** The farm selector's own machine; the app provides it with the farm list and the farm persistence. */
    farmSelector: farmSelectorMachine,
  },
  actions: {
    /** Hands the new session to the session machine (wired by the app). */
    emitSignedIn: (_, _params: { session: SessionPayload }) => {},
    /** Keeps the pending SSO details and leaves for the identity provider (wired by the app). */
    redirectToProvider: (_, _params: { url: string; pending: PendingSso }) => {},
    /** Opens a mail to support about an unknown company domain (wired by the app). */
    reportUnknownDomain: (_, _params: { email: string }) => {},
    /**
     * Tells the session which auth mode the person is in (access document section 2: "sign-up mode redirects to the
     * sign-up route"), so the routing rules send a signed-out visitor to the sign-up while one is under way (wired by
     * the app).
     */
    setAuthMode: (_, _params: { mode: 'login' | 'signup' }) => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'user.change') return {};
      return { fields: { ...context.fields, [event.field]: event.value }, error: null, notice: null };
    }),
    touch: assign(({ context, event }) => (event.type === 'user.blur' ? { touched: { ...context.touched, [event.field]: true } } : {})),
    setError: assign((_, params: { error: unknown }) => ({ error: toAuthError(params.error) })),
    clearError: assign({ error: null, notice: null }),
    noteCodeResent: assign({ notice: 'code_resent' as const, error: null }),
    clearCode: assign(({ context }) => ({ fields: { ...context.fields, code: '' } })),
    rememberCheck: assign((_, params: { output: CheckEmailOutput }) => ({ record: params.output.record, sso: params.output.sso })),
    choosePath: assign(({ context }, params: { method: 'provider' | 'email' | null }) => {
      const record = context.record;
      // Back from an identity provider without the stored email check (another tab, storage cleared): the
      // domain signs in with SSO, so treat it as required rather than as a password sign-up.
      const ssoMode = record?.sso_mode ?? (params.method === 'provider' ? 'required' : 'none');
      const type = signupType({ record, ssoMode, method: params.method });
      const plan = signupPlan(type, { domainBuildingCount: record?.building_count ?? 0, viaProvider: params.method === 'provider' });
      return { method: params.method, signupType: type, steps: plan.steps, completion: plan.completion, flow: 'sign_up' as const };
    }),
    rememberSession: assign((_, params: { session: SessionPayload }) => ({ session: params.session })),
    startReset: assign({ flow: 'reset_password' as const, error: null, notice: null }),
    startLogin: assign(({ context }) => ({ flow: 'auth_login' as const, error: null, notice: null, fields: { ...defaultFields(), email: context.fields.email } })),
    startSignupFlow: assign({ flow: 'sign_up' as const, error: null }),
  },
  guards: {
    emailValid: ({ context }) => isValidEmail(context.fields.email),
    isFarmToken: ({ context }) => isFarmToken(context.fields.email),
    passwordFilled: ({ context }) => context.fields.password.length > 0,
    deactivated: (_, params: { output: CheckEmailOutput }) => params.output.record.deactivated,
    /** Registered, confirmed, terms accepted and active: the specification's "available". */
    accountAvailable: (_, params: { output: CheckEmailOutput }) => {
      const r = params.output.record;
      return !!r.email && r.terms_accepted && r.confirmed && !r.deactivated;
    },
    hasProviders: (_, params: { output: CheckEmailOutput }) =>
      !!params.output.sso && params.output.sso.oidc_providers.length + params.output.sso.saml_providers.length > 0,
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
    domainRejected: (_, params: { error: unknown }) => toAuthError(params.error).status === 403,
    hasSsoReturn: ({ context }) => context.ssoReturn !== null,
    startsAtReset: ({ context }) => context.flow === 'reset_password',
    ssoAuthenticated: (_, params: { output: SsoCallbackResult }) => params.output.status === 'authenticated',
    neighbourIs: ({ context }, params: { from: SignupStep; to: SignupStep; offset: 1 | -1 }) =>
      neighbour(context.steps, params.from, params.offset) === params.to,
    isFirstStep: ({ context }, params: { step: SignupStep }) => context.steps[0] === params.step,
    firstStepIs: ({ context }, params: { step: SignupStep }) => context.steps[0] === params.step,
    buildingChosen: ({ context }) => !!context.fields.building_uuid && context.buildings.some((b) => b.uuid === context.fields.building_uuid),
    namesValid: ({ context }) => isValidSignupName(context.fields.first_name) && isValidSignupName(context.fields.last_name),
    passwordValid: ({ context }) => isValidPassword(context.fields.password),
    termsAccepted: ({ context }) => context.fields.is_term_accepted,
    completesWithSso: ({ context }) => context.completion === 'sso',
    codeValid: ({ context }) => isValidCode(context.fields.code),
    registeredConfirmed: (_, params: { output: { confirmed: boolean } }) => params.output.confirmed,
    hasSession: ({ context }) => context.session !== null,
    newPasswordReady: ({ context }) =>
      isValidPassword(context.fields.password) && context.fields.password === context.fields.confirm_password,
    errorStatusIs: (_, params: { error: unknown; status: number }) => toAuthError(params.error).status === params.status,
    codeUnusable: (_, params: { error: unknown }) => [403, 410].includes(toAuthError(params.error).status),
  },
}).createMachine({
  id: AUTH_FLOW_ID,
  context: ({ input }) => ({
    flow: input.flow ?? 'auth_login',
    fields: { ...defaultFields(), email: input.email ?? '' },
    touched: {},
    record: null,
    sso: null,
    method: null,
    signupType: null,
    steps: [],
    completion: 'register',
    buildings: [],
    ssoTransaction: null,
    ssoReturn: input.ssoReturn ?? null,
    error: null,
    notice: null,
    session: null,
  }),
  initial: 'start',
  on: {
    'user.change': { actions: 'setField' },
    'user.blur': { actions: 'touch' },
  },
  states: {
    start: {
      always: [
        { guard: 'hasSsoReturn', target: 'ssoReturn' },
        { guard: 'startsAtReset', target: 'reset' },
        { target: 'email' },
      ],
    },
    email: {
      description: 'Enter email: the first step of signing in and of signing up.',
      tags: ['route:email'],
      entry: { type: 'setAuthMode', params: { mode: 'login' } },
      on: {
        'user.submit': [
          { guard: 'isFarmToken', target: 'farmSelector' },
          { guard: 'emailValid', target: 'checkingEmail' },
        ],
        'user.startSignup': { actions: 'startSignupFlow' },
        'user.forgotPassword': { target: 'reset', actions: 'startReset' },
      },
    },
    checkingEmail: {
      tags: ['route:email', 'loading'],
      invoke: {
        src: 'checkEmail',
        input: ({ context }) => ({ email: context.fields.email.trim() }),
        onDone: [
          {
            guard: { type: 'deactivated', params: ({ event }) => ({ output: event.output }) },
            target: 'email',
            actions: { type: 'setError', params: { error: { status: 403, message: 'This account has been deactivated', code: 'deactivated' } } },
          },
          {
            guard: { type: 'hasProviders', params: ({ event }) => ({ output: event.output }) },
            target: 'ssoChoice',
            actions: { type: 'rememberCheck', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'accountAvailable', params: ({ event }) => ({ output: event.output }) },
            target: 'password',
            actions: { type: 'rememberCheck', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'signup',
            actions: [{ type: 'rememberCheck', params: ({ event }) => ({ output: event.output }) }, { type: 'choosePath', params: { method: null } }],
          },
        ],
        onError: [
          { guard: { type: 'domainRejected', params: ({ event }) => ({ error: event.error }) }, target: 'invalidDomain' },
          { target: 'email', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
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
      entry: assign(({ context }) => ({ fields: { ...context.fields, email: '' } })),
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
              pending: { email: context.fields.email.trim(), method: 'provider', record: context.record },
            }),
          },
        },
        'user.usePassword': { guard: 'canUsePassword', target: 'password' },
        'user.continueWithEmail': { guard: 'canContinueWithEmail', target: 'signup', actions: { type: 'choosePath', params: { method: 'email' } } },
        'user.close': { target: 'email' },
      },
    },
    redirecting: {
      description: 'Waiting for the browser to leave for the identity provider.',
      tags: ['loading'],
    },
    ssoReturn: {
      description: 'Back from the identity provider with code and state: exchange the code.',
      tags: ['loading'],
      invoke: {
        src: 'ssoCallback',
        input: ({ context }) => ({ code: context.ssoReturn!.code, state: context.ssoReturn!.state }),
        onDone: [
          {
            guard: { type: 'ssoAuthenticated', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: { type: 'rememberSession', params: ({ event }) => ({ session: (event.output as { session: SessionPayload }).session }) },
          },
          {
            target: 'signup',
            actions: [
              assign(({ context, event }) => {
                const out = event.output as Extract<SsoCallbackResult, { status: 'signup' }>;
                const pending = context.ssoReturn?.pending ?? null;
                return {
                  ssoTransaction: out.transaction_uuid,
                  record: pending?.record ?? null,
                  fields: {
                    ...context.fields,
                    email: out.user.email,
                    first_name: out.user.first_name ?? '',
                    last_name: out.user.last_name ?? '',
                  },
                };
              }),
              { type: 'choosePath', params: { method: 'provider' } },
            ],
          },
        ],
        onError: { target: 'email', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    password: {
      tags: ['route:password'],
      on: {
        'user.submit': { guard: 'passwordFilled', target: 'signingIn' },
        'user.back': { target: 'email', actions: 'clearError' },
        'user.forgotPassword': { target: 'reset', actions: 'startReset' },
      },
    },
    signingIn: {
      tags: ['route:password', 'loading'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: context.fields.email.trim(), password: context.fields.password }),
        onDone: { target: 'signedIn', actions: { type: 'rememberSession', params: ({ event }) => ({ session: event.output }) } },
        onError: { target: 'password', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signup: {
      tags: ['route:signup'],
      entry: { type: 'setAuthMode', params: { mode: 'signup' } },
      // Signed in, or back to sign-in: the routing rules land signed-out visitors on sign-in again.
      exit: { type: 'setAuthMode', params: { mode: 'login' } },
      initial: 'first',
      on: {
        'user.backToLogin': { target: 'email', actions: 'startLogin' },
      },
      states: {
        first: {
          always: SIGNUP_STEPS.map((step) => ({
            target: STEP_STATE[step],
            guard: { type: 'firstStepIs' as const, params: { step } },
          })),
        },
        buildingSelect: {
          tags: ['step:building_select'],
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                src: 'loadBuildings',
                input: ({ context }) => ({ domain: domainOf(context.fields.email) }),
                onDone: { target: 'ready', actions: assign({ buildings: ({ event }) => event.output }) },
                onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            ready: {
              on: { 'user.submit': { guard: 'buildingChosen', actions: 'clearError', target: '#authFlow.signup.afterBuilding' } },
            },
            failed: { on: { 'user.submit': { target: 'loading', actions: 'clearError' } } },
          },
          on: { 'user.back': { target: '#authFlow.email', actions: 'clearError' } },
        },
        afterBuilding: { always: toNeighbour('building_select', 1) },
        createAccount: {
          tags: ['step:create_account'],
          on: {
            'user.submit': { guard: 'namesValid', target: 'afterAccount' },
            'user.back': [...toNeighbour('create_account', -1), { target: '#authFlow.email' }],
          },
        },
        afterAccount: { always: toNeighbour('create_account', 1) },
        createPassword: {
          tags: ['step:create_password'],
          on: {
            'user.submit': { guard: 'passwordValid', target: 'acceptTerms' },
            'user.back': toNeighbour('create_password', -1),
          },
        },
        acceptTerms: {
          tags: ['step:accept_terms'],
          on: {
            'user.submit': [
              { guard: and(['termsAccepted', 'completesWithSso']), target: 'completingSso' },
              { guard: 'termsAccepted', target: 'registering' },
            ],
            'user.back': toNeighbour('accept_terms', -1),
          },
        },
        registering: {
          tags: ['step:accept_terms', 'loading'],
          invoke: {
            src: 'register',
            input: ({ context }) => ({ ...context.fields, email: context.fields.email.trim() }),
            onDone: [
              { guard: { type: 'registeredConfirmed', params: ({ event }) => ({ output: event.output }) }, target: 'signingIn' },
              { target: 'verifyAccount' },
            ],
            onError: { target: 'acceptTerms', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        completingSso: {
          tags: ['step:accept_terms', 'loading'],
          invoke: {
            src: 'completeSso',
            input: ({ context }) => ({ email: context.fields.email.trim(), transaction: context.ssoTransaction ?? '', fields: context.fields }),
            onDone: { target: 'congratulations', actions: { type: 'rememberSession', params: ({ event }) => ({ session: event.output }) } },
            onError: { target: 'acceptTerms', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        verifyAccount: {
          description: 'Tells the person a code was mailed to their address.',
          tags: ['step:verify_account'],
          on: {
            'user.submit': { target: 'enterCode', actions: 'clearError' },
            'user.resend': { target: 'resendingCode' },
          },
        },
        resendingCode: {
          tags: ['step:enter_code', 'loading'],
          invoke: {
            src: 'resendSignupCode',
            input: ({ context }) => ({ email: context.fields.email.trim() }),
            onDone: { target: 'enterCode', actions: ['noteCodeResent', 'clearCode'] },
            onError: { target: 'enterCode', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        enterCode: {
          tags: ['step:enter_code'],
          on: {
            'user.submit': { guard: 'codeValid', target: 'confirmingCode' },
            'user.resend': { target: 'resendingCode' },
          },
        },
        confirmingCode: {
          tags: ['step:enter_code', 'loading'],
          invoke: {
            src: 'consumeSignupCode',
            input: ({ context }) => ({ email: context.fields.email.trim(), code: context.fields.code, password: context.fields.password }),
            onDone: { target: 'congratulations' },
            onError: { target: 'enterCode', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        congratulations: {
          tags: ['step:congratulations'],
          on: {
            'user.submit': [{ guard: 'hasSession', target: '#authFlow.signedIn' }, { target: 'signingIn' }],
          },
        },
        signingIn: {
          tags: ['step:congratulations', 'loading'],
          invoke: {
            src: 'signIn',
            input: ({ context }) => ({ email: context.fields.email.trim(), password: context.fields.password }),
            onDone: { target: '#authFlow.signedIn', actions: { type: 'rememberSession', params: ({ event }) => ({ session: event.output }) } },
            onError: { target: 'congratulations', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    reset: {
      tags: ['route:reset'],
      initial: 'verifyAccount',
      on: {
        'user.backToLogin': { target: 'email', actions: 'startLogin' },
      },
      states: {
        verifyAccount: {
          description: 'The email to send the reset code to.',
          tags: ['step:verify_account'],
          on: { 'user.submit': { guard: 'emailValid', target: 'sendingCode' } },
        },
        sendingCode: {
          tags: ['step:verify_account', 'loading'],
          invoke: {
            src: 'sendResetCode',
            input: ({ context }) => ({ email: context.fields.email.trim() }),
            onDone: { target: 'enterCode', actions: 'clearCode' },
            onError: { target: 'verifyAccount', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        enterCode: {
          tags: ['step:enter_code'],
          on: {
            'user.submit': { guard: 'codeValid', target: 'newPassword', actions: 'clearError' },
            'user.resend': { target: 'resendingCode' },
            'user.back': { target: 'verifyAccount', actions: 'clearError' },
          },
        },
        resendingCode: {
          tags: ['step:enter_code', 'loading'],
          invoke: {
            src: 'sendResetCode',
            input: ({ context }) => ({ email: context.fields.email.trim() }),
            onDone: { target: 'enterCode', actions: ['noteCodeResent', 'clearCode'] },
            onError: { target: 'enterCode', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        newPassword: {
          tags: ['step:new_password'],
          on: {
            'user.submit': { guard: 'newPasswordReady', target: 'saving' },
            'user.back': { target: 'enterCode', actions: 'clearError' },
          },
        },
        saving: {
          tags: ['step:new_password', 'loading'],
          invoke: {
            src: 'consumeResetCode',
            input: ({ context }) => ({ email: context.fields.email.trim(), code: context.fields.code, new_password: context.fields.password }),
            onDone: { target: 'done' },
            onError: [
              // The code can no longer be used (its tries are spent, 403; it expired, 410): the reset failed, and the
              // person goes back to sign-in (access document section 4), the email kept and the reason shown.
              {
                guard: { type: 'codeUnusable', params: ({ event }) => ({ error: event.error }) },
                target: '#authFlow.email',
                actions: ['startLogin', { type: 'setError', params: ({ event }) => ({ error: event.error }) }],
              },
              // 409: the password was used before; the code is still good, so only the password changes.
              { guard: { type: 'errorStatusIs', params: ({ event }) => ({ error: event.error, status: 409 }) }, target: 'newPassword', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
              { guard: { type: 'errorStatusIs', params: ({ event }) => ({ error: event.error, status: 0 }) }, target: 'newPassword', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
              { target: 'enterCode', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        done: {
          description: 'Password reset: back to sign-in with the email filled in.',
          tags: ['step:congratulations'],
          on: {
            'user.submit': {
              target: '#authFlow.password',
              actions: assign(({ context }) => ({ flow: 'auth_login' as const, fields: { ...defaultFields(), email: context.fields.email } })),
            },
          },
        },
      },
    },
    signedIn: {
      type: 'final',
      entry: { type: 'emitSignedIn', params: ({ context }) => ({ session: context.session! }) },
    },
  },
});

export function toAuthError(error: unknown): AuthError {
  if (error && typeof error === 'object' && 'status' in error && typeof (error as AuthError).status === 'number') {
    const e = error as AuthError;
    return {
      status: e.status,
      message: String(e.message ?? ''),
      ...(e.code ? { code: e.code } : {}),
      ...(typeof e.retryAfter === 'number' ? { retryAfter: e.retryAfter } : {}),
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : 'Unable to complete at this moment. Please try again later.' };
}

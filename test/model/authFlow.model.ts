import { assign, setup } from 'xstate';

/**
 * A pure test model of the auth flow (no invoke, no delays, as createTestModel needs). Its events are what a
 * person does (`user.*`) and what the server answers (`api.*`); its states mirror the steps of the real machines: the
 * router and the sign-in, sign-up and reset machines it runs (the test maps each state to one of them). `plan` stands
 * for the sign-up plan the sign-up machine derives from the email check.
 */
export type Plan = 'none' | 'oneBuilding' | 'manyBuildings' | 'precreated' | 'sso';

export type ModelEvent =
  | { type: 'start.login' }
  | { type: 'start.signup' }
  | { type: 'start.reset' }
  | { type: 'start.ssoReturn' }
  | { type: 'user.startSignup' }
  | { type: 'user.useDefaultApi' }
  | { type: 'user.retry' }
  | { type: 'user.enterEmail' }
  | { type: 'user.enterFarmToken' }
  | { type: 'user.close' }
  | { type: 'user.report' }
  | { type: 'user.enterPassword' }
  | { type: 'user.back' }
  | { type: 'user.forgotPassword' }
  | { type: 'user.chooseProvider' }
  | { type: 'user.usePassword' }
  | { type: 'user.continueWithEmail' }
  | { type: 'user.chooseBuilding' }
  | { type: 'user.enterNames' }
  | { type: 'user.createPassword' }
  | { type: 'user.acceptTerms' }
  | { type: 'user.continue' }
  | { type: 'user.resend' }
  | { type: 'user.enterCode' }
  | { type: 'user.getStarted' }
  | { type: 'user.enterResetEmail' }
  | { type: 'user.enterNewPassword' }
  | { type: 'user.backToLogin' }
  | { type: 'api.available' }
  | { type: 'api.newOneBuilding' }
  | { type: 'api.newManyBuildings' }
  | { type: 'api.precreated' }
  | { type: 'api.unconfirmed' }
  | { type: 'api.deactivated' }
  | { type: 'api.rejected' }
  | { type: 'api.ssoRequired' }
  | { type: 'api.ssoOptionalExisting' }
  | { type: 'api.ssoOptionalNew' }
  | { type: 'api.ok' }
  /** Registered, and the account is already confirmed (one made for the person): no code to wait for. */
  | { type: 'api.confirmed' }
  /** No answer at all (the network): status 0. */
  | { type: 'api.unreachable' }
  | { type: 'api.failed' }
  | { type: 'api.passwordReused' }
  /** The reset code can no longer be used (its tries spent, or expired). */
  | { type: 'api.codeSpent' }
  | { type: 'api.ssoSignup' };

export const authFlowModel = setup({
  types: { context: {} as { plan: Plan; optionalSso: 'existing' | 'new' | null }, events: {} as ModelEvent },
  actions: {
    setPlan: assign((_, params: { plan: Plan }) => ({ plan: params.plan })),
  },
  guards: {
    plan: ({ context }, params: { is: Plan[] }) => params.is.includes(context.plan),
    optionalSso: ({ context }, params: { is: 'existing' | 'new' }) => context.optionalSso === params.is,
  },
}).createMachine({
  id: 'authFlowModel',
  context: { plan: 'none', optionalSso: null },
  initial: 'start',
  states: {
    start: { on: { 'start.login': 'email', 'start.signup': 'signUpEmail', 'start.reset': 'resetLoading', 'start.ssoReturn': 'ssoReturn' } },
    email: {
      // Back at the email step nothing of an earlier attempt matters to what comes next.
      entry: assign({ plan: 'none', optionalSso: null }),
      on: {
        'user.enterEmail': 'checkingEmail',
        'user.enterFarmToken': 'farmSelector',
        'user.forgotPassword': 'resetLoading',
        'user.startSignup': 'signUpEmail',
      },
    },
    signUpEmail: {
      description: 'The email step titled for signing up: asked for, opened at /signup, or back from sign-up.',
      entry: assign({ plan: 'none', optionalSso: null }),
      on: {
        'user.enterEmail': 'checkingEmail',
        'user.enterFarmToken': 'farmSelector',
        'user.forgotPassword': 'resetLoading',
      },
    },
    farmSelector: { on: { 'user.close': 'email', 'user.useDefaultApi': 'email' } },
    checkingEmail: {
      on: {
        'api.available': 'password',
        'api.newOneBuilding': { target: 'signUpLoading', actions: { type: 'setPlan', params: { plan: 'oneBuilding' } } },
        'api.newManyBuildings': { target: 'signUpLoading', actions: { type: 'setPlan', params: { plan: 'manyBuildings' } } },
        'api.precreated': { target: 'signUpLoading', actions: { type: 'setPlan', params: { plan: 'precreated' } } },
        // A sign-up nobody confirmed starts again from its first step (the server answers it as no account at all).
        'api.unconfirmed': { target: 'signUpLoading', actions: { type: 'setPlan', params: { plan: 'oneBuilding' } } },
        'api.deactivated': 'email',
        'api.rejected': 'invalidDomain',
        'api.failed': 'email',
        'api.ssoRequired': { target: 'ssoChoice', actions: assign({ optionalSso: null }) },
        'api.ssoOptionalExisting': { target: 'ssoChoice', actions: assign({ optionalSso: 'existing' }) },
        'api.ssoOptionalNew': { target: 'ssoChoice', actions: assign({ optionalSso: 'new' }) },
      },
    },
    invalidDomain: { on: { 'user.close': 'email', 'user.report': 'email' } },
    ssoChoice: {
      on: {
        'user.close': 'email',
        'user.chooseProvider': 'redirecting',
        'user.usePassword': { guard: { type: 'optionalSso', params: { is: 'existing' } }, target: 'password' },
        'user.continueWithEmail': {
          guard: { type: 'optionalSso', params: { is: 'new' } },
          target: 'signUpLoading',
          actions: { type: 'setPlan', params: { plan: 'oneBuilding' } },
        },
      },
    },
    redirecting: {},
    ssoReturn: {
      on: {
        'api.ok': 'signedIn',
        'api.ssoSignup': { target: 'signUpLoading', actions: { type: 'setPlan', params: { plan: 'sso' } } },
        'api.failed': 'email',
      },
    },
    password: {
      on: { 'user.enterPassword': 'signingIn', 'user.back': 'email', 'user.forgotPassword': 'resetLoading' },
    },
    signingIn: { on: { 'api.ok': 'signedIn', 'api.failed': 'password' } },
    // The code of sign-up and of the reset arrives when first needed: its own call, which can fail (the network).
    signUpLoading: {
      on: {
        'api.ok': [{ guard: { type: 'plan', params: { is: ['manyBuildings'] } }, target: 'buildingLoading' }, { target: 'createAccount' }],
        'api.failed': 'email',
      },
    },
    resetLoading: { on: { 'api.ok': 'resetVerify', 'api.failed': 'email' } },
    buildingLoading: { on: { 'api.ok': 'buildingSelect', 'api.failed': 'buildingFailed' } },
    buildingFailed: { on: { 'user.back': 'signUpEmail', 'user.retry': 'buildingLoading' } },
    buildingSelect: { on: { 'user.chooseBuilding': 'createAccount', 'user.back': 'signUpEmail', 'user.backToLogin': 'email' } },
    createAccount: {
      on: {
        'user.enterNames': [{ guard: { type: 'plan', params: { is: ['sso'] } }, target: 'acceptTerms' }, { target: 'createPassword' }],
        'user.back': [{ guard: { type: 'plan', params: { is: ['manyBuildings'] } }, target: 'buildingLoading' }, { target: 'signUpEmail' }],
        'user.backToLogin': 'email',
      },
    },
    createPassword: { on: { 'user.createPassword': 'acceptTerms', 'user.back': 'createAccount' } },
    acceptTerms: {
      on: {
        'user.acceptTerms': [{ guard: { type: 'plan', params: { is: ['sso'] } }, target: 'completingSso' }, { target: 'registering' }],
        'user.back': [{ guard: { type: 'plan', params: { is: ['sso'] } }, target: 'createAccount' }, { target: 'createPassword' }],
      },
    },
    registering: { on: { 'api.ok': 'verifyAccount', 'api.confirmed': 'finalSigningIn', 'api.failed': 'acceptTerms' } },
    completingSso: { on: { 'api.ok': 'congratulations', 'api.failed': 'acceptTerms' } },
    verifyAccount: { on: { 'user.continue': 'enterCode', 'user.resend': 'resendingCode' } },
    resendingCode: { on: { 'api.ok': 'enterCode', 'api.failed': 'enterCode' } },
    enterCode: { on: { 'user.enterCode': 'confirmingCode', 'user.resend': 'resendingCode' } },
    confirmingCode: { on: { 'api.ok': 'congratulations', 'api.failed': 'enterCode' } },
    congratulations: {
      on: { 'user.getStarted': [{ guard: { type: 'plan', params: { is: ['sso'] } }, target: 'signedIn' }, { target: 'finalSigningIn' }] },
    },
    finalSigningIn: { on: { 'api.ok': 'signedIn', 'api.failed': 'congratulations' } },
    resetVerify: { on: { 'user.enterResetEmail': 'resetSending', 'user.backToLogin': 'email' } },
    resetSending: { on: { 'api.ok': 'resetCode', 'api.failed': 'resetVerify' } },
    resetCode: {
      on: { 'user.enterCode': 'resetChecking', 'user.resend': 'resetResending', 'user.back': 'resetVerify', 'user.backToLogin': 'email' },
    },
    resetResending: { on: { 'api.ok': 'resetCode', 'api.failed': 'resetCode' } },
    // The code is checked as it is entered: a wrong one stays on the code step, a spent one ends the reset.
    resetChecking: { on: { 'api.ok': 'resetNewPassword', 'api.failed': 'resetCode', 'api.unreachable': 'resetCode', 'api.codeSpent': 'email' } },
    resetNewPassword: { on: { 'user.enterNewPassword': 'resetSaving', 'user.back': 'resetCode' } },
    // A failed reset verification goes back to sign-in; a mistyped code (api.failed) back to the code.
    resetSaving: {
      on: {
        'api.ok': 'resetDone',
        'api.passwordReused': 'resetNewPassword',
        'api.unreachable': 'resetNewPassword',
        'api.failed': 'resetCode',
        'api.codeSpent': 'email',
      },
    },
    resetDone: { on: { 'user.getStarted': 'password' } },
    signedIn: { type: 'final' },
  },
});

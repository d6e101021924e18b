import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authFlowMachine } from './authFlow.machine';
import type { AuthAddress, AuthError, AuthFlowContext, AuthStepContext, AuthStepTag, FieldName } from './authFlow.types';
import type { resetPasswordMachine } from './resetPassword.machine';
import type { signInMachine } from './signIn.machine';
import type { signUpMachine } from './signUp.machine';
import { stepPosition, type SignupStep } from './signupType';
import { isValidCode, isValidEmail, isValidSignupName } from './validation';

type RouterSnapshot = SnapshotFrom<typeof authFlowMachine>;

/** The step the auth flow runs now, with its actor: the views read its snapshot and send it their events. */
export type AuthStep =
  | { flow: 'signIn'; ref: ActorRefFrom<typeof signInMachine> }
  | { flow: 'signUp'; ref: ActorRefFrom<typeof signUpMachine> }
  | { flow: 'resetPassword'; ref: ActorRefFrom<typeof resetPasswordMachine> };

/**
 * The running step (the router's child: `signIn`, `signUp` or `resetPassword`), or null while a step's code loads and
 * once the person is signed in. Sign-up and the reset are spawned from loaded code, so their children are typed here.
 */
export function activeStep(snapshot: Pick<RouterSnapshot, 'children'>): AuthStep | null {
  const { signIn, signUp, resetPassword } = snapshot.children as {
    signIn?: Extract<AuthStep, { flow: 'signIn' }>['ref'];
    signUp?: Extract<AuthStep, { flow: 'signUp' }>['ref'];
    resetPassword?: Extract<AuthStep, { flow: 'resetPassword' }>['ref'];
  };
  if (signIn) return { flow: 'signIn', ref: signIn };
  if (signUp) return { flow: 'signUp', ref: signUp };
  if (resetPassword) return { flow: 'resetPassword', ref: resetPassword };
  return null;
}

/** Two readings of `activeStep` name the same running step. */
export const sameStep = (a: AuthStep | null, b: AuthStep | null) => a?.ref === b?.ref;

/**
 * The address the flow's step belongs on, as the router's chart decides it (null once someone is signed in: the
 * routing rules take the person on); the host applies it to the address bar.
 */
export const authRoute = (snapshot: { context: Pick<AuthFlowContext, 'address'> }): AuthAddress | null => snapshot.context.address;

/** What the step selectors below read of the running step's snapshot, whichever step it is. */
export interface StepSnapshot {
  context: AuthStepContext & { steps?: readonly SignupStep[] };
  hasTag(tag: AuthStepTag): boolean;
}

export type AuthView =
  'email' | 'password' | 'sso_return' | 'redirecting' | SignupStep | 'reset_verify' | 'reset_code' | 'reset_new_password' | 'reset_done';

const SIGNUP_VIEWS: SignupStep[] = [
  'building_select',
  'create_account',
  'create_password',
  'accept_terms',
  'verify_account',
  'enter_code',
  'congratulations',
];

/** Which screen the step is on. Modals are separate (see `authModal`): they sit over the email step. */
export function authView(snapshot: StepSnapshot): AuthView {
  if (snapshot.hasTag('view:sso_return')) return 'sso_return';
  if (snapshot.hasTag('view:redirecting')) return 'redirecting';
  if (snapshot.hasTag('route:password')) return 'password';
  if (snapshot.hasTag('route:signup')) return SIGNUP_VIEWS.find((step) => snapshot.hasTag(`step:${step}`)) ?? 'create_account';
  if (snapshot.hasTag('route:reset')) {
    if (snapshot.hasTag('step:enter_code')) return 'reset_code';
    if (snapshot.hasTag('step:new_password')) return 'reset_new_password';
    if (snapshot.hasTag('step:congratulations')) return 'reset_done';
    return 'reset_verify';
  }
  return 'email';
}

export type AuthModal = 'sso' | 'invalidDomain' | 'farm' | null;
export function authModal(snapshot: StepSnapshot): AuthModal {
  if (snapshot.hasTag('modal:sso')) return 'sso';
  if (snapshot.hasTag('modal:invalidDomain')) return 'invalidDomain';
  if (snapshot.hasTag('modal:farm')) return 'farm';
  return null;
}

/** "Step X of Y" for sign-up steps that count; reset counts the code (1) and the new password (2). */
export function stepLabel(snapshot: StepSnapshot): { current: number; total: number } | null {
  const view = authView(snapshot);
  if (view === 'reset_code') return { current: 1, total: 2 };
  if (view === 'reset_new_password') return { current: 2, total: 2 };
  if (!(SIGNUP_VIEWS as string[]).includes(view)) return null;
  const position = stepPosition(snapshot.context.steps ?? [], view as SignupStep);
  return position ? { current: position.index, total: position.total } : null;
}

/** The catalogue id for a field's problem, shown once the field was left (blurred). */
export function fieldProblem(snapshot: StepSnapshot, field: FieldName): string | null {
  const { fields, touched } = snapshot.context;
  if (!touched[field]) return null;
  switch (field) {
    case 'email':
      return fields.email && !isValidEmail(fields.email) ? 'auth.email.invalid' : null;
    case 'first_name':
      return isValidSignupName(fields.first_name) ? null : 'auth.name.minTwo';
    case 'last_name':
      return isValidSignupName(fields.last_name) ? null : 'auth.name.minTwo';
    case 'code':
      return fields.code && !isValidCode(fields.code) ? 'auth.code.invalid' : null;
    case 'confirm_password':
      return fields.confirm_password && fields.confirm_password !== fields.password ? 'auth.passwordsNotEqual' : null;
    default:
      return null;
  }
}

const CODE_MESSAGES: Record<string, string> = {
  wrong_credentials: 'auth.error.wrongCredentials',
  password_has_been_used: 'auth.error.passwordReused',
  retry_limit: 'auth.error.retryLimit',
  code_expired: 'auth.error.codeExpired',
  invalid_code: 'auth.code.invalid',
  deactivated: 'auth.error.deactivated',
  unconfirmed: 'auth.error.unconfirmed',
  unknown_email: 'auth.error.unknownEmail',
  exists: 'auth.error.exists',
  sso_required: 'auth.error.ssoRequired',
};

/** Refusals that name how long to wait: the message gets the wait in whole minutes. */
const WAIT_MESSAGES: Record<string, string> = {
  login_throttled: 'auth.error.loginThrottled',
  mail_throttled: 'auth.error.mailThrottled',
  retry_limit: 'auth.error.retryLimitWait',
};

/**
 * How to show a failure: a catalogue id for every failure the app knows, else the server's own message (it is
 * specific and already in the request's language where the server translates), else the generic text.
 */
/**
 * The heading of a failure on the sign-up steps: 'Unable to Signup' (access document section 8) above what went
 * wrong; the other flows' failures need none.
 */
export function failureTitle(snapshot: StepSnapshot): 'auth.error.signup' | null {
  return snapshot.context.error && snapshot.hasTag('route:signup') ? 'auth.error.signup' : null;
}

export function errorMessage(error: AuthError | null): { id: string; values?: { minutes: number } } | { text: string } | null {
  if (!error) return null;
  if (error.code && error.retryAfter && WAIT_MESSAGES[error.code]) {
    return { id: WAIT_MESSAGES[error.code]!, values: { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) } };
  }
  if (error.code && CODE_MESSAGES[error.code]) return { id: CODE_MESSAGES[error.code]! };
  if (error.status === 409) return { id: 'auth.error.passwordReused' };
  if (error.status === 429) return { id: 'auth.error.tooMany' };
  if (error.status === 0 || error.status >= 500) return { id: 'auth.error.generic' };
  return error.message ? { text: error.message } : { id: 'auth.error.generic' };
}

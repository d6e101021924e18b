import type { components } from '../../contracts/api';
import type { SignInMethod, SignupStep } from './signupType';

type Schemas = components['schemas'];
export type EmailRecord = Schemas['EmailRecord'];
export type SessionPayload = Schemas['LoginResponse'];

export interface AuthFields {
  email: string;
  password: string;
  confirm_password: string;
  code: string;
  first_name: string;
  last_name: string;
  building_uuid: string | null;
  is_term_accepted: boolean;
  is_email_accepted: boolean;
}
export type FieldName = keyof AuthFields;

/** The specification's default fields. */
export const defaultFields = (): AuthFields => ({
  email: '',
  password: '',
  confirm_password: '',
  code: '',
  first_name: '',
  last_name: '',
  building_uuid: null,
  is_term_accepted: false,
  is_email_accepted: false,
});

export type AuthFlow = 'auth_login' | 'sign_up' | 'reset_password';

export interface SsoProvider {
  uuid: string;
  name: string;
  issuer?: string | null;
  authorization_url?: string;
}
export interface SamlProvider {
  uuid: string;
  name: string;
  single_signon_service: string | null;
}
export interface SsoProviders {
  sso_required: boolean;
  oidc_providers: SsoProvider[];
  saml_providers: SamlProvider[];
  transaction_uuid: string | null;
}

/** A building open to guests, as the public list names it. */
export interface GuestBuilding {
  uuid: string;
  name: string;
  address_1: string;
}

export interface BuildingOption {
  uuid: string;
  name: string;
  address_1: string;
}

export interface AuthError {
  status: number;
  message: string;
  code?: string;
  /** Seconds until a refused request may succeed (a guessing lock), from the answer's Retry-After. */
  retryAfter?: number;
}

/** What the browser keeps across the identity provider's redirect (session storage). */
export interface PendingSso {
  email: string;
  method: SignInMethod;
  record: EmailRecord | null;
}

export interface SsoReturn {
  code: string;
  state: string;
  pending: PendingSso | null;
}

export type SsoCallbackResult =
  | { status: 'authenticated'; session: SessionPayload }
  | { status: 'signup'; transaction_uuid: string; user: { email: string; first_name: string | null; last_name: string | null } };

/** What every step of the auth flow keeps: the form's fields, which were left (blurred), a failure and a notice. */
export interface AuthStepContext {
  fields: AuthFields;
  touched: Partial<Record<FieldName, boolean>>;
  error: AuthError | null;
  /** A short confirmation to show, such as "a new code was sent". */
  notice: 'code_resent' | null;
}

/** The flow's start, as the route gives it. */
export interface AuthFlowInput {
  flow?: AuthFlow;
  ssoReturn?: SsoReturn | null;
  /** Pre-fills the email (e.g. after a reset, or from a link). */
  email?: string;
}

/** Where sign-in starts, and with what the step before it handed over. */
export interface SignInInput {
  /** `sign_up` titles the email step for signing up: the person asked to, or came back from sign-up. */
  flow: 'auth_login' | 'sign_up';
  fields: AuthFields;
  /** Back from the identity provider with its code: exchange it before anything else. */
  ssoReturn?: SsoReturn | null;
  /** A reset just set a new password: only the password is asked. */
  at?: 'email' | 'password';
  /** Why the person was sent back to sign-in (a reset code that can no longer be used). */
  error?: AuthError | null;
  /**
   * A failed sign-in also logs out (access document section 4, "logoutOnFailure"): set for the return from the
   * identity provider, whose stored details and any half-kept state must not outlive a failed exchange.
   */
  logoutOnFailure?: boolean;
}

/** What sign-up starts from: the email check's record and how the person chose to sign in. */
export interface SignUpInput {
  fields: AuthFields;
  record: EmailRecord | null;
  method: SignInMethod;
  /** The identity provider's sign-up transaction, when the person came back from it as a new user. */
  ssoTransaction: string | null;
}

export interface ResetPasswordInput {
  fields: AuthFields;
}

/** How a step of the auth flow ends: signed in, or handing over to another step with that step's input. */
export type AuthStepOutput =
  | { next: 'signedIn'; session: SessionPayload }
  | { next: 'signIn'; input: SignInInput }
  | { next: 'signUp'; input: SignUpInput }
  | { next: 'resetPassword'; input: ResetPasswordInput };
export type SignInOutput = Extract<AuthStepOutput, { next: 'signedIn' | 'signUp' | 'resetPassword' }>;
export type SignUpOutput = Extract<AuthStepOutput, { next: 'signedIn' | 'signIn' }>;
export type ResetPasswordOutput = Extract<AuthStepOutput, { next: 'signIn' }>;

export type SignInTag =
  'route:email' | 'route:password' | 'loading' | 'modal:sso' | 'modal:invalidDomain' | 'modal:farm' | 'view:sso_return' | 'view:redirecting';
export type SignUpTag = 'route:signup' | 'loading' | `step:${SignupStep}`;
export type ResetPasswordTag = 'route:reset' | 'loading' | 'step:verify_account' | 'step:enter_code' | 'step:new_password' | 'step:congratulations';
/** Every tag a step's view may ask about. */
export type AuthStepTag = SignInTag | SignUpTag | ResetPasswordTag;
/** The router's own tags: which route the running step belongs on. */
/** The three addresses of the auth flow, one per step it runs. */
export type AuthAddress = '/login' | '/signup' | '/reset-password';

/** The router: the input each step starts with next, and the session once a step signed the person in. */
export interface AuthFlowContext {
  /** The step the route asked for (an SSO return starts at sign-in whatever the route). */
  startsAt: 'signIn' | 'resetPassword';
  next: { signIn: SignInInput; signUp: SignUpInput | null; resetPassword: ResetPasswordInput };
  session: SessionPayload | null;
  /**
   * The address the step under way belongs on, which the host applies to the address bar (without the identity
   * provider's answer, code and state, which the flow read at its start and which are spent); null once someone is
   * signed in, when the routing rules take the person on.
   */
  address: AuthAddress | null;
}

/**
 * The router's only events are the ends of the steps it runs from loaded code (an invoked step's end comes as its
 * onDone): views talk to the running step.
 */
export type AuthFlowRouterEvent =
  { type: 'xstate.done.actor.signUp'; output: SignUpOutput } | { type: 'xstate.done.actor.resetPassword'; output: ResetPasswordOutput };

export interface AuthFlowSchema {
  context: AuthFlowContext;
  input: AuthFlowInput;
  events: AuthFlowRouterEvent;
}

export type AuthFlowEvent =
  | { type: 'user.change'; field: FieldName; value: string | boolean | null }
  | { type: 'user.blur'; field: FieldName }
  | { type: 'user.submit' }
  | { type: 'user.back' }
  | { type: 'user.startSignup' }
  | { type: 'user.forgotPassword' }
  | { type: 'user.backToLogin' }
  | { type: 'user.chooseProvider'; uuid: string }
  | { type: 'user.usePassword' }
  | { type: 'user.continueWithEmail' }
  | { type: 'user.close' }
  | { type: 'user.report' }
  | { type: 'user.resend' };

export interface CheckEmailOutput {
  record: EmailRecord;
  sso: SsoProviders | null;
}

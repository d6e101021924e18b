import type { components } from '../../contracts/api';
import type { SignInMethod, SignupCompletion, SignupStep, SignupType } from './signupType';

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

export interface AuthFlowContext {
  flow: AuthFlow;
  fields: AuthFields;
  touched: Partial<Record<FieldName, boolean>>;
  record: EmailRecord | null;
  sso: SsoProviders | null;
  method: SignInMethod;
  signupType: SignupType | null;
  steps: SignupStep[];
  completion: SignupCompletion;
  buildings: BuildingOption[];
  ssoTransaction: string | null;
  ssoReturn: SsoReturn | null;
  error: AuthError | null;
  /** A short confirmation to show, such as "a new code was sent". */
  notice: 'code_resent' | null;
  session: SessionPayload | null;
}

export interface AuthFlowInput {
  flow?: AuthFlow;
  ssoReturn?: SsoReturn | null;
  /** Pre-fills the email (e.g. after a reset, or from a link). */
  email?: string;
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

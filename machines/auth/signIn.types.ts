import type {
  AuthFlowEvent,
  AuthStepContext,
  EmailRecord,
  GuestBuilding,
  SessionPayload,
  SignInInput,
  SignInOutput,
  SignInTag,
  SsoProviders,
  SsoReturn,
} from './authFlow.types';
import type { SignInMethod } from './signupType';

export interface SignInContext extends AuthStepContext {
  flow: SignInInput['flow'];
  at: 'email' | 'password';
  ssoReturn: SsoReturn | null;
  /** What the email check found: the account, if any, and how its domain signs in. */
  record: EmailRecord | null;
  sso: SsoProviders | null;
  /** How a new person goes on to sign up: picked a provider, chose email instead, or neither was offered (null). */
  method: SignInMethod;
  ssoTransaction: string | null;
  session: SessionPayload | null;
  /** A failed sign-in logs out as well (the input's `logoutOnFailure`). */
  logoutOnFailure: boolean;
  /** Buildings open to guests, loaded when the email check failed: the email step names them. */
  guestBuildings: GuestBuilding[];
}

export interface SignInSchema {
  context: SignInContext;
  input: SignInInput;
  output: SignInOutput;
  events: AuthFlowEvent;
  tags: SignInTag;
  children: { farmSelector: 'farmSelector'; guestBuildings: 'loadGuestBuildings' };
}

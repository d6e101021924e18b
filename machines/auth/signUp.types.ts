import type {
  AuthFlowEvent,
  AuthStepContext,
  BuildingOption,
  EmailRecord,
  SessionPayload,
  SignUpInput,
  SignUpOutput,
  SignUpTag,
} from './authFlow.types';
import type { SignInMethod, SignupCompletion, SignupStep, SignupType } from './signupType';

export interface SignUpContext extends AuthStepContext {
  record: EmailRecord | null;
  method: SignInMethod;
  signupType: SignupType;
  /** The steps of this sign-up type, in order (signupPlan): which states the person passes through. */
  steps: SignupStep[];
  completion: SignupCompletion;
  buildings: BuildingOption[];
  ssoTransaction: string | null;
  session: SessionPayload | null;
}

export interface SignUpSchema {
  context: SignUpContext;
  input: SignUpInput;
  output: SignUpOutput;
  events: AuthFlowEvent;
  tags: SignUpTag;
}

import type { AuthFlowEvent, AuthStepContext, ResetPasswordInput, ResetPasswordOutput, ResetPasswordTag } from './authFlow.types';

export type ResetPasswordContext = AuthStepContext;

export interface ResetPasswordSchema {
  context: ResetPasswordContext;
  input: ResetPasswordInput;
  output: ResetPasswordOutput;
  events: AuthFlowEvent;
  tags: ResetPasswordTag;
}

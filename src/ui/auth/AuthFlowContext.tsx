import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authFlowMachine } from '../../../machines/auth/authFlow.machine';
import type { AuthStep, StepSnapshot } from '../../../machines/auth/authFlow.selectors';
import type { AuthFlowEvent } from '../../../machines/auth/authFlow.types';

/** The auth flow's router: it runs sign-in, sign-up or the reset, one at a time. */
export type AuthFlowRef = ActorRefFrom<typeof authFlowMachine>;

export const AuthFlowContext = createContext<AuthFlowRef | null>(null);

export function useAuthFlowRef(): AuthFlowRef {
  const ref = useContext(AuthFlowContext);
  if (!ref) throw new Error('useAuthFlowRef needs an AuthFlowContext provider');
  return ref;
}

/** Reads the router's snapshot (which step runs, which route it belongs on). */
export const useAuthFlowSelector = <T,>(selector: (snapshot: SnapshotFrom<typeof authFlowMachine>) => T, compare?: (a: T, b: T) => boolean) =>
  useSelector(useAuthFlowRef(), selector, compare);

/** The running step (see `activeStep`), provided by AuthScreen to the step's views. */
export const AuthStepContext = createContext<AuthStep | null>(null);

function useAuthStep(): AuthStep {
  const step = useContext(AuthStepContext);
  if (!step) throw new Error('an auth step view needs an AuthStepContext provider');
  return step;
}

type SignInStep = Extract<AuthStep, { flow: 'signIn' }>;
type SignUpStep = Extract<AuthStep, { flow: 'signUp' }>;

/** The running step, when it is the one a view belongs to (sign-in's modals, sign-up's steps). */
function useStepOf<S extends AuthStep>(is: (step: AuthStep) => step is S): S['ref'] {
  const step = useAuthStep();
  if (!is(step)) throw new Error(`a view of another step rendered while ${step.flow} runs`);
  return step.ref;
}
const isSignIn = (step: AuthStep): step is SignInStep => step.flow === 'signIn';
const isSignUp = (step: AuthStep): step is SignUpStep => step.flow === 'signUp';

/** Reads the running step's snapshot, whichever step it is: fields, failure, tags. */
export const useAuthSelector = <T,>(selector: (snapshot: StepSnapshot) => T) => useSelector(useAuthStep().ref, selector);

export const useSignInSelector = <T,>(selector: (snapshot: SnapshotFrom<SignInStep['ref']>) => T) => useSelector(useStepOf(isSignIn), selector);

export const useSignUpSelector = <T,>(selector: (snapshot: SnapshotFrom<SignUpStep['ref']>) => T) => useSelector(useStepOf(isSignUp), selector);

/** Whether the running step accepts an event now: buttons are enabled exactly when the machine's guards allow. */
export const useCan = (event: AuthFlowEvent) => useSelector(useAuthStep().ref, (s) => s.can(event));

/** Sends to the running step: the router takes no events of its own. */
export const useSend = () => useAuthStep().ref.send;

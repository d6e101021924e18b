import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authFlowMachine } from '../../../machines/auth/authFlow.machine';
import type { AuthFlowEvent } from '../../../machines/auth/authFlow.types';

export type AuthFlowRef = ActorRefFrom<typeof authFlowMachine>;
type AuthSnapshot = SnapshotFrom<typeof authFlowMachine>;

export const AuthFlowContext = createContext<AuthFlowRef | null>(null);

export function useAuthFlowRef(): AuthFlowRef {
  const ref = useContext(AuthFlowContext);
  if (!ref) throw new Error('useAuthFlowRef needs an AuthFlowContext provider');
  return ref;
}

export const useAuthSelector = <T,>(selector: (snapshot: AuthSnapshot) => T) => useSelector(useAuthFlowRef(), selector);

/** Whether the flow accepts an event now: buttons are enabled exactly when the machine's guards allow. */
export const useCan = (event: AuthFlowEvent) => useAuthSelector((s) => s.can(event));

export const useSend = () => useAuthFlowRef().send;

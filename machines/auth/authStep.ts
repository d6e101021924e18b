import type { EventObject } from 'xstate';
import { defaultFields, type AuthError, type AuthFields, type AuthFlowEvent, type AuthStepContext, type SignInInput } from './authFlow.types';
import { normaliseError } from '../../contracts/errors';
import { withTouched, withValue } from '../shared/formFields';

/**
 * What the sign-in, sign-up and reset machines share: how a field changes, how a failure is kept, and how a step
 * hands the person back to sign-in. Plain functions; each machine names them as its own actions.
 */

export const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** The API layer's error as the auth steps keep it (the one normaliser, with the Retry-After of a guessing lock). */
export function toAuthError(error: unknown): AuthError {
  const { status, message, code, retryAfter } = normaliseError(error);
  return { status, message, ...(code ? { code } : {}), ...(retryAfter ? { retryAfter } : {}) };
}

/**
 * The failure an invoked call ended with (its `xstate.error.actor.*` event). Named actions and guards see the
 * machine's own event type, so the error is read here once instead of passed by a lambda at every `onError`.
 */
export const errorFromEvent = (event: EventObject): AuthError => toAuthError('error' in event ? event.error : undefined);

/**
 * The params of a named action or guard that reads what an invoked call answered (`xstate.done.actor.*`), so the
 * answer reaches it typed, by one name rather than a lambda per transition.
 */
export const outputParams = <T>({ event }: { event: { output: T } }) => ({ output: event.output });

/** The context after a `user.change`: the field takes the value, and an earlier failure or notice goes. */
export function changedField(context: AuthStepContext, event: AuthFlowEvent): Partial<AuthStepContext> {
  if (event.type !== 'user.change') return {};
  return { fields: withValue(context.fields, event.field, event.value), error: null, notice: null };
}

/** The context after a `user.blur`: the field was left, so its problem may show. */
export function touchedField(context: AuthStepContext, event: AuthFlowEvent): Partial<AuthStepContext> {
  return event.type === 'user.blur' ? { touched: withTouched(context.touched, event.field) } : {};
}

/** "Back to sign in": a fresh sign-in with only the email kept. */
export const freshSignIn = (fields: AuthFields, extra: Omit<SignInInput, 'flow' | 'fields'> = {}): SignInInput => ({
  flow: 'auth_login',
  fields: { ...defaultFields(), email: fields.email },
  ...extra,
});

export const trimmedEmail = (fields: AuthFields) => fields.email.trim();
export const domainOf = (email: string) => email.trim().toLowerCase().split('@')[1] ?? '';

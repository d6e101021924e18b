import type { AnyActorRef } from 'xstate';
import { NOTIFICATIONS_ID, type NotificationMessage, type NotificationsEvent } from './notifications.machine';

/** What a failure's notification is given: the message to show, and the failure as the call ended with it. */
export interface FailureNotice {
  message: NotificationMessage;
  error: unknown;
}

/**
 * The error a failure's notification keeps: the server's response body when the API layer kept one (`body` of the
 * API error, access document section 8: "the server's response body is stored as the error"), else the failure itself.
 */
export function failureBody(error: unknown): unknown {
  return error !== null && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : error;
}

/**
 * The one shared helper of section 8 ("most failures show a notification through a shared helper taking a message and
 * an error"): an error notification to the actor registered as `notifications`, keeping the server's body as its
 * error. Every machine that notifies a failure names it `notifyFailure` in its setup and passes `{ message, error }`
 * as params; tests swap it by that name. What fails silently (payment methods, the tokenized card, the card
 * provider's errors) does not use it.
 */
export function notifyFailure({ system }: { system: { get(id: string): AnyActorRef | undefined } }, params: FailureNotice): void {
  const event: NotificationsEvent = { type: 'notify.show', tone: 'error', message: params.message, error: failureBody(params.error) };
  system.get(NOTIFICATIONS_ID)?.send(event);
}

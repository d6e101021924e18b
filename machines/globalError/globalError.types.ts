/**
 * The global error modal's contract. Any long-lived or route actor whose action fails with a status reports it to
 * the actor with systemId `GLOBAL_ERROR_ID`; the modal's retry re-sends `retry.event` to `retry.to`, and that actor
 * answers again: `error.raised` (same source) when it fails, `error.resolved` when it
 * succeeds.
 */

import type { AnyActorRef } from 'xstate';

/**
 * What the retry button re-dispatches: an event to the actor that owns the failed action, named by its systemId in
 * the app's actor system (long-lived actors), or given as a reference (a screen's flow, which runs in an actor
 * system of its own).
 */
export interface RetryRequest {
  to: string | AnyActorRef;
  event: { type: string; [key: string]: unknown };
}

/** A failed action, as its owner reports it. */
export interface ErrorRaisedEvent {
  type: 'error.raised';
  /** A stable id of the failed action, e.g. 'rsvp.attend': two failures with the same source are the same action. */
  source: string;
  /** The HTTP status of the failure. */
  status: number;
  message?: string;
  retry: RetryRequest;
}

/** The owner's action succeeded (typically after a retry): the modal closes if it shows this source. */
export interface ErrorResolvedEvent {
  type: 'error.resolved';
  source: string;
}

/** Closes the modal whatever it shows (sign-out, a page left for good). */
export interface ErrorClearedEvent {
  type: 'error.cleared';
}

export type GlobalErrorEvent = ErrorRaisedEvent | ErrorResolvedEvent | ErrorClearedEvent | { type: 'user.retry' } | { type: 'user.goBack' };

export interface GlobalError {
  source: string;
  status: number;
  message: string | null;
  retry: RetryRequest;
}

export interface GlobalErrorContext {
  /** The failure the modal shows; null while it is closed. */
  error: GlobalError | null;
}

export type GlobalErrorTag = 'modal:globalError' | 'retrying';

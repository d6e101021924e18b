import { toAppError } from '../../contracts/errors';
import { setError } from './failure';

/**
 * The confirmable call to action, written once (decision 205): a button that asks first (`confirming`:
 * `user.confirm` sends the call, `user.dismiss` goes back), the call, and its end (done, or failed). Config pieces
 * for the flow's own states (claim, RSVP and the booking's cancel: their tags name their modals), not a child
 * machine, so each flow's chart, tags and tests stay as they were.
 */

/** The confirm step: its tags (the modal it shows), where `user.confirm` and `user.dismiss` lead. */
export function confirmStep<const T extends readonly string[], const C extends string, const D extends string>(tags: T, confirm: C, dismiss: D) {
  return { tags, on: { 'user.confirm': confirm, 'user.dismiss': dismiss } } as const;
}

/** The `reportFailure` action of a failed call: the status and message the global error modal shows. */
const reportFailure = {
  type: 'reportFailure',
  params: ({ event }: { event: { error: unknown } }) => {
    const { status, message } = toAppError(event.error);
    return { status, message };
  },
} as const;

/** The call failed: the error is kept and reported to the global error modal (whose "Try again" retries); to `failed`. */
export const callFailed = { target: 'failed', actions: [setError, reportFailure] } as const;

/** Which answer of the server a guard `failedAs` reads: no room left, or done already. */
const failedAs = (kind: 'full' | 'already') =>
  ({ type: 'failedAs', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, kind }) }) as const;

/**
 * A claim's or an RSVP's call failed: 'full' and 'already' answers are no failure to report (the counts are read
 * again, `refreshing`, and the error stays to say why); any other failure is `callFailed`.
 */
export const ctaCallFailed = [
  { guard: failedAs('full'), target: 'refreshing', actions: [setError, 'reportRecovered'] },
  { guard: failedAs('already'), target: 'refreshing', actions: [setError, 'reportRecovered'] },
  callFailed,
] as const;

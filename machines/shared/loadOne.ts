import { toAppError } from '../../contracts/errors';
import { errorParams, setError } from './failure';

/**
 * The load-one screen, written once (decision 205): `loading` calls for the one thing the screen shows;
 * its failure goes to `notFound` when the server says there is no such thing (on the screens that have that state),
 * else to `failed`, which keeps the error and loads again on `user.retry`. What a load's answer leads to (`loaded`,
 * `ready`, `empty`, `unavailable` …) stays the flow's own.
 *
 * Config pieces, not a child machine: the states and their tags are the flow's, so its chart, its view's tags and its
 * tests stay as they were. The flow names `setError` (`assign(keepError)`, machines/shared/failure.ts) and, with a not-found state,
 * `notFound` (a guard on `{ error }`; `isMissing` unless the area reads it otherwise) in its setup.
 */

/** A failed load: to `failed`, the error kept. */
export const loadFailed = { target: 'failed', actions: setError } as const;

/** A failed load on a screen with a not-found state: to `notFound` when the `notFound` guard says so, else `failed`. */
export const loadFailedOrNotFound = [
  { guard: { type: 'notFound', params: errorParams }, target: 'notFound', actions: setError },
  loadFailed,
] as const;

/** The `failed` state: the error is kept and the page offers to try again (`user.retry` loads again). */
export const failedState = <const D extends string>(description: D) => ({ description, tags: ['failed'], on: { 'user.retry': 'loading' } }) as const;

/** The `notFound` state (nothing more happens there: the page says so and offers a way out). */
export function notFoundState(description?: string) {
  return { ...(description === undefined ? {} : { description }), tags: ['notFound'] } as const;
}

/** The `notFound` guard's usual reading: the server answered 404. */
export const isMissing = (_: unknown, params: { error: unknown }) => toAppError(params.error).status === 404;

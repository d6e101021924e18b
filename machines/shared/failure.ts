import { toAppError } from '../../contracts/errors';

/**
 * How a flow keeps a failed call, written once for the shared shapes (decision 205): the flow names
 * `setError` in its setup as `assign(keepError)`, and the shapes' `onError` transitions pass it the call's error.
 */

/** The `setError` action's assignment: the failure as the flow keeps it (contracts/errors.ts `toAppError`). */
export const keepError = (_: unknown, params: { error: unknown }) => ({ error: toAppError(params.error) });

/** The params of an `onError` transition's named action or guard that reads the call's error. */
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The `setError` action of an `onError` transition. */
export const setError = { type: 'setError', params: errorParams } as const;

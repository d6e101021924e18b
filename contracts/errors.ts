/**
 * The one error normaliser (issue 25, decision 205): what any failure becomes once it reaches a machine
 * or leaves the API layer. The API layer (`toApiError`, src/api/client.ts) reads ofetch's error into the fields below
 * and then normalises it here; every machine keeps a failure as `toAppError` returns it. No fetch, no React: machines
 * and the app both import it.
 */

/** The generic failure text, where nothing better is known (the API layer's and some forms' fallback). */
export const DEFAULT_ERROR_MESSAGE = 'Unable to complete at this moment. Please try again later.';

/** A failure as the machines keep it: the HTTP status (0: no answer), the message to show, the server's code. */
export interface AppError {
  status: number;
  message: string;
  code?: string;
}

/** What a failed call tells the machines: always a plain object, never a thrown library type. */
export interface ApiError extends AppError {
  /** Seconds to wait before asking again (Retry-After of a 429 or a locked 403). */
  retryAfter?: number;
  /** The server's response body as it came (section 8: a failure's notification stores it as the error). */
  body?: unknown;
}

const fieldsOf = (error: unknown): Record<string, unknown> | null =>
  error !== null && typeof error === 'object' ? (error as Record<string, unknown>) : null;

/**
 * Any thrown value as an `ApiError`: a number `status` (else 0), a string `message` (else `fallbackMessage`), a
 * string `code`, a positive `retryAfter` and a `body` only when the value has them. An `Error` keeps its message;
 * a thrown string, `undefined`, `null`, a number are a status-0 failure with the fallback (a string is no server's
 * word: a flow that wants it as its message passes it as the fallback).
 */
export function normaliseError(error: unknown, fallbackMessage: string = DEFAULT_ERROR_MESSAGE): ApiError {
  const e = fieldsOf(error);
  const status = typeof e?.status === 'number' && Number.isFinite(e.status) ? e.status : 0;
  const message = typeof e?.message === 'string' ? e.message : fallbackMessage;
  const code = typeof e?.code === 'string' && e.code ? e.code : undefined;
  const retryAfter = typeof e?.retryAfter === 'number' && Number.isFinite(e.retryAfter) && e.retryAfter > 0 ? e.retryAfter : undefined;
  return {
    status,
    message,
    ...(code ? { code } : {}),
    ...(retryAfter ? { retryAfter } : {}),
    ...(e && 'body' in e && e.body !== undefined ? { body: e.body } : {}),
  };
}

/**
 * A failure as a machine keeps it in its context: `normaliseError` without what only the transport needs (the body
 * and Retry-After stay on the thrown error, where `notifyFailure` and the auth steps read them). `fallbackMessage` is
 * the message of a failure that has none: '' where the view writes its own words, `DEFAULT_ERROR_MESSAGE` where the
 * message is shown as it is.
 */
export function toAppError(error: unknown, fallbackMessage = ''): AppError {
  const { status, message, code } = normaliseError(error, fallbackMessage);
  return { status, message, ...(code ? { code } : {}) };
}

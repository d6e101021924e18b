import type { FastifyInstance, FastifyError } from 'fastify';

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  /** Seconds after which the same request may succeed; sent as Retry-After. */
  retryAfter?: number;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** More of the answer, beside statusCode, error, message and code (the route's error schema must name them). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const httpError = (statusCode: number, message: string, code?: string, details?: Record<string, unknown>) =>
  new HttpError(statusCode, message, code, details);

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** Every failure answers JSON `{ statusCode, error, message, code? }`; only unexpected errors become a 500. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Postgres's class 22 is "data exception": a NUL in text (22021), a date out of range (22008), a malformed value.
    // Whatever got past validation, it is bad input, not a fault of the server.
    const sqlState = (error as { code?: unknown }).code;
    const badText = typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState);
    const status = badText ? 400 : error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // An HttpError's message is meant for the client whatever its status (501 says why); others may leak internals.
    const unexpected = status >= 500 && !(error instanceof HttpError);
    if (unexpected) request.log.error(error);
    const message = unexpected
      ? 'Unable to complete at this moment. Please try again later.'
      : badText
        ? 'Invalid request: a value is malformed or out of range (text with a NUL character, a date before year 1 …)'
        : 'validation' in error && error.validation
          ? `Invalid request: ${error.message}`
          : error.message;
    const code = error instanceof HttpError ? error.code : undefined;
    if (error instanceof HttpError && error.retryAfter) void reply.header('retry-after', String(error.retryAfter));
    const details = error instanceof HttpError ? error.details : undefined;
    void reply.status(status).send({ ...details, statusCode: status, error: reasons[status] ?? 'Error', message, ...(code ? { code } : {}) });
  });
}

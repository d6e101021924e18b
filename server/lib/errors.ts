import type { FastifyInstance, FastifyError } from 'fastify';

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const httpError = (statusCode: number, message: string, code?: string) => new HttpError(statusCode, message, code);

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  501: 'Not Implemented',
};

/** Every failure answers JSON `{ statusCode, error, message, code? }`; only unexpected errors become a 500. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Postgres refuses a NUL character in text (22021, invalid byte sequence): bad input, not a fault of the server.
    const badText = (error as { code?: unknown }).code === '22021';
    const status = badText ? 400 : error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    // An HttpError's message is meant for the client whatever its status (501 says why); others may leak internals.
    const unexpected = status >= 500 && !(error instanceof HttpError);
    if (unexpected) request.log.error(error);
    const message =
      unexpected
        ? 'Unable to complete at this moment. Please try again later.'
        : badText
          ? 'Invalid request: text may not contain NUL characters'
          : 'validation' in error && error.validation
            ? `Invalid request: ${error.message}`
            : error.message;
    const code = error instanceof HttpError ? error.code : undefined;
    void reply.status(status).send({ statusCode: status, error: reasons[status] ?? 'Error', message, ...(code ? { code } : {}) });
  });
}

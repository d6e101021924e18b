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
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message =
      status >= 500
        ? 'Unable to complete at this moment. Please try again later.'
        : 'validation' in error && error.validation
          ? `Invalid request: ${error.message}`
          : error.message;
    const code = error instanceof HttpError ? error.code : undefined;
    void reply.status(status).send({ statusCode: status, error: reasons[status] ?? 'Error', message, ...(code ? { code } : {}) });
  });
}

import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry a secret: tokens of every kind, codes, keys, passwords, OAuth state. */
const SECRET_PARAMS = new Set([
  'authtoken',
  'accesstoken',
  'token',
  'refresh_token',
  'code',
  'ott',
  'authcode',
  'key',
  'password',
  'new_password',
  'state',
  'id_token',
]);
const REDACTED = '[redacted]';

/**
 * A request URL fit for a log: the values of secret query parameters and the code in a code path replaced, so a log
 * reader cannot replay a session, a mini-app link or a sign-up code.
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(/(\/code\/)[^/]+(\/consume)/i, `$1${REDACTED}$2`);
  if (query === undefined) return safePath;
  const parts = query.split('&').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      /* a malformed name is logged as sent */
    }
    return SECRET_PARAMS.has(decoded.toLowerCase()) && value.length ? `${name}=${REDACTED}` : pair;
  });
  return `${safePath}?${parts.join('&')}`;
}

export type LogTarget = boolean | { stream: { write(line: string): void } };

/** Fastify's logger with requests serialized without secrets (headers are never logged: the bearer is in one). */
export function loggerOptions(target: LogTarget | undefined): FastifyServerOptions['logger'] {
  if (!target) return false;
  return {
    ...(typeof target === 'object' ? { stream: target.stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { cardFrameCsp, hostOf } from '../lib/cardFrame.js';

export interface CardFrameOptions {
  frameOrigin: string;
  /** The app origins that may frame the card fields. */
  parents: string[];
  apiBase: string;
  /** Folder of the built app (its card-frame.html); none in API-only tests. */
  staticDir: string | undefined;
}

/**
 * The card frame's origin (decision 120) serves only the frame page, its built assets and the vault; everything else
 * there is not found, so the app never runs on the frame's origin and the frame page never on the app's.
 */
export async function cardFramePage(app: FastifyInstance, options: CardFrameOptions) {
  const frameHost = hostOf(options.frameOrigin);
  const vaultPath = `${options.apiBase}/payments/v1/vault/cards`;
  const file = options.staticDir ? path.resolve(options.staticDir, 'card-frame.html') : null;
  let html: string | null = null;
  const page = () => (html ??= file && existsSync(file) ? readFileSync(file, 'utf8') : null);
  const onFrameHost = (host: string | undefined) => (host ?? '').toLowerCase() === frameHost;

  app.addHook('onRequest', async (request, reply) => {
    const onFrame = onFrameHost(request.headers.host);
    const pathname = routedPath(request.url);
    if (pathname === null)
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'The path is not valid percent-encoding' });
    const read = request.method === 'GET' || request.method === 'HEAD';
    const allowed = onFrame
      ? (read && (pathname === '/card-frame' || isAssetFile(pathname))) || (request.method === 'POST' && pathname === vaultPath)
      : pathname !== '/card-frame' && pathname !== '/card-frame.html' && pathname !== vaultPath;
    if (!allowed) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${pathname}` });
  });

  const querystring = { type: 'object', properties: { parent: { type: 'string', maxLength: 300 } } } as const;
  app.get('/card-frame', { schema: { hide: true, querystring } }, async (request, reply) => {
    const parent = (request.query as { parent?: string }).parent ?? '';
    if (!options.parents.includes(parent))
      return reply.status(400).type('text/plain').send('The card frame opens only inside the app: its parent origin is not one of the app’s.');
    const body = page();
    if (!body) return reply.status(404).type('text/plain').send('The card frame is not built (npm run build).');
    return reply
      .header('content-security-policy', cardFrameCsp(parent))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);
  });
}

/**
 * The path a request's address names, as the router and the static files read it: percent-decoded, repeated slashes
 * and dot segments resolved, no trailing slash (`/%63ard-frame.html` and `/x/..//card-frame/` are the frame page). The
 * split between the two origins compares this, never the raw text (issue 22, item 2). Null when it does not decode.
 */
export function routedPath(url: string): string | null {
  const raw = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const normal = path.posix.normalize(`/${decoded}`.replace(/\/+/g, '/'));
  return normal.length > 1 ? normal.replace(/\/+$/, '') : normal;
}

/**
 * A built file under /assets/ (a name with an extension, not a page): what the frame page loads. Any other path there
 * would reach the app's page, which must never run on the frame's origin.
 */
const isAssetFile = (pathname: string) => /^\/assets\/[^/]+\.(?!html?$)[a-z0-9]+$/i.test(pathname);

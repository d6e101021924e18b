import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { hostOf } from '../lib/cardFrame.js';
import { projectRoot } from '../paths.js';
import { routedPath } from './cardFrame.js';
import { BRIDGE_TEST_UUID } from '../db/seed.js';

/**
 * The demo mini-apps the seeded utilities and posts open, served by the reference server on the mini-app origin: the
 * Visitors mini-app (issue 23: a React page built by scripts/build/miniApps.ts into the build's miniapps/ folder,
 * talking to the host through the bridge client) and a survey (framed directly with the person's parameters). The
 * app's frame has the one Close button; the survey's Done button, once its form is sent, posts 'closeMFE' to the app.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 24px; color: #1d2125; background: #fff; }
  h1 { font-size: 22px; margin: 0 0 8px; } p { margin: 0 0 16px; color: #5c6268; }
  label { display: block; margin: 0 0 12px; } input:not([type=radio]), select { font: inherit; padding: 8px; width: 100%; max-width: 360px; box-sizing: border-box; }
  input[type=radio] { margin: 0 8px 0 0; }
  fieldset { border: 1px solid #d5d9dd; border-radius: 8px; margin: 0 0 16px; padding: 12px 16px; }
  button { font: inherit; padding: 10px 18px; border-radius: 8px; border: 0; background: #257bad; color: #fff; cursor: pointer; margin-right: 8px; }
  button.secondary { background: #e4e8ec; color: #1d2125; }
`;

// Inside a host that speaks the bridge (the page's address names its hostOrigin), Done asks it to close the frame
// through the bridge client (closeWebView); a page shown inline by the link-out frame posts 'closeMFE' as before.
const SCRIPT = `
  var params = new URLSearchParams(location.search);
  var bridged = params.get('hostOrigin') && params.get('appUuid');
  var bridge = bridged ? import('/sdk/atrium-bridge.js').then(function (m) { return m.connect({ appUuid: params.get('appUuid') }); }) : null;
  function close() {
    if (bridge) bridge.then(function (b) { return b.closeWebView(); }).catch(function () {});
    else parent.postMessage('closeMFE', '*');
  }
  document.querySelectorAll('[data-close]').forEach(function (b) { b.addEventListener('click', close); });
  var form = document.querySelector('form');
  if (form) form.addEventListener('submit', function (e) { e.preventDefault(); form.hidden = true; document.getElementById('done').hidden = false; });
`;

/**
 * The bridge-test mini-app's script (browser tests, issue 23): it posts one call before init (the host must answer it
 * once init comes), then connects with the client and keeps the bridge on window.atrium for the test to drive.
 */
const BRIDGE_TEST_SCRIPT = `
import { connect, BridgeClientError } from '/sdk/atrium-bridge.js';
const params = new URLSearchParams(location.search);
const hostOrigin = params.get('hostOrigin');
window.early = [];
window.events = [];
window.addEventListener('message', (e) => {
  if (e.origin !== hostOrigin) return;
  const m = typeof e.data === 'string' ? JSON.parse(e.data) : e.data;
  if (m && m.id === 'early-1') window.early.push(m);
  if (m && m.event && !('id' in m)) window.events.push(m);
});
parent.postMessage(JSON.stringify({ action: 'getHostInfo', id: 'early-1' }), hostOrigin);
window.BridgeClientError = BridgeClientError;
window.atrium = connect({ appUuid: params.get('appUuid') || '${BRIDGE_TEST_UUID}' }).then((bridge) => {
  document.getElementById('status').textContent = 'connected';
  return bridge;
});
`;

// Style and script are files of their own, not inline: the pages live under a Content-Security-Policy without inline code.
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/mfe-assets/mini-app.css">
</head><body>${body}
<script src="/mfe-assets/mini-app.js"></script></body></html>`;

// The parameters the pages read; the app adds others (the person's), which pass.
const surveyQuery = { type: 'object', properties: { survey: { type: 'string' }, authToken: { type: 'string' } } } as const;

const BRIDGE_TEST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bridge test</title><link rel="stylesheet" href="/mfe-assets/mini-app.css"></head>
<body><h1 id="mfe-title">Bridge test</h1><p id="status">connecting</p>
<script type="module" src="/mfe-assets/bridge-test.js"></script></body></html>`;

/** The demo mini-apps' paths on the mini-app origin. */
export const DEMO_MINI_APP_PATHS = ['/mfe-visitors/', '/mfe-survey/', '/mfe-bridge-test/'] as const;
/** Where the mini-app authors' client is served on the mini-app origin (its file is written by the authors' kit). */
export const BRIDGE_CLIENT_PATH = '/sdk/atrium-bridge.js';
/** Where the app build writes the mini-apps (scripts/build/miniApps.ts), under the build's folder: never served as such. */
export const BUILT_MINI_APPS_PATH = '/miniapps/';
/** The folder of the mini-app origin's files: `<name>/index.html` and its assets per demo mini-app, `sdk/atrium-bridge.js`. */
export const MINI_APP_FILES_DIR = path.join(projectRoot, 'public-miniapps');

export interface MiniAppOriginOptions {
  /** The mini-app origin (MINI_APP_ORIGIN, default `apps.<public host>`). */
  origin: string;
  /** The app's origins (public origin, brand hosts): the only ones that may frame the pages, and that they call. */
  appOrigins: string[];
  /** Origins the pages may call besides their own and the app's (an API elsewhere). */
  connect: string[];
  /** The folder of the origin's files; MINI_APP_FILES_DIR unless a test names another. */
  filesDir?: string;
  /** The built authors' kit (the app build's `sdk/` folder, scripts/build/bridgeClient.ts): the client when filesDir has none. */
  sdkDir?: string;
  /** The built mini-apps (the app build's `miniapps/` folder, scripts/build/miniApps.ts): `mfe-visitors/` is the Visitors one. */
  miniAppsDir?: string;
  /** The bridge-test mini-app's built-in page is served outside production only. */
  production?: boolean;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The pages' policy: their own files, calls to the app's API, framed only by the app's origins. */
export const miniAppCsp = (options: MiniAppOriginOptions) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    `connect-src 'self' ${[...new Set([...options.appOrigins, ...options.connect])].join(' ')}`,
    `frame-ancestors ${options.appOrigins.join(' ')}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');

/** Whether a routed path is one the mini-app origin serves (and the app's origin therefore does not). */
export const isMiniAppPath = (pathname: string) =>
  pathname === BRIDGE_CLIENT_PATH ||
  pathname.startsWith('/mfe-assets/') ||
  DEMO_MINI_APP_PATHS.some((p) => pathname === p.slice(0, -1) || pathname.startsWith(p));

/**
 * The split between the app's origins and the mini-app origin, on the root instance so it holds for every route: on
 * the mini-app origin only its own paths (read), with its own policy; on the app's origins none of them.
 */
export function installMiniAppOriginSplit(app: FastifyInstance, options: MiniAppOriginOptions) {
  const appsHost = hostOf(options.origin);
  const csp = miniAppCsp(options);
  const appOrigins = new Set(options.appOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const onApps = (request.headers.host ?? '').toLowerCase() === appsHost;
    const pathname = routedPath(request.url);
    if (pathname === null) return; // the card frame's hook answers 400
    // The build's copy of the mini-apps (dist/miniapps/) is served at their own addresses on their origin, never as app files.
    if (pathname === BUILT_MINI_APPS_PATH.slice(0, -1) || pathname.startsWith(BUILT_MINI_APPS_PATH))
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${pathname}` });
    const mine = isMiniAppPath(pathname);
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (onApps ? !(mine && read) : mine)
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${pathname}` });
    if (!onApps) return;
    void reply.header('content-security-policy', csp).header('referrer-policy', 'no-referrer').header('vary', 'Origin');
    // The app fetches a micro-frontend page as text (the link-out frame); its origins may read these public pages.
    const origin = request.headers.origin;
    if (typeof origin === 'string' && appOrigins.has(origin)) void reply.header('access-control-allow-origin', origin);
  });
}

/**
 * The mini-app origin (issue 23), split by host name as the card frame's is (decision 120): on `apps.<host>` only the
 * demo mini-apps' pages, their assets and the authors' client are served (GET and HEAD), everything else there is not
 * found; on the app's origins those paths are not found. A page's file in public-miniapps/ (written by the authors'
 * kit) wins over the built-in demo page.
 */
export async function miniAppRoutes(app: Api, options: MiniAppOriginOptions) {
  const filesDir = path.resolve(options.filesDir ?? MINI_APP_FILES_DIR);

  /** A file of a folder, never outside it; null when there is none. */
  const fileIn = (dir: string, relative: string): { body: Buffer; type: string } | null => {
    const file = path.resolve(dir, `.${path.posix.normalize(`/${relative}`)}`);
    if (!file.startsWith(`${dir}${path.sep}`) || !existsSync(file) || !statSync(file).isFile()) return null;
    return { body: readFileSync(file), type: MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream' };
  };
  /** A file of the origin's folder. */
  const fileOf = (relative: string) => fileIn(filesDir, relative);
  const sendFile = (reply: FastifyReply, found: { body: Buffer; type: string }) =>
    reply
      .type(found.type)
      .header('cache-control', found.type.startsWith('text/html') ? 'no-store' : 'public, max-age=300')
      .send(found.body);
  const notFound = (reply: FastifyReply, what: string) => reply.status(404).send({ statusCode: 404, error: 'Not Found', message: what });

  // The client: the app build's copy (dist/sdk/, served by the static files, which read on this origin too), else
  // the one in the origin's folder.
  const built = options.sdkDir ? path.join(options.sdkDir, path.basename(BRIDGE_CLIENT_PATH)) : null;
  if (!built || !existsSync(built))
    app.get(BRIDGE_CLIENT_PATH, { schema: { hide: true } }, async (_request, reply) => {
      const found = fileOf(BRIDGE_CLIENT_PATH);
      return found ? sendFile(reply, found) : notFound(reply, 'The mini-app client is not built');
    });
  // The bridge-test mini-app has no built-in page: its files are the authors' kit's.
  app.get('/mfe-bridge-test/*', { schema: { hide: true } }, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'] || 'index.html';
    const found = fileOf(`mfe-bridge-test/${rest}`);
    if (found) return sendFile(reply, found);
    // Outside production, the built-in page the browser tests drive (also registered with one scope under limited/).
    if (!options.production && (rest === 'index.html' || rest === 'limited/'))
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(BRIDGE_TEST_PAGE);
    return notFound(reply, `The bridge-test mini-app has no page ${request.url.split('?')[0]}`);
  });
  app.get('/mfe-assets/bridge-test.js', { schema: { hide: true } }, async (_request, reply) =>
    options.production
      ? notFound(reply, 'No bridge-test mini-app in production')
      : reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(BRIDGE_TEST_SCRIPT),
  );
  const send = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  app.get('/mfe-assets/mini-app.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLE),
  );
  app.get('/mfe-assets/mini-app.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SCRIPT),
  );

  // The Visitors mini-app (issue 23): the build's page and files (scripts/build/miniApps.ts), a file of the origin's
  // folder winning. Any other path of it answers an API error, as a broken mini-app would (page_not_loaded in the app).
  const visitorsDir = options.miniAppsDir ? path.resolve(options.miniAppsDir, 'mfe-visitors') : null;
  const builtFile = (relative: string) => (visitorsDir ? fileIn(visitorsDir, relative) : null);
  app.get('/mfe-visitors/', { schema: { hide: true } }, async (_request, reply) => {
    const found = fileOf('mfe-visitors/index.html') ?? builtFile('index.html');
    return found ? sendFile(reply, found) : notFound(reply, 'The visitor mini-app is not built (npm run build)');
  });
  /** The build's brotli or gzip copy of a script or style sheet (scripts/build/precompress.ts), as the browser accepts. */
  const packedBuilt = (accepted: string, relative: string) => {
    if (!visitorsDir || !/\.(js|css)$/.test(relative)) return null;
    for (const [encoding, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const packed = new RegExp(`\\b${encoding}\\b`).test(accepted) ? fileIn(visitorsDir, relative + ext) : null;
      if (packed) return { encoding, body: packed.body };
    }
    return null;
  };
  app.get('/mfe-visitors/*', { schema: { hide: true } }, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const own = fileOf(`mfe-visitors/${rest}`);
    const found = own ?? builtFile(rest);
    if (!found) return notFound(reply, `The visitor mini-app has no page ${request.url.split('?')[0]}`);
    const packed = own ? null : packedBuilt(String(request.headers['accept-encoding'] ?? ''), rest);
    if (!packed) return sendFile(reply, found);
    void reply.header('content-encoding', packed.encoding).header('vary', 'Origin, Accept-Encoding');
    return sendFile(reply, { type: found.type, body: packed.body });
  });

  app.get('/mfe-survey/', { schema: { hide: true, querystring: surveyQuery } }, async (request, reply) => {
    const file = fileOf('mfe-survey/index.html');
    if (file) return sendFile(reply, file);
    const topic = escapeHtml(request.query.survey ?? 'general');
    const signedIn = request.query.authToken ? 'signed-in' : 'anonymous';
    return send(
      reply,
      page(
        'Survey',
        `<h1 id="mfe-title" data-topic="${topic}" data-auth="${signedIn}">A short survey</h1>
<p>Topic: ${topic}. Two questions, one minute.</p>
<form><fieldset><legend>How do you get to the building?</legend>
<label><input type="radio" name="mode" value="bike" required> Bike</label><label><input type="radio" name="mode" value="transit"> Public transport</label><label><input type="radio" name="mode" value="car"> Car</label></fieldset>
<label>How satisfied are you with the building? <select name="score"><option>5</option><option>4</option><option>3</option><option>2</option><option>1</option></select></label>
<button type="submit">Send</button></form>
<div id="done" hidden><p>Thank you for your answers.</p><button type="button" data-close>Done</button></div>`,
      ),
    );
  });

  app.get('/mfe-survey/*', { schema: { hide: true } }, async (request, reply) => {
    const found = fileOf(`mfe-survey/${(request.params as { '*': string })['*']}`);
    return found ? sendFile(reply, found) : notFound(reply, `The survey mini-app has no page ${request.url.split('?')[0]}`);
  });
}

import type { FastifyReply } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { BRIDGE_TEST_APP, BRIDGE_TEST_LIMITED_APP } from '../lib/miniAppRegistry.js';

export interface MiniAppRouteOptions {
  /** The app's origins: the only ones that may frame a bridged mini-app page. */
  parents?: string[];
  /** The bridge-test mini-app is served outside production only. */
  production?: boolean;
}

/**
 * Two demo mini-apps the seeded utilities and posts open, served by the reference server so the link-out frame has
 * real pages to show: a visitor registration (fetched as text and shown inline) and a survey (framed directly with
 * the person's parameters). Each is one self-contained page. The app's frame has the one Close button; a page's Done
 * button, once its form is sent, posts 'closeMFE' to the app.
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
window.atrium = connect({ appUuid: params.get('appUuid') || '${BRIDGE_TEST_APP.uuid}' }).then((bridge) => {
  document.getElementById('status').textContent = 'connected';
  return bridge;
});
`;

// Style and script are files of their own, not inline: the pages live under the app's Content-Security-Policy.
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/mfe-assets/mini-app.css">
</head><body>${body}
<script src="/mfe-assets/mini-app.js"></script></body></html>`;

// The parameters the pages read; the app adds others (the person's), which pass.
const visitorQuery = { type: 'object', properties: { firstName: { type: 'string' } } } as const;
const surveyQuery = { type: 'object', properties: { survey: { type: 'string' }, authToken: { type: 'string' } } } as const;

export async function miniAppRoutes(app: Api, options: MiniAppRouteOptions = {}) {
  const send = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  app.get('/mfe-assets/mini-app.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLE),
  );
  app.get('/mfe-assets/mini-app.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SCRIPT),
  );

  app.get('/mfe-visitors/', { schema: { hide: true, querystring: visitorQuery } }, async (request, reply) => {
    const name = request.query.firstName ? `, ${escapeHtml(request.query.firstName)}` : '';
    return send(
      reply,
      page(
        'Visitor registration',
        `<h1 id="mfe-title">Register a visitor</h1>
<p>Hello${name}. Tell the front desk who is coming and they will have a badge ready.</p>
<form><label>Visitor's name <input name="visitor" required></label><label>Arriving <input name="when" type="datetime-local" required></label>
<button type="submit">Register</button></form>
<div id="done" hidden><p>Your visitor is registered.</p><button type="button" data-close>Done</button></div>`,
      ),
    );
  });

  // Any other page of the visitor mini-app answers an API error, as a broken mini-app would (page_not_loaded in the app).
  app.get('/mfe-visitors/*', { schema: { hide: true } }, async (request, reply) =>
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `The visitor mini-app has no page ${request.url.split('?')[0]}` }),
  );

  app.get('/mfe-survey/', { schema: { hide: true, querystring: surveyQuery } }, async (request, reply) => {
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

  // The bridge client and the mock host (dist/sdk/, built by scripts/build/bridgeClient.ts) are static files of the build.
  if (options.production) return;
  const frameAncestors = (options.parents ?? []).join(' ') || "'self'";
  const bridgeTestPage = async (_request: unknown, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors ${frameAncestors}; base-uri 'none'; object-src 'none'`,
      )
      .send(
        `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bridge test</title><link rel="stylesheet" href="/mfe-assets/mini-app.css"></head>
<body><h1 id="mfe-title">Bridge test</h1><p id="status">connecting</p>
<script type="module" src="/mfe-assets/bridge-test.js"></script></body></html>`,
      );
  app.get(BRIDGE_TEST_APP.path, { schema: { hide: true } }, bridgeTestPage);
  app.get(BRIDGE_TEST_LIMITED_APP.path, { schema: { hide: true } }, bridgeTestPage);
  app.get('/mfe-assets/bridge-test.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(BRIDGE_TEST_SCRIPT),
  );
}

import type { FastifyInstance } from 'fastify';

/** What the app's Content-Security-Policy is built from: every origin a page of this deployment may reach. */
export interface CspSources {
  /** Origins the app calls besides its own (an API elsewhere, the farm list and farms, error reporting). */
  connect: string[];
  /** Origins of scripts besides the app's own (the consented analytics tag). */
  script: string[];
  /** Origins the app frames: the registered mini-apps and surveys. */
  frame: string[];
  /** Who may frame the app (kiosk shells, native web views served from a site); the app itself always may. */
  frameAncestors: string[];
}

/** The origin of an absolute http(s) URL; null for a relative one or anything else. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

import { CODE_LOADER_HASH, HOME_SHELL_STYLE_HASH, SHELL_STYLE_HASH } from './firstPaint.js';

/** The CSP hash of an empty inline element. */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

const list = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The app's policy: no inline script but one fixed loader (by its hash) and no eval; styles from the app's files and the rules
 * Stitches inserts through the CSSOM; images from anywhere over https (building and content images live on other hosts); frames only
 * of registered mini-apps; framed only by the app and configured ancestors.
 */
export function appCsp(sources: CspSources): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // One inline script, by its hash: the loader that starts the app's code after a first paint.
    ['script-src', ["'self'", CODE_LOADER_HASH, ...list(sources.script)]],
    // Stitches adds one empty <style> element and fills it through the CSSOM, which the policy does not govern: the
    // hash of empty text lets exactly that element in; the sign-in and home first paints have one fixed style each.
    ['style-src', ["'self'", EMPTY_STYLE_HASH, SHELL_STYLE_HASH, HOME_SHELL_STYLE_HASH]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...list(sources.connect)]],
    ['frame-src', ["'self'", ...list(sources.frame)]],
    ['frame-ancestors', ["'self'", ...list(sources.frameAncestors)]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** API answers are data, never documents: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The local OpenID provider's sign-in page (development only) has its own inline style and posts to itself. */
export const OIDC_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

export interface SecurityHeaderOptions {
  apiBase: string;
  csp: string;
  /** Other sites may frame the app (FRAME_ANCESTORS): X-Frame-Options cannot name them, so it is left out. */
  framedElsewhere: boolean;
}

/**
 * Headers on every answer: the policy for its kind (app page, API, OpenID provider), nosniff, a referrer policy that
 * keeps paths (and tokens in them) on this site, X-Frame-Options for browsers without frame-ancestors, and HSTS when
 * the request came over https. API answers are `no-store` unless a route says otherwise: they are personal.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const { apiBase } = options;
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === apiBase || path.startsWith(`${apiBase}/`);
    const isOidc = path === '/oidc' || path.startsWith('/oidc/');
    // A page that sets its own policy (the card frame) says there who may frame it: X-Frame-Options is left to it.
    const ownPolicy = reply.hasHeader('content-security-policy');
    if (!ownPolicy) {
      void reply.header('content-security-policy', isApi ? API_CSP : isOidc ? OIDC_CSP : options.csp);
    }
    void reply.header('x-content-type-options', 'nosniff');
    // A native app's web view is opened with the person's token in the query string (/webview?accessToken=…): that
    // page sends no referrer at all (its scripts and images load before the app takes the token out of the address)
    // and is kept in no cache.
    const carriesToken = !isApi && /^\/webview(\/|$)/.test(path) && /[?&]accesstoken=/i.test(request.url);
    void reply.header('referrer-policy', carriesToken ? 'no-referrer' : 'strict-origin-when-cross-origin');
    if (carriesToken) void reply.header('cache-control', 'no-store');
    void reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (isApi || isOidc) void reply.header('x-frame-options', 'DENY');
    else if (!options.framedElsewhere && !ownPolicy) void reply.header('x-frame-options', 'SAMEORIGIN');
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (isApi && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}

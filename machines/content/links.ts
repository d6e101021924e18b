/** Pure rules for the links content and utilities open (content document, sections 2 and 4; access document, section 7). */
/**
 * The survey micro-frontend's marker in a URL: such links open in the survey frame, with the person's parameters,
 * when they are registered mini-apps (isRegisteredMiniApp); the marker alone proves nothing about where a link goes.
 */
export const SURVEY_MARKER = 'mfe-survey';
export const isSurveyUrl = (url: string | null | undefined): url is string => !!url && url.includes(SURVEY_MARKER);

/** Where links are judged from: the app's origin and the mini-apps the server registered (runtime config miniAppUrls). */
export interface MiniAppRegistry {
  origin: string;
  /** Base URLs: a link under one of them is a registered mini-app; a base without a host is on `origin`. */
  miniApps: readonly string[];
}

const httpUrl = (url: string, origin: string): URL | null => {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
};

/** The registered base URL a link is under (same origin, under its path), or null when it is under none. */
function registeredBaseOf(url: string | null | undefined, registry: MiniAppRegistry): string | null {
  if (!url) return null;
  const link = httpUrl(url.trim(), registry.origin);
  if (!link || link.username || link.password) return null;
  // The deepest registration a link is under (a page registered under another's path is its own mini-app).
  const under = registry.miniApps.filter((base) => {
    const registered = httpUrl(base, registry.origin);
    if (!registered || registered.origin !== link.origin) return false;
    const prefix = registered.pathname.endsWith('/') ? registered.pathname : `${registered.pathname}/`;
    return link.pathname === registered.pathname || link.pathname.startsWith(prefix);
  });
  return under.sort((a, b) => httpUrl(b, registry.origin)!.pathname.length - httpUrl(a, registry.origin)!.pathname.length)[0] ?? null;
}

/**
 * A link to a registered mini-app or survey: same origin as one of the registered base URLs and under its path. Only
 * these are framed with the person's parameters (their token among them); any other link opens without them.
 */
export function isRegisteredMiniApp(url: string | null | undefined, registry: MiniAppRegistry): boolean {
  return registeredBaseOf(url, registry) !== null;
}

/**
 * The name a link's mini-app was registered with (runtime config miniAppNames, by base URL): the title of the frame it
 * opens in. Null for a link under no registered mini-app, or one registered without a name.
 */
export function registeredMiniAppName(
  url: string | null | undefined,
  registry: MiniAppRegistry,
  names: Readonly<Record<string, string>>,
): string | null {
  const base = registeredBaseOf(url, registry);
  const name = base !== null && Object.hasOwn(names, base) ? names[base] : undefined;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/**
 * The registered mini-app a link opens with the bridge (issue 23): the registration whose base URL the link is under,
 * when that base is on an origin of its own (one of its registered origins, never the app's). Null otherwise: a link
 * to a page on the app's origin keeps the link-out frame's page or survey behaviour.
 */
export function bridgedMiniAppOf<T extends { baseUrl: string; origins: readonly string[] }>(
  url: string | null | undefined,
  apps: readonly T[],
  origin: string,
): T | null {
  const base = registeredBaseOf(url, { origin, miniApps: apps.map((a) => a.baseUrl) });
  if (base === null) return null;
  const app = apps.find((a) => a.baseUrl === base)!;
  const appOrigin = httpUrl(base, origin)?.origin;
  return appOrigin && appOrigin !== origin && app.origins.includes(appOrigin) ? app : null;
}

const HIERARCHICAL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const ADDRESS_SCHEME = /^(mailto|tel|sms):/i;

/**
 * A website as companies give it: `example.com` (or `example.com:8080`, or `//example.com`) becomes
 * `http://example.com`; a URL with a scheme (`https://…`, `mailto:…`) stays.
 */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (HIERARCHICAL_SCHEME.test(trimmed) || ADDRESS_SCHEME.test(trimmed)) return trimmed;
  return `http://${trimmed.replace(/^\/+/, '')}`;
}

/**
 * The sandbox of a mini-app's frame: scripts, forms and popups, never top navigation. A mini-app on another origin
 * also keeps its own origin (its storage and cookies); one on the app's own origin does not, since with both it could
 * reach into the app and lift its own sandbox.
 */
export function frameSandbox(url: string | null, origin: string): string {
  const base = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';
  const frame = url ? httpUrl(url, origin) : null;
  return frame && frame.origin !== origin ? `${base} allow-same-origin` : base;
}

/** The query a micro-frontend link carries (access document, section 7). */
export interface MicroFrontendParams {
  appBrand: string;
  buildingUuid: string;
  locale: string;
  authToken: string;
  firstName: string;
  lastName: string;
  userId: string;
  userUuid: string;
  apiUrl: string;
}

/** `url` with the micro-frontend parameters added (an absolute or same-origin relative URL; the rest of its query kept). */
export function microFrontendUrl(url: string, params: MicroFrontendParams, origin: string): string {
  const target = new URL(url, origin);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  // Another site's link (with a scheme, or protocol-relative) stays on that site; a relative one stays relative.
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url) ? target.toString() : `${target.pathname}${target.search}${target.hash}`;
}

/**
 * `url` with a `context` parameter: the URL-encoded base64 of `context` as JSON (access document, section 7). The JSON
 * is UTF-8 before it is base64-encoded, so any text survives; the rest of the link is kept.
 */
export function withMicroFrontendContext(url: string, context: unknown, origin: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify(context));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const target = new URL(url, origin);
  // searchParams URL-encodes it (base64's + / = included).
  target.searchParams.set('context', btoa(binary));
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url) ? target.toString() : `${target.pathname}${target.search}${target.hash}`;
}

/** What a `context` parameter holds, read back (a mini-app's side of withMicroFrontendContext); null when it is not one. */
export function readMicroFrontendContext(param: string | null): unknown {
  if (!param) return null;
  try {
    const binary = atob(param);
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
}

/** The path of a content screen: `/building/{building}/{value lowercased}/{uuid}` (a tile's native navigation). */
export const contentScreenPath = (buildingUuid: string, value: string, uuid: string) =>
  `/building/${encodeURIComponent(buildingUuid)}/${value.toLowerCase().replace(/_/g, '-')}/${encodeURIComponent(uuid)}`;

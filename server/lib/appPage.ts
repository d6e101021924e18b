import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_DATA_ID, HOME_BUILDING_COOKIE, brandIconUrl, type BootData, type Whitelabel } from '../../contracts/boot.js';
import type { RuntimeConfig } from '../../contracts/runtimeConfig.js';
import { schemeRoles } from '../../contracts/brandRoles.js';
import { ping, type Db } from '../db/index.js';
import { brandForHost, type BrandRow } from '../stores/brands.js';
import type { FlagStore } from './flags.js';
import { homeShell, loginShell, shellLocale, shellTextsReader, smallImageInliner, withCodeAfterFirstPaint, type ShellTexts } from './firstPaint.js';
import { buildingHero } from '../stores/buildings.js';

const whitelabelOf = (b: BrandRow): Whitelabel => ({
  brand: b.identifier,
  name: b.name,
  uuid: b.uuid,
  logoUrl: b.logo_url,
  logoDarkUrl: b.logo_dark_url,
  primaryColor: b.primary_color,
  secondaryColor: b.secondary_color,
  language: b.language,
  helpDeskEmail: b.help_desk_email,
  isAvatarVisible: b.is_avatar_visible,
  // The page paints in the brand's colours, AA in both schemes, without the contrast code in its first load.
  roles: schemeRoles({ primary: b.primary_color, secondary: b.secondary_color }),
});

/**
 * What the page carries for a host name: the configuration, the brand, the anonymous flags and the database's health,
 * read side by side. A part that fails is left out (null, or healthy false) and the app asks for it itself.
 */
export async function bootDataFor(deps: { db: Db; runtimeConfig: RuntimeConfig; flags: FlagStore }, host: string): Promise<BootData> {
  const [brand, flags, healthy] = await Promise.all([
    brandForHost(deps.db, host).catch(() => null),
    deps.flags.evaluate({ buildingUuids: [] }).then(
      (evaluation) => evaluation.flags,
      () => null,
    ),
    ping(deps.db).then(
      () => true,
      () => false,
    ),
  ]);
  return { config: deps.runtimeConfig, whitelabel: brand ? whitelabelOf(brand) : null, flags, healthy };
}

/**
 * The page with its boot data as a JSON script element before `</head>` (else before `<body>`). `<` is written as \u003c, so no value (a
 * brand name, say) can close the element or open a comment; U+2028/2029 likewise, for old parsers.
 */
export function withBootData(html: string, boot: BootData): string {
  const json = JSON.stringify(boot)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const element = `<script id="${BOOT_DATA_ID}" type="application/json">${json}</script>`;
  const at = html.includes('</head>') ? html.indexOf('</head>') : html.search(/<body|$/);
  return html.slice(0, at) + element + html.slice(at);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The brand's name as the page's title, its colour as the browser's theme colour and its icon as the page's, before
 * any script runs (the app names the same icon, so the browser fetches one).
 */
export function withBrand(html: string, whitelabel: Whitelabel | null): string {
  if (!whitelabel) return html;
  const icon = brandIconUrl(whitelabel);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(whitelabel.name)}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*(")/, `$1${escapeHtml(whitelabel.primaryColor)}$2`)
    .replace(/(<link rel="icon" href=")[^"]*(")/, (link, start: string, end: string) => (icon ? `${start}${escapeHtml(icon)}${end}` : link));
}

/**
 * How long a browser may keep a built file: the content-hashed ones under assets/ for a year without asking again
 * (a new build names new files); the others (icons, media, legal pages, robots.txt) an hour, then revalidated by
 * ETag or Last-Modified. The page itself is never cached unasked (appPageSender: no-cache).
 */
export function assetCacheControl(relativePath: string): string {
  return /^assets[/\\]/.test(relativePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** A strong validator of the page as sent: a revisit whose boot data did not change is answered 304. */
export const pageEtag = (html: string) => `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/** A first paint (decision 059) right after `<body>`, and the app's code started once it is on the screen (decision 063). */
const withFirstPaint = (html: string, shell: string) => (shell ? withCodeAfterFirstPaint(html.replace(/<body[^>]*>/, (body) => body + shell)) : html);

/**
 * The sign-in page names its small logo by the data: address its shell shows (decision 065), in the boot data as well:
 * the app's sign-in screen then shows the picture the shell already holds, and Chromium neither asks for the file nor
 * builds a second document for the SVG among start-up's tasks.
 */
function withInlinedLogo(boot: BootData, inlineImage: (url: string) => string | null): BootData {
  const logo = boot.whitelabel?.logoUrl ? inlineImage(boot.whitelabel.logoUrl) : null;
  return logo && boot.whitelabel ? { ...boot, whitelabel: { ...boot.whitelabel, logoUrl: logo } } : boot;
}

/** The sign-in page's first paint, in the language the app will start in. */
function withLoginShell(
  html: string,
  request: FastifyRequest,
  texts: ShellTexts | null,
  brand: Whitelabel | null,
  inlineImage: (url: string) => string | null,
): string {
  const lang = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  return withFirstPaint(html, loginShell(texts, texts ? shellLocale(texts, lang, request.headers['accept-language']) : 'en', brand, inlineImage));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The building whose home an address opens, as far as the page can tell: /building/{uuid}, or for /home and /building
 * the one the app last showed (its cookie). Anything but a uuid is no building.
 */
export function homeBuildingOf(pathname: string, cookieHeader: string | undefined): string | null {
  const match = /^\/(?:home|building)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  const remembered = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === HOME_BUILDING_COOKIE)?.[1];
  const uuid = match[1] ?? remembered ?? '';
  return UUID.test(uuid) ? uuid.toLowerCase() : null;
}

/** The code each kind of address opens with, by source module (the routes load it once start-up is done). */
const ROUTE_MODULES: [RegExp, string[]][] = [
  [/^\/(login|signup|reset-password)?\/?$/, ['src/app/screens/authFlow.ts']],
  [/^\/(home|building)(\/[^/]+)?\/?$/, ['src/app/screens/home.ts', 'src/ui/home/HomePage.tsx']],
];

/**
 * `<link rel="modulepreload">` for start-up's stages (every module the entry imports when a stage begins, decision
 * 064), the route's chunks and the catalogue of the browser's first language, so they load beside the entry instead
 * of after it runs. Chunks the entry imports itself are preloaded by the page already.
 */
export function routePreloads(manifest: Manifest | null, pathname: string, acceptLanguage: string | undefined): string {
  if (!manifest) return '';
  const entry = new Set([manifest['index.html']?.file, ...(manifest['index.html']?.imports ?? []).map((key) => manifest[key]?.file)]);
  const stages = manifest['index.html']?.dynamicImports ?? [];
  const modules = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  const language = /^\s*([a-z]{2})-([a-z]{2})/i.exec(acceptLanguage ?? '');
  const catalogue = language ? [`src/i18n/locales/${language[1]!.toLowerCase()}-${language[2]!.toUpperCase()}.json`] : [];
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entry.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(add);
  };
  [...stages, ...modules, ...catalogue].forEach(add);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

/**
 * Sends the app's page (the built index.html) with the boot data for the request's host name. The file is read again
 * when a build replaced it. `no-cache`: every visit revalidates, and one whose page did not change gets a 304.
 */
export function appPageSender(deps: { db: Db; runtimeConfig: RuntimeConfig; flags: FlagStore }, indexFile: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = () => {
    const { mtimeMs } = statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
  const manifestFile = path.join(path.dirname(indexFile), '.vite', 'manifest.json');
  let manifest: { mtimeMs: number; value: Manifest } | null = null;
  const readManifest = (): Manifest | null => {
    if (!existsSync(manifestFile)) return null;
    const { mtimeMs } = statSync(manifestFile);
    if (manifest?.mtimeMs !== mtimeMs) manifest = { mtimeMs, value: JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest };
    return manifest.value;
  };
  const shellTexts = shellTextsReader(path.join(path.dirname(indexFile), 'login-shell.json'));
  const inlineImage = smallImageInliner(path.dirname(indexFile));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split(/[?#]/)[0] ?? '/';
    const isLogin = /^\/login\/?$/.test(pathname);
    const boot = withInlinedLogo(await bootDataFor(deps, request.hostname), isLogin ? inlineImage : () => null);
    const preloads = routePreloads(readManifest(), pathname, request.headers['accept-language']);
    let html = withBootData(withBrand(template(), boot.whitelabel), boot).replace('</head>', `${preloads}</head>`);
    if (isLogin) html = withLoginShell(html, request, shellTexts(), boot.whitelabel, inlineImage);
    else {
      const building = homeBuildingOf(pathname, request.headers.cookie);
      const shell = building ? homeShell(await buildingHero(deps.db, building).catch(() => null)) : '';
      html = withFirstPaint(html, shell);
    }
    const etag = pageEtag(html);
    // The preloads follow the browser's language: a shared cache must not hand one language's page to another.
    void reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-language').type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(request.method === 'HEAD' ? undefined : html);
  };
}

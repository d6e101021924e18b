import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PAGE_SHELL_ID, type Whitelabel } from '../../contracts/boot.js';

/**
 * The sign-in page's first paint, sent in the page itself (decision 059): the brand and the email step's heading and
 * introduction in the visitor's language, laid out as the app lays them out, over the app's root until the app has
 * drawn its own heading (`src/app/adapters/pageShell.ts` then removes it). It holds no field or button a person could
 * type into or press before the app runs, so nothing typed is lost when the app takes over, and it is hidden from
 * assistive technology, which reads the app underneath.
 */
const SHELL_ID = PAGE_SHELL_ID;

/** The shell's style: one inline element the page's policy allows by its hash (SHELL_STYLE_HASH). */
export const SHELL_CSS = [
  `#${SHELL_ID}{position:fixed;inset:0;z-index:2147483646;overflow:hidden;background:#f4f6f8;color:#1d2125;font:16px/24px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}`,
  `#${SHELL_ID} main{display:flex;flex-direction:column;align-items:center;padding:32px 16px}`,
  `#${SHELL_ID} header{display:flex;align-items:center;gap:12px;margin:0 0 24px;min-height:40px}`,
  `#${SHELL_ID} header img{height:40px}`,
  `#${SHELL_ID} header span{font-size:20px;font-weight:700}`,
  `#${SHELL_ID} section{box-sizing:border-box;width:100%;max-width:440px;padding:32px 24px;border-radius:12px;background:#fff;box-shadow:0 1px 2px rgba(16,24,32,.08),0 4px 16px rgba(16,24,32,.06)}`,
  `#${SHELL_ID} h1{margin:0 0 8px;font-size:24px;line-height:36px;font-weight:700}`,
  `#${SHELL_ID} p{margin:0 0 16px;color:#555b61}`,
  `#${SHELL_ID} .field{margin:0 0 16px;height:75px;border-radius:8px;background:linear-gradient(#f4f6f8 21px,transparent 21px 25px,#eceff2 25px)}`,
  `@media (prefers-color-scheme:dark){#${SHELL_ID}{background:#121417;color:#e8eaed}#${SHELL_ID} section{background:#1d2125}#${SHELL_ID} p{color:#b4bac0}#${SHELL_ID} .field{background:linear-gradient(#121417 21px,transparent 21px 25px,#2a2f34 25px)}}`,
].join('');

export const SHELL_STYLE_HASH = `'sha256-${createHash('sha256').update(SHELL_CSS).digest('base64')}'`;

/** The building home's first paint: a header's place and the hero image, no text (decision 059). */
export const HOME_SHELL_CSS = [
  `#${SHELL_ID}{position:fixed;inset:0;z-index:2147483646;overflow:hidden;background:#f4f6f8}`,
  `#${SHELL_ID} .bar{height:64px;background:#dfe3e7}`,
  `#${SHELL_ID} .hero{height:200px;background:#c9ced3}`,
  `@media (min-width:769px){#${SHELL_ID} .hero{height:260px}}`,
  `#${SHELL_ID} .hero img{display:block;width:100%;height:100%;object-fit:cover}`,
  `@media (prefers-color-scheme:dark){#${SHELL_ID}{background:#121417}#${SHELL_ID} .bar{background:#2a2f34}#${SHELL_ID} .hero{background:#1d2125}}`,
].join('');

export const HOME_SHELL_STYLE_HASH = `'sha256-${createHash('sha256').update(HOME_SHELL_CSS).digest('base64')}'`;

/** An image address the first paint may show: the app's own path or https, nothing a quote could end. */
const safeImage = (url: string | null): url is string => !!url && /^(\/(?!\/)|https:\/\/)[^"'<>\s]+$/.test(url);

/** The home's first paint with the building's hero; empty without a hero to show. */
export function homeShell(heroUrl: string | null): string {
  if (!safeImage(heroUrl)) return '';
  return (
    `<div id="${SHELL_ID}" aria-hidden="true"><style>${HOME_SHELL_CSS}</style><div class="bar"></div>` +
    `<div class="hero"><img src="${escapeHtml(heroUrl)}" alt="" fetchpriority="high"></div></div>`
  );
}

/** The element that names the app's code on a page whose code waits for its first paint (CODE_LOADER). */
export const CODE_LIST_ID = 'atrium-code';

/**
 * On a page with a first paint the app's code starts once that paint is on the screen (decision 063): when the
 * browser reports the first contentful paint, and on the home, whose first paint is the building's hero, when it
 * reports the hero as the largest paint (or the hero fails). What the person sees first then does not wait behind
 * 150 KB of code, neither on the network nor on the main thread, where a module that runs before the first frame
 * holds that frame back. A browser without these reports waits for the picture and two frames; a hidden page (opened
 * in the background) paints nothing and starts at once; and whatever happens the code starts within a second. One
 * fixed inline script, allowed by its hash; the code's addresses come from the JSON element before it.
 */
export const CODE_LOADER = [
  '(()=>{',
  `const code=JSON.parse(document.getElementById('${CODE_LIST_ID}').textContent);let started=false;`,
  'const start=()=>{if(started)return;started=true;',
  "const steps=code.preload.map((href)=>()=>{const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)});",
  "steps.push(()=>{const script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=code.entry;document.head.append(script)});",
  'const channel=new MessageChannel();const next=()=>{steps.shift()();if(steps.length)channel.port2.postMessage(0)};channel.port1.onmessage=next;next()};',
  'if(document.hidden)return start();',
  'setTimeout(start,1000);',
  'const reported=(self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];',
  'const when=(type,seen)=>new PerformanceObserver((list,observer)=>{if(list.getEntries().some(seen)){observer.disconnect();start()}}).observe({type,buffered:true});',
  `const hero=document.querySelector('#${SHELL_ID} img[fetchpriority=high]');`,
  "if(hero){hero.addEventListener('error',start);",
  "if(reported.includes('largest-contentful-paint'))when('largest-contentful-paint',(entry)=>entry.element===hero);",
  'else hero.decode().then(()=>requestAnimationFrame(()=>requestAnimationFrame(start)),start)}',
  "else if(reported.includes('paint'))when('paint',(entry)=>entry.name==='first-contentful-paint');",
  'else requestAnimationFrame(()=>requestAnimationFrame(start))})()',
].join('');

export const CODE_LOADER_HASH = `'sha256-${createHash('sha256').update(CODE_LOADER).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page with its entry script and module preloads taken out of the head and started by CODE_LOADER at the
 * end of the body instead. A page without the entry the build writes is left as it is.
 */
export function withCodeAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const list = JSON.stringify({ entry, preload }).replace(/</g, '\\u003c');
  const code = `<script id="${CODE_LIST_ID}" type="application/json">${list}</script><script>${CODE_LOADER}</script>`;
  return html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', `${code}</body>`);
}

/** The email step's texts by locale, as the build wrote them beside the page (`login-shell.json`). */
export type ShellTexts = Record<string, { title: string; subtitle: string }>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The locale the app starts in for a first visit: `?lang`, else the browser's first language; exact, then by language, else en. */
export function shellLocale(texts: ShellTexts, lang: string | null, acceptLanguage: string | undefined): string {
  const requested = (lang ?? acceptLanguage?.split(',')[0]?.split(';')[0] ?? '').trim().replace('_', '-').toLowerCase();
  const locales = Object.keys(texts);
  return (
    locales.find((l) => l.toLowerCase() === requested) ??
    locales.find((l) => l.toLowerCase().split('-')[0] === requested.split('-')[0]) ??
    (texts.en ? 'en' : (locales[0] ?? 'en'))
  );
}

/**
 * The shell's markup for a locale and brand; empty when the build wrote no texts. `inlineImage` answers a small image
 * the server holds as a data: address (smallImageInliner), so the logo arrives and paints with the page.
 */
export function loginShell(
  texts: ShellTexts | null,
  locale: string,
  brand: Whitelabel | null,
  inlineImage: (url: string) => string | null = () => null,
): string {
  const text = texts?.[locale] ?? texts?.en;
  if (!text) return '';
  const name = brand?.name ?? 'Atrium';
  const logo = brand?.logoUrl ? `<img src="${escapeHtml(inlineImage(brand.logoUrl) ?? brand.logoUrl)}" alt="">` : `<span>${escapeHtml(name)}</span>`;
  return (
    `<div id="${SHELL_ID}" aria-hidden="true" lang="${escapeHtml(locale)}"><style>${SHELL_CSS}</style><main><header>${logo}</header>` +
    `<section><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.subtitle)}</p><div class="field"></div><noscript><p>Atrium needs JavaScript.</p></noscript></section></main></div>`
  );
}

/** The images a shell may carry in the page itself, by extension. */
const INLINE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp' };
/** At most this many bytes: a logo, not a photograph (the page grows by a third more as base64). */
export const INLINE_IMAGE_MAX_BYTES = 4096;

/**
 * Small images under `root` (the built app, which holds the brands' media) as data: addresses, for the sign-in page's
 * shell (decision 065): its logo then paints with the heading instead of one round trip later, and an SVG logo's
 * document (Chromium builds one for each SVG picture, 20–50 ms of main thread for the first) is made while the page
 * is parsed, before the first paint, not among the start-up tasks after it. Anything else answers null and keeps
 * its address: other hosts, paths that leave `root`, other types, larger files. Read again when the file changes.
 */
export function smallImageInliner(root: string): (url: string) => string | null {
  const cache = new Map<string, { mtimeMs: number; value: string | null }>();
  const base = path.resolve(root);
  return (url) => {
    if (!url.startsWith('/') || url.startsWith('//')) return null;
    let file: string;
    try {
      file = path.resolve(base, `.${decodeURIComponent(url.split(/[?#]/)[0]!)}`);
    } catch {
      return null; // not a well-formed address
    }
    const type = INLINE_TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(base + path.sep) || !existsSync(file)) return null;
    const stat = statSync(file);
    if (!stat.isFile()) return null;
    const cached = cache.get(file);
    if (cached?.mtimeMs === stat.mtimeMs) return cached.value;
    const value = stat.size <= INLINE_IMAGE_MAX_BYTES ? `data:${type};base64,${readFileSync(file).toString('base64')}` : null;
    cache.set(file, { mtimeMs: stat.mtimeMs, value });
    return value;
  };
}

/** Reads `login-shell.json` beside the page again when a build replaced it; null without one (a page not built by Vite). */
export function shellTextsReader(file: string): () => ShellTexts | null {
  let cached: { mtimeMs: number; value: ShellTexts } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: JSON.parse(readFileSync(file, 'utf8')) as ShellTexts };
    return cached.value;
  };
}

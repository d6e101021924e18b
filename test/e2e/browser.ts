import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import axe, { type AxeResults, type ContextObject, type CrossTreeSelector, type PartialResult, type RunOptions } from 'axe-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/chromium';

/**
 * The worker's Debian Chromium (scripts/chromium.ts), launched for its first file and kept for the next ones (the e2e
 * project does not isolate its files): a file never closes it. It goes when the worker ends (decision 142).
 */
let workerBrowser: Promise<Browser> | null = null;
export function launchBrowser(): Promise<Browser> {
  workerBrowser ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => (workerBrowser = null));
    return browser;
  });
  return workerBrowser;
}

/** The app server of this worker (test/e2e/globalSetup.ts starts one per worker; VITEST_POOL_ID counts from 1). */
export const baseURL = () => {
  const servers = inject('baseURLs');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
};

/**
 * A page in a browser context with nothing stored (no cookie, no local or session storage, no database), with the
 * app's address as base. The context is one a test before used and handed back, when one with the same options is
 * free: its storage cleared, but its HTTP cache and compiled code kept, as a browser keeps them between visits. A
 * context made anew compiles the whole app again: about 2 CPU-seconds more for its first page (decision 142). The page
 * is the context's own kept tab when it has one (on a blank document of the app's origin, see `resetKeptPage`): a new
 * tab costs Chromium about 2.5 CPU-seconds more than a load in a tab it has (a renderer process and a window of its
 * own), as much as the load itself, and most tests open one (decision 147).
 * `context.close()` hands the context back; every context a file took is handed back after the file. `coldCache`
 * asks for a new context, for a test of what a first visit loads.
 */
export async function newPage(
  browser: Browser,
  options: { host?: string; timezoneId?: string; locale?: string; coldCache?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const base = options.host ? baseURL().replace('localhost', options.host) : baseURL();
  const key = JSON.stringify([base, options.timezoneId ?? null, options.locale ?? null]);
  const context =
    (options.coldCache ? undefined : freeContexts.get(browser)?.get(key)?.pop()) ??
    (await keptContext(browser, key, {
      baseURL: base,
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    }));
  inUse.add(context);
  const kept = keptPages.get(context);
  const page = kept && !kept.isClosed() ? kept : await context.newPage();
  // A kept tab may sit behind axe's combining page, where it would get no animation frames (see combinerFor).
  if (page === kept) await page.bringToFront();
  else {
    keptPages.set(context, page);
    taintedBy(page, ['addInitScript', 'exposeFunction', 'exposeBinding']);
    blankBeforeContent(page);
  }
  return { context, page };
}

/**
 * `setContent` writes into the document the page is on, which keeps that document's address and policy: on a kept
 * tab, the health check's (whose policy forbids frames). A test that sets content means a blank page's, as on a new tab.
 */
function blankBeforeContent(page: Page): void {
  const setContent = page.setContent.bind(page);
  page.setContent = async (html, options) => {
    if (page.url() !== 'about:blank') await page.goto('about:blank');
    return setContent(html, options);
  };
}

/** The contexts handed back, by browser and by their options; the ones a test holds now. */
const freeContexts = new WeakMap<Browser, Map<string, BrowserContext[]>>();
const inUse = new Set<BrowserContext>();
/** Each context's kept tab: the first page `newPage` gave out of it. */
const keptPages = new WeakMap<BrowserContext, Page>();
/**
 * Pages and contexts a test gave what cannot be taken back (a script run before every document, a function exposed
 * to the page, a fake clock): they are closed when handed back, never given to another test.
 */
const tainted = new WeakSet<object>();
function taintedBy<T extends object>(target: T, methods: string[], mark: object = target): void {
  for (const name of methods) {
    const original = (target as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(target, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        tainted.add(mark);
        return original.apply(target, args);
      },
    });
  }
}

/** A new context whose `close()` clears it and hands it back for the next test instead of closing it. */
async function keptContext(browser: Browser, key: string, options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  taintedBy(context, ['addInitScript', 'exposeFunction', 'exposeBinding']);
  taintedBy(context.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt'], context);
  const origins = new Set<string>();
  context.on('request', (request) => {
    const { origin, protocol } = new URL(request.url());
    if (protocol === 'http:' || protocol === 'https:') origins.add(origin);
  });
  const close = context.close.bind(context);
  context.close = async () => {
    if (!inUse.delete(context)) return;
    try {
      if (tainted.has(context)) throw new Error('a context with a fake clock or a script of its own is not reused');
      await clearContext(context, origins, options!.baseURL!);
      const free = freeContexts.get(browser) ?? new Map<string, BrowserContext[]>();
      freeContexts.set(browser, free);
      free.set(key, [...(free.get(key) ?? []), context]);
    } catch {
      await close().catch(() => undefined);
    }
  };
  return context;
}

/** What a test may have listened to on a page (never `close`, which Playwright's own bookkeeping may use). */
const PAGE_EVENTS = [
  'console',
  'dialog',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'domcontentloaded',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
  'crash',
] as const;
/** The window of a context made without a viewport (Playwright's default), which a kept tab gets back. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/**
 * Makes a context's kept tab as a new one would be for the next test: no listeners, routes, emulated media or window
 * size of the test before, and on a document of the app's origin that runs no app (the health check), so nothing of
 * the app is left running to write storage after it is cleared. Same-origin loads keep the tab's renderer process.
 */
async function resetKeptPage(page: Page, base: string): Promise<void> {
  for (const type of PAGE_EVENTS) page.removeAllListeners(type);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none' });
  const size = page.viewportSize();
  if (size?.width !== DEFAULT_VIEWPORT.width || size.height !== DEFAULT_VIEWPORT.height) await page.setViewportSize(DEFAULT_VIEWPORT);
  await page.goto(new URL('/api/healthcheck', base).href);
}

/**
 * Leaves a context as a new one would be for the app: its pages closed (but axe's combining page and the kept tab,
 * reset), its routes gone, and nothing stored for any origin its pages asked (cookies, local and session storage,
 * databases, caches the pages made).
 */
async function clearContext(context: BrowserContext, origins: Set<string>, base: string): Promise<void> {
  const combiner = await combiners.get(context);
  const kept = keptPages.get(context);
  let keep = kept && !kept.isClosed() && !tainted.has(kept) ? kept : undefined;
  await Promise.all(
    context
      .pages()
      .filter((page) => page !== combiner && page !== keep && !page.isClosed())
      .map((page) => page.close()),
  );
  if (keep) {
    try {
      await resetKeptPage(keep, base);
    } catch {
      await keep.close().catch(() => undefined);
      keep = undefined;
    }
  }
  if (!keep) keptPages.delete(context);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  const blank = keep ?? (combiner && !combiner.isClosed() ? combiner : await context.newPage());
  const cdp = await context.newCDPSession(blank);
  for (const origin of origins) {
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'cookies,local_storage,indexeddb,websql,file_systems,service_workers,cache_storage,shared_storage,storage_buckets',
    });
  }
  await cdp.detach();
  // Session storage belongs to the tab: the kept tab's, for the origin it is on (the app's), is emptied here.
  if (keep) await keep.evaluate(() => sessionStorage.clear());
  else if (blank !== combiner) await blank.close();
  origins.clear();
}

/** Hands back every context the file's tests took and did not close (test/e2e/setup.ts, after each file). */
export async function handBackContexts(): Promise<void> {
  await Promise.all([...inUse].map((context) => context.close()));
}

/**
 * Opens a path of the app in the page. When the page already runs the app on that origin, the app's router moves
 * there itself (the address changes and a history move is announced, as back and forward do), the way a link does:
 * a whole page load costs Chromium 1 to 2.5 CPU-seconds, a move in the app a tenth of that (decision 142). Otherwise,
 * and for what a test means as a load (a deep link, a reload), `page.goto`. The screen before may still show for a
 * moment (a screen of the same route keeps its elements while its data loads): the caller waits for what only the new
 * screen shows, never for what both show (a title, a heading of the same page object).
 */
export async function visit(page: Page, path: string): Promise<void> {
  const target = new URL(path, page.url().startsWith('http') ? page.url() : baseURL());
  const moved = await page.evaluate((href) => {
    const url = new URL(href);
    if (url.origin !== location.origin || !document.getElementById('root')?.hasChildNodes()) return false;
    history.pushState(history.state, '', url.pathname + url.search + url.hash);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    return true;
  }, target.href);
  if (!moved) await page.goto(target.href);
}

/** The newest four-digit code the dev mailbox holds for an address. */
export async function latestCode(email: string): Promise<string> {
  const answer = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { data } = (await answer.json()) as { data: { text: string }[] };
  const code = /\b(\d{4})\b/.exec(data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the mailbox of ${email}`);
  return code;
}

/** What the dev mailbox holds for an address, newest first. */
export async function mailbox(email: string): Promise<{ text: string }[]> {
  const answer = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as { data: { text: string }[] }).data;
}

/** A four-digit code that is not `code` (for trying a wrong one). */
export const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/**
 * A confirmed password account made through the API (sign-up and code), for tests that start from an existing
 * account rather than from sign-up itself.
 */
export async function createConfirmedAccount(account: { email: string; firstName: string; lastName: string; password: string }) {
  const api = `${baseURL()}/api`;
  const registered = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      password: account.password,
      is_term_accepted: true,
      is_email_accepted: false,
      user_type_id: 1,
    }),
  });
  if (!registered.ok) throw new Error(`register ${account.email}: ${registered.status} ${await registered.text()}`);
  const code = await latestCode(account.email);
  const confirmed = await fetch(`${api}/user-verification/code/${code}/consume?email=${encodeURIComponent(account.email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: account.password }),
  });
  if (!confirmed.ok) throw new Error(`confirm ${account.email}: ${confirmed.status} ${await confirmed.text()}`);
}

/** Changes a flag on the running server, as `npm run flags -- set` does (loopback needs no token in development); null removes it. */
export async function setFlag(name: string, value: boolean | null) {
  const answer = await fetch(`${baseURL()}/api/admin/flags/${name}`, {
    method: value === null ? 'DELETE' : 'PUT',
    headers: value === null ? {} : { 'content-type': 'application/json' },
    body: value === null ? undefined : JSON.stringify({ value }),
  });
  if (!answer.ok) throw new Error(`setting ${name} failed: ${answer.status} ${await answer.text()}`);
}

/** Only violations are collected (not every passing node), which the screen sweep's two hundred runs feel. */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };
/**
 * The rules whose answer can change with the colour scheme alone (the scheme changes styles, never the document):
 * a page checked in full in one scheme needs only these in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const COLOUR_OPTIONS: RunOptions = { ...AXE_OPTIONS, runOnly: { type: 'rule', values: COLOUR_RULES } };
/** Where a frame sits inside its parent, and what of it to check, as axe describes them (serialisable). */
type FrameContext = { frameSelector: CrossTreeSelector; frameContext: ContextObject };
type AxeWindow = typeof window & { axe?: typeof axe };

/** Puts axe into a frame once: a document keeps it until the frame loads another (the app's own moves keep it). */
async function withAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (window as AxeWindow).axe?.runPartial === 'function');
  if (!present) await frame.evaluate(axe.source);
}

/**
 * axe's partial results for a frame, then for each frame inside it, depth first, as `axe.finishRun` takes them (a frame
 * of any origin: the test reaches into it, no message crosses origins). A frame inside that fails counts as null; the
 * page's own failure is the check's.
 */
async function partialResults(frame: Frame, context: ContextObject, top: boolean, options: RunOptions): Promise<(PartialResult | null)[]> {
  try {
    await withAxe(frame);
    // Arguments cross into the page as JSON: axe's context types are too deep for Playwright's argument types.
    const json = JSON.stringify(context);
    const inner: FrameContext[] = await frame.evaluate(
      (c) => (window as AxeWindow).axe!.utils.getFrameContexts(JSON.parse(c) as ContextObject) as unknown as FrameContext[],
      json,
    );
    const own = await frame.evaluate(({ c, options }) => (window as AxeWindow).axe!.runPartial(JSON.parse(c) as ContextObject, options), {
      c: json,
      options,
    });
    const results: (PartialResult | null)[] = [own];
    for (const { frameSelector, frameContext } of inner) {
      const element = (
        await frame.evaluateHandle(
          (selector) => (window as AxeWindow).axe!.utils.shadowSelect(JSON.parse(selector) as CrossTreeSelector),
          JSON.stringify(frameSelector),
        )
      ).asElement();
      const child = await element?.contentFrame();
      results.push(...(child ? await partialResults(child, frameContext, false, options) : [null]));
    }
    return results;
  } catch (error) {
    if (top) throw error;
    return [null];
  }
}

/**
 * One blank page per browser context, with axe in it, where the frames' partial results are put together (no page's
 * own scripts or policy can interfere there). Kept for the context's next check: making one for every check (what
 * @axe-core/playwright does) cost about a second each, two hundred times in the screen sweep.
 */
const combiners = new WeakMap<BrowserContext, Promise<Page>>();
function combinerFor(context: BrowserContext): Promise<Page> {
  const kept = combiners.get(context);
  const open = kept?.then((page) => (page.isClosed() ? null : page));
  const made = (async () => {
    const existing = await open;
    if (existing) return existing;
    // A new page comes to the front: the checked page, hidden behind it, gets no animation frames and slow timers
    // until it is brought back, which seriousA11yViolations does.
    const page = await context.newPage();
    await page.evaluate(axe.source);
    return page;
  })();
  combiners.set(context, made);
  return made;
}

/**
 * The serious and critical accessibility violations axe finds on the page as it is now, in every frame (those of other
 * origins too), as `rule: selector` lines.
 */
export async function seriousA11yViolations(page: Page, only: { colourRules?: boolean } = {}): Promise<string[]> {
  const options = only.colourRules ? COLOUR_OPTIONS : AXE_OPTIONS;
  const partials = await partialResults(page.mainFrame(), { include: [], exclude: [] }, true, options);
  const combiner = await combinerFor(page.context());
  await page.bringToFront();
  const { violations } = (await combiner.evaluate(
    ({ json, options }) => (window as AxeWindow).axe!.finishRun(JSON.parse(json) as PartialResult[], options),
    { json: JSON.stringify(partials), options },
  )) as AxeResults;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/**
 * Resolves once the page is still: no animation running, the scroll position the same over three frames, and a
 * frame painted after that. What a person waits for before the next look or key, with no fixed time (a busy machine
 * takes as long as it needs).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = `${window.scrollX},${window.scrollY}`;
        let same = 0;
        const look = () => {
          const now = `${window.scrollX},${window.scrollY}`;
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= 3) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}

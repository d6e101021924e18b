/**
 * `npm run screens`: screenshots of the product for readers who do not run it, written to docs/screens/ with an index
 * (docs/screens/README.md).
 *
 * It starts the app as the browser tests do (`npm start`'s script: built when its sources changed, one server for app
 * and API, a fresh PGlite folder in a temp dir) on its own port (`SCREENS_PORT`, default 18280), signs in with
 * Debian's Chromium in each demo brand, and takes home, a content screen (an event) and the account page at a phone's
 * 390x844 and a desktop's 1366x900, in light and in dark. A dark picture is written only when dark looks different
 * from light (the app follows `prefers-color-scheme` once the design kit has a dark theme); otherwise the dark file is
 * removed, so the folder never holds a stale one.
 *
 * Pages are found by roles, labels and test ids only, never by CSS classes, so the script outlives restyling.
 * What keeps re-runs alike: a fixed browser time zone and locale, no animations, no caret, the page settled (nothing
 * `aria-busy`, no skeleton, fonts ready, every image in view decoded) before the shot. The demo content's dates are
 * relative to the day the server seeds them, so a run on another day moves the dates on the pictures (decision 090).
 *
 * Besides, a few pictures of one screen in one state, at the sizes an issue asked for (`FEATURES`, light, the atrium
 * brand): `npm run screens -- --features` takes only those, and leaves every other picture as it is.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startServer } from './startBench';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screens');
const port = Number(process.env.SCREENS_PORT ?? 18280);
/** `--features`: only the pictures of screens in one state (FEATURES); the others are left as they are. */
const onlyFeatures = process.argv.includes('--features');
const origin = `http://localhost:${port}`;

interface Brand {
  /** In file names. */
  key: string;
  label: string;
  /** The host the brand is served on (browsers resolve *.localhost to this machine). */
  host: string;
  email: string;
  password: string;
  building: string;
}

const BRANDS: Brand[] = [
  {
    key: 'atrium',
    label: 'Atrium (localhost)',
    host: 'localhost',
    email: 'demo@northwind.example',
    password: 'Atrium!2026',
    building: 'One Atrium Plaza',
  },
  {
    key: 'harbor',
    label: 'Harbor (harbor.localhost)',
    host: 'harbor.localhost',
    email: 'admin@globex.example',
    password: 'Atrium!2026',
    building: 'Harbor Point',
  },
];

const SIZES = [
  { key: 'phone', label: 'Phone, 390×844', width: 390, height: 844 },
  { key: 'desktop', label: 'Desktop, 1366×900', width: 1366, height: 900 },
] as const;

const SCHEMES = ['light', 'dark'] as const;

/** The event every brand's demo building has. */
const EVENT_TITLE = 'Wine tasting evening';

interface Screen {
  key: string;
  label: string;
  path: (ids: { building: string; event: string }) => string;
  /** Waits for what the screen is about to be on it. */
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    key: 'home',
    label: 'Home',
    path: ({ building }) => `/building/${building}`,
    ready: async (page) => {
      await page.getByTestId('feed-tile').first().waitFor();
    },
  },
  {
    key: 'content',
    label: `Content screen (the event “${EVENT_TITLE}”)`,
    path: ({ building, event }) => `/building/${building}/event-posts/${event}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 1, name: EVENT_TITLE }).waitFor();
    },
  },
  {
    key: 'account',
    label: 'Account',
    path: () => '/account',
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    },
  },
];

/** One screen in one state, at one size: named by what it shows rather than by brand, size and scheme. */
interface Feature {
  file: string;
  label: string;
  size: { width: number; height: number };
  path: (ids: { building: string; event: string }) => string;
  /** Brings the screen into the state the picture shows, and waits for it. */
  prepare: (page: Page) => Promise<void>;
}

/** The company directory searched for "an" with the Offices filter chosen (issue 26): the filters, the count, the list. */
const directorySearch = async (page: Page) => {
  await page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Offices', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search by company name' }).pressSequentially('an');
  await page.getByText(/^\d+ compan(y matches|ies match)$/).waitFor();
  await page.getByRole('searchbox', { name: 'Search by company name' }).blur();
};

/** Book (issue 26): the building's bookable resources, by kind, as they come. */
const bookList = async (page: Page) => {
  await page.getByRole('heading', { name: 'Book', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Conference Room A', exact: true }).waitFor();
};

/**
 * A meeting room's booking screen with a time chosen: the first day with free times (the building's today may be a
 * weekend), its third free start, two hours, the projector answered; on a phone scrolled to the times.
 */
const bookRoom = async (page: Page) => {
  await bookList(page);
  await page.getByRole('link', { name: 'Conference Room A', exact: true }).click();
  const days = page.getByTestId('book-days').getByRole('button');
  await days.first().waitFor();
  const dayLoaded = () => page.waitForFunction(() => !document.querySelector('[data-testid="book-day-loading"]'));
  await dayLoaded();
  for (let i = 0; (await page.locator('[data-slot="free"]').count()) === 0; i++) {
    await days.nth(i + 1).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="book-days"] button')[n]?.getAttribute('aria-pressed') === 'true',
      i + 1,
    );
    await dayLoaded();
  }
  await page.locator('[data-slot="free"]').nth(2).click();
  await page.getByTestId('book-lengths').getByRole('button', { name: '2 hours', exact: true }).click();
  await page.getByRole('group', { name: 'Will you need the projector?' }).getByLabel('Yes').check();
  await page.getByTestId('book-days').evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
};

const FEATURES: Feature[] = [
  ...[
    { file: 'directory-search-phone.png', label: 'Company directory, searched and filtered: phone, 360×740', size: { width: 360, height: 740 } },
    {
      file: 'directory-search-desktop.png',
      label: 'Company directory, searched and filtered: desktop, 1366×900',
      size: { width: 1366, height: 900 },
    },
  ].map((f) => ({ ...f, path: ({ building }: { building: string }) => `/building/${building}/companies`, prepare: directorySearch })),
  ...[
    { file: 'booking-list-phone.png', label: 'Book, the bookable rooms, desks and spaces: phone, 360×740', size: { width: 360, height: 740 } },
    { file: 'booking-list-desktop.png', label: 'Book, the bookable rooms, desks and spaces: desktop, 1366×900', size: { width: 1366, height: 900 } },
  ].map((f) => ({ ...f, path: ({ building }: { building: string }) => `/building/${building}/book`, prepare: bookList })),
  ...[
    { file: 'booking-room-phone.png', label: 'Booking a meeting room, a time chosen: phone, 360×740', size: { width: 360, height: 740 } },
    { file: 'booking-room-desktop.png', label: 'Booking a meeting room, a time chosen: desktop, 1366×900', size: { width: 1366, height: 900 } },
  ].map((f) => ({ ...f, path: ({ building }: { building: string }) => `/building/${building}/book`, prepare: bookRoom })),
];

const fileName = (screen: Screen, brand: Brand, size: (typeof SIZES)[number], scheme: (typeof SCHEMES)[number]) =>
  `${screen.key}-${brand.key}-${size.key}-${scheme}.png`;

/** The API, called as the app calls it, for the ids the screens need. */
async function api<T>(token: string, call: string): Promise<T> {
  const answer = await fetch(`${origin}/api${call}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`GET ${call}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: T }).data;
}

async function idsFor(brand: Brand): Promise<{ building: string; event: string }> {
  const login = await fetch(`${origin}/api/auth/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: brand.email, password: brand.password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${brand.email}: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const { buildings } = await api<{ buildings: { uuid: string; name: string }[] }>(token, '/tenant/v1/users/current/buildings');
  const building = buildings.find((b) => b.name === brand.building)?.uuid;
  if (!building) throw new Error(`${brand.email} has no building ${brand.building}`);
  const groups = await Promise.all(
    ['contents-spotlight', 'contents'].map((kind) =>
      api<{ contents: { uuid: string; title: string }[] }[]>(token, `/tenant/v1/buildings/${building}/categories/${kind}?lang=en`),
    ),
  );
  const event = groups
    .flat()
    .flatMap((c) => c.contents)
    .find((c) => c.title === EVENT_TITLE)?.uuid;
  if (!event) throw new Error(`${brand.building} has no content titled ${EVENT_TITLE}`);
  return { building, event };
}

/** Signs in through the screens, as a person does. */
async function signIn(page: Page, brand: Brand) {
  await page.goto('/login');
  await page.getByLabel('Work email').fill(brand.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(brand.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
  await page.getByTestId('feed-tile').first().waitFor();
}

/**
 * Waits until the page stops changing: nothing `aria-busy`, no skeleton, the fonts ready, every image in view
 * loaded (or failed, which shows its placeholder), no request in flight, then two frames.
 */
async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid$="skeleton"]'));
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    });
    await Promise.all(inView.map((img) => img.decode().catch(() => undefined)));
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function shoot(page: Page): Promise<Buffer> {
  await settle(page);
  return page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}

/** One screen under one colour scheme, loaded afresh (the app reads the scheme as it starts). */
async function take(page: Page, screen: Screen, ids: { building: string; event: string }, scheme: (typeof SCHEMES)[number], where: string) {
  try {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(screen.path(ids));
    await screen.ready(page);
    return await shoot(page);
  } catch (error) {
    throw new Error(`${where} ${scheme}: the screen did not settle`, { cause: error });
  }
}

/** Every picture of one brand, written to docs/screens/; answers the files written. */
async function shootBrand(browser: Browser, brand: Brand): Promise<string[]> {
  const ids = await idsFor(brand);
  const written: string[] = [];
  for (const size of SIZES) {
    const context = await browser.newContext({
      baseURL: `http://${brand.host}:${port}`,
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'America/New_York',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await signIn(page, brand).catch((error: unknown) => {
      throw new Error(`${brand.key} ${size.key}: signing in failed`, { cause: error });
    });
    for (const screen of SCREENS) {
      const where = `${brand.key} ${size.key} ${screen.key}`;
      const light = await take(page, screen, ids, 'light', where);
      writeFileSync(path.join(outDir, fileName(screen, brand, size, 'light')), light);
      written.push(fileName(screen, brand, size, 'light'));

      const dark = await take(page, screen, ids, 'dark', where);
      const darkFile = path.join(outDir, fileName(screen, brand, size, 'dark'));
      if (dark.equals(light)) {
        rmSync(darkFile, { force: true });
      } else {
        writeFileSync(darkFile, dark);
        written.push(fileName(screen, brand, size, 'dark'));
      }
      console.log(`  ${where}: light${dark.equals(light) ? ' (dark looks the same: not written)' : ' and dark'}`);
    }
    await context.close();
  }
  return written;
}

/** The feature pictures (light, the first brand); answers the files written. */
async function shootFeatures(browser: Browser): Promise<string[]> {
  const brand = BRANDS[0]!;
  const ids = await idsFor(brand);
  const written: string[] = [];
  for (const feature of FEATURES) {
    const context = await browser.newContext({
      baseURL: `http://${brand.host}:${port}`,
      viewport: feature.size,
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'America/New_York',
      reducedMotion: 'reduce',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    try {
      await signIn(page, brand);
      await page.goto(feature.path(ids));
      await feature.prepare(page);
      writeFileSync(path.join(outDir, feature.file), await shoot(page));
    } catch (error) {
      throw new Error(`${feature.file}: the screen did not settle`, { cause: error });
    } finally {
      await context.close();
    }
    written.push(feature.file);
    console.log(`  ${feature.file}`);
  }
  return written;
}

/** The index: every picture written, by brand, screen and size. */
function readme(written: Set<string>): string {
  const lines = [
    '# Screens',
    '',
    'What Atrium looks like, in both demo brands, at a phone’s 390×844 and a desktop’s 1366×900 (the viewport, not the',
    'whole page). These files are written by a script; do not edit them by hand.',
    '',
    '## Regenerate',
    '',
    '```sh',
    'npm run screens',
    '```',
    '',
    'It builds the app when its sources changed, starts it on its own port (`SCREENS_PORT`, default 18280) with a fresh',
    'demo database, signs in with Debian’s Chromium (`CHROMIUM_PATH` overrides `/usr/bin/chromium`) and rewrites every',
    'picture here and this index ([scripts/screens.ts](../../scripts/screens.ts), decision 090). A dark picture is there',
    'only when the app looks different under `prefers-color-scheme: dark`. The demo content’s dates are relative to the',
    'day the server seeds them, so pictures taken on another day show other dates; on the same day, re-runs give the',
    'same pictures.',
    '',
  ];
  const features = FEATURES.filter((f) => written.has(f.file));
  if (features.length) {
    lines.push(`## Screens in one state (${BRANDS[0]!.label}, light)`, '', 'Only these: `npm run screens -- --features`.', '');
    for (const f of features) lines.push(`${f.label}:`, '', `![${f.label}](${f.file})`, '');
  }
  for (const brand of BRANDS) {
    lines.push(`## ${brand.label}: ${brand.building}, signed in as ${brand.email}`, '');
    for (const screen of SCREENS) {
      lines.push(`### ${screen.label}`, '');
      for (const size of SIZES) {
        for (const scheme of SCHEMES) {
          const file = fileName(screen, brand, size, scheme);
          if (!written.has(file)) continue;
          lines.push(`${size.label}, ${scheme}:`, '', `![${screen.label}, ${brand.key}, ${size.label}, ${scheme}](${file})`, '');
        }
      }
    }
  }
  return lines.join('\n');
}

mkdirSync(outDir, { recursive: true });
console.log(`Starting the app on ${origin} (it is built first when its sources changed)…`);
// No load shedding (issue 27): Chromium shares the machine with the server, and a shed page would be a broken picture.
const server = await startServer(root, 'scripts/start.js', port, { env: { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_HEAP_USED_MB: '0' } });
let browser: Browser | undefined;
try {
  browser = await launchChromium();
  const written = new Set<string>();
  if (onlyFeatures) {
    // The other pictures stay as they are, and in the index.
    for (const file of readdirSync(outDir)) if (file.endsWith('.png')) written.add(file);
  } else {
    for (const brand of BRANDS) {
      console.log(`${brand.label}:`);
      for (const file of await shootBrand(browser, brand)) written.add(file);
    }
  }
  console.log('Screens in one state:');
  for (const file of await shootFeatures(browser)) written.add(file);
  // Pictures of screens or sizes this script no longer takes go too; pictures of its naming only (screen, brand, size
  // and scheme): others in the folder are taken by hand for an issue (look-*, book-*, service-request-*, notification-*) and stay.
  const ours = new RegExp(`^[a-z-]+-(${BRANDS.map((b) => b.key).join('|')})-(${SIZES.map((s) => s.key).join('|')})-(light|dark)\\.png$`);
  for (const file of readdirSync(outDir)) {
    if (ours.test(file) && !written.has(file)) rmSync(path.join(outDir, file));
  }
  writeFileSync(path.join(outDir, 'README.md'), readme(written));
  console.log(`${written.size} pictures and the index in ${path.relative(root, outDir)}/`);
} finally {
  await browser?.close();
  await server.stop();
  if (existsSync(server.dataDir)) rmSync(server.dataDir, { recursive: true, force: true });
}

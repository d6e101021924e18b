/**
 * `npm run screens`: screenshots of the product for readers who do not run it, written to docs/screens/ with an index
 * (docs/screens/README.md).
 *
 * It starts the app as the browser tests do (`npm start`'s script: built when its sources changed, one server for app
 * and API, a fresh PGlite folder in a temp dir) on its own port (`SCREENS_PORT`, default 18280), signs in with
 * Debian's Chromium in each demo brand, and takes home, a content screen (an event) and the account page at a phone's
 * 390x844 and a desktop's 1366x900, in light and in dark. A dark picture is written only when dark looks different
 * from light (the app follows `prefers-color-scheme` once the design kit has a dark theme); otherwise the dark file is
 * removed, so the folder never holds a stale one. Then a feature's pictures (`FEATURE_SHOTS`: a service request's
 * page and its form) at 360×740 and 1366×900, set up through the API; `-- --only=<key prefix>` takes just those.
 *
 * Pages are found by roles, labels and test ids only, never by CSS classes, so the script outlives restyling.
 * What keeps re-runs alike: a fixed browser time zone and locale, no animations, no caret, the page settled (nothing
 * `aria-busy`, no skeleton, fonts ready, every image in view decoded) before the shot. The demo content's dates are
 * relative to the day the server seeds them, so a run on another day moves the dates on the pictures (decision 090).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startServer } from './startBench';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screens');
const port = Number(process.env.SCREENS_PORT ?? 18280);
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

/**
 * Pictures of one feature, in the first brand, light, at a phone's 360×740 (the narrowest the app is made for) and a
 * desktop's 1366×900, named `<key>-<size>.png`: `npm run screens -- --only=<key prefix>` takes just these, leaving
 * the other pictures as they are. Each is set up through the API (and the development routes) as a person and the
 * building team would leave it.
 */
interface FeatureShot {
  key: string;
  label: string;
  show: (page: Page, ids: FeatureIds) => Promise<void>;
  /** The whole page, not only the viewport. */
  fullPage?: boolean;
}

const FEATURE_SIZES = [
  // A touch screen, as a phone's (its coarse pointer shows what is a phone's only, such as the camera button).
  { key: 'phone', label: 'Phone, 360×740', width: 360, height: 740, touch: true },
  { key: 'desktop', label: 'Desktop, 1366×900', width: 1366, height: 900, touch: false },
] as const;

interface FeatureIds {
  building: string;
  /** A service request with a photo whose status the building team changed twice (issue 26). */
  serviceRequest: string;
}

/** A 480×360 picture for a request's photo: a warm gradient with a darker band, something a camera might take. */
function demoPhoto(): Buffer {
  const width = 480;
  const height = 360;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y > 220 && y < 260 ? 0.55 : 1;
      row[1 + x * 3] = Math.round((150 + (105 * x) / width) * band);
      row[2 + x * 3] = Math.round((120 + (60 * y) / height) * band);
      row[3 + x * 3] = Math.round((90 + (40 * (width - x)) / width) * band);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A request filed with a photo, then taken up and accepted by the building team (a vendor with a note). */
async function demoServiceRequest(token: string, building: string): Promise<string> {
  const form = new FormData();
  const answers = { category: 'Plumbing', location: 'Floor 12, kitchen', priority: 'High', description: 'The tap under the sink drips all day.' };
  for (const [name, value] of Object.entries(answers)) form.append(name, value);
  form.append('photos', new Blob([new Uint8Array(demoPhoto())], { type: 'image/png' }), 'sink.png');
  const made = await fetch(`${origin}/api/service-request/buildings/${building}/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!made.ok) throw new Error(`filing a service request: ${made.status} ${await made.text()}`);
  const { id } = ((await made.json()) as { data: { id: string } }).data;
  for (const change of [
    { status: 'Pending' },
    { status: 'Accepted', by_name: 'Northline Plumbing', note: 'A plumber comes tomorrow between 9 and 11.' },
  ]) {
    const answer = await fetch(`${origin}/api/dev/service-requests/${id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(change),
    });
    if (!answer.ok) throw new Error(`changing the service request: ${answer.status} ${await answer.text()}`);
  }
  return id;
}

const FEATURE_SHOTS: FeatureShot[] = [
  {
    key: 'service-request-detail',
    label: 'A service request: its photo and status timeline',
    show: async (page, { building, serviceRequest }) => {
      await page.goto(`/building/${building}/service-requests/${serviceRequest}`);
      await page.getByTestId('service-request-timeline').waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('[data-photo]')].every((tile) => tile.getAttribute('data-photo') !== 'loading'));
    },
    // The whole page: the photo and the timeline are below a phone's fold.
    fullPage: true,
  },
  {
    key: 'service-request-form',
    label: 'A new service request: a photo attached, the summary of what is still missing',
    show: async (page, { building }) => {
      await page.goto(`/building/${building}/service-requests`);
      await page.getByRole('button', { name: 'New request' }).click();
      const form = page.getByRole('dialog', { name: 'New service request' });
      await form.getByLabel('Category (required)').selectOption('Plumbing');
      await form.getByTestId('service-request-photo-input').setInputFiles([{ name: 'sink.png', mimeType: 'image/png', buffer: demoPhoto() }]);
      await form.getByRole('list', { name: '1 photo attached' }).waitFor();
      // The photo, the summary and the send button at the dialog's foot are what the picture is about.
      await form.getByRole('button', { name: 'Send request' }).scrollIntoViewIfNeeded();
    },
  },
];

/** The ids the feature shots need, in the first brand's building (the service request is made for them). */
async function featureIds(brand: Brand): Promise<FeatureIds> {
  const { building, token } = await idsFor(brand);
  return { building, serviceRequest: await demoServiceRequest(token, building) };
}

/** Every feature shot whose key starts with `only` (all when null), written to docs/screens/; answers the files. */
async function shootFeatures(browser: Browser, only: string | null): Promise<string[]> {
  const brand = BRANDS[0]!;
  const shots = FEATURE_SHOTS.filter((shot) => only === null || shot.key.startsWith(only));
  if (shots.length === 0) return [];
  const ids = await featureIds(brand);
  const written: string[] = [];
  for (const size of FEATURE_SIZES) {
    const context = await browser.newContext({
      baseURL: `http://${brand.host}:${port}`,
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: 'America/New_York',
      reducedMotion: 'reduce',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await signIn(page, brand);
    for (const shot of shots) {
      await shot.show(page, ids);
      writeFileSync(path.join(outDir, `${shot.key}-${size.key}.png`), await shoot(page, shot.fullPage));
      written.push(`${shot.key}-${size.key}.png`);
      console.log(`  ${shot.key} ${size.key}`);
    }
    await context.close();
  }
  return written;
}

const fileName = (screen: Screen, brand: Brand, size: (typeof SIZES)[number], scheme: (typeof SCHEMES)[number]) =>
  `${screen.key}-${brand.key}-${size.key}-${scheme}.png`;

/** The API, called as the app calls it, for the ids the screens need. */
async function api<T>(token: string, call: string): Promise<T> {
  const answer = await fetch(`${origin}/api${call}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`GET ${call}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: T }).data;
}

async function idsFor(brand: Brand): Promise<{ building: string; event: string; token: string }> {
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
  return { building, event, token };
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

async function shoot(page: Page, fullPage = false): Promise<Buffer> {
  await settle(page);
  return page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', fullPage });
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
  const features = FEATURE_SHOTS.filter((shot) => FEATURE_SIZES.some((size) => written.has(`${shot.key}-${size.key}.png`)));
  if (features.length) {
    lines.push(`## Features, in ${BRANDS[0]!.label} (\`npm run screens -- --only=<key>\` takes one again)`, '');
    for (const shot of features) {
      lines.push(`### ${shot.label}`, '');
      for (const size of FEATURE_SIZES) {
        const file = `${shot.key}-${size.key}.png`;
        if (written.has(file)) lines.push(`${size.label}:`, '', `![${shot.label}, ${size.label}](${file})`, '');
      }
    }
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

/** `--only=<key prefix>`: only the feature shots whose key starts with it. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? null;

mkdirSync(outDir, { recursive: true });
console.log(`Starting the app on ${origin} (it is built first when its sources changed)…`);
const server = await startServer(root, 'scripts/start.js', port);
let browser: Browser | undefined;
try {
  browser = await launchChromium();
  const written = new Set<string>();
  if (only === null)
    for (const brand of BRANDS) {
      console.log(`${brand.label}:`);
      for (const file of await shootBrand(browser, brand)) written.add(file);
    }
  console.log('Features:');
  for (const file of await shootFeatures(browser, only)) written.add(file);
  if (only === null) {
    // Pictures of screens or sizes this script no longer takes go too.
    for (const file of readdirSync(outDir)) {
      if (file.endsWith('.png') && !written.has(file)) rmSync(path.join(outDir, file));
    }
  } else {
    // Only some were taken again: the index lists those and every other picture still there.
    for (const file of readdirSync(outDir)) if (file.endsWith('.png')) written.add(file);
  }
  writeFileSync(path.join(outDir, 'README.md'), readme(written));
  console.log(`${written.size} pictures and the index in ${path.relative(root, outDir)}/`);
} finally {
  await browser?.close();
  await server.stop();
  if (existsSync(server.dataDir)) rmSync(server.dataDir, { recursive: true, force: true });
}

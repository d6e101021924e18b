import type { Browser, Page } from 'playwright-core';
import { newPage, seriousA11yViolations, visit } from './browser';
import { apiSignIn, buildingUuid, contentUuid } from './api';
import { AuthPages } from './pages';
import { listedBookings, receiptPathOf } from './bookingPages';

/**
 * The screen sweep (test/e2e/screens.*.test.ts, split so its parts run in parallel): every screen, in both demo
 * brands, at a phone's 360×740 and a desktop's 1366×900, light and dark (issue 11):
 *  - nothing wider than the window (`scrollWidth <= innerWidth`), at both sizes;
 *  - axe finds no serious or critical violation, in light and in dark (at the phone size, where most tenants are; in
 *    dark only the rules whose answer a colour scheme can change, `COLOUR_RULES`);
 *  - the account menu and the building switcher lie inside the window when open;
 *  - the skip link's `#main` is there, and on a signed-in screen the logo's way home;
 *  - the tab's title names the screen (its heading, then the brand).
 */
export const SIZES = [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

export interface Brand {
  name: string;
  host?: string;
  user: { email: string; password: string; firstName: string };
  building: string;
}
export const ADMIN = { email: 'admin@globex.example', password: 'Atrium!2026', firstName: 'Ada' };
export const BRANDS: Brand[] = [
  { name: 'Atrium', user: { email: 'demo@northwind.example', password: 'Atrium!2026', firstName: 'Dana' }, building: 'One Atrium Plaza' },
  {
    name: 'Harbor',
    host: 'harbor.localhost',
    user: ADMIN,
    building: 'Harbor Point',
  },
];

export const PUBLIC_SCREENS = ['/login', '/signup', '/reset-password', '/maintenance', '/sign-in-required', '/mobile-only', '/no-such-page'];

/** The smart-suite screens of a building (floors, a floor's suites, a suite's control on each tab, an unavailable suite, another company's). */
async function smartBuildingScreens(session: Awaited<ReturnType<typeof apiSignIn>>, building: string): Promise<string[]> {
  const zeller = `/smart-building/v1/buildings/${building}/zeller`;
  const floors = await session.call<{ id: string; navName: string }[]>(`${zeller}/floors`);
  const suites = (await Promise.all(floors.map((f) => session.call<{ id: string; navName: string }[]>(`${zeller}/floors/${f.id}/suites`)))).flat();
  const suite = (name: string) => suites.find((s) => s.navName === name)!.id;
  return [
    `/building/${building}/smart-building`,
    `/building/${building}/smart-building/floors/${floors[0]!.id}/suites`,
    `/building/${building}/suites/${suite('Suite 1200')}/control/lighting`,
    `/building/${building}/suites/${suite('Suite 1200')}/control/temperature`,
    `/building/${building}/suites/${suite('Suite 1250')}/control`,
    // Another company's suite, read-only (decision 144).
    `/building/${building}/suites/${suite('Suite 1450')}/control`,
  ];
}

/** The signed-in screens of a building, by the ids the API gives. */
export async function signedInScreens(brand: Brand): Promise<string[]> {
  const session = await apiSignIn(brand.user.email, brand.user.password);
  const building = await buildingUuid(session, brand.building);
  // An amenity's page: the bookable one (its Book beside Request support) where there is one.
  const amenities = await session.call<{ amenities: { amenity_uuid: string; bookable_resource_uuid?: string | null }[] }[]>(
    `/tenant/v1/buildings/${building}/amenitiesByCategory`,
  );
  const listed = amenities.flatMap((c) => c.amenities);
  const amenity = (listed.find((a) => a.bookable_resource_uuid) ?? listed[0])?.amenity_uuid;
  const companies = await session.call<{ uuid: string }[] | { companies: { uuid: string }[] }>(`/tenant/v1/buildings/${building}/companies`);
  const company = (Array.isArray(companies) ? companies : companies.companies)[0]?.uuid;
  const event = await contentUuid(session, building, 'Wine tasting evening');
  const offer = await contentUuid(session, building, '15% off at the lobby café');
  const post = await contentUuid(session, building, 'The lobby renovation is complete');
  // A pending request (the approval note, the cancel) and a booking past its window (you_can_no_longer_cancel).
  const bookings = (await listedBookings(session, 'upcoming')).filter((b) => b.details.owner.owner_uuid === building);
  const receipts = ['pending', 'accepted']
    .map((status) => bookings.find((b) => b.status === status && (status === 'pending' || b.content.resource.name === 'Executive Boardroom')))
    .filter((b) => b !== undefined)
    .map(receiptPathOf);
  if (receipts.length !== 2) throw new Error(`${brand.user.email} has no pending booking or none past its window in ${brand.building}`);
  // A service request's page with a timeline of several changes, one of them a vendor's with a note (the seed's Accepted).
  const requests = await session.call<{ id: string; status: string }[]>(`/service-request/buildings/${building}/requests`);
  const accepted = requests.find((r) => r.status === 'Accepted');
  if (!accepted) throw new Error(`${brand.user.email} has no accepted service request in ${brand.building}`);
  // Book (issue 26): the building's bookable resources and a meeting room's booking screen (its slots and questions).
  const resources = await session.call<{ uuid: string; name: string }[]>(`/tenant/v1/buildings/${building}/resources`);
  const room = resources.find((r) => r.name === 'Conference Room A');
  if (!room) throw new Error(`${brand.building} has no Conference Room A to book`);
  return [
    `/building/${building}`,
    `/building/${building}/event-posts/${event}`,
    `/building/${building}/offers/${offer}`,
    `/building/${building}/posts/${post}`,
    `/building/${building}/amenities`,
    ...(amenity ? [`/building/${building}/amenities/${amenity}`] : []),
    `/building/${building}/companies`,
    ...(company ? [`/building/${building}/companies/${company}`] : []),
    ...(await smartBuildingScreens(session, building)),
    // Emergency management: the harbor brand hides it unless its flag allows it (machines/home/utilities.ts).
    ...(brand.host ? [] : [`/building/${building}/emergency-management`]),
    '/account',
    '/account?tab=settings',
    '/account?tab=legal',
    // The password update and the language change as dialogs over the account page.
    '/account?tab=profile&dialog=password',
    '/account?tab=settings&dialog=language',
    '/account/profile',
    '/account/profile?tab=password',
    '/my-history',
    '/my-history?tab=past&type=service_bookings',
    ...receipts,
    '/help-desk',
    `/building/${building}/service-requests`,
    `/building/${building}/service-requests/${accepted.id}`,
    `/building/${building}/book`,
    `/building/${building}/book/${room.uuid}`,
    '/add-card',
    // The visitor desk outside lobby mode, without a camera here: its typed-code desk and the "no camera" note.
    '/visitors/check-in',
    // A link straight to a mini-app with enable-tw-direct-link off (the default): the screen that says so (decision 183).
    '/apps/00000000-0000-4000-8000-000000000000',
    '/mobile-only',
    '/maintenance',
    '/no-such-page',
  ];
}

/**
 * Opens the next screen of the sweep: the first by a page load, the next ones by a move inside the app, as a link does
 * (a page load costs Chromium several times as much, and axe stays in the document). The move is done when the app
 * marks a new resolved address on the document (`data-routes`, src/ui/shell/RouteMark.tsx): a screen may keep the
 * one before in view while its code loads.
 */
async function open(page: Page, path: string, first: boolean): Promise<void> {
  const moves = await page.evaluate(() => Number(document.documentElement.dataset.routes ?? 0));
  if (first || moves === 0) await page.goto(path);
  else {
    await visit(page, path);
    await page.waitForFunction((before) => Number(document.documentElement.dataset.routes ?? 0) > before, moves, { timeout: 15_000 });
  }
  await settle(page);
  // The screen checked is the address's: the app's mark names where the browser is (after any redirect).
  const { route, here } = await page.evaluate(() => ({ route: document.documentElement.dataset.route, here: location.pathname + location.search }));
  if (route !== here) throw new Error(`${path}: the app marks ${route} as shown at ${here}`);
}

/** Waits until the screen has its heading and nothing on it is still loading. */
export async function settle(page: Page) {
  // The app's own screen, not the page's first paint (decision 059), which the app replaces.
  await page.locator('#atrium-shell').waitFor({ state: 'detached', timeout: 15_000 });
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, { timeout: 15_000 }).catch(() => {});
  // A dialog opened by the address fades in: its colours are checked once it has (spinners, which never end, aside).
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 15_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Checks one screen at every size and scheme, answering its problems as lines (empty when it passes). */
export async function checkScreen(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  // The skip link's target (issue 22): it leads somewhere also without script.
  if (!(await page.evaluate(() => document.getElementById('main') !== null))) problems.push(`${label}: no #main for the skip link`);
  // The tab names the screen: its heading, then the brand (issue 22, item 21).
  const { title, heading } = await page.evaluate(() => ({
    title: document.title,
    heading: document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  }));
  if (!heading || !title.startsWith(`${heading.slice(0, 80)} · `))
    problems.push(`${label}: the title "${title}" does not name the screen ("${heading}")`);
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The layout at the new size: two frames, the first of which lays the page out.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const wider = await overflow(page);
      if (wider > 0) problems.push(`${label} ${scheme} ${size.width}px: ${wider}px of sideways scroll`);
    }
    await page.setViewportSize(SIZES[0]);
    // The whole check in light; in dark only the rules a colour scheme can change (the document is the same).
    for (const violation of await seriousA11yViolations(page, { colourRules: scheme === 'dark' })) problems.push(`${label} ${scheme}: ${violation}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}

/** Opens every signed-out screen of a brand and answers its problems. */
export async function sweepSignedOut(browser: Browser, brand: Brand): Promise<string[]> {
  const { page, context } = await newPage(browser, brand.host ? { host: brand.host } : {});
  // Without motion, as a person who asks for less of it sees the screens: a dialog opened by its address is checked
  // whole, not half faded in (its colours then read as the mix of both layers).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const problems: string[] = [];
  for (const [index, path] of PUBLIC_SCREENS.entries()) {
    await open(page, path, index === 0);
    problems.push(...(await checkScreen(page, path)));
  }
  await context.close();
  return problems;
}

/** Signs the brand's person in and opens these of their screens; answers the problems. */
export async function sweepSignedIn(browser: Browser, brand: Brand, screens: string[]): Promise<string[]> {
  const { page, context } = await newPage(browser, brand.host ? { host: brand.host } : {});
  // Without motion, as a person who asks for less of it sees the screens: a dialog opened by its address is checked
  // whole, not half faded in (its colours then read as the mix of both layers).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Signed in on the sign-in screen, so the session kept is the app's own: every screen below is loaded anew and must
  // find it (a session written into storage by the test was at times not taken, and the sweep then checked the
  // sign-in screen at each address: the way-home check caught it).
  const auth = new AuthPages(page);
  await auth.open();
  await auth.signIn(brand.user.email, brand.user.password);
  await auth.seeHome(brand.user.firstName);
  const problems: string[] = [];
  for (const [index, path] of screens.entries()) {
    await open(page, path, index === 0);
    problems.push(...(await checkScreen(page, path)));
    // A way home on every screen: the header's logo (issue 22).
    const home = page.getByTestId('home-link');
    // The header loads its texts beside the screen's: it may come a moment after the screen has settled. Its Up bar
    // comes in the same render, so the way up is looked for once the header is there.
    await home.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
    if (!(await home.isVisible()) || (await home.getAttribute('href')) !== '/home') {
      // What the screen's header held instead, so that a failure says which header (kiosk, brand bar, still loading).
      const header = await page.evaluate(() => document.querySelector('header')?.outerHTML.slice(0, 240) ?? 'no header');
      problems.push(`${path}: no visible way home (${header})`);
    }
    // On a phone, the tab bar to the main places on every signed-in screen (issue 26; checkScreen leaves the phone's size).
    if (!(await page.getByTestId('tab-bar').isVisible())) problems.push(`${path}: no tab bar at ${SIZES[0].width}px`);
    // A way up on every screen below home, under the header (issue 22, item 12).
    // (A home screen is the top: some addresses lead there, such as /maintenance once maintenance is off.)
    const here = new URL(page.url()).pathname;
    const atHome = here === '/home' || /^\/building\/[^/]+$/.test(here);
    if (!atHome && !(await page.getByTestId('up-link').isVisible())) problems.push(`${path}: no visible way up`);
  }
  await context.close();
  return problems;
}

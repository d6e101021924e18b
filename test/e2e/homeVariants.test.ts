/**
 * The home's variants (issue 24): the live-work interface (by host name and by its test flag), the discover layout
 * (its flag and the rule in machines/home/feed.ts), and the harbor brand's utility shortcuts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { HomePage, signedInPage, signInThroughStorage } from './pages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';
import { discoverHidden } from '../../machines/home/feed';

let browser: Browser;
let tenant: Tenant;
beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant({ people: 2 });
});

/** The parts of the home below the welcome, in page order. */
const partsInOrder = (page: Page) =>
  page.evaluate(() => {
    const marks = [...document.querySelectorAll('[data-testid="home-tabs"], #utilities, [data-testid="home-content"]')];
    return marks.map((el) => (el.id === 'utilities' ? 'utilities' : el.getAttribute('data-testid') === 'home-tabs' ? 'tabs' : 'feed'));
  });

describe('the live-work interface (access document, section 9)', () => {
  it('a host name with the live-work brand shows the residents’ words and the community before the services', async () => {
    const { page, context } = await newPage(browser, { host: 'livework.localhost' });
    await signInThroughStorage(page, tenant.person);
    await page.getByRole('heading', { name: `Welcome home, ${tenant.person.first_name}` }).waitFor();
    // The building's name once above the fold: the hero's (issue 26).
    await expect.poll(() => page.getByTestId('hero').getByRole('heading').first().innerText()).toBe(tenant.building_name);
    expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe('liveWork');
    await page.getByRole('heading', { level: 2, name: 'Resident services' }).waitFor();
    await page.getByRole('list', { name: 'Resident services' }).getByRole('button').first().waitFor();
    expect(await page.getByTestId('hero').getByRole('link').innerText()).toBe('Resident amenities');
    await new HomePage(page).ready();
    expect(await partsInOrder(page)).toEqual(['tabs', 'feed', 'utilities']);
    await context.close();
  });

  it('the test flag forces it on any host, live, and the office home comes back without it', async () => {
    const who = tenant.people[1]!;
    const { page, context } = await signedInPage(browser, { as: who });
    await new HomePage(page).ready();
    expect(await partsInOrder(page)).toEqual(['utilities', 'tabs', 'feed']);
    await setBuildingFlag('live-work-ui', true, tenant.building_uuid);
    try {
      await page.getByRole('heading', { name: `Welcome home, ${who.first_name}` }).waitFor({ timeout: 10_000 });
      expect(await partsInOrder(page)).toEqual(['tabs', 'feed', 'utilities']);
    } finally {
      await setBuildingFlag('live-work-ui', null, tenant.building_uuid);
    }
    await page.getByRole('heading', { name: `Welcome, ${who.first_name}` }).waitFor({ timeout: 10_000 });
    await context.close();
  });
});

describe('the discover layout (the discover-layout flag; content document, section 9)', () => {
  it('hides discover while the spotlight is further down than discover’s height + header + 50 px, and shows it as the spotlight comes up', async () => {
    await setBuildingFlag('discover-layout', true, tenant.building_uuid);
    try {
      const { page, context } = await signedInPage(browser, { as: tenant.person, viewport: { width: 1280, height: 800 } });
      const home = new HomePage(page);
      await home.ready();
      // A short discover (one tile of its first category): the rule's case where the spotlight is further down than it is high.
      // (Through the CSS object model: the page's Content-Security-Policy refuses an inline style sheet.)
      await page.evaluate(() => {
        const extra = document.querySelectorAll<HTMLElement>(
          '[data-group="discover"] [data-feed-category]:not(:first-child), [data-group="discover"] [data-testid="feed-tiles"] > li:not(:first-child)',
        );
        extra.forEach((el) => (el.style.display = 'none'));
      });
      await page.evaluate(() => window.dispatchEvent(new Event('resize')));
      const discover = page.locator('[data-group="discover"]');
      await expect.poll(() => discover.getAttribute('data-hidden')).toBe('true');
      const measure = () =>
        page.evaluate(() => {
          const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
          const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
          return {
            spotlightTop: box('[data-group="spotlight"]').top,
            discoverHeight: box('[data-group="discover"]').height,
            headerOffset: box('nav[aria-label="Content categories"]').height,
            atEnd,
          };
        });
      expect(discoverHidden(await measure())).toBe(true);
      expect(await discover.isVisible()).toBe(false);

      // Scrolled until the spotlight is near the header: discover shows, as the rule says.
      await page.evaluate(() => document.querySelector('[data-group="spotlight"]')!.scrollIntoView({ block: 'start' }));
      await page.mouse.wheel(0, 1);
      await expect.poll(() => discover.getAttribute('data-hidden')).toBeNull();
      expect(discoverHidden(await measure())).toBe(false);
      await context.close();
    } finally {
      await setBuildingFlag('discover-layout', null, tenant.building_uuid);
    }
  });
});

describe('the harbor brand’s utility shortcuts (content document, section 3)', () => {
  it('the harbor home offers service requests, visitor registration, resource reservation, parking and the facility app', async () => {
    const { page, context } = await newPage(browser, { host: 'harbor.localhost' });
    await signInThroughStorage(page, { email: 'admin@globex.example', password: 'Atrium!2026', first_name: 'Ada' });
    const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
    // The visitor shortcut joins once the home's utilities have loaded (the others are the brand's own).
    await shortcuts
      .getByRole('button', { name: 'Visitor registration' })
      .or(shortcuts.getByRole('link', { name: 'Visitor registration' }))
      .waitFor();
    expect(await shortcuts.getByRole('listitem').allInnerTexts()).toEqual([
      'Service requests',
      'Visitor registration',
      'Resource reservation',
      'Parking',
      'Facility app',
    ]);
    expect(await shortcuts.getByRole('link', { name: 'Parking' }).getAttribute('target')).toBe('_blank');
    await shortcuts.getByRole('link', { name: 'Service requests' }).click();
    await page.waitForURL('**/service-requests');
    await context.close();
  });

  it('the default brand’s home has none', async () => {
    const { page, context } = await signedInPage(browser, { as: tenant.person });
    await new HomePage(page).ready();
    expect(await page.getByRole('navigation', { name: 'Shortcuts' }).count()).toBe(0);
    await context.close();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, seriousA11yViolations } from './browser';
import { apiSignIn, buildingUuid, demoInPlaza, type ApiSession } from './api';
import { AuthPages, DEMO, DirectoryPage, expectUrlPath, HomePage, signedInPage } from './pages';

interface CompanyRow {
  uuid: string;
  name: string;
  url: string | null;
  company_type: string | null;
  floor: number | null;
}
interface Companies {
  companies: CompanyRow[];
  floors: number[];
  pagination: { total: number };
}

let browser: Browser;
let demo: ApiSession;
let plaza: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ demo, plaza } = await demoInPlaza());
});

/** A signed-in page of the demo tenant in a window of that size. */
async function signedIn(viewport = { width: 1280, height: 600 }) {
  const { page, context } = await signedInPage(browser, { viewport });
  return { page, context, directory: new DirectoryPage(page) };
}

const allCompanies = (query = '') => demo.call<Companies>(`/tenant/v1/buildings/${plaza}/companies?limit=100${query}`);

describe('amenities', () => {
  it('groups amenities by category; a category tab scrolls its section into view and is marked', async () => {
    const { context, directory } = await signedIn();
    await directory.openAmenities(plaza);
    expect(await directory.title().innerText()).toBe('Amenities');
    expect(await directory.categoryTabs().getByRole('button').allInnerTexts()).toEqual(['Wellness', 'Food and drink', 'Workspace', 'Services']);
    expect(await directory.section('Services').getByRole('link').allInnerTexts()).toEqual(['Concierge', 'Parcel room']);
    expect(await directory.categoryTab('Wellness').getAttribute('aria-current')).toBe('true');
    expect(await directory.sectionPosition('Services')).toBe('below');

    await directory.categoryTab('Services').click();
    await expect.poll(() => directory.sectionPosition('Services'), { timeout: 5_000 }).toBe('in view');
    expect(await directory.categoryTab('Services').getAttribute('aria-current')).toBe('true');
    expect(await directory.categoryTab('Wellness').getAttribute('aria-current')).toBeNull();
    await context.close();
  });

  it('opens an amenity from its tile, with its support modal: the help-desk form about it', async () => {
    const { page, context, directory } = await signedIn();
    await directory.openAmenities(plaza);
    await directory.section('Food and drink').getByRole('link', { name: 'Lobby café' }).click();
    await page.waitForURL(/\/amenities\/[0-9a-f-]{36}$/);
    await expect.poll(() => directory.title().innerText()).toBe('Lobby café');
    await directory.seeText('Food and drink');
    await directory.seeText('Coffee, pastries and lunch.');
    expect(await page.getByRole('img', { name: 'Lobby café' }).count()).toBe(1);

    await directory.button('Request support').click();
    const modal = directory.dialog('Request support');
    await modal.waitFor();
    expect(await modal.innerText()).toContain('help desk');
    expect(await modal.getByLabel('Subject (required)').inputValue()).toBe('Lobby café');
    // Nothing typed yet: closing asks nothing.
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // Up, under the header: back to the amenities, then home (issue 22, item 12).
    await page.getByRole('navigation', { name: 'Up' }).getByRole('link', { name: 'Amenities' }).click();
    await page.waitForURL(new RegExp(`/building/${plaza}/amenities$`));
    await page.getByRole('navigation', { name: 'Up' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(new RegExp(`/building/${plaza}$`));
    // The building's home is the top: no way up there.
    await page.getByRole('navigation', { name: 'Up' }).waitFor({ state: 'detached' });

    await page.goto(`/building/${plaza}/amenities/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'This amenity is not available in your building.' }).waitFor();
    await context.close();
  });

  it('shows an error with a retry when the amenities cannot be loaded', async () => {
    const { page, context, directory } = await signedIn();
    let failures = 1;
    await page.route('**/api/tenant/v1/buildings/*/amenitiesByCategory**', async (route) => {
      if (failures-- > 0)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'down' }),
        });
      else await route.continue();
    });
    await page.goto(`/building/${plaza}/amenities`);
    const alert = page.getByRole('alert').filter({ hasText: 'The amenities could not be loaded.' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await directory.categoryTabs().waitFor();
    await context.close();
  });
});

describe('company directory', () => {
  it('loads the next page when scrolled to the bottom, in name order', async () => {
    const all = await allCompanies();
    expect(all.pagination.total).toBeGreaterThan(24);
    const { page, context, directory } = await signedIn({ width: 390, height: 760 });
    await directory.openCompanies(plaza);
    await directory.seeText(`${all.pagination.total} companies`);
    expect(await directory.companyTiles().count()).toBe(24);

    const nextPage = page.waitForRequest((r) => r.url().includes('/companies?') && new URL(r.url()).searchParams.get('offset') === '24');
    await directory.scrollToEnd();
    await nextPage;
    await expect.poll(() => directory.companyTiles().count()).toBe(all.pagination.total);
    const names = await directory.companyNames().allInnerTexts();
    expect(names).toEqual(all.companies.map((c) => c.name));
    await context.close();
  });

  it('keeps only the company_types asked for, and a tile opens the company', async () => {
    const restaurants = await allCompanies('&company_types=restaurant');
    expect(restaurants.companies.length).toBeGreaterThan(0);
    const { page, context, directory } = await signedIn();
    const request = page.waitForRequest((r) => r.url().includes('/companies?'));
    await directory.openCompanies(plaza, '?company_types=restaurant');
    expect(new URL((await request).url()).searchParams.get('company_types')).toBe('restaurant');
    await expect.poll(() => directory.companyNames().allInnerTexts()).toEqual(restaurants.companies.map((c) => c.name));
    expect(await directory.companyNames().allInnerTexts()).not.toContain('Acme Analytics');
    // The address's type is a chosen filter, shown and said: one press undoes it.
    expect(await directory.typeFilter('Restaurants').getAttribute('aria-pressed')).toBe('true');
    expect(await directory.statusText()).toBe(`${restaurants.pagination.total} companies match`);

    await directory.companyTiles().filter({ hasText: 'Tidal Sushi' }).click();
    const tidal = restaurants.companies.find((c) => c.name === 'Tidal Sushi')!;
    await page.waitForURL(`**/companies/${tidal.uuid}`);
    expectUrlPath(page, `/building/${plaza}/companies/${tidal.uuid}`);
    await expect.poll(() => directory.title().innerText()).toBe('Tidal Sushi');
    await context.close();
  });
});

describe('company directory: search and filters (issue 26)', () => {
  it('narrows the list as a name is typed, then by floor and type; clearing brings every company back', async () => {
    const all = await allCompanies();
    const { page, context, directory } = await signedIn();
    await directory.openCompanies(plaza);
    await expect.poll(() => directory.statusText()).toBe(`${all.pagination.total} companies`);
    // A polite live region says the count.
    expect(await directory.status().getAttribute('role')).toBe('status');
    expect(await directory.status().getAttribute('aria-live')).toBe('polite');

    const searched = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === 'SUSHI');
    await directory.search('SUSHI');
    await searched;
    await expect.poll(() => directory.companyNames().allInnerTexts()).toEqual(['Tidal Sushi']);
    expect(await directory.statusText()).toBe('1 company matches');
    expect(await directory.companyTiles().first().innerText()).toContain('Restaurants');

    // Clearing the field is a search for nothing: every company again.
    await directory.searchField().fill('');
    await expect.poll(() => directory.statusText()).toBe(`${all.pagination.total} companies`);

    // A floor: the companies on it, as the API lists them.
    const floor = all.floors[5]!;
    const onFloor = all.companies.filter((c) => c.floor === floor).map((c) => c.name);
    expect(onFloor.length).toBeGreaterThan(0);
    await directory.floorSelect().selectOption({ label: `Floor ${floor}` });
    await expect.poll(() => directory.companyNames().allInnerTexts()).toEqual(onFloor);
    expect(await directory.statusText()).toBe(`${onFloor.length} ${onFloor.length === 1 ? 'company matches' : 'companies match'}`);

    // And a type on top of it: a floor of restaurants, or none.
    await directory.typeFilter('Restaurants').click();
    const restaurantsOnFloor = all.companies.filter((c) => c.floor === floor && c.company_type === 'restaurant').map((c) => c.name);
    await expect.poll(() => directory.typeFilter('Restaurants').getAttribute('aria-pressed')).toBe('true');
    if (restaurantsOnFloor.length) await expect.poll(() => directory.companyNames().allInnerTexts()).toEqual(restaurantsOnFloor);
    else await expect.poll(() => directory.statusText()).toBe('No companies match these filters.');

    await directory.clearButton().click();
    await expect.poll(() => directory.statusText()).toBe(`${all.pagination.total} companies`);
    expect(await directory.floorSelect().inputValue()).toBe('');
    expect(await directory.typeFilter('Restaurants').getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('says when nothing matches, keeps what was typed through a failure, and clears', async () => {
    const all = await allCompanies();
    const { page, context, directory } = await signedIn();
    await directory.openCompanies(plaza);
    await directory.search('%_ zz');
    await expect.poll(() => directory.statusText()).toBe('No companies match “%_ zz”.');
    expect(await directory.companyTiles().count()).toBe(0);

    // The next search fails once: the words stay in the field, and the retry asks for them again.
    let failures = 1;
    await page.route('**/api/tenant/v1/buildings/*/companies?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('q') === 'helix' && failures-- > 0)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'down' }),
        });
      else await route.continue();
    });
    await directory.search('helix');
    const alert = page.getByRole('alert').filter({ hasText: 'The company directory could not be loaded.' });
    await alert.waitFor();
    expect(await directory.searchField().inputValue()).toBe('helix');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => directory.companyNames().allInnerTexts()).toEqual(['Helix Biotech']);

    await directory.clearButton().click();
    await expect.poll(() => directory.statusText()).toBe(`${all.pagination.total} companies`);
    expect(await directory.searchField().inputValue()).toBe('');
    await context.close();
  });

  it('counts the same companies from the home’s Directory utility and from a company’s way back', async () => {
    const all = await allCompanies();
    const { page, context, directory } = await signedIn();
    const home = new HomePage(page);
    await home.open(`/building/${plaza}`);
    await home.utilities().filter({ hasText: 'Directory' }).click();
    await page.waitForURL(`**/building/${plaza}/companies`);
    await expect.poll(() => directory.statusText()).toBe(`${all.pagination.total} companies`);
    const fromHome = await directory.statusText();

    // Into a company, then back by its "Company directory" link and by the up link under the header.
    await directory.companyTiles().filter({ hasText: 'Acme Analytics' }).click();
    await expect.poll(() => directory.title().innerText()).toBe('Acme Analytics');
    await page.getByRole('main').getByRole('link', { name: 'Company directory' }).click();
    await expect.poll(() => directory.statusText()).toBe(fromHome);
    await directory.companyTiles().filter({ hasText: 'Blue Harbor Legal' }).click();
    await expect.poll(() => directory.title().innerText()).toBe('Blue Harbor Legal');
    await page.getByRole('navigation', { name: 'Up' }).getByRole('link').click();
    await expect.poll(() => directory.statusText()).toBe(fromHome);
    await context.close();
  });

  it('fits a 360 px screen without sideways scrolling, and works from the keyboard', async () => {
    const { page, context, directory } = await signedIn({ width: 360, height: 740 });
    await directory.openCompanies(plaza);
    await directory.typeFilter('Restaurants').waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);

    await directory.searchField().focus();
    await page.keyboard.type('willow');
    await expect.poll(() => directory.companyNames().allInnerTexts()).toEqual(['Willow Bakery']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    // The type filters follow in the tab order and toggle with the space bar.
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Offices'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => directory.statusText()).toBe('No companies match “willow”.');
    expect(await directory.typeFilter('Offices').getAttribute('aria-pressed')).toBe('true');
    expect(await overflow()).toBe(0);
    // Chosen and not chosen filters, the no-match line and its clear button: nothing axe calls serious.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('company detail', () => {
  it('opens the website in a new tab with http:// added to a URL without a scheme', async () => {
    const acme = (await allCompanies()).companies.find((c) => c.name === 'Acme Analytics')!;
    expect(acme.url).toBe('acme-analytics.example');
    const { page, context, directory } = await signedIn();
    await context.route('http://acme-analytics.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Acme</title><h1>Acme Analytics</h1>' }),
    );
    await page.goto(`/building/${plaza}/companies/${acme.uuid}`);
    await expect.poll(() => directory.title().innerText()).toBe('Acme Analytics');
    await directory.seeText(`Acme Analytics is on floor 2 of One Atrium Plaza.`);
    expect(await page.getByRole('img', { name: 'Acme Analytics logo' }).count()).toBe(1);

    const popup = context.waitForEvent('page');
    await directory.button('Website').click();
    const tab = await popup;
    await tab.waitForURL('http://acme-analytics.example/');
    expect(tab.url()).toBe('http://acme-analytics.example/');
    expect(page.url()).toContain(`/companies/${acme.uuid}`);
    await context.close();
  });

  it('has no Website button for a company without a URL, and a not-found state for an unknown one', async () => {
    const acme = (await allCompanies()).companies.find((c) => c.name === 'Acme Analytics')!;
    const { page, context, directory } = await signedIn();
    await page.route(`**/api/tenant/v1/companies/${acme.uuid}`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: CompanyRow };
      await route.fulfill({ response: answer, json: { data: { ...body.data, url: null } } });
    });
    await page.goto(`/building/${plaza}/companies/${acme.uuid}`);
    await expect.poll(() => directory.title().innerText()).toBe('Acme Analytics');
    expect(await directory.button('Website').count()).toBe(0);

    await page.goto(`/building/${plaza}/companies/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'This company is not in the directory of your buildings.' }).waitFor();
    await context.close();
  });
});

describe('languages and brands', () => {
  it('shows the directory screens in Spanish', async () => {
    const { page, context, directory } = await signedIn();
    await page.goto(`/building/${plaza}/amenities?lang=es-ES`);
    await page.getByRole('navigation', { name: 'Categorías de servicios' }).getByRole('button', { name: 'Bienestar' }).waitFor();
    await expect.poll(() => directory.title().innerText()).toBe('Servicios del edificio');
    await directory.section('Comida y bebida').getByRole('link', { name: 'Cafetería' }).click();
    await directory.button('Solicitar asistencia').click();
    const support = directory.dialog('Solicitar asistencia');
    expect(await support.getByLabel('Asunto (obligatorio)').inputValue()).toBe('Cafetería');
    expect(await support.getByLabel('El edificio').isChecked()).toBe(true);
    await directory.openCompanies(plaza, '?lang=es-ES');
    await expect.poll(() => directory.title().innerText()).toBe('Directorio de empresas');
    await directory.seeText(`${(await allCompanies()).pagination.total} empresas`);
    await context.close();
  });

  it("titles the amenities page 'Building information' for the harbor brand", async () => {
    // Ada (Globex) is in a harbor building too; on the harbor brand's host she sees only that one.
    const ada = { email: 'admin@globex.example', password: DEMO.password };
    const harborPoint = await buildingUuid(await apiSignIn(ada.email, ada.password), 'Harbor Point');
    const { page, context } = await newPage(browser, { host: 'harbor.localhost' });
    const auth = new AuthPages(page);
    await auth.open();
    await auth.signIn(ada.email, ada.password);
    await page.waitForURL('**/home');
    const directory = new DirectoryPage(page);
    await directory.openAmenities(harborPoint);
    await expect.poll(() => directory.title().innerText()).toBe('Building information');
    await context.close();
  });
});

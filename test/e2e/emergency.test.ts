/**
 * Emergency management (issue 24; decision 192): the utility on the home leads to the building's
 * emergency contacts and procedures; the harbor brand hides both unless the emergency-management-utility flag allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, seriousA11yViolations } from './browser';
import { HomePage, signedInPage, signInThroughStorage } from './pages';
import { apiSignIn } from './api';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';

let browser: Browser;
let tenant: Tenant;
/** Olivia of the seed: her buildings are the harbor brand's. */
const OLIVIA = { email: 'olivia@umbrella.example', password: 'Atrium!2026', first_name: 'Olivia' };
let harborBuilding: string;

beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant();
  const session = await apiSignIn(OLIVIA.email, OLIVIA.password);
  const buildings = await session.call<{ buildings: { uuid: string; name: string }[] }>('/tenant/v1/users/current/buildings?include=languages');
  // Harbor Point: its language is English, whatever Olivia's other building speaks.
  harborBuilding = buildings.buildings.find((b) => b.name === 'Harbor Point')!.uuid;
});
afterAll(async () => {
  if (harborBuilding) await setBuildingFlag('emergency-management-utility', null, harborBuilding);
});

describe('emergency management', () => {
  it('the Emergency utility opens the building’s contacts, each a call link, and its procedures', async () => {
    const { page, context } = await signedInPage(browser, { as: tenant.person });
    const home = new HomePage(page);
    await home.utilities().filter({ hasText: 'Emergency' }).click();
    await page.waitForURL(`**/building/${tenant.building_uuid}/emergency-management`);
    await page.getByRole('heading', { level: 1, name: 'Emergency' }).waitFor();
    const contacts = page.getByTestId('emergency-contacts').getByRole('listitem');
    await expect.poll(() => contacts.count()).toBe(3);
    const security = page.getByRole('link', { name: 'Call Building security desk: +1 212 555 0100' });
    expect(await security.getAttribute('href')).toBe('tel:+12125550100');
    const procedures = page.getByRole('region', { name: 'What to do' });
    expect(await procedures.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Fire', 'Medical emergency', 'Shelter in place']);
    expect(await procedures.getByRole('region', { name: 'Fire' }).getByRole('listitem').count()).toBe(3);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('the harbor brand hides the utility and its route until the flag allows them', async () => {
    const { page, context } = await newPage(browser, { host: 'harbor.localhost' });
    await signInThroughStorage(page, OLIVIA);
    await page.goto(`/building/${harborBuilding}`);
    const emergency = page.locator('[data-utility="EMERGENCY_MANAGEMENT"]');
    await page.locator('[data-utility="AMENITIES"]').waitFor();
    expect(await emergency.count()).toBe(0);
    // The address itself leads home.
    await page.goto(`/building/${harborBuilding}/emergency-management`);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.locator('[data-utility="AMENITIES"]').waitFor();
    expect(await emergency.count()).toBe(0);

    // The flag, live: the utility shows without a reload, and the route opens.
    await setBuildingFlag('emergency-management-utility', true, harborBuilding);
    await emergency.waitFor({ timeout: 10_000 });
    await page.goto(`/building/${harborBuilding}/emergency-management`);
    await page.getByTestId('emergency-contacts').waitFor();
    await context.close();
  });
});

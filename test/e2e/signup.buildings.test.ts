import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { latestCode, launchBrowser, newPage } from './browser';
import { AuthPages } from './pages';

/** Globex's buildings of the Atrium brand: its London building is Harbor's, and this page is Atrium's (issue 22, item 11). */
const GLOBEX_BUILDINGS = ['One Atrium Plaza — 100 Park Avenue, New York, NY', 'Atrium Tower West — 555 Market Street, San Francisco, CA'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

describe('signing up on a domain with several buildings', () => {
  it('asks for the building first ("Step 1 of 5") and shows the chosen one on home', async () => {
    const email = `e2e-buildings-${Date.now()}@globex.example`;
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open('/signup');
    await auth.enterEmail(email);

    await auth.seeStep('Choose your building');
    expect(await auth.stepLabel()).toBe('Step 1 of 5');
    await page.getByLabel('Building', { exact: true }).waitFor();
    expect((await auth.buildingChoices()).sort()).toEqual([...GLOBEX_BUILDINGS].sort());
    expect(await auth.canPress('Next'), 'Next before a building is chosen').toBe(false);
    await auth.chooseBuilding('Atrium Tower West — 555 Market Street, San Francisco, CA');
    expect(await auth.canPress('Next')).toBe(true);
    await auth.next();

    await auth.seeStep('Create account');
    expect(await auth.stepLabel()).toBe('Step 2 of 5');
    await auth.typeNames('Gale', 'Globex');
    await auth.next();
    await auth.seeStep('Create a password');
    expect(await auth.stepLabel()).toBe('Step 3 of 5');
    await page.getByLabel('Password', { exact: true }).fill('Globex#2026');
    await auth.next();
    await auth.seeStep('Terms and privacy');
    expect(await auth.stepLabel()).toBe('Step 4 of 5');
    await auth.acceptTerms();
    await auth.createAccount();
    await auth.seeStep('Verify your account');
    expect(await auth.stepLabel()).toBeNull();
    await auth.button('Continue').click();
    await auth.seeStep('Enter your code');
    expect(await auth.stepLabel()).toBe('Step 5 of 5');
    await auth.enterCode(await latestCode(email));
    await auth.seeStep('Congratulations!');
    await auth.getStarted();

    await auth.seeHome('Gale');
    await auth.seeBuilding('Atrium Tower West');
    await context.close();
  });
});

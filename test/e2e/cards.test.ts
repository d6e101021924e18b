/**
 * Payment cards in Chromium (issue 12, decision 120): a card typed into the card frame (its own origin) is stored and
 * listed by brand and last four only; the number is nowhere in the app page's DOM, its storage, or any request the
 * app's page sends (the frame's own post to the vault aside, which the test also sees, so the recorder is proven).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Request } from 'playwright-core';
import { launchBrowser, seriousA11yViolations, settled } from './browser';
import { CardsPage } from './cardPages';
import { signedInPage } from './pages';
import { newTenant } from './tenant';

const NUMBER = '4242424242424242';
const SPACED = '4242 4242 4242 4242';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

const carries = (text: string | null | undefined) => !!text && (text.includes(NUMBER) || text.includes(SPACED) || text.includes('4242%204242'));

describe('adding a card', () => {
  it('stores a test card through the card frame and shows only its brand and last four; the page never holds the number', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1366, height: 900 } });
    const requests: { request: Request; frame: Frame }[] = [];
    page.on('request', (request) => requests.push({ request, frame: request.frame() }));

    await page.goto('/add-card');
    await page.getByRole('heading', { name: 'Payment cards', level: 1 }).waitFor();
    const stored = page.getByTestId('stored-cards');
    await expect.poll(() => stored.innerText()).toContain('Visa ending in 1881');

    const frameElement = page.locator('#card-fields-frame');
    await frameElement.waitFor();
    const src = new URL((await frameElement.getAttribute('src'))!);
    expect(src.origin).not.toBe(new URL(page.url()).origin);
    const fields = page.frameLocator('#card-fields-frame');
    const submit = page.getByRole('button', { name: 'Add card' });

    // The expiry formats as it is typed; a month 13 is refused with the specification's words.
    const expiry = page.getByLabel('Expiry date (MM/YY)');
    await expiry.pressSequentially('13');
    await expiry.blur();
    await page.getByText('Invalid Exp. Date').waitFor();
    await expiry.fill('');
    expect(await page.getByLabel('Country').inputValue()).toBe('US');

    // Keyboard only: Tab from the last name goes into the frame's card number, then its security code, then out to
    // the page's expiry field.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Last name').press('Tab');
    await page.keyboard.type(NUMBER);
    expect(await fields.getByLabel('Card number').inputValue()).toBe(SPACED);
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    expect(await fields.getByLabel('Security code (CVV)').inputValue()).toBe('123');
    expect(await submit.isDisabled()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-exp');
    await page.keyboard.type('1230');
    expect(await expiry.inputValue()).toBe('12/30');
    await page.getByText('Card type: Visa').waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    const cardFrame = page.frames().find((f) => f.url().startsWith(src.origin));
    expect(cardFrame).toBeDefined();
    await submit.click();

    await page.getByText('Visa card ending in 4242 added.').waitFor({ timeout: 15_000 });
    await expect.poll(() => stored.innerText()).toContain('Visa ending in 4242');

    // The app page's DOM (its own document: the frame's is another origin's), storage and requests: no number.
    const dom = await page.evaluate(() => document.documentElement.outerHTML);
    expect(carries(dom)).toBe(false);
    expect(dom).not.toContain(NUMBER.slice(0, 12));
    const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(carries(storage)).toBe(false);
    const fromApp = requests.filter((r) => r.frame !== cardFrame);
    expect(fromApp.length).toBeGreaterThan(3);
    for (const { request } of fromApp) {
      expect(carries(request.url()), request.url()).toBe(false);
      expect(carries(request.postData()), request.url()).toBe(false);
    }
    // The frame's own post to the vault is the one request that carried it.
    const vault = requests.filter((r) => r.frame === cardFrame && r.request.url().endsWith('/payments/v1/vault/cards'));
    expect(vault).toHaveLength(1);
    expect(carries(vault[0]!.request.postData())).toBe(true);
    await context.close();
  });

  it('on a phone: a pasted-style 12/2030 expiry, two cards, the same card refused, one made the default, one removed after a confirm', async () => {
    const tenant = await newTenant();
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 }, as: tenant.person });
    const cards = new CardsPage(page);
    await cards.open();
    await cards.seeStoredCards([]);

    // Item 16 (a): a four-digit year typed (or pasted) ends as MM/YY, never cut to the past date 12/20.
    for (const typed of ['12/2030', '12 / 2030', '1230', '12/30']) {
      await cards.typeExpiry(typed);
      expect(await cards.expiry().inputValue(), typed).toBe('12/30');
    }
    await cards.expiry().fill('');
    await cards.expiry().focus();
    await page.keyboard.insertText('12/2030');
    expect(await cards.expiry().inputValue()).toBe('12/30');

    const visa = { firstName: 'Ada', lastName: 'Lovelace', number: NUMBER, cvv: '123', expiry: '12/2030' };
    await cards.addCard(visa, 'Visa card ending in 4242 added.');
    // A person's first card is their default.
    await cards.seeStoredCards(['Visa ending in 4242 (default)']);
    await cards.addAnother();
    await cards.addCard({ ...visa, number: '5555555555554444' }, 'Mastercard card ending in 4444 added.');
    await cards.seeStoredCards(['Visa ending in 4242 (default)', 'Mastercard ending in 4444']);

    // Item 16 (c): the same card again is refused with the form's error, and what was typed stays.
    await cards.addAnother();
    await cards.fillCard(visa);
    await cards.submit().click();
    await cards.seeFormError('This card is already stored in your account.');
    expect(await cards.typed()).toEqual({ firstName: 'Ada', lastName: 'Lovelace', expiry: '12/30', number: SPACED });
    await cards.seeStoredCards(['Visa ending in 4242 (default)', 'Mastercard ending in 4444']);

    // Item 16 (d): the Mastercard becomes the default; removing the Visa asks first, Escape keeps it.
    await cards.makeDefault('Mastercard ending in 4444');
    await cards.seeStoredCards(['Visa ending in 4242', 'Mastercard ending in 4444 (default)']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const dialog = await cards.askToRemove('Visa ending in 4242', '4242');
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    // Checked once the sheet has come in (its rise fades it in).
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await cards.removeButton('Visa ending in 4242').evaluate((button) => button === document.activeElement)).toBe(true);
    await cards.seeStoredCards(['Visa ending in 4242', 'Mastercard ending in 4444 (default)']);
    await cards.remove('Visa ending in 4242', '4242');
    await cards.seeStoredCards(['Mastercard ending in 4444 (default)']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The server kept it: a new visit shows the same.
    await cards.open();
    await cards.seeStoredCards(['Mastercard ending in 4444 (default)']);
    await context.close();
  });

  it('reaches the form from the account page', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 } });
    // On a phone the account page lists its sections: the cards are in Profile.
    await page.goto('/account');
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'Payment cards' }).click();
    await page.getByRole('heading', { name: 'Payment cards', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/add-card');
    await context.close();
  });
});

import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, newPage } from './browser';
import { fromLoginPayload } from '../../machines/session/session.machine';
import type { LoginPayload } from '../../machines/session/session.types';

/** The demo tenant of the seed. */
export const DEMO = { email: 'demo@northwind.example', password: 'Atrium!2026', firstName: 'Dana' };

/** Who signs in: the demo tenant, or a person of a test's own tenant (test/e2e/tenant.ts). */
export interface SignInAs {
  email: string;
  password: string;
  first_name: string;
}

/**
 * A new page signed in as the demo tenant (or `as`, a person of a test's own tenant), on the home page. `recordOpens`
 * records window.open calls in `window.__opened` instead of opening tabs; `viewport` sizes the window.
 */
export async function signedInPage(
  browser: Browser,
  options: { recordOpens?: boolean; viewport?: { width: number; height: number }; timezoneId?: string; as?: SignInAs } = {},
) {
  const { page, context } = await newPage(browser, options.timezoneId ? { timezoneId: options.timezoneId } : {});
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.recordOpens) {
    await page.addInitScript(() => {
      const opened: unknown[][] = [];
      (window as unknown as { __opened: unknown[][] }).__opened = opened;
      window.open = (...args: unknown[]) => {
        opened.push(args);
        return null;
      };
    });
  }
  const who = options.as ?? { email: DEMO.email, password: DEMO.password, first_name: DEMO.firstName };
  await signInThroughStorage(page, who);
  await new AuthPages(page).seeHome(who.first_name);
  return { page, context };
}

/**
 * Signs in as a reload after a sign-in finds it: the API's sign-in answer, kept where the app keeps it (the `root` key,
 * src/app/adapters/storage.ts), then the home page. The sign-in screens are login.test.ts's to prove; here they would
 * cost each test a page of its own (decision 142).
 */
export async function signInThroughStorage(page: Page, who: SignInAs) {
  const answer = await fetch(new URL('/api/auth/v2/login', baseURL()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${who.email}: ${answer.status} ${await answer.text()}`);
  const auth = fromLoginPayload((await answer.json()) as LoginPayload);
  // A page of the app's origin that runs no app, to write its storage from.
  await page.goto('/api/healthcheck');
  await page.evaluate((root) => localStorage.setItem('root', root), JSON.stringify({ auth }));
  await page.goto('/home');
}

/**
 * What window.open was called with on a page signed in with `recordOpens`, since the last look (the list is emptied:
 * moves inside the app keep the page, and with it the calls of the screens before).
 */
export const openedTabs = (page: Page) => page.evaluate(() => (window as unknown as { __opened: unknown[][] }).__opened.splice(0));

/** The sign-in, sign-up and reset screens, with verbs that read like what a person does. */
export class AuthPages {
  constructor(readonly page: Page) {}

  async open(path = '/login') {
    await this.page.goto(path);
    await this.page.getByLabel('Work email').waitFor();
  }

  async enterEmail(email: string) {
    await this.page.getByLabel('Work email').fill(email);
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  async enterPassword(password: string) {
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async signIn(email: string, password: string) {
    await this.enterEmail(email);
    await this.enterPassword(password);
  }

  async seeError(text: string) {
    await this.page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  }

  async seeHome(firstName: string) {
    await this.page.waitForURL('**/home');
    await this.page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  }

  async logOut() {
    await this.page.getByRole('button', { name: 'Account menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
    await this.page.waitForURL((url) => url.pathname === '/login');
  }

  async fieldValue(label: string) {
    return this.page.getByLabel(label, { exact: true }).inputValue();
  }

  // Moving through the steps

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Waits for the step (a form named by its title) to be on screen. */
  async seeStep(title: string) {
    await this.page.getByRole('form', { name: title, exact: true }).waitFor();
  }

  /** The "Step X of Y" line of the step on screen, or null when the step has none. */
  async stepLabel(): Promise<string | null> {
    const label = this.page.getByText(/^Step \d+ of \d+$/);
    return (await label.count()) ? label.innerText() : null;
  }

  async canPress(name: string) {
    return this.button(name).isEnabled();
  }

  async next() {
    await this.button('Next').click();
  }

  async leaveField(label: string) {
    await this.page.getByLabel(label, { exact: true }).blur();
  }

  // Sign-up

  async startSignup() {
    await this.page.getByRole('button', { name: 'New here? Create an account' }).click();
    await this.seeStep('Create your account');
  }

  async buildingChoices() {
    return this.page.getByLabel('Building', { exact: true }).locator('option:not([value=""])').allInnerTexts();
  }

  async chooseBuilding(label: string) {
    await this.page.getByLabel('Building', { exact: true }).selectOption({ label });
  }

  async typeNames(first: string, last: string) {
    await this.page.getByLabel('First name', { exact: true }).fill(first);
    await this.page.getByLabel('Last name', { exact: true }).fill(last);
  }

  /** Types into the password field key by key, as a person would. */
  async typePassword(text: string, label = 'Password') {
    await this.page.getByLabel(label, { exact: true }).pressSequentially(text);
  }

  /** Each password rule and whether the list marks it as met. */
  async passwordRules(): Promise<Record<string, boolean>> {
    const items = this.page.getByRole('list', { name: 'Your password needs:' }).getByRole('listitem');
    const pairs = await items.evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met')] as const));
    return Object.fromEntries(pairs.map(([rule, met]) => [rule, met === 'true']));
  }

  async acceptTerms() {
    await this.page.getByLabel('I accept the Terms of Use and the Privacy Policy').check();
  }

  async createAccount() {
    await this.button('Create account').click();
  }

  async enterCode(code: string) {
    await this.page.getByLabel('4-digit code', { exact: true }).fill(code);
    await this.button('Confirm').click();
  }

  async getStarted() {
    await this.button('Get started').click();
  }

  /** The home of that building: its hero names it (decision 212). */
  async seeBuilding(name: string) {
    await this.page.getByTestId('hero').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  }

  // Password reset

  async forgotPassword() {
    await this.button('Forgot password?').click();
    await this.seeStep('Reset your password');
  }

  async askForResetCode(email: string) {
    await this.page.getByLabel('Work email').fill(email);
    await this.button('Send code').click();
    await this.seeStep('Enter your code');
  }

  async chooseNewPassword(password: string, confirm = password) {
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password', { exact: true }).fill(confirm);
    await this.button('Save password').click();
  }

  // Single sign-on

  ssoDialog() {
    return this.page.getByRole('dialog', { name: 'Sign in with your company' });
  }

  async continueWithProvider(name: string) {
    await this.ssoDialog()
      .getByRole('button', { name: `Continue with ${name}`, exact: true })
      .click();
  }
}

/** The local identity provider's sign-in page (under /oidc on the app's own server). */
export class IdentityProviderPage {
  constructor(readonly page: Page) {}

  async waitFor() {
    await this.page.waitForURL('**/oidc/interaction/**');
    await this.page.getByLabel('Password', { exact: true }).waitFor();
  }

  async emailValue() {
    return this.page.getByLabel('Email', { exact: true }).inputValue();
  }

  async signIn(password: string, email?: string) {
    if (email !== undefined) await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}

export const expectUrlPath = (page: Page, path: string) => expect(new URL(page.url()).pathname).toBe(path);

/** A content screen (event post, offer, post), with verbs for its call-to-action. */
export class ContentPage {
  constructor(readonly page: Page) {}

  async open(buildingUuid: string, contentUuid: string, segment = 'content') {
    await this.page.goto(`/building/${buildingUuid}/${segment}/${contentUuid}`);
    await this.page.locator('#content-title').waitFor();
  }

  title() {
    return this.page.locator('#content-title').innerText();
  }

  button(name: string | RegExp) {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  /** Presses a button in the dialog of that title and waits for the dialog to go. */
  async answer(dialog: string, button: string) {
    const modal = this.dialog(dialog);
    await modal.getByRole('button', { name: button, exact: true }).click();
    await modal.waitFor({ state: 'detached' });
  }

  async seeText(text: string) {
    await this.page.getByText(text, { exact: true }).first().waitFor();
  }
}

/** The building home: hero, utility grid, promoted block, and the categories under the sticky jump bar. */
export class HomePage {
  constructor(readonly page: Page) {}

  /** A load of the page (not a move inside the app): the home's tests are about what a load asks for and shows. */
  async open(path: string) {
    await this.page.goto(path);
    await this.ready();
  }

  /** The feed is in: the jump bar shows and no section is loading. */
  async ready() {
    await this.jumpBar().waitFor();
    await this.page.getByTestId('feed-skeleton').first().waitFor({ state: 'detached' });
  }

  jumpBar() {
    return this.page.getByRole('navigation', { name: 'Content categories' });
  }

  async jumps() {
    return this.jumpBar().getByRole('button').allInnerTexts();
  }

  async activeJump() {
    return this.jumpBar().locator('[aria-current="true"]').innerText();
  }

  utilities() {
    return this.page.getByRole('list', { name: 'Building services' }).getByRole('button');
  }

  category(name: string) {
    return this.page.getByRole('region', { name, exact: true });
  }

  tile(title: string) {
    return this.page
      .getByTestId('feed-tile')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) })
      .first();
  }

  /** Where a section's top is, in px from the viewport's top. */
  topOf(id: string) {
    return this.page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
  }

  hash() {
    return this.page.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
  }

  /** The link-out frame; with a name, only when it is titled so (a registered mini-app's name). */
  frame(name?: string) {
    return this.page.getByRole('dialog', name ? { name, exact: true } : {});
  }
}

/** The amenities and company directory screens, with verbs for their tabs, tiles and modals. */
export class DirectoryPage {
  constructor(readonly page: Page) {}

  async openAmenities(buildingUuid: string, query = '') {
    await this.page.goto(`/building/${buildingUuid}/amenities${query}`);
    await this.categoryTabs().waitFor();
  }

  async openCompanies(buildingUuid: string, query = '') {
    await this.page.goto(`/building/${buildingUuid}/companies${query}`);
    await this.companyTiles().first().waitFor();
  }

  title() {
    return this.page.getByRole('heading', { level: 1 });
  }

  categoryTabs() {
    return this.page.getByRole('navigation', { name: 'Amenity categories' });
  }

  categoryTab(name: string) {
    return this.categoryTabs().getByRole('button', { name, exact: true });
  }

  section(name: string) {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** Where a section's top is, relative to the window: 'above', 'in view' or 'below'. */
  async sectionPosition(name: string) {
    return this.section(name).evaluate((el) => {
      const { top } = el.getBoundingClientRect();
      return top < -1 ? 'above' : top > window.innerHeight - 40 ? 'below' : 'in view';
    });
  }

  companyTiles() {
    return this.page.getByRole('list', { name: /^(Company directory|Directorio de empresas)$/ }).getByRole('link');
  }

  /** The names on the company tiles, in order (a tile also says its floor and type). */
  companyNames() {
    return this.companyTiles().getByTestId('company-name');
  }

  searchField() {
    return this.page.getByRole('searchbox', { name: 'Search by company name' });
  }

  /** Types into the search field key by key, as a person does (the list follows once typing pauses). */
  async search(text: string) {
    await this.searchField().fill('');
    await this.searchField().pressSequentially(text);
  }

  floorSelect() {
    return this.page.getByRole('combobox', { name: 'Floor' });
  }

  typeFilter(name: string) {
    return this.page.getByRole('group', { name: 'Type' }).getByRole('button', { name, exact: true });
  }

  clearButton() {
    return this.page.getByRole('button', { name: 'Clear search and filters' });
  }

  /** The line under the filters that says how many companies the list holds (a polite live region). */
  status() {
    return this.page.getByTestId('directory-status');
  }

  async statusText() {
    return (await this.status().innerText()).trim();
  }

  async scrollToEnd() {
    await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }

  async seeText(text: string) {
    await this.page.getByText(text, { exact: true }).first().waitFor();
  }
}

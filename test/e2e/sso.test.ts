import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launchBrowser, mailbox, newPage } from './browser';
import { AuthPages, IdentityProviderPage, expectUrlPath } from './pages';

const PROVIDER = 'Atrium Demo ID';
const IDP_PASSWORD = 'Sso!2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

describe('single sign-on', () => {
  it('signs an SSO-required account in through the identity provider on the same origin', async () => {
    const email = 'sam.sso@initech.example';
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.enterEmail(email);
    await auth.ssoDialog().waitFor();
    await expect(auth.ssoDialog().getByText('initech.example signs in with single sign-on.').isVisible()).resolves.toBe(true);
    // SSO is required: no password way out.
    expect(await auth.ssoDialog().getByRole('button', { name: 'Use my password instead' }).count()).toBe(0);
    await auth.continueWithProvider(PROVIDER);

    const idp = new IdentityProviderPage(page);
    await idp.waitFor();
    const at = new URL(page.url());
    expect(at.origin).toBe(new URL(baseURL()).origin);
    expect(at.pathname.startsWith('/oidc/')).toBe(true);
    expect(await idp.emailValue(), 'the typed address is passed on as login_hint').toBe(email);
    await idp.signIn(IDP_PASSWORD);

    await auth.seeHome('Sam');
    expect(new URL(page.url()).search, 'code and state leave the address').toBe('');
    await context.close();
  });

  it('signs up a new SSO user with names from the provider, without password or code', async () => {
    // The provider's account is fixed, so this runs once per data folder (globalSetup makes a fresh one per run).
    const email = 'new.sso@initech.example';
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.enterEmail(email);
    await auth.continueWithProvider(PROVIDER);
    const idp = new IdentityProviderPage(page);
    await idp.waitFor();
    await idp.signIn(IDP_PASSWORD);

    await auth.seeStep('Create account');
    expectUrlPath(page, '/signup');
    expect(new URL(page.url()).searchParams.has('code'), 'the spent code leaves the address').toBe(false);
    expect(await auth.stepLabel()).toBe('Step 1 of 2');
    expect(await auth.fieldValue('First name')).toBe('Nia');
    expect(await auth.fieldValue('Last name')).toBe('Newcomer');
    await auth.next();

    await auth.seeStep('Terms and privacy');
    expect(await auth.stepLabel()).toBe('Step 2 of 2');
    expect(await auth.canPress('Create account')).toBe(false);
    await auth.acceptTerms();
    await auth.createAccount();

    // Straight to congratulations: the provider already proved the address.
    await auth.seeStep('Congratulations!');
    expect(await mailbox(email), 'no code is mailed to an SSO sign-up').toEqual([]);
    await auth.getStarted();
    await auth.seeHome('Nia');
    expectUrlPath(page, '/home');
    await context.close();
  });

  it('lets a password account on an optional-SSO domain sign in with its password instead', async () => {
    const { page, context } = await newPage(browser);
    const auth = new AuthPages(page);
    await auth.open();
    await auth.enterEmail('olivia@umbrella.example');
    await auth.ssoDialog().waitFor();
    await expect(
      auth
        .ssoDialog()
        .getByRole('button', { name: `Continue with ${PROVIDER}` })
        .isVisible(),
    ).resolves.toBe(true);
    await auth.ssoDialog().getByRole('button', { name: 'Use my password instead' }).click();
    await auth.ssoDialog().waitFor({ state: 'detached' });
    await auth.enterPassword('Atrium!2026');
    await auth.seeHome('Olivia');
    await context.close();
  });
});

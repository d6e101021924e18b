import { beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Browser, Frame, Page } from 'playwright-core';
import { baseURL, launchBrowser } from './browser';
import { addContent } from './api';
import { ContentPage, signedInPage } from './pages';
import { CardsPage } from './cardPages';
import { newTenant, setBuildingFlag, type Tenant } from './tenant';

/**
 * The mini-app bridge in Chromium (issue 23): the bridge-test mini-app on the mini-apps' own origin (`apps.localhost`),
 * opened from a post's call-to-action, calls every action through the client served at /sdk/atrium-bridge.js.
 * The token and storage calls go to the server's own routes: the token the mini-app receives is checked against the
 * published keys and refused by the person's routes.
 */
let browser: Browser;
let tenant: Tenant;
let post: string;
const appsOrigin = () => baseURL().replace('localhost', 'apps.localhost');
const BRIDGE_TEST_UUID = '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e03';

beforeAll(async () => {
  browser = await launchBrowser();
  tenant = await newTenant();
  post = await addContent({
    building_uuid: tenant.building_uuid,
    type: 'post',
    title: 'Bridge test post',
    cta_type: 'MICRO_FRONTEND',
    cta_url: `${appsOrigin()}/mfe-bridge-test/`,
  });
});

/** Signs in, opens the post and its mini-app; answers the mini-app's frame once its client has connected. */
async function openBridgeTest() {
  const { page, context } = await signedInPage(browser, { as: tenant.person });
  const content = new ContentPage(page);
  await content.open(tenant.building_uuid, post);
  await content.button('Open').click();
  const dialog = page.getByRole('dialog', { name: 'Bridge test' });
  await dialog.waitFor();
  await page.frameLocator('[role="dialog"] iframe').locator('#status', { hasText: 'connected' }).waitFor();
  const frame = page.frames().find((f) => f.url().startsWith(`${appsOrigin()}/mfe-bridge-test/`))!;
  return { page, context, frame, dialog };
}

/** A tenant of the test's own with a post opening the bridge-test mini-app (its calls count against nobody else's limits). */
async function ownBridgeTestPost(title: string) {
  const own = await newTenant();
  const ownPost = await addContent({
    building_uuid: own.building_uuid,
    type: 'post',
    title,
    cta_type: 'MICRO_FRONTEND',
    cta_url: `${appsOrigin()}/mfe-bridge-test/`,
  });
  return { tenant: own, post: ownPost };
}

/** Adds a frame of the bridge-test mini-app that the app did not open itself, and answers it once its page is in. */
async function addStrangerFrame(page: Page, opened: Frame): Promise<Frame> {
  await page.evaluate(
    (src) => {
      const iframe = document.createElement('iframe');
      iframe.src = src;
      iframe.title = 'stranger';
      document.body.appendChild(iframe);
    },
    `${appsOrigin()}/mfe-bridge-test/?hostOrigin=${encodeURIComponent(baseURL())}`,
  );
  await expect.poll(() => page.frames().filter((f) => f.url().startsWith(`${appsOrigin()}/mfe-bridge-test/`)).length).toBe(2);
  const stranger = page.frames().find((f) => f !== opened && f.url().startsWith(`${appsOrigin()}/mfe-bridge-test/`))!;
  await stranger.locator('#status').waitFor();
  return stranger;
}

type Outcome = { ok: true; data: unknown } | { ok: false; code: string; message: string };
/** Runs one client call inside the mini-app and answers its outcome. */
const call = (frame: Frame, method: string, ...args: unknown[]): Promise<Outcome> =>
  frame.evaluate(
    async ([m, a]) => {
      const bridge = await (window as unknown as { atrium: Promise<Record<string, (...x: unknown[]) => Promise<unknown>>> }).atrium;
      try {
        return { ok: true as const, data: await bridge[m as string]!(...(a as unknown[])) };
      } catch (error) {
        const e = error as { code: string; message: string };
        return { ok: false as const, code: e.code, message: e.message };
      }
    },
    [method, args] as const,
  );

describe('the mini-app bridge', () => {
  it('answers every action of the specification through the client', async () => {
    const { page, context, frame } = await openBridgeTest();
    const init = await call(frame, 'init');
    expect(init).toMatchObject({ ok: true, data: { app_uuid: BRIDGE_TEST_UUID, scopes: expect.arrayContaining(['user', 'token', 'payments']) } });
    expect((init as { data: { actions: { action: string }[] } }).data.actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['getJWT', 'tokenizeCard', 'getKioskEnabled']),
    );
    expect(await call(frame, 'getUser')).toEqual({
      ok: true,
      data: {
        first_name: tenant.person.first_name,
        last_name: tenant.person.last_name,
        email: tenant.person.email,
        uuid: expect.any(String),
        company: { uuid: expect.any(String), name: expect.any(String) },
      },
    });
    expect(await call(frame, 'getBuilding')).toMatchObject({ ok: true, data: { uuid: tenant.building_uuid } });
    expect(await call(frame, 'getBuildings')).toMatchObject({
      ok: true,
      data: { buildings: expect.arrayContaining([expect.objectContaining({ uuid: tenant.building_uuid })]) },
    });
    expect(await call(frame, 'getHostInfo')).toMatchObject({ ok: true, data: { name: 'atrium', platform: 'web', kiosk: false } });
    expect(await call(frame, 'getTheme')).toMatchObject({
      ok: true,
      data: { primary_color: expect.stringMatching(/^#/), color_scheme: expect.any(String) },
    });
    expect(await call(frame, 'getBrand')).toMatchObject({ ok: true, data: { brand: expect.any(String), name: expect.any(String) } });
    expect(await call(frame, 'getKioskEnabled')).toEqual({ ok: true, data: { enabled: false } });
    expect(await call(frame, 'showNativePayment')).toEqual({ ok: true, data: { success: false } });
    expect(await call(frame, 'hideNativePayments')).toEqual({ ok: true, data: true });
    const methods = await call(frame, 'getPaymentMethods');
    expect(methods.ok).toBe(true);
    for (const card of (methods as { data: { payment_methods: Record<string, unknown>[] } }).data.payment_methods)
      expect(Object.keys(card).sort()).toEqual(['card_brand', 'card_last_four', 'exp_month', 'exp_year', 'id', 'is_default']);
    expect(await call(frame, 'tokenizeCard', 'not-my-card')).toMatchObject({ ok: false, code: 'INVALID_PARAMS' });
    // Storage: set, read back; a value that is not a string is refused.
    expect(await call(frame, 'setStorage', 'visit', 'kept')).toEqual({ ok: true, data: { success: true } });
    expect(await call(frame, 'getStorage', 'visit')).toEqual({ ok: true, data: { key: 'visit', value: 'kept' } });
    expect(await call(frame, 'call', 'setStorage', { key: 'visit', value: 3 })).toMatchObject({ ok: false, code: 'INVALID_PARAMS' });
    expect(await call(frame, 'call', 'init', {})).toMatchObject({ ok: false, code: 'INVALID_PARAMS', message: 'Invalid init event data' });
    // The token is the mini-app's own, never the person's.
    const jwt = await call(frame, 'getJWT');
    const personToken = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}')?.auth?.token ?? null);
    expect(jwt).toMatchObject({ ok: true, data: { token: expect.any(String), expires_in: 300 } });
    const token = (jwt as { data: { token: string } }).data.token;
    expect(token).not.toBe(personToken);
    // A mini-app's own server verifies it with the published key alone: for this app, this person, this building.
    const keys = createRemoteJWKSet(new URL('/.well-known/jwks.json', baseURL()));
    const { payload } = await jwtVerify(token, keys, { audience: `miniapp:${BRIDGE_TEST_UUID}` });
    expect(payload).toMatchObject({ building: tenant.building_uuid, scope: expect.stringContaining('token') });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    // The person's own routes refuse it, where the person's own token is taken.
    const current = (bearer: string) => fetch(`${baseURL()}/api/users/current`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await current(personToken)).status).toBe(200);
    expect((await current(token)).status).toBe(401);
    expect(await call(frame, 'refreshToken')).toEqual({ ok: true, data: { success: true } });
    expect(await call(frame, 'call', 'noSuchAction')).toMatchObject({ ok: false, code: 'UNSUPPORTED' });
    await context.close();
  });

  it("tokenizes a new card through the host's own card sheet: closed, it answers USER_CANCELLED; typed, the card's token (never its number)", async () => {
    const { page, context, frame } = await openBridgeTest();
    /** Starts tokenizeCard() for a new card in the mini-app; its outcome lands on window.tokenized. */
    const startTokenize = () =>
      frame.evaluate(() => {
        const w = window as unknown as { atrium: Promise<{ tokenizeCard(): Promise<unknown> }>; tokenized: unknown };
        w.tokenized = null;
        void w.atrium.then((b) =>
          b.tokenizeCard().then(
            (data) => (w.tokenized = { ok: true, data }),
            (e: { code: string }) => (w.tokenized = { ok: false, code: e.code }),
          ),
        );
      });
    const outcome = () => frame.evaluate(() => (window as unknown as { tokenized: unknown }).tokenized);
    const sheet = page.getByRole('dialog', { name: 'Add a card for Bridge test' });
    await startTokenize();
    await sheet.waitFor();
    await sheet.getByText('Bridge test asked for a card.', { exact: false }).waitFor();
    // Over the mini-app's frame, not under it (a modal dialog turns pointer events off around it, so hit tests cannot tell).
    const layers = await page.evaluate(() => {
      const zOf = (el: Element | null) => {
        for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).zIndex !== 'auto') return Number(getComputedStyle(e).zIndex);
        return 0;
      };
      const card = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.textContent?.includes('Add a card for'));
      return { sheet: zOf(card ?? null), frame: zOf(document.querySelector('iframe[data-bridge-frame]')) };
    });
    expect(layers.frame).toBeGreaterThan(0);
    expect(layers.sheet).toBeGreaterThan(layers.frame);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.poll(outcome).toEqual({ ok: false, code: 'USER_CANCELLED' });
    await sheet.waitFor({ state: 'detached' });
    // Again, and this time the person types a card into the sheet's secure fields.
    await startTokenize();
    const cards = new CardsPage(page);
    await page.locator('#card-fields-frame').waitFor();
    await cards.fillCard({ firstName: 'Ada', lastName: 'Lovelace', number: '5555555555554444', cvv: '123', expiry: '12/2030' });
    await cards.submit().click();
    await expect
      .poll(outcome, { timeout: 15_000 })
      .toEqual({ ok: true, data: { token: expect.any(String), card_brand: 'mastercard', card_last_four: '4444' } });
    await sheet.waitFor({ state: 'detached' });
    expect(JSON.stringify(await outcome())).not.toContain('5555555555554444');
    // The card is stored for the person: the mini-app sees it masked among the payment methods.
    const methods = (await call(frame, 'getPaymentMethods')) as { data: { payment_methods: { card_last_four: string }[] } };
    expect(methods.data.payment_methods.map((m) => m.card_last_four)).toContain('4444');
    await context.close();
  });

  it('answers a message sent before init once init comes, and pushes subscribed events with their current value', async () => {
    const { page, context, frame } = await openBridgeTest();
    // The page posted getHostInfo before it connected; it was answered after the client's init.
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as { early: { ok: boolean; event: string }[] }).early))
      .toEqual([expect.objectContaining({ event: 'getHostInfoResponse', id: 'early-1', ok: true })]);
    const subscribed = await call(frame, 'subscribe', ['themeChanged', 'languageChanged', 'visibilityChanged']);
    expect(subscribed).toMatchObject({
      ok: true,
      data: {
        events: ['themeChanged', 'languageChanged', 'visibilityChanged'],
        current: { languageChanged: { locale: expect.stringMatching(/^en/) } },
      },
    });
    // The page is hidden or shown: the subscribed mini-app hears it.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as { events: unknown[] }).events))
      .toContainEqual({ event: 'visibilityChanged', data: { visible: true } });
    await context.close();
  });

  it('closes the frame on closeWebView, and logs the person out on logout', async () => {
    const { page, context, frame, dialog } = await openBridgeTest();
    // The frame closes as it is answered: the answer may not reach a document that is gone, so it is not awaited.
    await frame.evaluate(
      () => void (window as unknown as { atrium: Promise<{ closeWebView(): Promise<unknown> }> }).atrium.then((b) => b.closeWebView()),
    );
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open' }).click();
    await page.frameLocator('[role="dialog"] iframe').locator('#status', { hasText: 'connected' }).waitFor();
    const again = page.frames().find((f) => f.url().startsWith(`${appsOrigin()}/mfe-bridge-test/`))!;
    expect(await call(again, 'logout')).toEqual({ ok: true, data: { success: true } });
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('answers no frame the app did not open and no origin the registration does not list', async () => {
    const { page, context, frame } = await openBridgeTest();
    /** Posts a raw request from `from` to the app and says whether any answer came within the client's usual wait. */
    const answeredFrom = (from: Frame, id: string) =>
      from.evaluate(
        ([host, requestId]) =>
          new Promise<boolean>((resolve) => {
            window.addEventListener('message', (e) => {
              const m = typeof e.data === 'string' ? JSON.parse(e.data) : e.data;
              if (m && m.id === requestId) resolve(true);
            });
            parent.postMessage(JSON.stringify({ action: 'getHostInfo', id: requestId }), host);
            // The bridge answers a registered frame within milliseconds; a second without one is no answer.
            setTimeout(() => resolve(false), 1000);
          }),
        [baseURL(), id] as const,
      );
    // The control: the frame the app opened is answered.
    expect(await answeredFrom(frame, 'control')).toBe(true);
    // A frame of the same mini-app that the app did not open itself.
    const stranger = await addStrangerFrame(page, frame);
    expect(await answeredFrom(stranger, 'stranger')).toBe(false);
    // The opened frame's window now holds a document of another origin (the app's own), which is not registered.
    await frame.evaluate((to) => void (location.href = to), `${baseURL()}/legal/privacy.html`);
    await expect.poll(() => frame.url()).toBe(`${baseURL()}/legal/privacy.html`);
    // The address changes as the navigation commits; the new document is ready to run code once it has loaded.
    await frame.waitForLoadState('load');
    expect(await answeredFrom(frame, 'other-origin')).toBe(false);
    await context.close();
  });

  it('refuses an action outside the mini-app’s scopes with ACCESS_DENIED', async () => {
    const limited = await addContent({
      building_uuid: tenant.building_uuid,
      type: 'post',
      title: 'Limited bridge test post',
      cta_type: 'MICRO_FRONTEND',
      cta_url: `${appsOrigin()}/mfe-bridge-test/limited/`,
    });
    const { page, context } = await signedInPage(browser, { as: tenant.person });
    const content = new ContentPage(page);
    await content.open(tenant.building_uuid, limited);
    await content.button('Open').click();
    await page.frameLocator('[role="dialog"] iframe').locator('#status', { hasText: 'connected' }).waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(`${appsOrigin()}/mfe-bridge-test/limited/`))!;
    expect(await call(frame, 'getUser')).toMatchObject({ ok: true });
    expect(await call(frame, 'getJWT')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await call(frame, 'getStorage', 'k')).toMatchObject({ ok: false, code: 'ACCESS_DENIED' });
    expect(await call(frame, 'init')).toMatchObject({ ok: true, data: { scopes: ['user'] } });
    await context.close();
  });

  it('survives 10,000 random and malformed messages from a registered and an unregistered frame: no error, no answer to the stranger, still working', async () => {
    // A tenant of its own: the fuzz's storage and token calls count against this person's limits, not the other tests'.
    const { tenant: fuzzTenant, post: fuzzPost } = await ownBridgeTestPost('Bridge fuzz post');
    const { page, context } = await signedInPage(browser, { as: fuzzTenant.person });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const content = new ContentPage(page);
    await content.open(fuzzTenant.building_uuid, fuzzPost);
    await content.button('Open').click();
    await page.frameLocator('[role="dialog"] iframe').locator('#status', { hasText: 'connected' }).waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(`${appsOrigin()}/mfe-bridge-test/`))!;
    // A frame of the same mini-app the app did not open.
    const stranger = await addStrangerFrame(page, frame);
    /**
     * Posts `count` seeded random messages to the host from inside a frame; answers how many messages came back from the
     * host. The stranger's include the link-out frame's close message ('closeMFE'), which only the frame's own page may send.
     */
    const fuzz = (from: Frame, seed: number, count: number, withClose: boolean) =>
      from.evaluate(
        async ([host, seedValue, total, close]) => {
          let s = seedValue >>> 0;
          const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 2 ** 32);
          const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)]!;
          // Every action but the four that end the visit on purpose (logout, closeWebView) or wait on the person (tokenizeCard, refreshToken).
          const actions = [
            'init',
            'getJWT',
            'getUser',
            'getBuilding',
            'getBuildings',
            'getHostInfo',
            'setStorage',
            'getStorage',
            'showNativePayment',
            'hideNativePayments',
            'getPaymentMethods',
            'getTheme',
            'getBrand',
            'getKioskEnabled',
            'subscribe',
            'unsubscribe',
            'userActivity',
            'nope',
            '__proto__',
            'constructor',
            'toString',
            '',
          ];
          const values = (): unknown =>
            pick<() => unknown>([
              () => null,
              () => rnd() * 1e9,
              () => 'x'.repeat(Math.floor(rnd() * 100_000)),
              () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
              () => [1, 'a', {}],
              () => ({ app_uuid: pick(['6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e03', 'other-app', 5, null]) }),
              () => ({ key: pick(['k', '', 'k'.repeat(300), 4]), value: pick(['v', 3, 'v'.repeat(9000)]) }),
              () => ({ events: pick<unknown>([['themeChanged', 'kioskReset'], ['nope'], 'themeChanged', [{}]]) }),
              () => true,
            ])();
          const message = (): unknown =>
            pick<() => unknown>([
              () => JSON.stringify({ action: pick(actions), data: values(), id: pick<unknown>([1, 'id', null, {}, 'x'.repeat(500)]) }),
              () => ({ action: pick(actions), data: values(), id: rnd() }),
              () => '{"action":"init"' + 'x'.repeat(Math.floor(rnd() * 10)),
              () => values(),
              () => (close ? 'closeMFE' : 'openMFE'),
              () => (close ? { type: 'closeMFE' } : { type: 'openMFE' }),
              () => new Uint8Array(8),
            ])();
          let answers = 0;
          window.addEventListener('message', (e) => {
            if (e.origin === host) answers += 1;
          });
          for (let i = 0; i < total; i++) parent.postMessage(message(), host);
          // Let the host work through them and answer (a registered frame's calls end within the host's 15 s).
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          return answers;
        },
        [baseURL(), seed, count, withClose] as const,
      );
    const [answered, strangerAnswered] = await Promise.all([fuzz(frame, 23, 5_000, false), fuzz(stranger, 42, 5_000, true)]);
    expect(errors).toEqual([]);
    expect(strangerAnswered).toBe(0);
    // The stranger's close messages closed nothing: the mini-app's frame is still open.
    await page.getByRole('dialog', { name: 'Bridge test' }).waitFor();
    expect(answered).toBeGreaterThan(0);
    // Still working: the registered frame's client is answered, and the app's own page responds.
    expect(await call(frame, 'getHostInfo')).toMatchObject({ ok: true, data: { name: 'atrium' } });
    await page.getByRole('dialog', { name: 'Bridge test' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'Bridge test' }).waitFor({ state: 'detached' });
    await content.button('Open').waitFor();
    expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
    await context.close();
  });

  it("with the host SDK flag off frames a mini-app as the specification's link (its parameters, no bridge); on, it carries where it was opened", async () => {
    const { tenant: sdkTenant, post: sdkPost } = await ownBridgeTestPost('Host SDK post');
    const { page, context } = await signedInPage(browser, { as: sdkTenant.person });
    const content = new ContentPage(page);
    const frameUrl = async () => {
      await content.open(sdkTenant.building_uuid, sdkPost);
      await content.button('Open').click();
      await page.frameLocator('[role="dialog"] iframe').locator('#status').waitFor();
      return new URL((await page.locator('[role="dialog"] iframe').getAttribute('src'))!);
    };
    // On (the default): the bridge's parameters, no token, and the context naming the post's screen.
    const bridged = await frameUrl();
    expect(bridged.searchParams.get('authToken')).toBeNull();
    expect(bridged.searchParams.get('appUuid')).toBe(BRIDGE_TEST_UUID);
    const opened = JSON.parse(Buffer.from(bridged.searchParams.get('context')!, 'base64').toString('utf8'));
    expect(opened).toEqual({ opened_from: `/building/${sdkTenant.building_uuid}/content/${sdkPost}` });
    await page.getByRole('dialog', { name: 'Bridge test' }).getByRole('button', { name: 'Close' }).click();
    // Off: the specification's micro-frontend parameters, the person's token among them, and nothing answers the page.
    await setBuildingFlag('enable-tw-host-sdk', false, sdkTenant.building_uuid);
    // A new page load (the next frameUrl's) reads the building's flags afresh.
    const plain = await frameUrl();
    expect(plain.searchParams.get('authToken')).toBeTruthy();
    expect(plain.searchParams.get('buildingUuid')).toBe(sdkTenant.building_uuid);
    expect(plain.searchParams.get('hostOrigin')).toBeNull();
    const frame = page.frames().find((f) => f.url().startsWith(`${appsOrigin()}/mfe-bridge-test/`))!;
    // The page's client never connects: its init goes unanswered (the status stays 'connecting').
    const answered = await frame.evaluate(
      (host) =>
        new Promise<boolean>((resolve) => {
          window.addEventListener('message', (e) => e.origin === host && resolve(true));
          parent.postMessage(JSON.stringify({ action: 'getHostInfo', id: 'sdk-off' }), host);
          setTimeout(() => resolve(false), 1000);
        }),
      baseURL(),
    );
    expect(answered).toBe(false);
    await context.close();
  });
});

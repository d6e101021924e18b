import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { IDP_PASSWORD } from '../../server/oidc/accounts.js';
import { hashPassword } from '../../server/lib/passwords.js';

let server: TestServer;
let origin: string;
let redirectUri: string;

beforeAll(async () => {
  // The server must really listen: its code exchange is an HTTP call to its own /oidc.
  server = await startTestServer({ devOidc: true }, { listen: true });
  origin = server.config.publicOrigin;
  redirectUri = `${origin}/login`;
});
afterAll(() => server?.close());

/** A browser's cookie jar and redirect handling, enough to drive the provider's pages with plain fetch. */
class Browser {
  private readonly jar = new Map<string, { value: string; path: string; host: string }>();

  private cookieHeader(url: URL): string {
    return [...this.jar.entries()]
      .filter(([, c]) => c.host === url.host && url.pathname.startsWith(c.path))
      .map(([key, c]) => `${key.split('|')[0]}=${c.value}`)
      .join('; ');
  }

  private remember(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const path =
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^\s*max-age=0\b/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      const key = `${name}|${path}|${url.host}`;
      if (expired) this.jar.delete(key);
      else this.jar.set(key, { value: value.join('='), path, host: url.host });
    }
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: URL; response: Response }> {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.remember(target, response);
    return { url: target, response };
  }

  /** Follows redirects until a page answers, or until the next hop is the app's redirect URI (returned, not fetched). */
  async follow(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
    stopAt = redirectUri,
  ): Promise<{ url: URL; response?: Response; html?: string }> {
    let next = await this.request(url, init);
    for (let hops = 0; hops < 10; hops++) {
      const { response } = next;
      if (response.status < 300 || response.status >= 400) return { url: next.url, response, html: await response.text() };
      const location = new URL(response.headers.get('location')!, next.url);
      if (`${location.origin}${location.pathname}` === stopAt) return { url: location };
      next = await this.request(location.toString());
    }
    throw new Error('too many redirects');
  }
}

const formAction = (html: string) => /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

/** Signs in at the local provider like a user would; answers the code and state the app's login page receives. */
async function signInAtProvider(authorizationUrl: string, email: string, password = IDP_PASSWORD, browser = new Browser()) {
  const page = await browser.follow(authorizationUrl);
  expect(page.response?.status).toBe(200);
  expect(page.html).toContain('<label for="email">Email</label>');
  expect(page.html).toContain('<label for="password">Password</label>');
  expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
  const action = new URL(formAction(page.html!)!, page.url).toString();
  const back = await browser.follow(action, { method: 'POST', form: { email, password, action: 'login' } });
  expect(back.response, back.html).toBeUndefined();
  return { code: back.url.searchParams.get('code')!, state: back.url.searchParams.get('state')!, url: back.url };
}

const providers = (source: string, redirect: string | null = redirectUri) =>
  server.call(
    'GET',
    `/sso/v1/providers/${encodeURIComponent(source)}?source=tenantweb${redirect === null ? '' : `&redirect_uri=${encodeURIComponent(redirect)}`}`,
  );

const callback = (code: string, state: string) =>
  server.call('GET', `/sso/v1/callback/oidc?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}&tenantweb=true`);

/** Providers → provider sign-in → callback, for an email. */
async function fullSignIn(email: string, source = email) {
  const list = await providers(source);
  expect(list.status).toBe(200);
  const provider = list.body.data.oidc_providers[0];
  const { code, state } = await signInAtProvider(provider.authorization_url, email);
  expect(state).toBe(list.body.data.transaction_uuid);
  return { code, state, result: await callback(code, state) };
}

describe('local OpenID provider', () => {
  it('publishes its discovery document under /oidc with the configured issuer and PKCE S256', async () => {
    const response = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = await response.json();
    expect(metadata.issuer).toBe(`${origin}/oidc`);
    expect(metadata.authorization_endpoint).toBe(`${origin}/oidc/auth`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('shows the sign-in form again with an error for a wrong password', async () => {
    const list = await providers('initech.example');
    const browser = new Browser();
    const page = await browser.follow(list.body.data.oidc_providers[0].authorization_url);
    const action = new URL(formAction(page.html!)!, page.url).toString();
    const wrong = await browser.follow(action, { method: 'POST', form: { email: 'sam.sso@initech.example', password: 'nope', action: 'login' } });
    expect(wrong.response?.status).toBe(401);
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain('value="sam.sso@initech.example"');
  });

  it('sends the user back to the app with access_denied on Cancel', async () => {
    const list = await providers('initech.example');
    const browser = new Browser();
    const page = await browser.follow(list.body.data.oidc_providers[0].authorization_url);
    const action = new URL(formAction(page.html!)!, page.url).toString();
    const back = await browser.follow(action, { method: 'POST', form: { action: 'cancel' } });
    expect(back.response).toBeUndefined();
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    expect(back.url.searchParams.get('state')).toBe(list.body.data.transaction_uuid);
  });

  it('answers an HTML page, not a crash, for an unknown interaction', async () => {
    const response = await fetch(`${origin}/oidc/interaction/nope`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('expired');
  });

  it('is not mounted when devOidc is off', async () => {
    const plain = await startTestServer();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      expect(response.statusCode).toBe(404);
      const list = await plain.call('GET', '/sso/v1/providers/initech.example?source=tenantweb');
      expect(list.body.data).toEqual({ sso_required: true, oidc_providers: [], saml_providers: [], transaction_uuid: null });
    } finally {
      await plain.close();
    }
  });
});

describe('GET /sso/v1/providers/:source', () => {
  it('lists the OIDC provider of an SSO-required domain and starts a transaction', async () => {
    const { status, body } = await providers('initech.example');
    expect(status).toBe(200);
    expect(body.data.sso_required).toBe(true);
    expect(body.data.saml_providers).toEqual([]);
    expect(body.data.oidc_providers).toHaveLength(1);
    const provider = body.data.oidc_providers[0];
    expect(provider).toMatchObject({ name: 'Atrium Demo ID', issuer: `${origin}/oidc` });
    expect(provider.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const url = new URL(provider.authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/oidc/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'atrium-tenant-web',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state: body.data.transaction_uuid,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('nonce')).toMatch(/\S{20,}/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const [row] = await server.db.query<{ domain: string; email: string | null; redirect_uri: string }>(
      'SELECT domain, email, redirect_uri FROM sso_transactions WHERE uuid = $1',
      [body.data.transaction_uuid],
    );
    expect(row).toEqual({ domain: 'initech.example', email: null, redirect_uri: redirectUri });
  });

  it('accepts an email as source, remembering it and passing it as login_hint', async () => {
    const { status, body } = await providers('Sam.SSO@initech.example');
    expect(status).toBe(200);
    expect(new URL(body.data.oidc_providers[0].authorization_url).searchParams.get('login_hint')).toBe('sam.sso@initech.example');
    const [row] = await server.db.query<{ email: string }>('SELECT email FROM sso_transactions WHERE uuid = $1', [body.data.transaction_uuid]);
    expect(row!.email).toBe('sam.sso@initech.example');
  });

  it('lists OIDC and SAML providers of an SSO-optional domain', async () => {
    const { status, body } = await providers('olivia@umbrella.example');
    expect(status).toBe(200);
    expect(body.data.sso_required).toBe(false);
    expect(body.data.oidc_providers.map((p: { name: string }) => p.name)).toEqual(['Atrium Demo ID']);
    expect(body.data.saml_providers).toEqual([
      { uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Umbrella SAML', single_signon_service: 'https://sso.umbrella.example/saml/login' },
    ]);
    expect(body.data.transaction_uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers empty lists for a domain without SSO (no redirect_uri needed)', async () => {
    const { status, body } = await providers('northwind.example', null);
    expect(status).toBe(200);
    expect(body.data).toEqual({ sso_required: false, oidc_providers: [], saml_providers: [], transaction_uuid: null });
  });

  it('answers 403 Company Email Not Found for an unknown domain', async () => {
    for (const source of ['nowhere.example', 'someone@nowhere.example']) {
      const { status, body } = await providers(source);
      expect(status).toBe(403);
      expect(body.message).toBe('Company Email Not Found');
    }
  });

  it('refuses a redirect_uri that is not http(s) on a brand host', async () => {
    for (const bad of ['https://evil.example/login', 'javascript:alert(1)', 'ftp://localhost/login', 'not a url', 'http://user:pw@localhost/login']) {
      const { status, body } = await providers('initech.example', bad);
      expect(status, bad).toBe(400);
      expect(body.message).toMatch(/redirect_uri/);
    }
    const missing = await providers('initech.example', null);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/redirect_uri is required/);
    // Any port of a brand host is fine.
    expect((await providers('initech.example', 'http://harbor.localhost:5173/login')).status).toBe(200);
  });

  it('answers 502, not a crash, when the only provider of a domain cannot be reached', async () => {
    await server.db.query(`INSERT INTO email_domains (domain, sso_mode) VALUES ('down.example', 'required')`);
    await server.db.query(
      `INSERT INTO sso_providers (domain, kind, name, issuer, client_id, client_secret) VALUES ('down.example', 'oidc', 'Down ID', 'http://127.0.0.1:9/oidc', 'x', 'y')`,
    );
    const { status, body } = await providers('down.example');
    expect(status).toBe(502);
    expect(body.statusCode).toBe(502);
    const [left] = await server.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM sso_transactions WHERE domain = 'down.example'`);
    expect(left!.count).toBe(0);
  });

  it('answers 400 for a malformed email', async () => {
    const { status } = await providers('a@b@initech.example');
    expect(status).toBe(400);
  });
});

describe('GET /sso/v1/callback/oidc', () => {
  it('signs in a user who already has an account (sam.sso), with tokens that work', async () => {
    const { result } = await fullSignIn('sam.sso@initech.example');
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.status).toBe('authenticated');
    expect(result.body.data.user.email).toBe('sam.sso@initech.example');
    expect(result.body.data.user).not.toHaveProperty('password_hash');
    expect(result.body.data.expires_in).toBe(server.config.accessTokenTtl);
    expect(result.body.data.refresh_token.token).toMatch(/\S{20,}/);
    const me = await server.call('GET', '/users/current', { token: result.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('sam.sso@initech.example');
    const refreshed = await server.call('POST', '/auth/v2/refresh', { body: { refresh_token: result.body.data.refresh_token.token } });
    expect(refreshed.status).toBe(200);
  });

  it('refuses a state that was already used', async () => {
    const { code, state, result } = await fullSignIn('sam.sso@initech.example');
    expect(result.status).toBe(200);
    const again = await callback(code, state);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already been used/);
  });

  it('refuses an unknown or malformed state, and missing parameters', async () => {
    for (const state of [randomUUID(), 'not-a-uuid', "x' OR 1=1 --"]) {
      const { status, body } = await callback('some-code', state);
      expect(status, state).toBe(400);
      expect(body.message).toMatch(/not known/);
    }
    const missing = await server.call('GET', '/sso/v1/callback/oidc?state=abc');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/code/);
  });

  it('refuses an answer that names another issuer (mix-up)', async () => {
    const list = await providers('sam.sso@initech.example');
    const { code, state, url } = await signInAtProvider(list.body.data.oidc_providers[0].authorization_url, 'sam.sso@initech.example');
    expect(url.searchParams.get('iss')).toBe(`${origin}/oidc`);
    const mixed = await server.call('GET', `/sso/v1/callback/oidc?code=${code}&state=${state}&iss=${encodeURIComponent('https://evil.example')}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toMatch(/another identity provider/);
  });

  it('refuses a state older than ten minutes', async () => {
    const list = await providers('initech.example');
    server.clock.advance(11 * 60);
    const { status, body } = await callback('some-code', list.body.data.transaction_uuid);
    expect(status).toBe(400);
    expect(body.message).toMatch(/expired/);
  });

  it('refuses a code the provider did not issue (and spends the state)', async () => {
    const list = await providers('initech.example');
    const state = list.body.data.transaction_uuid;
    const { status, body } = await callback('forged-code', state);
    expect(status).toBe(400);
    expect(body.message).toMatch(/did not accept/);
    expect((await callback('forged-code', state)).status).toBe(400);
  });

  it('refuses an identity from another domain than the one the sign-in started for', async () => {
    const list = await providers('umbrella.example');
    const { code, state } = await signInAtProvider(list.body.data.oidc_providers[0].authorization_url, 'sam.sso@initech.example');
    const { status, body } = await callback(code, state);
    expect(status).toBe(403);
    expect(body.message).toMatch(/not an address of umbrella\.example/);
  });

  it('asks to sign in again when the typed email names another account than the provider session', async () => {
    const browser = new Browser();
    const first = await providers('sam.sso@initech.example');
    await signInAtProvider(first.body.data.oidc_providers[0].authorization_url, 'sam.sso@initech.example', IDP_PASSWORD, browser);
    // Same account again: the provider session is reused, no form.
    const again = await providers('sam.sso@initech.example');
    const silent = await browser.follow(again.body.data.oidc_providers[0].authorization_url);
    expect(silent.response).toBeUndefined();
    expect(silent.url.searchParams.get('code')).toBeTruthy();
    // Another account: the form comes back, prefilled with the hint.
    const other = await providers('new.sso@initech.example');
    const page = await browser.follow(other.body.data.oidc_providers[0].authorization_url);
    expect(page.response?.status).toBe(200);
    expect(page.html).toContain('value="new.sso@initech.example"');
  });
});

describe('SSO sign-up: callback then POST /sso/v2/authenticate', () => {
  it('signs up a new person (new.sso) and signs them in', async () => {
    const { result } = await fullSignIn('new.sso@initech.example');
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toEqual({
      status: 'signup',
      transaction_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user: { email: 'new.sso@initech.example', first_name: 'Nia', last_name: 'Newcomer', created_by: null },
    });
    const uuid = result.body.data.transaction_uuid;
    const authenticate = (email: string, body: object) =>
      server.call('POST', `/sso/v2/authenticate?email=${encodeURIComponent(email)}&uuid=${uuid}`, { body });
    const user = { first_name: 'Nia', last_name: 'Newcomer', is_term_accepted: true, is_email_accepted: true };

    const wrongEmail = await authenticate('sam.sso@initech.example', user);
    expect(wrongEmail.status).toBe(403);
    expect(wrongEmail.body.message).toMatch(/another email/);
    const shortName = await authenticate('new.sso@initech.example', { ...user, first_name: 'N' });
    expect(shortName.status).toBe(400);
    const noTerms = await authenticate('new.sso@initech.example', { ...user, is_term_accepted: false });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.message).toMatch(/terms/);
    const foreignBuilding = await authenticate('new.sso@initech.example', { ...user, building_uuid: randomUUID() });
    expect(foreignBuilding.status).toBe(400);
    expect(foreignBuilding.body.message).toMatch(/building/);

    // initech.example has one building: it is chosen without asking.
    const done = await authenticate('new.sso@initech.example', user);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user).toMatchObject({
      email: 'new.sso@initech.example',
      first_name: 'Nia',
      last_name: 'Newcomer',
      created_by: 'sso',
      confirmed: true,
      terms_accepted: true,
      email_accepted: true,
    });
    expect(done.body.user.default_building_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.body.refresh_token.token).toMatch(/\S{20,}/);
    const me = await server.call('GET', '/users/current', { token: done.body.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('new.sso@initech.example');
    const buildings = await server.call('GET', '/users/current/buildings', { token: done.body.token });
    expect(buildings.status).toBe(200);
    expect(buildings.body.data.map((b: { name: string }) => b.name)).toEqual(['Harbor Point']);

    const twice = await authenticate('new.sso@initech.example', user);
    expect(twice.status).toBe(409);

    // Next time the same person signs straight in.
    const next = await fullSignIn('new.sso@initech.example');
    expect(next.result.body.data.status).toBe('authenticated');
  });

  it('completes an account pre-created by upload (csv.sso), keeping its origin', async () => {
    const { result } = await fullSignIn('csv.sso@initech.example');
    expect(result.body.data).toMatchObject({
      status: 'signup',
      user: { email: 'csv.sso@initech.example', first_name: 'Casey', last_name: 'Required', created_by: 'upload' },
    });
    const done = await server.call('POST', `/sso/v2/authenticate?email=csv.sso@initech.example&uuid=${result.body.data.transaction_uuid}`, {
      body: { first_name: 'Casey', last_name: 'Required', is_term_accepted: true },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user).toMatchObject({ created_by: 'upload', confirmed: true, terms_accepted: true });
  });

  it('needs a building choice on a domain with several buildings (csv.optional keeps its own)', async () => {
    // An attacker first starts a password sign-up for the address, with a password of their own.
    const attackerPassword = 'Attack!2026pw';
    const started = await server.call('POST', '/auth/register', {
      body: { email: 'csv.optional@umbrella.example', password: attackerPassword, first_name: 'Mal', last_name: 'Lory', is_term_accepted: true },
    });
    expect(started.status).toBe(200);
    // And a password that sits on the unconfirmed account (as one registered before this server kept them off would).
    await server.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [
      'csv.optional@umbrella.example',
      await hashPassword(attackerPassword),
    ]);
    const { result } = await fullSignIn('csv.optional@umbrella.example');
    expect(result.body.data.status).toBe('signup');
    const done = await server.call('POST', `/sso/v2/authenticate?email=csv.optional@umbrella.example&uuid=${result.body.data.transaction_uuid}`, {
      body: { first_name: 'Chris', last_name: 'Optional', is_term_accepted: true },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.default_building_uuid).toMatch(/^[0-9a-f-]{36}$/);
    // SSO sign-up keeps no password set before it, and no sign-up somebody else started.
    const login = await server.call('POST', '/auth/v2/login', { body: { email: 'csv.optional@umbrella.example', password: attackerPassword } });
    expect(login.status).toBe(401);
    expect(
      await server.db.query(`SELECT 1 FROM signup_requests s JOIN users u ON u.id = s.user_id WHERE u.email = 'csv.optional@umbrella.example'`),
    ).toEqual([]);
  });

  it('refuses a transaction that has not been through the callback, and unknown ones', async () => {
    const list = await providers('new.sso@initech.example');
    const body = { first_name: 'Nia', last_name: 'Newcomer', is_term_accepted: true };
    const unverified = await server.call('POST', `/sso/v2/authenticate?email=new.sso@initech.example&uuid=${list.body.data.transaction_uuid}`, {
      body,
    });
    expect(unverified.status).toBe(403);
    const unknown = await server.call('POST', `/sso/v2/authenticate?email=new.sso@initech.example&uuid=${randomUUID()}`, { body });
    expect(unknown.status).toBe(400);
    const malformed = await server.call('POST', '/sso/v2/authenticate?email=new.sso@initech.example&uuid=nope', { body });
    expect(malformed.status).toBe(400);
    const noQuery = await server.call('POST', '/sso/v2/authenticate', { body });
    expect(noQuery.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, createLocalJWKSet, exportSPKI, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
import { startTestServer, type TestServer } from './harness.js';
import { demoBuildingUuids, expectError } from './helpers.js';
import { DEMO_LOGIN, DEMO_MINI_APPS, DEMO_PASSWORD } from '../../server/db/seed.js';
import { MINI_APP_STORAGE } from '../../contracts/miniApps.js';

let server: TestServer;
let demoToken: string;
let adminToken: string;
let oliviaToken: string;
let plaza: string;
let harbor: string;
let maison: string;
const [visitors, survey, bridgeTest] = DEMO_MINI_APPS;
let appsOrigin: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ plaza, harbor, maison } = await demoBuildingUuids(server));
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
  oliviaToken = (await server.login('olivia@umbrella.example', DEMO_PASSWORD)).token;
  appsOrigin = server.config.miniAppOrigin;
});
afterAll(() => server?.close());

const sessionFor = (appUuid: string, body: object, token = demoToken) => server.call('POST', `/tenant/v1/apps/${appUuid}/sessions`, { token, body });
const visitorsToken = async (token = demoToken, building = plaza) => {
  const res = await sessionFor(visitors.uuid, { building_uuid: building, base_url: `${appsOrigin}/mfe-visitors/` }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.session.token as string;
};
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the registry', () => {
  it('puts the demo mini-apps on their own origin, apps.<host> on the same port', async () => {
    expect(appsOrigin).toBe('http://apps.localhost:8080');
    const res = await server.app.inject({ method: 'GET', url: '/config.json' });
    const config = res.json();
    expect(config.miniApps).toEqual([
      {
        uuid: visitors.uuid,
        name: 'Visitors',
        baseUrl: `${appsOrigin}/mfe-visitors/`,
        origins: [appsOrigin],
        scopes: ['user', 'buildings', 'token', 'storage', 'visits'],
        allow: '',
        sandbox: 'allow-scripts allow-forms allow-same-origin allow-popups',
      },
      expect.objectContaining({ uuid: survey.uuid, baseUrl: `${appsOrigin}/mfe-survey/`, scopes: ['user', 'token'] }),
      expect.objectContaining({
        uuid: bridgeTest.uuid,
        baseUrl: `${appsOrigin}/mfe-bridge-test/`,
        scopes: ['user', 'buildings', 'token', 'storage', 'payments', 'session', 'visits'],
      }),
      expect.objectContaining({ baseUrl: `${appsOrigin}/mfe-bridge-test/limited/`, scopes: ['user'] }),
    ]);
    // The older fields are derived from the list.
    expect(config.miniAppUrls).toEqual(config.miniApps.map((m: { baseUrl: string }) => m.baseUrl));
    expect(config.miniAppNames[`${appsOrigin}/mfe-survey/`]).toBe('Survey');
  });

  it('moves the seeded links that open the demo mini-apps to that origin', async () => {
    const [utility] = await server.db.query<{ url: string }>(
      `SELECT url FROM utility_buttons WHERE utility_name = 'VISITOR_REGISTRATION_MINIAPP' LIMIT 1`,
    );
    expect(utility!.url).toBe(`${appsOrigin}/mfe-visitors/`);
    const links = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contents WHERE cta_url LIKE '/mfe-%'`);
    expect(links[0]!.n).toBe(0);
  });

  it('a development tenant’s demo content and a development post open them there too', async () => {
    const tenant = await server.call('POST', '/dev/tenants', { body: {} });
    expect(tenant.status, JSON.stringify(tenant.body)).toBe(200);
    const [utility] = await server.db.query<{ url: string }>(
      `SELECT u.url FROM utility_buttons u JOIN buildings b ON b.id = u.building_id WHERE b.uuid = $1 AND u.utility_name = 'VISITOR_REGISTRATION_MINIAPP'`,
      [tenant.body.data.building_uuid],
    );
    expect(utility!.url).toBe(`${appsOrigin}/mfe-visitors/`);
    const post = await server.call('POST', '/dev/contents', {
      body: { building_uuid: plaza, type: 'post', title: 'Broken', cta_type: 'MICRO_FRONTEND', cta_url: '/mfe-visitors/no-such-page' },
    });
    const [stored] = await server.db.query<{ cta_url: string }>('SELECT cta_url FROM contents WHERE uuid = $1', [post.body.data.uuid]);
    expect(stored!.cta_url).toBe(`${appsOrigin}/mfe-visitors/no-such-page`);
    // Someone else's page under the same path is theirs: never moved, at start or here.
    const elsewhere = await server.call('POST', '/dev/contents', {
      body: {
        building_uuid: plaza,
        type: 'post',
        title: 'Elsewhere',
        cta_type: 'EXTERNAL_URL',
        cta_url: 'https://surveys.other.test/mfe-survey/?s=1',
      },
    });
    const { placeDemoMiniApps } = await import('../../server/stores/miniApps.js');
    await placeDemoMiniApps(
      server.db,
      appsOrigin,
      DEMO_MINI_APPS.map((m) => m.uuid),
    );
    const [kept] = await server.db.query<{ cta_url: string }>('SELECT cta_url FROM contents WHERE uuid = $1', [elsewhere.body.data.uuid]);
    expect(kept!.cta_url).toBe('https://surveys.other.test/mfe-survey/?s=1');
  });

  it('a server on another port moves them again', async () => {
    const other = await startTestServer({ publicOrigin: 'http://localhost:9123', miniAppOrigin: 'http://apps.localhost:9123' });
    try {
      const config = (await other.app.inject({ method: 'GET', url: '/config.json' })).json();
      expect(config.miniApps.map((m: { baseUrl: string }) => m.baseUrl)).toEqual([
        'http://apps.localhost:9123/mfe-visitors/',
        'http://apps.localhost:9123/mfe-survey/',
        'http://apps.localhost:9123/mfe-bridge-test/',
        'http://apps.localhost:9123/mfe-bridge-test/limited/',
      ]);
    } finally {
      await other.close();
    }
  });

  it('lets the app frame the mini-app origin (frame-src)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/login' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`frame-src [^;]*${appsOrigin.replace(/[.]/g, '\\.')}`));
  });
});

describe('the mini-app origin', () => {
  const onApps = (url: string, method: 'GET' | 'POST' | 'HEAD' = 'GET') =>
    server.app.inject({ method, url, headers: { host: new URL(appsOrigin).host } });

  it('serves the demo pages there, framed only by the app’s origins', async () => {
    // The Visitors page is the build's (test/server/visitorsMiniApp.test.ts); the survey is built in.
    const res = await onApps('/mfe-survey/?survey=commute');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Topic: commute.');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain('frame-ancestors http://localhost:8080');
    expect(policy).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect((await onApps('/mfe-assets/mini-app.js')).statusCode).toBe(200);
  });

  it('lets the app’s origins read the pages (the link-out frame fetches a page as text), and no other origin', async () => {
    const read = (origin: string) => server.app.inject({ method: 'GET', url: '/mfe-survey/', headers: { host: new URL(appsOrigin).host, origin } });
    expect((await read('http://localhost:8080')).headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect((await read('https://evil.test')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves nothing else there: not the app, not the API, not the card frame, no writes', async () => {
    for (const url of ['/', '/login', '/config.json', '/api/healthcheck', '/card-frame', '/.well-known/jwks.json', '/favicon.svg', '/mfe-other/'])
      expect((await onApps(url)).statusCode, url).toBe(404);
    expect((await onApps('/mfe-visitors/', 'POST')).statusCode).toBe(404);
    // Encoded or dotted paths are the same paths.
    expect((await onApps('/mfe-visitors/../login')).statusCode).toBe(404);
  });

  it('answers 404 for the authors’ client and the bridge-test page until the kit writes them', async () => {
    for (const url of ['/sdk/atrium-bridge.js', '/mfe-bridge-test/']) {
      const res = await onApps(url);
      expect([200, 404], url).toContain(res.statusCode);
      if (res.statusCode === 200) expect(String(res.headers['content-type'])).toMatch(/javascript|html/);
    }
    expect((await onApps('/mfe-bridge-test/%2e%2e/%2e%2e/package.json')).statusCode).toBe(404);
  });

  it('is not served on the app’s origin', async () => {
    for (const url of [
      '/mfe-visitors/',
      '/mfe-survey/?survey=commute',
      '/mfe-assets/mini-app.js',
      '/sdk/atrium-bridge.js',
      '/mfe-bridge-test/',
      '/%6dfe-visitors/',
    ])
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});

describe('mini-app tokens', () => {
  it('issues an ES256 token for the app, the person and the building, that verifies against the published keys', async () => {
    const res = await sessionFor(visitors.uuid, { building_uuid: plaza, base_url: `${appsOrigin}/mfe-visitors/?locale=en` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.session.expires_in).toBeLessThanOrEqual(300);
    const jwks = await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.headers['access-control-allow-origin']).toBe('*');
    expect(jwks.json().keys[0]).not.toHaveProperty('d');
    const under = await server.app.inject({ method: 'GET', url: '/api/.well-known/jwks.json' });
    expect(under.json()).toEqual(jwks.json());
    const { payload, protectedHeader } = await jwtVerify(res.body.session.token, createLocalJWKSet(jwks.json()), {
      issuer: server.config.publicOrigin,
      audience: `miniapp:${visitors.uuid}`,
      currentDate: server.clock.now(),
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: jwks.json().keys[0].kid });
    const me = await server.call('GET', '/users/current', { token: demoToken });
    expect(payload).toMatchObject({ sub: me.body.data.uuid, building: plaza, scope: 'user buildings token storage visits' });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(payload.jti).toEqual(expect.any(String));
  });

  it('keeps its key across restarts (the settings table)', async () => {
    const before = (await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { MiniAppTokens } = await import('../../server/lib/miniAppTokens.js');
    const again = await MiniAppTokens.create(server.db, undefined, server.clock, server.config.publicOrigin);
    expect(again.jwks()).toEqual(before);
  });

  it('takes its key from MINI_APP_SIGNING_KEY when given, and refuses one that is not a private EC key', async () => {
    const { MiniAppTokens } = await import('../../server/lib/miniAppTokens.js');
    const { exportJWK } = await import('jose');
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(pair.privateKey);
    const tokens = await MiniAppTokens.create(server.db, JSON.stringify(jwk), server.clock, 'http://x.test');
    expect(tokens.jwks().keys[0]).toMatchObject({ x: jwk.x, y: jwk.y, alg: 'ES256' });
    await expect(MiniAppTokens.create(server.db, 'not json', server.clock, 'http://x.test')).rejects.toThrow(/JSON Web Key/);
    const { d: _d, ...publicOnly } = jwk;
    await expect(MiniAppTokens.create(server.db, JSON.stringify(publicOnly), server.clock, 'http://x.test')).rejects.toThrow(/private/);
  });

  it('refuses an unknown app (404), another building (403), a base URL that is not the app’s (403), no sign-in (401), bad input (400)', async () => {
    expectError(await sessionFor('00000000-0000-4000-8000-000000000000', { building_uuid: plaza, base_url: `${appsOrigin}/mfe-visitors/` }), 404);
    const other = await sessionFor(visitors.uuid, { building_uuid: maison, base_url: `${appsOrigin}/mfe-visitors/` });
    expectError(other, 403);
    expect(other.body.code).toBe('not_a_member');
    for (const base_url of [
      `${appsOrigin}/mfe-survey/`,
      'https://evil.test/mfe-visitors/',
      `${appsOrigin}/mfe-visitors-evil/`,
      'javascript:alert(1)',
    ]) {
      const res = await sessionFor(visitors.uuid, { building_uuid: plaza, base_url });
      expectError(res, 403);
      expect(res.body.code, base_url).toBe('wrong_base_url');
    }
    expectError(await server.call('POST', `/tenant/v1/apps/${visitors.uuid}/sessions`, { body: { building_uuid: plaza, base_url: '/x' } }), 401);
    expectError(await sessionFor(visitors.uuid, { building_uuid: 'not-a-uuid', base_url: '/x' }), 400);
    expectError(await sessionFor(visitors.uuid, { building_uuid: plaza }), 400);
    expectError(await sessionFor(visitors.uuid, { building_uuid: plaza, base_url: 'x'.repeat(3000) }), 400);
  });

  it('limits how many a person asks for (per person, not per address)', async () => {
    const strict = await startTestServer({ writeLimitFactor: 1 });
    try {
      const token = (await strict.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
      const other = (await strict.login('admin@globex.example', DEMO_PASSWORD)).token;
      const ask = (t: string) =>
        strict.call('POST', `/tenant/v1/apps/${visitors.uuid}/sessions`, {
          token: t,
          body: { building_uuid: plaza, base_url: `${strict.config.miniAppOrigin}/mfe-visitors/` },
        });
      for (let i = 0; i < 30; i++) expect((await ask(token)).status).toBe(200);
      const refused = await ask(token);
      expectError(refused, 429);
      expect(refused.body.code).toBe('too_many_requests');
      expect((await ask(other)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('the person’s own routes refuse a mini-app token', () => {
  let appToken: string;
  let plazaPortfolio: string;
  beforeAll(async () => {
    appToken = await visitorsToken(adminToken);
    plazaPortfolio = (await server.call('GET', `/tenant/v1/buildings/${plaza}`, { token: adminToken })).body.data.portfolio_uuid;
  });

  const personRoutes = (): [string, string, object?][] => [
    ['GET', '/users/current'],
    ['POST', '/users/current/password/check', { password: 'x' }],
    ['GET', '/user-permissions/v1'],
    ['GET', '/tenant/v1/users/current/buildings'],
    ['GET', `/tenant/v1/buildings/${plaza}`],
    ['GET', `/admin/v1/portfolios/${plazaPortfolio}`],
    ['POST', '/auth/upgrade'],
    ['GET', `/tenant/v1/buildings/${plaza}/categories`],
    ['GET', `/tenant/v2/buildings/${plaza}/promoted-content`],
    ['GET', `/tenant/v1/buildings/${plaza}/utility-buttons`],
    ['GET', `/tenant/v1/buildings/${plaza}/companies`],
    ['GET', '/tenant/v1/users/current/transactions'],
    ['GET', `/service-request/buildings/${plaza}/requests`],
    ['POST', '/helpdesk-service/v1/records/create'],
    ['GET', '/payment-methods'],
    ['POST', '/payments/v1/card-sessions', {}],
    ['GET', `/smart-building/v1/buildings/${plaza}/zeller/floors`],
    ['POST', `/tenant/v1/apps/${visitors.uuid}/sessions`, { building_uuid: plaza, base_url: `${appsOrigin}/mfe-visitors/` }],
    ['GET', `/tenant/v1/apps/${visitors.uuid}/storage/k?building_uuid=${plaza}`],
    ['POST', `/tenant/v1/buildings/${plaza}/visitor-kiosk/check-in`, { code: 'AAAA-AAAA-AAAA' }],
  ];

  it('answers 401 on every group of person routes, which take the person’s own token', async () => {
    for (const [method, path, body] of personRoutes()) {
      const refused = await server.call(method as 'GET', path, { token: appToken, ...(body ? { body } : {}) });
      expect(refused.status, `${method} ${path} ${JSON.stringify(refused.body)}`).toBe(401);
      const allowed = await server.call(method as 'GET', path, { token: adminToken, ...(body ? { body } : {}) });
      expect(allowed.status, `${method} ${path} with the person's token`).not.toBe(401);
    }
  });

  it('and the person’s own token is no mini-app token', async () => {
    const res = await server.call('GET', '/tenant/v1/visits', { token: adminToken });
    expectError(res, 401);
  });
});

describe('forged mini-app tokens', () => {
  const visitsWith = (token: string) => server.call('GET', '/tenant/v1/visits', { token });
  let good: string;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    good = await visitorsToken();
    claims = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString());
  });

  it('a good one passes', async () => {
    expect((await visitsWith(good)).status).toBe(200);
  });

  it('refuses one signed with another key, even with the right kid', async () => {
    const pair = await generateKeyPair('ES256');
    const header = JSON.parse(Buffer.from(good.split('.')[0]!, 'base64url').toString());
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: header.kid }).sign(pair.privateKey);
    const res = await visitsWith(forged);
    expectError(res, 401);
    expect(res.body.code).toBe('invalid_token');
  });

  it('refuses alg none, and HS256 keyed with the public key', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expectError(await visitsWith(unsigned), 401);
    const jwk = (await server.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json().keys[0] as JWK;
    const publicKey = await importJWK(jwk, 'ES256', { extractable: true });
    const pem = await exportSPKI(publicKey as CryptoKey);
    for (const secret of [pem, JSON.stringify(jwk)]) {
      const hs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
      expectError(await visitsWith(hs), 401);
    }
  });

  it('refuses a changed payload under the old signature', async () => {
    const [h, , s] = good.split('.');
    const widened = `${h}.${b64({ ...claims, building: harbor })}.${s}`;
    expectError(await visitsWith(widened), 401);
  });

  it('refuses an expired one', async () => {
    const token = await visitorsToken();
    server.clock.advance(301);
    try {
      const res = await visitsWith(token);
      expectError(res, 401);
      expect(res.body.code).toBe('token_expired');
    } finally {
      server.clock.advance(-301);
    }
  });

  it('refuses a wrong audience: another app’s token without the scope, an unknown app, no miniapp audience', async () => {
    const surveyToken = (await sessionFor(survey.uuid, { building_uuid: plaza, base_url: `${appsOrigin}/mfe-survey/` })).body.session.token;
    const res = await visitsWith(surveyToken);
    expectError(res, 403);
    expect(res.body.code).toBe('scope_not_granted');
    // Signed by the server itself, for an app that is not registered, and for an audience of another kind.
    const tokens = server.app.deps.miniAppTokens;
    const me = await server.call('GET', '/users/current', { token: demoToken });
    const unknown = await tokens.issue({
      appUuid: '00000000-0000-4000-8000-000000000000',
      userUuid: me.body.data.uuid,
      buildingUuid: plaza,
      scopes: ['visits'],
    });
    expectError(await visitsWith(unknown.token), 401);
  });

  it('refuses a token whose person left the building or whose mini-app lost the scope', async () => {
    const token = await visitorsToken(oliviaToken, harbor);
    expect((await visitsWith(token)).status).toBe(200);
    const olivia = (await server.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'olivia@umbrella.example'`))[0]!.id;
    const harborId = (await server.db.query<{ id: number }>('SELECT id FROM buildings WHERE uuid = $1', [harbor]))[0]!.id;
    await server.db.query('DELETE FROM user_buildings WHERE user_id = $1 AND building_id = $2', [olivia, harborId]);
    try {
      expectError(await visitsWith(token), 403);
    } finally {
      await server.db.query('INSERT INTO user_buildings (user_id, building_id) VALUES ($1, $2)', [olivia, harborId]);
    }
    await server.db.query(`UPDATE mini_apps SET scopes = array_remove(scopes, 'visits') WHERE uuid = $1`, [visitors.uuid]);
    try {
      const res = await visitsWith(token);
      expectError(res, 403);
      expect(res.body.code).toBe('scope_not_granted');
    } finally {
      await server.db.query(`UPDATE mini_apps SET scopes = array_append(scopes, 'visits') WHERE uuid = $1`, [visitors.uuid]);
    }
  });
});

describe('bridge storage', () => {
  const path = (key: string, building = plaza, app: string = visitors.uuid) =>
    `/tenant/v1/apps/${app}/storage/${encodeURIComponent(key)}?building_uuid=${building}`;
  const put = (key: string, value: unknown, token = demoToken, building = plaza, app: string = visitors.uuid) =>
    server.call('PUT', path(key, building, app), { token, body: { value } });
  const get = (key: string, token = demoToken, building = plaza, app: string = visitors.uuid) =>
    server.call('GET', path(key, building, app), { token });

  it('keeps a value per person, building and mini-app; a missing key is { value: null }', async () => {
    expect((await get('greeting')).body).toEqual({ value: null });
    expect((await put('greeting', 'hello')).body).toEqual({ value: 'hello' });
    expect((await get('greeting')).body).toEqual({ value: 'hello' });
    expect((await put('greeting', 'hello again')).status).toBe(200);
    expect((await get('greeting')).body).toEqual({ value: 'hello again' });
  });

  it('another person, another building or another mini-app does not reach it', async () => {
    await put('secret', 'mine');
    expect((await get('secret', adminToken)).body).toEqual({ value: null });
    expect((await get('secret', demoToken, plaza, bridgeTest.uuid)).body).toEqual({ value: null });
    expect((await put('secret', 'admin’s', adminToken)).status).toBe(200);
    expect((await get('secret')).body).toEqual({ value: 'mine' });
    // A building the person is not in.
    expectError(await get('secret', demoToken, harbor), 403);
    expectError(await put('secret', 'x', demoToken, harbor), 403);
    // A mini-app not granted storage, and one not registered.
    expectError(await get('secret', demoToken, plaza, survey.uuid), 403);
    expectError(await get('secret', demoToken, plaza, '00000000-0000-4000-8000-000000000000'), 404);
    expectError(await server.call('GET', path('secret')), 401);
  });

  it('refuses oversize keys and values, and more than 100 keys', async () => {
    expectError(await put('k'.repeat(MINI_APP_STORAGE.maxKeyLength + 1), 'x'), 400);
    expect((await put('k'.repeat(MINI_APP_STORAGE.maxKeyLength), 'x')).status).toBe(200);
    expectError(await put('big', 'x'.repeat(MINI_APP_STORAGE.maxValueBytes + 1)), 400);
    // Under 8192 characters, over 8192 bytes.
    const wide = await put('wide', 'é'.repeat(5000));
    expectError(wide, 413);
    expect(wide.body.code).toBe('value_too_large');
    expect((await put('exact', 'x'.repeat(MINI_APP_STORAGE.maxValueBytes))).status).toBe(200);
    const huge = await server.call('PUT', path('huge'), {
      token: demoToken,
      payload: JSON.stringify({ value: 'x'.repeat(40_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 413);
    for (const value of [1, null, { a: 1 }]) expectError(await put('typed', value), 400);
    expectError(await server.call('PUT', path('extra'), { token: demoToken, body: { value: 'x', other: 1 } }), 400);

    const token = oliviaToken;
    for (let i = 0; i < MINI_APP_STORAGE.maxKeys; i++) expect((await put(`key-${i}`, 'v', token, harbor)).status).toBe(200);
    const full = await put('one-more', 'v', token, harbor);
    expectError(full, 413);
    expect(full.body.code).toBe('storage_full');
    // An existing key may still change.
    expect((await put('key-0', 'changed', token, harbor)).status).toBe(200);
  });
});

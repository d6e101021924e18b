import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';

/**
 * Every documented route (but single sign-on, tested on its own) answers junk with a JSON 4xx, never a 500: each is
 * called with odd path parameters, bodies and query strings, with and without a bearer token.
 */
let server: TestServer;
let demo: { id: number; uuid: string };
beforeAll(async () => {
  server = await startTestServer();
  demo = (await server.login(DEMO_LOGIN.email, DEMO_LOGIN.password)).user;
});
afterAll(() => server.close());

/** The routes of an OpenAPI document, but single sign-on's, as "METHOD /path". */
function routesOf(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .filter(([path]) => !path.startsWith('/sso/') && path !== '/user-verification/samlResponse')
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}
/**
 * The routes, from the committed document (docs/openapi.json, which `npm test` proves fresh) so that each is a test
 * of its own; the first test proves the running server documents the same list.
 */
const routes = routesOf(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8')));

const PARAMS = ['x', '00000000-0000-4000-8000-000000000000', '1234', '%00', "1'%20OR%20'1'='1", '-1', 'a'.repeat(300)];
const BODIES: (string | undefined)[] = [
  undefined,
  '{}',
  'null',
  '[]',
  '"text"',
  '{"email":"x@northwind.example","password":"Aa1!aaaa","code":"0000","new_password":"Aa1!aaaa","refresh_token":"x"}',
  '{"email":{"$ne":null},"password":[],"first_name":{},"building_uuid":7,"default_building_uuid":"x"}',
  '{"email":"' + 'a'.repeat(5000) + '@x.example"}',
  '{bad json',
  // NUL characters cannot be stored in Postgres text.
  '{"email":"demo@northwind.example","password":"Aa1!\\u0000aaa","first_name":"Ab\\u0000","last_name":"Cd\\u0000","is_term_accepted":true,"refresh_token":"\\u0000","code":"0000","new_password":"Aa1!aaaa\\u0000"}',
  '{"email":"nul.name@northwind.example","first_name":"Ab\\u0000","last_name":"Cd","password":"Aa1!aaaa","is_term_accepted":true}',
  '{"email":"new\\u0000@northwind.example","first_name":"Ab","last_name":"Cd","password":"Aa1!aaaa","is_term_accepted":true}',
];
const QUERIES = [
  '',
  '?domain=%00&brand_scope=atrium%00&buildings=%00&permissions=%00&to=%00%00%00&include=%00&repo=%00&key=%00',
  '?email=x&domain=&include=languages,,&brand_scope=%00&buildings=,,&permissions=&guestBuildingsOnly=x&to=&attachPortfolioCompanyUuid=2',
];

describe("schemas compiled at a route's first call (decision 052)", () => {
  it("a failed validation still names the field, on the route's first call too", async () => {
    const first = await server.call('POST', '/auth/v2/validate-email', { body: { email: 7 } });
    expect(first.status).toBe(400);
    expect(JSON.stringify(first.body)).toMatch(/email/);
  });

  it("every route's validators and serializers compile", () => {
    expect(() => server.app.compileSchemas()).not.toThrow();
  });
});

describe('NUL characters', () => {
  it('answer 400 where they would be stored, and nothing is stored', async () => {
    const register = await server.call('POST', '/auth/register', {
      body: { email: 'nul.check@northwind.example', first_name: 'Ab\u0000c', last_name: 'Cd', password: 'Aa1!aaaa', is_term_accepted: true },
    });
    expect(register.status).toBe(400);
    expect(register.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/NUL/) });
    expect(await server.db.query(`SELECT 1 FROM users WHERE email = 'nul.check@northwind.example'`)).toEqual([]);

    const { token } = await server.login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const update = await server.call('PUT', '/users/current', { token, body: { first_name: 'Da\u0000na' } });
    expect(update.status).toBe(400);
    expect((await server.call('GET', '/users/current', { token })).body.data.first_name).toBe('Dana');
    expect((await server.call('GET', '/public/buildings?domain=globex.example%00')).status).toBe(400);
  });
});

describe('every route answers junk without a 500', () => {
  it('the route list is the one the running server documents', async () => {
    const doc = await server.call('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(routesOf(doc.body)).toEqual(routes);
    expect(routes).toContain('POST /auth/v2/login');
    expect(routes).toContain('PUT /user-verification/code/{code}/consume');
    expect(routes).toContain('GET /tenant/v1/buildings/{id}');
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it.for(routes)('%s, with and without a token', async (route) => {
    const [method, routePath] = route.split(' ') as [string, string];
    const failures: string[] = [];
    const paths = routePath.includes('{') ? PARAMS.map((p) => routePath.replace(/\{[^}]+\}/g, p)) : [routePath];
    for (const concrete of paths) {
      // Junk queries matter to reads, junk bodies to writes.
      for (const query of method === 'GET' ? QUERIES : ['']) {
        for (const body of method === 'GET' ? [undefined] : BODIES) {
          // A fresh session each time, since some calls (logout, upgrade) end the one they are given; minted
          // directly, as a sign-in per call would spend most of the time hashing.
          const { token } = await server.app.deps.tokens.startSession(demo);
          for (const auth of [undefined, token]) {
            const res = await server.call(method as 'GET', `${concrete}${query}`, {
              ...(auth ? { token: auth } : {}),
              ...(body !== undefined ? { payload: body, headers: { 'content-type': 'application/json' } } : {}),
            });
            const label = `${method} ${concrete}${query} body=${body?.slice(0, 40)} token=${!!auth} → ${res.status}`;
            if (res.status >= 500) failures.push(`${label} ${JSON.stringify(res.body)}`);
            else if (
              res.status >= 400 &&
              (typeof res.body !== 'object' || res.body.statusCode !== res.status || typeof res.body.message !== 'string')
            ) {
              failures.push(`${label}: not a JSON error ${JSON.stringify(res.body).slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

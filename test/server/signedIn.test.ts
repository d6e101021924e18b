/**
 * The signed-in scopes (server/lib/signedIn.ts, issue 25), in an attacker's steps: every route registered in a
 * signed-in scope is called without a person, with a made-up token and with a token signed by another key, and each
 * call is refused 401 before the route reads its input. A route module registered outside a scope would not be listed
 * here: the prefixes test names the areas that must be.
 */
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../server/lib/errors.js';
import { installPerson } from '../../server/lib/signedIn.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A route's address with every param filled: the refusal comes before the params are read. */
const address = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');

async function forgedToken(): Promise<string> {
  return new SignJWT({ sub: '1', fam: 'f', ver: 3 })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode('not the server’s key, but one of the attacker’s own'));
}

describe('signed-in scopes', () => {
  it('hold the areas that need a person: users, content, directory, bookings, payments, services, mini-apps, the kiosk, sessions', () => {
    const urls = server.app.signedInRoutes.map((r) => r.url.slice(server.config.apiBase.length));
    for (const prefix of [
      '/users/current',
      '/tenant/v1/buildings/:id/categories',
      '/tenant/v1/buildings/:id/amenitiesByCategory',
      '/tenant/v1/users/current/transactions',
      '/resource-booking/v2/:ownerType/',
      '/payment-methods',
      '/service-request/buildings/:id/requests',
      '/smart-building/v1/buildings/:id/zeller/floors',
      '/helpdesk-service/v1/records/create',
      '/tenant/v1/apps/:appUuid/sessions',
      '/tenant/v1/buildings/:id/visitor-kiosk/check-in',
      '/tenant/v1/buildings/:id/emergency-management',
      '/auth/logout',
      '/auth/upgrade',
    ]) {
      expect(
        urls.some((url) => url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    expect(urls).not.toContain('/auth/v2/login');
  });

  it("refuses every one of their routes, 401, without a token, with a made-up one and with one signed by an attacker's key", async () => {
    const forged = await forgedToken();
    const refused: string[] = [];
    for (const route of server.app.signedInRoutes) {
      for (const authorization of [undefined, 'Bearer made.up.token', `Bearer ${forged}`]) {
        const response = await server.app.inject({
          method: route.method as 'GET',
          url: address(route.url),
          headers: authorization ? { authorization } : {},
        });
        if (response.statusCode !== 401) refused.push(`${route.method} ${route.url} (${authorization ?? 'no token'}): ${response.statusCode}`);
      }
    }
    expect(server.app.signedInRoutes.length).toBeGreaterThan(40);
    expect(refused).toEqual([]);
  });

  it('lets the signed-in person through, with their building checked under a building', async () => {
    const { token } = await server.login('demo@northwind.example', DEMO_PASSWORD);
    expect((await server.call('GET', '/users/current', { token })).status).toBe(200);
    const own = (await server.call('GET', '/users/current/buildings', { token })).body.data.map((b: { uuid: string }) => b.uuid) as string[];
    expect((await server.call('GET', `/smart-building/v1/buildings/${own[0]}/zeller/floors`, { token })).status).toBe(200);
    // Someone else's building: past the session, refused by the membership.
    const other = await server.login('admin@globex.example', DEMO_PASSWORD);
    const theirs = (await server.call('GET', '/users/current/buildings', { token: other.token })).body.data.map(
      (b: { uuid: string }) => b.uuid,
    ) as string[];
    const notMine = theirs.find((uuid) => !own.includes(uuid));
    expect(notMine).toBeDefined();
    expect((await server.call('GET', `/smart-building/v1/buildings/${notMine}/zeller/floors`, { token })).status).toBe(403);
  });

  it('request.person refuses a route outside any scope with no person (401), never an empty person', async () => {
    const app = Fastify();
    installErrorHandling(app);
    installPerson(app);
    app.get('/outside', async (request) => ({ userId: request.person.userId }));
    const response = await app.inject({ method: 'GET', url: '/outside' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'missing_token' });
    await app.close();
  });
});

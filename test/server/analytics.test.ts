import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /analytics/v2/track', () => {
  it('stores a page view, tied to the user when the bearer is valid', async () => {
    const { token, user } = await server.login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const res = await server.call('POST', '/analytics/v2/track', {
      token,
      body: { event: 'page_view', properties: { previousUrl: '/login', url: '/home' }, timestamp: new Date().toISOString() },
    });
    expect(res.status).toBe(200);
    const [row] = await server.db.query<{ event: string; properties: { url: string }; user_id: number }>(
      'SELECT event, properties, user_id FROM analytics_events ORDER BY id DESC LIMIT 1',
    );
    expect(row).toMatchObject({ event: 'page_view', user_id: user.id });
    expect(row!.properties.url).toBe('/home');
  });

  it('stores an anonymous event, and refuses one without a name', async () => {
    expect((await server.call('POST', '/analytics/v2/track', { body: { event: 'page_view', properties: { url: '/login' } } })).status).toBe(200);
    const [row] = await server.db.query<{ user_id: number | null }>('SELECT user_id FROM analytics_events ORDER BY id DESC LIMIT 1');
    expect(row!.user_id).toBeNull();
    const bad = await server.call('POST', '/analytics/v2/track', { body: { properties: {} } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/event/);
  });
});

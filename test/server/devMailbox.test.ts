import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';
import { expectError } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Message {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}
const mailbox = async (to: string) => {
  const res = await server.call('GET', `/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Message[];
};
const sendReset = (email: string) => server.call('POST', '/user-verification/code/reset-password/send', { body: { email } });

describe('GET /dev/mailbox', () => {
  it('holds the mail sent to an address, newest first, with the code in it', async () => {
    const email = 'olivia@umbrella.example';
    expect(await mailbox(email)).toEqual([]);
    expect((await sendReset(email)).status).toBe(200);
    const first = await server.latestCode(email);
    expect((await sendReset(email)).status).toBe(200);
    const second = await server.latestCode(email);

    const messages = await mailbox(email);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.id).toBeGreaterThan(messages[1]!.id);
    for (const m of messages) {
      expect(m.to).toBe(email);
      expect(Number.isNaN(Date.parse(m.created_at))).toBe(false);
      expect(m.created_at).toBe(new Date(m.created_at).toISOString());
    }
    expect(messages[0]!.subject).toBe(`Your Atrium password reset code is ${second}`);
    expect(messages[0]!.text).toContain(`Use the code ${second}`);
    expect(messages[0]!.text).toContain('Hello Olivia');
    expect(messages[1]!.subject).toContain(first);
  });

  it('matches the address regardless of case and surrounding spaces, and only that address', async () => {
    expect((await sendReset(DEMO_LOGIN.email)).status).toBe(200);
    const messages = await mailbox(`  ${DEMO_LOGIN.email.toUpperCase()} `);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.to).toBe(DEMO_LOGIN.email);
    expect(await mailbox('admin@globex.example')).toEqual([]);
  });

  it('answers 400 without an address', async () => {
    expectError(await server.call('GET', '/dev/mailbox'), 400);
    expectError(await server.call('GET', '/dev/mailbox?to=a'), 400);
  });
});

describe('in production, with an API key', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ production: true, apiKey: 'test-api-key' });
  });
  afterAll(() => production.close());
  const key = { 'x-api-key': 'test-api-key' };

  it('has no development mailbox', async () => {
    const res = await production.call('GET', `/dev/mailbox?to=${encodeURIComponent(DEMO_LOGIN.email)}`, { headers: key });
    expectError(res, 404, /No route/);
  });

  it('answers 401 to a call without the right API key, and serves one with it', async () => {
    const missing = await production.call('GET', '/healthcheck');
    expectError(missing, 401);
    expect(missing.body.code).toBe('invalid_api_key');
    expectError(await production.call('GET', '/healthcheck', { headers: { 'x-api-key': 'wrong' } }), 401);
    expectError(await production.call('POST', '/auth/v2/login', { body: DEMO_LOGIN }), 401);
    expect((await production.call('GET', '/healthcheck', { headers: key })).body).toEqual({ status: 'OK' });
    const login = await production.call('POST', '/auth/v2/login', { body: DEMO_LOGIN, headers: key });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(DEMO_LOGIN.email);
  });
});

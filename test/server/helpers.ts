import { expect } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';

/** A strong password that satisfies every rule, distinct per call. */
let counter = 0;
export const strongPassword = (tag = 'Pw') => `${tag}!${++counter}Aa-${Math.random().toString(36).slice(2, 6)}`;

/** Four-digit codes that are certainly not `right` (the next ones round the clock). */
export function wrongCodes(right: string, count = 1): string[] {
  return Array.from({ length: count }, (_, i) => String((Number(right) + i + 1) % 10_000).padStart(4, '0'));
}

export const consumeSignupPath = (code: string, email: string) => `/user-verification/code/${code}/consume?email=${encodeURIComponent(email)}`;

/** A fresh address on a seeded domain. */
let serial = 0;
export const freshEmail = (domain = 'northwind.example', tag = 'new') => `${tag}.${Date.now().toString(36)}.${++serial}@${domain}`;

/** Registers a new account on a one-building domain and confirms it with the mailed code. */
export async function createConfirmedUser(server: TestServer, options: { email?: string; password?: string } = {}) {
  const email = options.email ?? freshEmail();
  const password = options.password ?? strongPassword();
  const reg = await server.call('POST', '/auth/register', {
    body: { email, password, first_name: 'Test', last_name: 'Person', is_term_accepted: true },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const code = await server.latestCode(email);
  const consumed = await server.call('PUT', consumeSignupPath(code, email), { body: { password } });
  expect(consumed.status, JSON.stringify(consumed.body)).toBe(200);
  return { email, password, user: consumed.body.data.user };
}

/** Every error the API answers has this shape. */
export function expectError(res: { status: number; body: any }, status: number, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
}

/** The uuids of the demo buildings the services' tests use, by their seeded names. */
export async function demoBuildingUuids(server: TestServer): Promise<{ plaza: string; harbor: string; maison: string }> {
  const buildings = await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings');
  const uuidOf = (name: string) => {
    const found = buildings.find((b) => b.name === name);
    if (!found) throw new Error(`no demo building ${name}`);
    return found.uuid;
  };
  return { plaza: uuidOf('One Atrium Plaza'), harbor: uuidOf('Harbor Point'), maison: uuidOf('Maison du Port') };
}

/** What the services' server tests start from: a server, the demo buildings and the demo people signed in. */
export async function servicesFixture() {
  const server = await startTestServer();
  const buildings = await demoBuildingUuids(server);
  const token = async (email: string) => (await server.login(email, DEMO_PASSWORD)).token;
  const [demoToken, adminToken, oliviaToken] = await Promise.all([
    token(DEMO_LOGIN.email),
    token('admin@globex.example'),
    token('olivia@umbrella.example'),
  ]);
  return { server, ...buildings, demoToken, adminToken, oliviaToken };
}

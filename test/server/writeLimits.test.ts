/**
 * Per-person and per-building write limits (issue 22, item 3; decision 145), at their real numbers: what a script
 * signed in as one person tries (a hundred service requests, a stream of suite commands, a mail flood through the help
 * desk), what it cannot do to someone else (spend their allowance with a forged token), and that the refusal says when
 * to come back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createConfirmedUser, demoBuildingUuids, expectError } from './helpers.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { WRITE_LIMITS } from '../../server/lib/writeLimits.js';

let server: TestServer;
let plaza: string;
beforeAll(async () => {
  server = await startTestServer({ writeLimitFactor: 1 });
  ({ plaza } = await demoBuildingUuids(server));
});
afterAll(() => server.close());

const signIn = async (email: string, password: string = DEMO_PASSWORD) => (await server.login(email, password)).token;
const good = { category: 'HVAC', location: 'Floor 12', priority: 'Normal', description: 'Too cold by the windows' };
const createRequest = (token: string) => server.call('POST', `/service-request/buildings/${plaza}/create`, { token, body: good });
const requests = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_requests'))[0]!.n;

function expectLimited(answer: { status: number; body: any; headers?: Record<string, unknown> }, who: RegExp) {
  expectError(answer, 429, who);
  expect(answer.body.code).toBe('too_many_requests');
}

describe('one person', () => {
  it('creates a few service requests in a minute; the next is refused with Retry-After and stores nothing', async () => {
    const { email, password } = await createConfirmedUser(server);
    const token = await signIn(email, password);
    const { max } = WRITE_LIMITS.serviceRequestsMinute;
    for (let i = 0; i < max; i++) expect((await createRequest(token)).status).toBe(201);
    const before = await requests();
    const raw = await server.app.inject({
      method: 'POST',
      url: `${server.config.apiBase}/service-request/buildings/${plaza}/create`,
      headers: { authorization: `Bearer ${token}` },
      payload: good,
    });
    expect(raw.statusCode).toBe(429);
    expect(Number(raw.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(raw.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(raw.json().message).toMatch(/^Too many requests from your account\. Please try again in \d+ seconds\.$/);
    expect(await requests()).toBe(before);
    // Someone else in the building is not held back by it.
    expect((await createRequest(await signIn(DEMO_LOGIN.email))).status).toBe(201);
  });

  it('cannot spend another person’s allowance with a forged or expired token: it is refused before it counts', async () => {
    const { email, password } = await createConfirmedUser(server);
    const token = await signIn(email, password);
    const [head, , signature] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ uid: 1, fam: 'x', ver: 3 })).toString('base64url')}.${signature}`;
    for (let i = 0; i < WRITE_LIMITS.serviceRequestsMinute.max + 3; i++) expect((await createRequest(forged)).status).toBe(401);
    expect((await createRequest(token)).status).toBe(201);
  });

  it('sends a few support requests a minute; the next is refused before its form is read', async () => {
    const token = await signIn('admin@globex.example');
    const send = (payload: Buffer, type: string) =>
      server.app.inject({
        method: 'POST',
        url: `${server.config.apiBase}/helpdesk-service/v1/records/create`,
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        payload,
      });
    const form = new Response(
      (() => {
        const f = new FormData();
        f.append('issue_type', 'building');
        f.append('subject', 'The lift is stuck');
        f.append('description', 'Lift B stops between floors 3 and 4.');
        return f;
      })(),
    );
    const type = form.headers.get('content-type')!;
    const body = Buffer.from(await form.arrayBuffer());
    for (let i = 0; i < WRITE_LIMITS.helpDeskMinute.max; i++) expect((await send(body, type)).statusCode).toBe(201);
    // Past the limit even a body that could not be read is refused for the limit: nothing of it was parsed.
    const refused = await send(Buffer.from('garbage'), 'multipart/form-data; boundary=b');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
  });
});

describe('a building’s shared equipment', () => {
  const suitePath = async (token: string) => {
    const zeller = `/smart-building/v1/buildings/${plaza}/zeller`;
    const floors = (await server.call('GET', `${zeller}/floors`, { token })).body.data as { id: string; navName: string }[];
    const suites = (await server.call('GET', `${zeller}/floors/${floors.find((f) => f.navName === 'Floor 14')!.id}/suites`, { token })).body.data as {
      id: string;
      navName: string;
    }[];
    return `${zeller}/suites/${suites.find((s) => s.navName === 'Suite 1400')!.id}`;
  };

  it('takes a person’s commands up to their limit, and everyone’s up to the building’s', async () => {
    const person = WRITE_LIMITS.suitePerson.max;
    const building = WRITE_LIMITS.suiteBuilding.max;
    // Enough people of Plaza to reach the building's limit within their own.
    const people = await Promise.all(
      Array.from({ length: Math.ceil(building / person) + 1 }, async () => {
        const { email, password } = await createConfirmedUser(server);
        return signIn(email, password);
      }),
    );
    const suite = await suitePath(people[0]!);
    const command = (token: string, i: number) => server.call('PUT', `${suite}/lighting/all/${i % 100}`, { token });
    for (let i = 0; i < person; i++) expect((await command(people[0]!, i)).status).toBe(200);
    expectLimited(await command(people[0]!, 1), /from your account/);
    // The others, each within their own limit, until the building's is spent.
    let sent = person;
    for (const token of people.slice(1)) {
      for (let i = 0; i < person && sent < building; i++, sent++) expect((await command(token, i)).status).toBe(200);
    }
    expectLimited(await command(people.at(-1)!, 7), /in this building/);
  });
});

describe('anyone', () => {
  it('sends analytics events up to a limit per address', async () => {
    const track = (address: string) =>
      server.app.inject({
        method: 'POST',
        url: `${server.config.apiBase}/analytics/v2/track`,
        remoteAddress: address,
        payload: { event: 'page_view' },
      });
    for (let i = 0; i < WRITE_LIMITS.analytics.max; i++) expect((await track('10.9.0.1')).statusCode).toBe(200);
    const refused = await track('10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/from this address/);
    expect((await track('10.9.0.2')).statusCode).toBe(200);
  });
});

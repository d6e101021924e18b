/**
 * Service requests (issue 12, decision 057): list, metadata, create checked against the metadata, cancel, and what
 * an attacker tries: a forbidden status, another building's request, another user's request, a building one does not
 * belong to, no token; and the `service-requests` flag turned off for a building.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { servicesFixture } from './helpers.js';
import { FlagStore } from '../../server/lib/flags.js';

let server: TestServer;
let plaza: string;
let harbor: string;
let maison: string;
let demoToken: string;
let adminToken: string;

beforeAll(async () => {
  ({ server, plaza, harbor, maison, demoToken, adminToken } = await servicesFixture());
});
afterAll(() => server.close());

const base = (building: string) => `/service-request/buildings/${building}`;
type Item = { id: string; requestId: string; reference: string; status: string; answers: Record<string, string>; created_at: string };
const list = async (building: string, token: string) => (await server.call('GET', `${base(building)}/requests`, { token })).body.data as Item[];
const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_requests'))[0]!.n;
const good = { category: 'HVAC', location: 'Floor 12', priority: 'Normal', description: 'Too cold by the windows' };

describe('the list and the form', () => {
  it('lists the caller’s requests in the building, newest first, in several statuses', async () => {
    const items = await list(plaza, demoToken);
    expect(items.map((i) => i.status)).toEqual(['Submitted', 'Pending', 'Accepted', 'Denied_Unavailable', 'Canceled']);
    const times = items.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items[0]).toMatchObject({ answers: { category: 'HVAC' }, reference: expect.stringMatching(/^SR-\d{5}$/) });
    expect(items[0]!.requestId).toBe(items[0]!.id);
  });

  it('answers the create form’s fields, required ones and the options of the selects', async () => {
    const { status, body } = await server.call('GET', `${base(plaza)}/metadata`, { token: demoToken });
    expect(status).toBe(200);
    const fields = body.data.fields as { name: string; type: string; required: boolean; options?: { value: string }[] }[];
    expect(fields.map((f) => f.name)).toEqual(['category', 'location', 'priority', 'description', 'preferred_date']);
    expect(fields.find((f) => f.name === 'category')!.options!.map((o) => o.value)).toEqual([
      'HVAC',
      'Cleaning',
      'Electrical',
      'Plumbing',
      'Security',
      'Other',
    ]);
    expect(fields.find((f) => f.name === 'preferred_date')).toMatchObject({ type: 'date', required: false });
    expect(body.data.statuses).toContain('Denied_Available');
  });
});

describe('creating and cancelling', () => {
  it('creates a request (Submitted) that then heads the list', async () => {
    const created = await server.call('POST', `${base(plaza)}/create`, { token: demoToken, body: { ...good, preferred_date: null } });
    expect(created).toMatchObject({ status: 201, body: { data: { status: 'Submitted', answers: good } } });
    const items = await list(plaza, demoToken);
    expect(items[0]!.id).toBe(created.body.data.id);
  });

  it('refuses a missing required field, a bad option, an unknown field, a long text or a bad date, storing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, category: undefined }, /Category is required/],
      [{ ...good, description: '   ' }, /Description is required/],
      [{ ...good, category: 'Gardening' }, /Category must be one of: HVAC/],
      [{ ...good, priority: 'normal' }, /Priority must be one of/],
      [{ ...good, colour: 'red' }, /Unknown field "colour"/],
      [{ ...good, location: 'x'.repeat(121) }, /at most 120 characters/],
      [{ ...good, preferred_date: '2026-02-30' }, /YYYY-MM-DD/],
      [{ ...good, preferred_date: '1999-01-01' }, /between today and a year/],
      [{ ...good, category: 5 }, /./],
    ];
    for (const [body, message] of cases) {
      const answer = await server.call('POST', `${base(plaza)}/create`, { token: demoToken, body: JSON.parse(JSON.stringify(body)) });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('lets a tenant cancel their own Submitted or Pending request, and answers the same id', async () => {
    const items = await list(plaza, demoToken);
    const pending = items.find((i) => i.status === 'Pending')!;
    const cancel = await server.call('PUT', `${base(plaza)}/service-request/${pending.requestId}`, {
      token: demoToken,
      body: { status: 'Canceled' },
    });
    expect(cancel).toMatchObject({ status: 200, body: { data: { id: pending.id, status: 'Canceled' } } });
    expect((await list(plaza, demoToken)).find((i) => i.id === pending.id)!.status).toBe('Canceled');
  });

  it('refuses any other status (403), a request no longer cancelable (409) and an unknown status (400)', async () => {
    const items = await list(plaza, demoToken);
    const submitted = items.find((i) => i.status === 'Submitted')!;
    const accepted = items.find((i) => i.status === 'Accepted')!;
    const put = (id: string, status: string) => server.call('PUT', `${base(plaza)}/service-request/${id}`, { token: demoToken, body: { status } });
    expect(await put(submitted.id, 'Accepted')).toMatchObject({ status: 403, body: { code: 'status_not_allowed' } });
    expect(await put(submitted.id, 'Denied')).toMatchObject({ status: 403 });
    expect(await put(accepted.id, 'Canceled')).toMatchObject({ status: 409, body: { code: 'not_cancelable' } });
    expect((await put(submitted.id, 'Done')).status).toBe(400);
    const after = await list(plaza, demoToken);
    expect(after.find((i) => i.id === submitted.id)!.status).toBe('Submitted');
    expect(after.find((i) => i.id === accepted.id)!.status).toBe('Accepted');
  });
});

describe('an attacker', () => {
  it('cannot see or cancel another building’s request through a building they belong to (404)', async () => {
    // The admin belongs to Plaza and Harbor: Harbor's request through Plaza's path is not found.
    const harborRequest = (await list(harbor, adminToken)).find((i) => i.status === 'Submitted')!;
    const answer = await server.call('PUT', `${base(plaza)}/service-request/${harborRequest.id}`, {
      token: adminToken,
      body: { status: 'Canceled' },
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'unknown_service_request' } });
    expect((await list(plaza, adminToken)).some((i) => i.id === harborRequest.id)).toBe(false);
    expect((await list(harbor, adminToken)).find((i) => i.id === harborRequest.id)!.status).toBe('Submitted');
  });

  it('cannot see or cancel another user’s request in the same building (404)', async () => {
    const adminsRequest = (await list(plaza, adminToken)).find((i) => i.status === 'Submitted')!;
    expect((await list(plaza, demoToken)).some((i) => i.id === adminsRequest.id)).toBe(false);
    const answer = await server.call('PUT', `${base(plaza)}/service-request/${adminsRequest.id}`, { token: demoToken, body: { status: 'Canceled' } });
    expect(answer.status).toBe(404);
    expect((await list(plaza, adminToken)).find((i) => i.id === adminsRequest.id)!.status).toBe('Submitted');
  });

  it('cannot reach a building they do not belong to (403), nor any call without a token (401)', async () => {
    const before = await count();
    expect((await server.call('GET', `${base(maison)}/requests`, { token: demoToken })).status).toBe(403);
    expect((await server.call('POST', `${base(maison)}/create`, { token: demoToken, body: good })).status).toBe(403);
    expect((await server.call('GET', `${base(plaza)}/requests`)).status).toBe(401);
    expect((await server.call('POST', `${base(plaza)}/create`, { body: good })).status).toBe(401);
    expect((await server.call('GET', `${base('not-a-uuid')}/requests`, { token: demoToken })).status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('the service-requests flag', () => {
  it('answers 404 in a building where the flag is off, and serves the others', async () => {
    const flags = new FlagStore(server.db, server.clock);
    await flags.set('service-requests', false, harbor, 'test');
    try {
      const before = await count();
      for (const [method, path] of [
        ['GET', `${base(harbor)}/requests`],
        ['GET', `${base(harbor)}/metadata`],
        ['POST', `${base(harbor)}/create`],
      ] as const) {
        const answer = await server.call(method, path, { token: adminToken, ...(method === 'POST' ? { body: good } : {}) });
        expect(answer, path).toMatchObject({ status: 404, body: { code: 'service_requests_off' } });
      }
      expect(await count()).toBe(before);
      expect((await server.call('GET', `${base(plaza)}/requests`, { token: adminToken })).status).toBe(200);
    } finally {
      await flags.set('service-requests', true, harbor, 'test');
    }
  });
});

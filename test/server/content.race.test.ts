import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { expectError } from './helpers.js';

/**
 * RSVP and claim limits under contention: 50 people at once for 10 spots. On PGlite (one connection) transactions
 * run one after another; with TEST_DATABASE_URL they really race on a Postgres server.
 */
let server: TestServer;
let buildingUuid: string;
let tokens: string[] = [];
let userIds: number[] = [];
let eventUuid: string;
let offerUuid: string;

const contentUuid = async (title: string) => {
  const [row] = await server.db.query<{ uuid: string }>(
    `SELECT c.uuid::text FROM contents c JOIN content_translations t ON t.content_id = c.id
      WHERE t.title = $1 AND t.language = 'en' AND c.building_id = (SELECT id FROM buildings WHERE uuid = $2)`,
    [title, buildingUuid],
  );
  return row!.uuid;
};

beforeAll(async () => {
  server = await startTestServer();
  const [building] = await server.db.query<{ id: number; uuid: string }>(`SELECT id, uuid::text FROM buildings WHERE name = 'One Atrium Plaza'`);
  buildingUuid = building!.uuid;
  // Fifty confirmed members of the building, inserted directly (hashing fifty passwords would be slow).
  const users = await server.db.query<{ id: number; uuid: string }>(
    `INSERT INTO users (email, first_name, last_name, confirmed, terms_accepted, default_building_id)
     SELECT 'racer' || n || '@northwind.example', 'Racer', n::text, true, true, $1 FROM generate_series(1, 50) AS n RETURNING id, uuid::text`,
    [building!.id],
  );
  await server.db.query('INSERT INTO user_buildings (user_id, building_id) SELECT unnest($1::int[]), $2', [users.map((u) => u.id), building!.id]);
  userIds = users.map((u) => u.id);
  tokens = await Promise.all(users.map(async (u) => (await server.app.deps.tokens.startSession(u)).token));
  eventUuid = await contentUuid('Morning yoga on the terrace');
  offerUuid = await contentUuid('15% off at the lobby café');
  await server.db.query('UPDATE event_details SET capacity = 10 WHERE content_id = (SELECT id FROM contents WHERE uuid = $1)', [eventUuid]);
  await server.db.query('UPDATE offers SET max_claims_total = 10 WHERE content_id = (SELECT id FROM contents WHERE uuid = $1)', [offerUuid]);
});
afterAll(() => server.close());

const tally = (results: { status: number; body: any }[]) => {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === 200 ? 'ok' : `${r.status} ${r.body.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('50 people racing for 10 spots', () => {
  it('RSVPs: exactly 10 succeed, 40 get rsvp_full', async () => {
    const results = await Promise.all(
      tokens.map((token) => server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/event-posts/${eventUuid}/attend`, { token })),
    );
    expect(tally(results)).toEqual({ ok: 10, '409 rsvp_full': 40 });
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toMatch(/full/);
    const [count] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rsvps WHERE content_id = (SELECT id FROM contents WHERE uuid = $1)',
      [eventUuid],
    );
    expect(count!.n).toBe(10);
    const winner = results.findIndex((r) => r.status === 200);
    const event = await server.call('GET', `/tenant/v1/event-posts/${eventUuid}`, { token: tokens[winner]! });
    expect(event.body.data).toMatchObject({ capacity: 10, is_attending: true, claims_details: { count: 10, user_count: 1 } });
    expect(event.body.data.attendants).toHaveLength(10);
  });

  it('RSVP again: already_rsvpd; recall frees the spot for someone else', async () => {
    const states = await Promise.all(tokens.map((token) => server.call('GET', `/tenant/v1/event-posts/${eventUuid}`, { token })));
    const winner = states.findIndex((s) => s.body.data.is_attending);
    const loser = states.findIndex((s) => !s.body.data.is_attending);
    const again = await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/event-posts/${eventUuid}/attend`, { token: tokens[winner]! });
    expectError(again, 409);
    expect(again.body.code).toBe('already_rsvpd');
    expectError(await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/event-posts/${eventUuid}/attend`, { token: tokens[loser]! }), 409);

    const recalled = await server.call('PUT', `/tenant/v1/event-posts/${eventUuid}/recall`, { token: tokens[winner]! });
    expect(recalled.status).toBe(200);
    expect(recalled.body.data).toMatchObject({ is_attending: false, claims_details: { count: 9, user_count: 0 } });
    expect(recalled.body.data.attendants).not.toContain(userIds[winner]);
    // Recalling twice changes nothing.
    expect((await server.call('PUT', `/tenant/v1/event-posts/${eventUuid}/recall`, { token: tokens[winner]! })).body.data.claims_details.count).toBe(
      9,
    );

    const taken = await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/event-posts/${eventUuid}/attend`, { token: tokens[loser]! });
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ is_attending: true, claims_details: { count: 10 } });
    expect(
      (await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/event-posts/${eventUuid}/attend`, { token: tokens[winner]! })).body.code,
    ).toBe('rsvp_full');
  });

  it('claims: exactly 10 succeed, 40 get claim_full', async () => {
    const results = await Promise.all(
      tokens.map((token) => server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/offers/${offerUuid}/claim`, { token })),
    );
    expect(tally(results)).toEqual({ ok: 10, '409 claim_full': 40 });
    const [count] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM claims WHERE content_id = (SELECT id FROM contents WHERE uuid = $1)',
      [offerUuid],
    );
    expect(count!.n).toBe(10);
  });

  it('claim again: already_claimed; cancel frees the claim for someone else', async () => {
    const states = await Promise.all(tokens.map((token) => server.call('GET', `/tenant/v1/offers/${offerUuid}`, { token })));
    const winner = states.findIndex((s) => s.body.data.claims_details.user_count === 1);
    const loser = states.findIndex((s) => s.body.data.claims_details.user_count === 0);
    expect(states[loser]!.body.data.claims_details.is_claimable).toBe(false);
    const again = await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/offers/${offerUuid}/claim`, { token: tokens[winner]! });
    expectError(again, 409);
    expect(again.body.code).toBe('already_claimed');

    const cancelled = await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/offers/${offerUuid}/cancel`, { token: tokens[winner]! });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.claims_details).toEqual({ is_claimable: true, user_count: 0, count: 9 });
    const taken = await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/offers/${offerUuid}/claim`, { token: tokens[loser]! });
    expect(taken.status).toBe(200);
    expect(taken.body.data.claimers).toContain(userIds[loser]);
    expect((await server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/offers/${offerUuid}/claim`, { token: tokens[winner]! })).body.code).toBe(
      'claim_full',
    );
  });

  it('50 RSVPs at once by one person: one RSVP, the others already_rsvpd', async () => {
    const chef = await contentUuid('Chef’s table lunch');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => server.call('PUT', `/tenant/v1/buildings/${buildingUuid}/event-posts/${chef}/attend`, { token: tokens[0]! })),
    );
    expect(tally(results)).toEqual({ ok: 1, '409 already_rsvpd': 19 });
  });
});

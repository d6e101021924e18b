/**
 * Booking (issue 26): people taking the same time at the same moment. Exactly one gets it; every other is told (409
 * slot_taken) and shown the next free time of the same length. Held by the database's exclusion constraint, so it is
 * true whatever runs the requests: one PGlite connection, or a pool of connections to a Postgres server
 * (TEST_DATABASE_URL), where the inserts really run side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createConfirmedUser, demoBuildingUuids } from './helpers.js';
import { everyDay, localDay, localTime, makeResource, plusDays } from './bookingFixtures.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';

let server: TestServer;
let plaza: string;
let tokens: string[];
const NEW_YORK = 'America/New_York';

beforeAll(async () => {
  server = await startTestServer();
  ({ plaza } = await demoBuildingUuids(server));
  // Five people of the building: the demo tenant, the Globex admin and three new ones (northwind.example is the plaza's).
  const people = await Promise.all([0, 1, 2].map(() => createConfirmedUser(server)));
  tokens = await Promise.all(
    [{ email: DEMO_LOGIN.email, password: DEMO_PASSWORD }, { email: 'admin@globex.example', password: DEMO_PASSWORD }, ...people].map(
      async (p) => (await server.login(p.email, p.password)).token,
    ),
  );
});
afterAll(() => server.close());

const book = (resource: string, body: object, token: string) =>
  server.call('POST', `/tenant/v1/buildings/${plaza}/resources/${resource}/bookings`, { token, body });
const at = (days: number, time: string) => localTime(NEW_YORK, plusDays(localDay(NEW_YORK, server.clock.now().getTime()), days), time);
const holding = async (resourceId: number) =>
  (
    await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM resource_bookings WHERE resource_id = $1 AND status IN ('pending', 'pending_payment', 'confirmed', 'accepted')`,
      [resourceId],
    )
  )[0]!.n;

describe('the same slot at the same moment', () => {
  it('twenty tries by five people: exactly one 201, nineteen 409 slot_taken each showing the next free slot', async () => {
    const r = await makeResource(server, plaza, { slot: 60, min: 60 });
    const body = { start_at: at(2, '10:00'), duration_minutes: 60 };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(r.uuid, body, tokens[i % tokens.length]!)));
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status !== 201);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const answer of lost) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body).toMatchObject({
        statusCode: 409,
        code: 'slot_taken',
        next_free: { start_at: at(2, '11:00'), end_at: at(2, '12:00') },
      });
      expect(answer.body.message).toContain(`starts at ${at(2, '11:00')}`);
    }
    expect(await holding(r.id)).toBe(1);
    // The winner's booking is the one the database holds.
    const [held] = await server.db.query<{ uuid: string }>('SELECT uuid::text FROM resource_bookings WHERE resource_id = $1', [r.id]);
    expect(won[0]!.body.data.uuid).toBe(held!.uuid);
  });

  it('overlapping times of different lengths at once: exactly one, and the next free time is of the loser’s own length', async () => {
    const r = await makeResource(server, plaza, { slot: 30, min: 30 });
    const tries = [
      { start_at: at(3, '10:00'), duration_minutes: 60 },
      { start_at: at(3, '10:30'), duration_minutes: 30 },
      { start_at: at(3, '09:30'), duration_minutes: 90 },
      { start_at: at(3, '10:00'), duration_minutes: 120 },
    ];
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => book(r.uuid, tries[i % tries.length]!, tokens[i % tokens.length]!)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'slot_taken')).toHaveLength(15);
    expect(await holding(r.id)).toBe(1);
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 409) continue;
      const asked = tries[i % tries.length]!;
      const next = answer.body.next_free;
      expect(Date.parse(next.end_at) - Date.parse(next.start_at)).toBe(asked.duration_minutes * 60_000);
      expect(Date.parse(next.start_at)).toBeGreaterThanOrEqual(Date.parse(asked.start_at));
    }
  });

  it('a buffer counts: back-to-back tries on a resource with a buffer cannot both win', async () => {
    const r = await makeResource(server, plaza, { slot: 60, min: 60, buffer: 15 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(r.uuid, { start_at: at(4, i % 2 ? '11:00' : '10:00'), duration_minutes: 60 }, tokens[i % tokens.length]!),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await holding(r.id)).toBe(1);
    // On the hour grid with a quarter hour of buffer, an hour is free again two hours after the winner's start.
    const winner = answers.find((a) => a.status === 201)!.body.data;
    const next = winner.start_at === new Date(at(4, '10:00')).toISOString() ? at(4, '12:00') : at(4, '13:00');
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.next_free.start_at).toBe(next);
  });

  it('the last free time taken: the losers are told there is none left', async () => {
    // Open one hour a day, bookable until tomorrow: tomorrow's hour is the last there is.
    const r = await makeResource(server, plaza, { slot: 60, min: 60, horizon: 1, hours: everyDay('12:00', '13:00') });
    const body = { start_at: at(1, '12:00'), duration_minutes: 60 };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => book(r.uuid, body, tokens[i % tokens.length]!)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const lost = answers.filter((x) => x.status === 409);
    expect(lost).toHaveLength(5);
    for (const a of lost) {
      expect(a.body.next_free).toBeNull();
      expect(a.body.message).toContain('no free time of this length left');
    }
  });
});

/**
 * Booking (issue 26): making a booking under a resource's rules. Each rule refused with a 422 that names its field
 * (whole minutes, the end after the start, the past, the horizon, the length, the opening hours, the grid, the
 * questions), bad input refused with a 4xx and never a 500, another building's resource not found, an approval that
 * makes a pending request and mails the manager (the vendor's approve then shows on the receipt and in the history),
 * a confirmed booking that mails the person, a retried request answered once (Idempotency-Key), and the calendar file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { demoBuildingUuids, expectError } from './helpers.js';
import { everyDay, localDay, localTime, makeResource, plusDays } from './bookingFixtures.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { WRITE_LIMITS } from '../../server/lib/writeLimits.js';

let server: TestServer;
let demoToken: string;
let adminToken: string;
let plaza: string;
let harbor: string;
const NEW_YORK = 'America/New_York';

beforeAll(async () => {
  server = await startTestServer();
  ({ plaza, harbor } = await demoBuildingUuids(server));
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
});
afterAll(() => server.close());

const bookingsPath = (building: string, resource: string) => `/tenant/v1/buildings/${building}/resources/${resource}/bookings`;
const book = (resource: string, body: unknown, options: { token?: string; building?: string; headers?: Record<string, string> } = {}) =>
  server.call('POST', bookingsPath(options.building ?? plaza, resource), { token: options.token ?? demoToken, body, headers: options.headers });
const now = () => server.clock.now().getTime();
const day = (n: number) => plusDays(localDay(NEW_YORK, now()), n);
const at = (n: number, time: string) => localTime(NEW_YORK, day(n), time);
const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM resource_bookings'))[0]!.n;
const receiptPath = (b: { uuid: string; resource: { uuid: string }; owner: { owner_type: string; owner_uuid: string } }) =>
  `/resource-booking/v2/${b.owner.owner_type}/${b.owner.owner_uuid}/resources/${b.resource.uuid}/bookings/${b.uuid}/mine`;
const mailbox = async (to: string) =>
  (await server.call('GET', `/dev/mailbox?to=${encodeURIComponent(to)}`)).body.data as { subject: string; text: string }[];

/** A refused request: its status, its code, the fields its rules name, and nothing stored. */
async function expectRefused(resource: string, body: unknown, status: number, code: string, fields?: string[]) {
  const before = await count();
  const answer = await book(resource, body);
  expectError(answer, status);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(code);
  if (fields) expect(answer.body.fields.map((f: { field: string }) => f.field)).toEqual(fields);
  expect(await count()).toBe(before);
  return answer.body;
}

describe('a booking made', () => {
  it('is confirmed at once (201) with its terms, mails the person, and shows on the receipt and in the history', async () => {
    const r = await makeResource(server, plaza, {
      window: 90,
      questions: [{ id: 'note', label: 'Anything we should know?', type: 'text', required: false }],
    });
    const made = await book(r.uuid, { start_at: at(2, '10:00'), end_at: at(2, '11:30'), answers: { note: '  Bring the adapter  ' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const b = made.body.data;
    expect(b).toMatchObject({
      name: r.name,
      status: 'confirmed',
      receipt_status: 'Accepted',
      start_at: new Date(at(2, '10:00')).toISOString(),
      end_at: new Date(at(2, '11:30')).toISOString(),
      timezone: NEW_YORK,
      bookingDuration: 90,
      cancellation_window_end_minutes: 90,
      can_cancel: true,
      requires_approval: false,
      form_responses: [{ question: 'Anything we should know?', answer: 'Bring the adapter', type: 'text' }],
      resource: { uuid: r.uuid, name: r.name },
      owner: { owner_type: 'building', owner_uuid: plaza },
    });
    expect((await server.call('GET', receiptPath(b), { token: demoToken })).body.data).toEqual(b);
    const history = await server.call('GET', '/tenant/v1/users/current/transactions?type=resource_bookings&when=upcoming&limit=100', {
      token: demoToken,
    });
    expect(history.body.data.transactions.resource_bookings.find((t: { uuid: string }) => t.uuid === b.uuid)).toMatchObject({
      status: 'confirmed',
      details: { owner: { owner_type: 'building', owner_uuid: plaza }, resource: { uuid: r.uuid } },
    });
    // The resource's page lists it among the person's own bookings of it, and no one else's.
    const mine = await server.call('GET', bookingsPath(plaza, r.uuid), { token: demoToken });
    expect(mine.body.data).toEqual([b]);
    expect((await server.call('GET', bookingsPath(plaza, r.uuid), { token: adminToken })).body.data).toEqual([]);
    const [mail] = await mailbox(DEMO_LOGIN.email);
    expect(mail!.subject).toBe(`Your booking of ${r.name} was confirmed`);
    expect(mail!.text).toContain(b.uuid);
  });

  it('takes a length instead of an end, and the seeded questions’ answers in their types', async () => {
    const terrace = (
      await server.db.query<{ uuid: string }>(
        `SELECT r.uuid::text FROM resources r JOIN buildings b ON b.id = r.building_id WHERE b.uuid = $1 AND r.name = 'Rooftop Terrace'`,
        [plaza],
      )
    )[0]!.uuid;
    const made = await book(terrace, { start_at: at(20, '18:00'), duration_minutes: 120, answers: { food: true, guests: '25', occasion: 'Launch' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      bookingDuration: 120,
      total_price: 100,
      form_responses: [
        { question: 'Will you serve food or drinks?', answer: 'Yes', type: 'Yes/No' },
        { question: 'What is the occasion?', answer: 'Launch', type: 'text' },
        { question: 'How many guests?', answer: '25', type: 'text' },
      ],
    });
  });

  it('needing approval, is a pending request that mails the manager; the vendor’s approval shows on the receipt and in the history', async () => {
    const r = await makeResource(server, plaza, {
      approval: true,
      questions: [{ id: 'purpose', label: 'What is it for?', type: 'text', required: true }],
    });
    const manager = 'manager.one-atrium-plaza@atrium.localhost';
    const made = await book(r.uuid, { start_at: at(4, '13:00'), duration_minutes: 60, answers: { purpose: 'Quarterly review' } });
    expect(made.status).toBe(201);
    const b = made.body.data;
    expect(b).toMatchObject({ status: 'pending', receipt_status: 'Pending', requires_approval: true });
    const [request] = await mailbox(manager);
    expect(request!.subject).toBe(`Booking request: ${r.name}`);
    expect(request!.text).toContain(DEMO_LOGIN.email);
    expect(request!.text).toContain('What is it for? Quarterly review');
    expect(request!.text).toContain(b.uuid);

    const approved = await server.call('POST', `/dev/bookings/${b.uuid}/decision`, { body: { decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect((await server.call('GET', receiptPath(b), { token: demoToken })).body.data).toMatchObject({
      status: 'accepted',
      receipt_status: 'Accepted',
    });
    const history = await server.call('GET', '/tenant/v1/users/current/transactions?type=resource_bookings&limit=100', { token: demoToken });
    expect(history.body.data.transactions.resource_bookings.find((t: { uuid: string }) => t.uuid === b.uuid).status).toBe('accepted');
    expect((await mailbox(DEMO_LOGIN.email))[0]!.subject).toBe(`Your booking of ${r.name} was approved`);
    // Approved, it still holds its time.
    const again = await book(r.uuid, { start_at: at(4, '13:00'), duration_minutes: 60, answers: { purpose: 'x' } }, { token: adminToken });
    expect(again.body.code).toBe('slot_taken');
  });

  it('follows the cancellation window it was made with: cancellable until then, refused after', async () => {
    const r = await makeResource(server, plaza, { window: 120, hours: everyDay('00:00', '24:00') });
    const start = Math.ceil((now() + 4 * 3_600_000) / 1_800_000) * 1_800_000;
    const made = await book(r.uuid, { start_at: new Date(start).toISOString(), duration_minutes: 30 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.cancellation_deadline).toBe(new Date(start - 120 * 60_000).toISOString());
    const began = server.clock.now().getTime();
    try {
      server.clock.advance((start - 119 * 60_000 - began) / 1000);
      const late = await server.call('DELETE', receiptPath(made.body.data), { token: (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token });
      expectError(late, 409);
      expect(late.body.code).toBe('you_can_no_longer_cancel');
    } finally {
      server.clock.advance((began - server.clock.now().getTime()) / 1000);
    }
    expect((await server.call('DELETE', receiptPath(made.body.data), { token: demoToken })).status).toBe(200);
  });
});

describe('the rules', () => {
  it('refuses each broken time rule with 422, its code and its field, and stores nothing', async () => {
    const grid = await makeResource(server, plaza, { slot: 30, min: 30, max: 120, horizon: 10 });
    const free = await makeResource(server, plaza, { slot: null, min: 45, max: 90 });
    await expectRefused(grid.uuid, { start_at: at(2, '10:00').replace(':00-', ':30-'), duration_minutes: 30 }, 422, 'not_whole_minutes', [
      'start_at',
    ]);
    await expectRefused(grid.uuid, { start_at: at(2, '10:00'), end_at: at(2, '10:00') }, 422, 'invalid_period', ['end_at']);
    await expectRefused(grid.uuid, { start_at: at(2, '10:00'), end_at: at(2, '09:00') }, 422, 'invalid_period', ['end_at']);
    await expectRefused(grid.uuid, { start_at: at(-1, '10:00'), duration_minutes: 30 }, 422, 'in_the_past', ['start_at']);
    const earlier = new Date(Math.floor(now() / 60_000) * 60_000 - 60_000).toISOString();
    await expectRefused(grid.uuid, { start_at: earlier, duration_minutes: 30 }, 422, 'in_the_past');
    const far = await expectRefused(grid.uuid, { start_at: at(11, '10:00'), duration_minutes: 30 }, 422, 'beyond_horizon', ['start_at']);
    expect(far.message).toContain(`until ${day(10)}`);
    await expectRefused(free.uuid, { start_at: at(2, '10:00'), duration_minutes: 30 }, 422, 'too_short', ['duration_minutes']);
    await expectRefused(free.uuid, { start_at: at(2, '10:00'), end_at: at(2, '11:45') }, 422, 'too_long', ['end_at']);
    await expectRefused(grid.uuid, { start_at: at(2, '07:30'), duration_minutes: 60 }, 422, 'outside_opening_hours', ['start_at']);
    const late = await expectRefused(grid.uuid, { start_at: at(2, '17:30'), duration_minutes: 60 }, 422, 'outside_opening_hours');
    expect(late.message).toContain('It is open 08:00–18:00 that day.');
    await expectRefused(grid.uuid, { start_at: at(2, '10:15'), duration_minutes: 30 }, 422, 'off_grid', ['start_at']);
    await expectRefused(grid.uuid, { start_at: at(2, '10:00'), duration_minutes: 45 }, 422, 'off_grid', ['duration_minutes']);
    // Without a grid, any whole minute within the rules is fine; the horizon's last day too.
    expect((await book(free.uuid, { start_at: at(2, '10:07'), duration_minutes: 53 })).status).toBe(201);
    expect((await book(grid.uuid, { start_at: at(10, '17:00'), duration_minutes: 60 })).status).toBe(201);
  });

  it('checks the answers against the questions: required, known, of their type, within their length', async () => {
    const r = await makeResource(server, plaza, {
      questions: [
        { id: 'projector', label: 'Will you need the projector?', type: 'yes_no', required: true },
        { id: 'people', label: 'How many people?', type: 'number', required: true, min: 1, max: 6 },
        { id: 'note', label: 'A note?', type: 'text', required: false, max_length: 10 },
      ],
    });
    const start = { start_at: at(3, '10:00'), duration_minutes: 30 };
    await expectRefused(r.uuid, { ...start, answers: { people: 2 } }, 422, 'missing_answer', ['answers.projector']);
    await expectRefused(r.uuid, { ...start, answers: { projector: '  ', people: 2 } }, 422, 'missing_answer', ['answers.projector']);
    await expectRefused(r.uuid, { ...start, answers: { projector: 'maybe', people: 2 } }, 422, 'invalid_answer', ['answers.projector']);
    await expectRefused(r.uuid, { ...start, answers: { projector: 'yes', people: 7 } }, 422, 'invalid_answer', ['answers.people']);
    await expectRefused(r.uuid, { ...start, answers: { projector: 'yes', people: 2.5 } }, 422, 'invalid_answer', ['answers.people']);
    await expectRefused(r.uuid, { ...start, answers: { projector: 'yes', people: 'two' } }, 422, 'invalid_answer', ['answers.people']);
    await expectRefused(r.uuid, { ...start, answers: { projector: 'yes', people: 2, note: 'much too long' } }, 422, 'answer_too_long', [
      'answers.note',
    ]);
    await expectRefused(r.uuid, { ...start, answers: { projector: 'yes', people: 2, note: true } }, 422, 'invalid_answer', ['answers.note']);
    await expectRefused(r.uuid, { ...start, answers: { projector: 'yes', people: 2, catering: 'yes' } }, 422, 'unknown_question', [
      'answers.catering',
    ]);
    // Every broken rule at once, time and answers, each by its field.
    const all = await expectRefused(r.uuid, { start_at: at(3, '10:15'), duration_minutes: 600, answers: {} }, 422, 'too_long');
    expect(all.fields.map((f: { code: string }) => f.code)).toEqual(['too_long', 'outside_opening_hours', 'missing_answer', 'missing_answer']);
    const ok = await book(r.uuid, { ...start, answers: { projector: 'No', people: '3' } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.form_responses).toEqual([
      { question: 'Will you need the projector?', answer: 'No', type: 'Yes/No' },
      { question: 'How many people?', answer: '3', type: 'text' },
    ]);
  });

  it('does not find another building’s resource (404) or an unknown one, and refuses a building the person is not in (403)', async () => {
    const theirs = await makeResource(server, harbor);
    const body = { start_at: at(2, '10:00'), duration_minutes: 30 };
    const before = await count();
    const answer = await book(theirs.uuid, body);
    expectError(answer, 404);
    expect(answer.body.code).toBe('unknown_resource');
    expect((await book('00000000-0000-4000-8000-000000000000', body)).body.code).toBe('unknown_resource');
    const elsewhere = await book(theirs.uuid, body, { building: harbor });
    expectError(elsewhere, 403);
    expect(elsewhere.body.code).toBe('not_a_member');
    expect(await count()).toBe(before);
    // Its own members book it under its own building.
    expect((await book(theirs.uuid, body, { building: harbor, token: adminToken })).status).toBe(201);
  });

  it('answers bad input with a 4xx and a message, never a 500 (a few hundred odd bodies)', async () => {
    const r = await makeResource(server, plaza, { questions: [{ id: 'q', label: 'Q?', type: 'yes_no', required: false }] });
    const start = at(5, '10:00');
    const starts: unknown[] = [
      undefined,
      null,
      '',
      'tomorrow',
      123,
      true,
      [],
      {},
      start,
      '2026-12-31T23:59:60Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:00:00Z',
      '2026-12-01T10:00:00',
      `${start}\u0000`,
      'a'.repeat(5000),
    ];
    const lengths: Record<string, unknown>[] = [
      {},
      { duration_minutes: 30 },
      { duration_minutes: 0 },
      { duration_minutes: -30 },
      { duration_minutes: 1.5 },
      { duration_minutes: '30' },
      { duration_minutes: 1e12 },
      { end_at: 'x' },
      { end_at: at(5, '10:30'), duration_minutes: 30 },
    ];
    const answers: unknown[] = [
      undefined,
      null,
      [],
      'yes',
      { q: { nested: true } },
      { q: ['yes'] },
      { q: null },
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 'x'])),
      { ['\u0000']: 'x' },
      { q: 'x'.repeat(6000) },
    ];
    const statuses = new Map<number, number>();
    const before = await count();
    for (const s of starts)
      for (const l of lengths)
        for (const a of answers.slice(0, s === start ? answers.length : 2)) {
          const body = { ...(s === undefined ? {} : { start_at: s }), ...l, ...(a === undefined ? {} : { answers: a }) };
          const answer = await book(r.uuid, body, { headers: { 'idempotency-key': 'fuzz' } });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 201) {
            // The one good shape: cancelled again so the next one can be made.
            await server.db.query(`UPDATE resource_bookings SET status = 'cancelled_user', idempotency_key = NULL WHERE uuid = $1`, [
              answer.body.data.uuid,
            ]);
            continue;
          }
          expect(answer.status, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
          expect(answer.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
          expect(answer.body.message).toEqual(expect.any(String));
        }
    for (const raw of ['{bad json', 'null', '[]', '"text"', '']) {
      const answer = await server.app.inject({
        method: 'POST',
        url: `${server.config.apiBase}${bookingsPath(plaza, r.uuid)}`,
        headers: { authorization: `Bearer ${demoToken}`, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(answer.statusCode, raw).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, raw).toBeLessThan(500);
    }
    for (const key of ['', 'a'.repeat(201), 'with space', 'naïve'])
      expect((await book(r.uuid, { start_at: start, duration_minutes: 30 }, { headers: { 'idempotency-key': key } })).status, key).toBe(400);
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    expect(statuses.get(400)).toBeGreaterThan(100);
    expect(statuses.get(422)).toBeGreaterThan(0);
    expect(await count()).toBe(before + (statuses.get(201) ?? 0));
  });
});

describe('a retried request (Idempotency-Key)', () => {
  it('answers the booking the first try made, once, and refuses the key for another booking', async () => {
    const r = await makeResource(server, plaza);
    const body = { start_at: at(6, '10:00'), duration_minutes: 60 };
    const headers = { 'idempotency-key': 'retry-7f3a' };
    const first = await book(r.uuid, body, { headers });
    expect(first.status).toBe(201);
    const before = await count();
    const again = await server.app.inject({
      method: 'POST',
      url: `${server.config.apiBase}${bookingsPath(plaza, r.uuid)}`,
      headers: { authorization: `Bearer ${demoToken}`, ...headers },
      payload: body,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.uuid).toBe(first.body.data.uuid);
    expect(await count()).toBe(before);
    // The same key for another time: refused; another person's same key is theirs.
    const other = await book(r.uuid, { ...body, start_at: at(6, '14:00') }, { headers });
    expectError(other, 422);
    expect(other.body.code).toBe('idempotency_key_reused');
    const theirs = await book(r.uuid, { ...body, start_at: at(6, '14:00') }, { headers, token: adminToken });
    expect(theirs.status).toBe(201);
    // Both tries of one request at the same moment: one booking, both answered with it.
    const twice = await Promise.all(
      [0, 1].map(() => book(r.uuid, { start_at: at(7, '10:00'), duration_minutes: 60 }, { headers: { 'idempotency-key': 'double-click' } })),
    );
    expect(twice.map((a) => a.status)).toEqual([201, 201]);
    expect(twice[0]!.body.data.uuid).toBe(twice[1]!.body.data.uuid);
    // Without a key, a second try is a second request, and finds the time taken.
    expect((await book(r.uuid, { start_at: at(7, '10:00'), duration_minutes: 60 })).body.code).toBe('slot_taken');
  });
});

describe('the calendar file', () => {
  const unfold = (text: string) => text.replace(/\r\n /g, '');

  it('is RFC 5545: CRLF lines of at most 75 octets, escaped text, UTC times, the booking’s UID; TENTATIVE, then CANCELLED with a higher SEQUENCE', async () => {
    const r = await makeResource(server, plaza, {
      name: 'Room; with, commas \\ and a very long name that runs past the seventy-five octet limit — ünïcödé',
      approval: true,
      questions: [{ id: 'note', label: 'Note?', type: 'text', required: true, max_length: 500 }],
    });
    const made = await book(r.uuid, { start_at: at(3, '09:00'), duration_minutes: 90, answers: { note: 'line one\nline two; done' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const b = made.body.data;
    const path = `${receiptPath(b)}/calendar.ics`;
    const file = await server.app.inject({
      method: 'GET',
      url: `${server.config.apiBase}${path}`,
      headers: { authorization: `Bearer ${demoToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="booking-[0-9a-f]{8}\.ics"$/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const text = file.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    const lines = unfold(text).split('\r\n');
    const value = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(value('UID')).toBe(`${b.uuid}@bookings.atrium`);
    const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(value('DTSTART')).toBe(utc(at(3, '09:00')));
    expect(value('DTEND')).toBe(utc(at(3, '10:30')));
    expect(value('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(value('SUMMARY')).toBe('Room\\; with\\, commas \\\\ and a very long name that runs past the seventy-five octet limit — ünïcödé');
    expect(value('LOCATION')).toBe('Floor 3\\, Test zone\\, One Atrium Plaza');
    expect(value('DESCRIPTION')).toContain('Note? line one\\nline two\\; done');
    expect(value('STATUS')).toBe('TENTATIVE');
    expect(value('SEQUENCE')).toBe('0');
    // The folded text unfolds to the same characters: no UTF-8 character was cut in two.
    expect(unfold(text)).toContain('ünïcödé');

    await server.call('DELETE', receiptPath(b), { token: demoToken });
    const after = unfold((await server.call('GET', path, { token: demoToken })).body as string).split('\r\n');
    expect(after.find((l) => l.startsWith('UID:'))).toBe(`UID:${b.uuid}@bookings.atrium`);
    expect(after).toContain('STATUS:CANCELLED');
    expect(after).toContain('SEQUENCE:2');
  });

  it('is the owner’s alone: another person’s booking, a wrong path or no token is refused', async () => {
    const r = await makeResource(server, plaza);
    const made = await book(r.uuid, { start_at: at(3, '15:00'), duration_minutes: 30 });
    const path = `${receiptPath(made.body.data)}/calendar.ics`;
    expect((await server.call('GET', path, { token: demoToken })).status).toBe(200);
    const theirs = await server.call('GET', path, { token: adminToken });
    expectError(theirs, 404);
    expect(theirs.body.code).toBe('unknown_booking');
    expectError(await server.call('GET', path.replace(plaza, harbor), { token: demoToken }), 404);
    expectError(await server.call('GET', path.replace('/building/', '/company/'), { token: demoToken }), 404);
    expectError(await server.call('GET', path), 401);
    expectError(await server.call('GET', path.replace(made.body.data.uuid, 'nope'), { token: demoToken }), 400);
  });

  it('says CONFIRMED for a booking made confirmed', async () => {
    const r = await makeResource(server, plaza);
    const made = await book(r.uuid, { start_at: at(3, '16:00'), duration_minutes: 30 });
    const text = (await server.call('GET', `${receiptPath(made.body.data)}/calendar.ics`, { token: demoToken })).body as string;
    expect(text).toContain('\r\nSTATUS:CONFIRMED\r\n');
  });
});

describe('the write limit', () => {
  it('takes ten bookings a minute from one person; the eleventh is refused 429 with Retry-After and stores nothing', async () => {
    const limited = await startTestServer({ writeLimitFactor: 1 });
    try {
      const building = (await demoBuildingUuids(limited)).plaza;
      const token = (await limited.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
      const r = await makeResource(limited, building);
      const on = plusDays(localDay(NEW_YORK, limited.clock.now().getTime()), 2);
      const make = (hour: number) =>
        limited.call('POST', bookingsPath(building, r.uuid), {
          token,
          body: { start_at: localTime(NEW_YORK, on, `${String(hour).padStart(2, '0')}:00`), duration_minutes: 30 },
        });
      const { max } = WRITE_LIMITS.bookingRequestsMinute;
      for (let i = 0; i < max; i++) expect((await make(8 + i)).status).toBe(201);
      const [before] = await limited.db.query<{ n: number }>('SELECT count(*)::int AS n FROM resource_bookings');
      const refused = await limited.app.inject({
        method: 'POST',
        url: `${limited.config.apiBase}${bookingsPath(building, r.uuid)}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { start_at: localTime(NEW_YORK, on, '17:30'), duration_minutes: 30 },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const [after] = await limited.db.query<{ n: number }>('SELECT count(*)::int AS n FROM resource_bookings');
      expect(after!.n).toBe(before!.n);
    } finally {
      await limited.close();
    }
  });
});

/**
 * Resource bookings and the transaction history (issue 12, decisions 054 and 055): the receipt read by its owner, a
 * cancel within and after the window, what an attacker tries (another person's booking, a path that does not match,
 * malformed ids, no token), the manager's and the tenant's mail, the vendor's dev-only decision, and the history's
 * lists, ordering and pagination — only ever the caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { expectError } from './helpers.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';

let server: TestServer;
let demoToken: string;
let adminToken: string;
let demoId: number;
let plaza: string;

type Seeded = { uuid: string; status: string; resource_uuid: string; owner_uuid: string; resource_name: string; start_at: Date };

beforeAll(async () => {
  server = await startTestServer();
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
  demoId = (await server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO_LOGIN.email]))[0]!.id;
  plaza = (await server.db.query<{ uuid: string }>("SELECT uuid::text FROM buildings WHERE name = 'One Atrium Plaza'"))[0]!.uuid;
});
afterAll(() => server.close());

/** The seeded bookings of a person, read from the database (not through the API under test). */
const bookingsOf = (email: string) =>
  server.db.query<Seeded>(
    `SELECT b.uuid::text, b.status, r.uuid::text AS resource_uuid, bd.uuid::text AS owner_uuid, r.name AS resource_name, b.start_at
       FROM resource_bookings b JOIN resources r ON r.id = b.resource_id JOIN buildings bd ON bd.id = r.building_id JOIN users u ON u.id = b.user_id
      WHERE u.email = $1 ORDER BY b.id`,
    [email],
  );
const find = async (email: string, resource: string, status: string, future = true) => {
  const now = server.clock.now().getTime();
  const found = (await bookingsOf(email)).find(
    (b) => b.resource_name === resource && b.status === status && (future ? b.start_at.getTime() > now : b.start_at.getTime() < now),
  );
  if (!found) throw new Error(`no ${status} booking of ${resource} for ${email}`);
  return found;
};
const pathOf = (b: Pick<Seeded, 'uuid' | 'resource_uuid' | 'owner_uuid'>, ownerType = 'building') =>
  `/resource-booking/v2/${ownerType}/${b.owner_uuid}/resources/${b.resource_uuid}/bookings/${b.uuid}/mine`;
const statusInDb = async (uuid: string) =>
  (await server.db.query<{ status: string }>('SELECT status FROM resource_bookings WHERE uuid = $1', [uuid]))[0]!.status;
const mailTo = (to: string) =>
  server.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM dev_mail WHERE to_address = $1 ORDER BY id DESC', [to]);

describe('the receipt', () => {
  it('answers its owner the booking: both vocabularies, form responses, duration and the cancellation terms', async () => {
    const pending = await find(DEMO_LOGIN.email, 'Conference Room A', 'pending');
    const { status, body } = await server.call('GET', pathOf(pending), { token: demoToken });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      uuid: pending.uuid,
      name: 'Conference Room A',
      status: 'pending',
      receipt_status: 'Pending',
      bookingDuration: 60,
      cancellation_window_end_minutes: 60,
      cancellation_description: 'You can cancel up to 1 hour before your booking starts.',
      can_cancel: true,
      requires_approval: true,
      currency_type: 'USD',
      timezone: 'America/New_York',
      resource: { uuid: pending.resource_uuid, name: 'Conference Room A', image_url: '/media/content/amenity-conference.svg' },
      owner: { owner_type: 'building', owner_uuid: plaza },
      form_responses: [
        { question: 'Will you need the projector?', answer: 'Yes', type: 'Yes/No' },
        { question: 'How many people will attend?', answer: '6', type: 'text' },
      ],
    });
    expect(body.data.start_at).toBe(pending.start_at.toISOString());
    expect(body.data.cancellation_deadline).toBe(new Date(pending.start_at.getTime() - 3_600_000).toISOString());
  });

  it('has every status of both vocabularies among the demo bookings, each answered in the receipt’s words too', async () => {
    const mine = await bookingsOf(DEMO_LOGIN.email);
    const answers = await Promise.all(mine.map((b) => server.call('GET', pathOf(b), { token: demoToken })));
    const pairs = new Set(answers.map((a) => `${a.body.data.status}>${a.body.data.receipt_status}`));
    expect([...pairs].sort()).toEqual(
      [
        'accepted>Accepted',
        'cancelled>Canceled',
        'cancelled_user>Canceled',
        'cancelled_vendor>Canceled',
        'confirmed>Accepted',
        'denied_available>Denied_Available',
        'denied_unavailable>Denied_Unavailable',
        'pending>Pending',
        'pending_payment>Pending',
      ].sort(),
    );
    // A booking past its window and one already closed cannot be cancelled; the answer says so.
    const boardroom = answers.find((a) => a.body.data.name === 'Executive Boardroom' && a.body.data.status === 'accepted')!;
    expect(boardroom.body.data.can_cancel).toBe(false);
    expect(answers.find((a) => a.body.data.status === 'denied_available')!.body.data.can_cancel).toBe(false);
  });

  it('is in every demo building, for the demo people there', async () => {
    const [row] = await server.db.query<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM buildings bd WHERE NOT EXISTS
         (SELECT 1 FROM resource_bookings b JOIN resources r ON r.id = b.resource_id WHERE r.building_id = bd.id)
         OR bd.manager_email IS NULL`,
    );
    expect(row!.missing).toBe(0);
    expect((await bookingsOf('admin@globex.example')).length).toBe(36);
  });
});

describe('cancelling', () => {
  it('cancels within the window: the answer and a later read say Canceled', async () => {
    const booking = await find(DEMO_LOGIN.email, 'Rooftop Terrace', 'accepted');
    const cancel = await server.call('DELETE', pathOf(booking), { token: demoToken });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data).toMatchObject({ uuid: booking.uuid, status: 'cancelled_user', receipt_status: 'Canceled', can_cancel: false });
    expect(await statusInDb(booking.uuid)).toBe('cancelled_user');
    const read = await server.call('GET', pathOf(booking), { token: demoToken });
    expect(read.body.data.receipt_status).toBe('Canceled');
    const again = await server.call('DELETE', pathOf(booking), { token: demoToken });
    expectError(again, 409);
    expect(again.body.code).toBe('booking_not_cancellable');
  });

  it('refuses a cancel after the window (409 you_can_no_longer_cancel) and changes nothing', async () => {
    const booking = await find(DEMO_LOGIN.email, 'Executive Boardroom', 'accepted');
    const refused = await server.call('DELETE', pathOf(booking), { token: demoToken });
    expectError(refused, 409);
    expect(refused.body.code).toBe('you_can_no_longer_cancel');
    expect(refused.body.message).toMatch(/no longer cancel/);
    expect(await statusInDb(booking.uuid)).toBe('accepted');
  });

  it('allows a cancel up to the deadline itself and refuses it one minute later', async () => {
    const booking = await find(DEMO_LOGIN.email, 'Focus Desk 7', 'confirmed');
    const deadline = booking.start_at.getTime() - 15 * 60_000;
    const start = server.clock.now().getTime();
    try {
      server.clock.advance((deadline - start) / 1000 + 60);
      // A token of the moved clock's time (the suite's own would have expired by then).
      const late = await server.call('DELETE', pathOf(booking), { token: (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token });
      expect(late.body.code).toBe('you_can_no_longer_cancel');
      expect(await statusInDb(booking.uuid)).toBe('confirmed');
      server.clock.advance(-60);
      const onTime = await server.call('DELETE', pathOf(booking), { token: (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token });
      expect(onTime.status).toBe(200);
      expect(await statusInDb(booking.uuid)).toBe('cancelled_user');
    } finally {
      server.clock.advance((start - server.clock.now().getTime()) / 1000);
    }
  });
});

describe('what an attacker tries', () => {
  it('cannot read or cancel another person’s booking: 404, as for one that does not exist, and nothing changes', async () => {
    const theirs = await find('admin@globex.example', 'Conference Room A', 'pending');
    expect(theirs.owner_uuid).toBe(plaza); // a building the demo user belongs to as well
    const read = await server.call('GET', pathOf(theirs), { token: demoToken });
    expectError(read, 404);
    expect(read.body.code).toBe('unknown_booking');
    const cancel = await server.call('DELETE', pathOf(theirs), { token: demoToken });
    expectError(cancel, 404);
    expect(await statusInDb(theirs.uuid)).toBe('pending');
    const unknown = await server.call('GET', pathOf({ ...theirs, uuid: '00000000-0000-4000-8000-000000000000' }), { token: demoToken });
    expect(unknown.body).toEqual(read.body);
    expect((await server.call('GET', pathOf(theirs), { token: adminToken })).status).toBe(200);
  });

  it('answers 404 when the path’s owner type, owner or resource is not the booking’s', async () => {
    const mine = await find(DEMO_LOGIN.email, 'Conference Room A', 'pending');
    const other = await find(DEMO_LOGIN.email, 'Rooftop Terrace', 'pending_payment');
    const harbor = (await server.db.query<{ uuid: string }>("SELECT uuid::text FROM buildings WHERE name = 'Harbor Point'"))[0]!.uuid;
    for (const path of [pathOf(mine, 'company'), pathOf({ ...mine, owner_uuid: harbor }), pathOf({ ...mine, resource_uuid: other.resource_uuid })]) {
      expectError(await server.call('GET', path, { token: demoToken }), 404);
      expectError(await server.call('DELETE', path, { token: demoToken }), 404);
    }
    expect(await statusInDb(mine.uuid)).toBe('pending');
  });

  it('answers 400 to malformed ids and 401 without a token', async () => {
    const mine = await find(DEMO_LOGIN.email, 'Conference Room A', 'pending');
    for (const path of [
      pathOf({ ...mine, uuid: 'not-a-uuid' }),
      pathOf({ ...mine, resource_uuid: '123' }),
      pathOf({ ...mine, owner_uuid: "x' OR 1=1 --" }),
      pathOf(mine, 'Building%20!'),
    ]) {
      const answer = await server.call('GET', path, { token: demoToken });
      expectError(answer, 400);
      expect(answer.body.message).toBeTruthy();
      expectError(await server.call('DELETE', path, { token: demoToken }), 400);
    }
    expectError(await server.call('GET', pathOf(mine)), 401);
    expectError(await server.call('DELETE', pathOf(mine)), 401);
    expect(await statusInDb(mine.uuid)).toBe('pending');
  });
});

describe('the manager’s decision and the mail', () => {
  it('mails the manager a pending request, and the tenant the vendor’s approval', async () => {
    const room = (
      await server.db.query<{ uuid: string }>(
        `SELECT r.uuid::text FROM resources r JOIN buildings bd ON bd.id = r.building_id WHERE bd.uuid = $1 AND r.name = 'Conference Room A'`,
        [plaza],
      )
    )[0]!.uuid;
    const start = new Date(server.clock.now().getTime() + 2 * 86_400_000).toISOString();
    const end = new Date(server.clock.now().getTime() + 2 * 86_400_000 + 1_800_000).toISOString();
    const made = await server.call('POST', '/dev/bookings', {
      body: {
        user_email: DEMO_LOGIN.email,
        resource_uuid: room,
        start_at: start,
        end_at: end,
        form_responses: [{ question: 'Will you need the projector?', answer: 'No', type: 'Yes/No' }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ status: 'pending', receipt_status: 'Pending', bookingDuration: 30 });
    const [toManager] = await mailTo('manager.one-atrium-plaza@atrium.localhost');
    expect(toManager!.subject).toBe('Booking request: Conference Room A');
    expect(toManager!.text_body).toContain(DEMO_LOGIN.email);
    expect(toManager!.text_body).toContain('Will you need the projector? No');
    expect(toManager!.text_body).toContain(made.body.data.uuid);

    const approved = await server.call('POST', `/dev/bookings/${made.body.data.uuid}/decision`, { body: { decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'accepted', receipt_status: 'Accepted' });
    const [toTenant] = await mailTo(DEMO_LOGIN.email);
    expect(toTenant!.subject).toBe('Your booking of Conference Room A was approved');
    const path = `/resource-booking/v2/building/${plaza}/resources/${room}/bookings/${made.body.data.uuid}/mine`;
    expect((await server.call('GET', path, { token: demoToken })).body.data.receipt_status).toBe('Accepted');
    // A decided request is not decided again.
    const twice = await server.call('POST', `/dev/bookings/${made.body.data.uuid}/decision`, { body: { decision: 'deny' } });
    expectError(twice, 409);
    expect(twice.body.code).toBe('booking_already_decided');
  });

  it('denies (unavailable, or available) and cancels as the vendor, mailing the tenant each time', async () => {
    const admin = 'admin@globex.example';
    const pending = (await bookingsOf(admin)).filter((b) => b.status === 'pending');
    const before = (await mailTo(admin)).length;
    const deny = await server.call('POST', `/dev/bookings/${pending[0]!.uuid}/decision`, { body: { decision: 'deny' } });
    expect(deny.body.data).toMatchObject({ status: 'denied_unavailable', receipt_status: 'Denied_Unavailable' });
    const denyFree = await server.call('POST', `/dev/bookings/${pending[1]!.uuid}/decision`, { body: { decision: 'deny', slot_available: true } });
    expect(denyFree.body.data).toMatchObject({ status: 'denied_available', receipt_status: 'Denied_Available' });
    const accepted = (await bookingsOf(admin)).find((b) => b.status === 'accepted')!;
    const cancel = await server.call('POST', `/dev/bookings/${accepted.uuid}/decision`, { body: { decision: 'cancel' } });
    expect(cancel.body.data).toMatchObject({ status: 'cancelled_vendor', receipt_status: 'Canceled' });
    const mails = await mailTo(admin);
    expect(mails.length - before).toBe(3);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/was declined$/), expect.stringMatching(/was cancelled$/)]),
    );
  });

  it('refuses bad decisions (400) and an unknown booking (404)', async () => {
    const mine = await find(DEMO_LOGIN.email, 'Rooftop Terrace', 'pending_payment');
    expectError(await server.call('POST', `/dev/bookings/${mine.uuid}/decision`, { body: { decision: 'maybe' } }), 400);
    expectError(await server.call('POST', `/dev/bookings/${mine.uuid}/decision`, { body: {} }), 400);
    expectError(await server.call('POST', '/dev/bookings/nope/decision', { body: { decision: 'approve' } }), 400);
    expectError(await server.call('POST', '/dev/bookings/00000000-0000-4000-8000-000000000000/decision', { body: { decision: 'approve' } }), 404);
    expect(await statusInDb(mine.uuid)).toBe('pending_payment');
  });

  it('answers the vendor routes only to this machine: a remote or forwarded caller gets 403 and changes nothing', async () => {
    const mine = await find(DEMO_LOGIN.email, 'Rooftop Terrace', 'pending_payment');
    const decide = { method: 'POST' as const, url: `/api/dev/bookings/${mine.uuid}/decision`, payload: { decision: 'deny' } };
    expect((await server.app.inject({ ...decide, remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await server.app.inject({ ...decide, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    const count = async () => (await bookingsOf(DEMO_LOGIN.email)).length;
    const before = await count();
    const start = new Date(server.clock.now().getTime() + 86_400_000);
    const make = await server.app.inject({
      method: 'POST',
      url: '/api/dev/bookings',
      payload: {
        user_email: DEMO_LOGIN.email,
        resource_uuid: mine.resource_uuid,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 3_600_000).toISOString(),
      },
      remoteAddress: '10.1.2.3',
    });
    expect(make.statusCode).toBe(403);
    expect(make.json().code).toBe('dev_local_only');
    expect(await statusInDb(mine.uuid)).toBe('pending_payment');
    expect(await count()).toBe(before);
  });
});

type Page = {
  transactions: { event_posts: any[]; resource_bookings: any[]; service_bookings: any[] };
  pagination: { offset: number; limit: number; total: number; has_more: boolean };
};
const history = async (token: string, query = '') => {
  const answer = await server.call('GET', `/tenant/v1/users/current/transactions${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Page;
};
const all = (page: Page) => [...page.transactions.event_posts, ...page.transactions.resource_bookings, ...page.transactions.service_bookings];

describe('the transaction history', () => {
  it('answers the three typed lists in their shapes', async () => {
    const page = await history(demoToken, '?limit=100');
    const booking = page.transactions.resource_bookings[0];
    expect(booking).toEqual({
      uuid: expect.any(String),
      total_price: expect.any(Number),
      currency_type: 'USD',
      details: { owner: { owner_type: 'building', owner_uuid: plaza }, resource: { uuid: expect.any(String) } },
      content: { resource: { name: expect.any(String), image_url: expect.stringMatching(/^\/media\//) } },
      status: expect.any(String),
      start_at: expect.any(String),
      end_at: expect.any(String),
    });
    const service = page.transactions.service_bookings[0];
    expect(service).toEqual({
      uuid: expect.any(String),
      currency_type: 'USD',
      content: { service: { provider_name: expect.any(String), logo_url: expect.any(String), price: expect.any(Number) } },
      status: expect.any(String),
      start_at: expect.any(String),
      end_at: expect.any(String),
    });
    expect(Number.isInteger(service.content.service.price)).toBe(true);
    expect(page.transactions.resource_bookings.length).toBeGreaterThanOrEqual(12);
    expect(page.transactions.service_bookings).toHaveLength(6);
  });

  it('shows an RSVP made through the API as an event post', async () => {
    const [event] = await server.db.query<{ uuid: string }>(
      `SELECT c.uuid::text FROM contents c JOIN event_details e ON e.content_id = c.id
        WHERE c.type = 'event_post' AND c.building_id = (SELECT id FROM buildings WHERE uuid = $1) AND e.end_at > now() AND e.cta_url IS NULL
          AND (e.capacity IS NULL OR e.capacity > (SELECT count(*) FROM rsvps r WHERE r.content_id = c.id))
          AND NOT EXISTS (SELECT 1 FROM rsvps r WHERE r.content_id = c.id AND r.user_id = $2) LIMIT 1`,
      [plaza, demoId],
    );
    const before = (await history(demoToken, '?type=event_posts&limit=100')).transactions.event_posts;
    expect(before.map((e) => e.uuid)).not.toContain(event!.uuid);
    const rsvp = await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${event!.uuid}/attend`, { token: demoToken });
    expect(rsvp.status, JSON.stringify(rsvp.body)).toBe(200);
    const after = (await history(demoToken, '?type=event_posts&limit=100')).transactions.event_posts;
    const shown = after.find((e) => e.uuid === event!.uuid);
    expect(shown).toEqual({
      uuid: event!.uuid,
      building_uuid: plaza,
      currency_type: expect.any(String),
      content: {
        uuid: event!.uuid,
        title: expect.any(String),
        subtitle: expect.toBeOneOf([expect.any(String), null]),
        image_url: expect.toBeOneOf([expect.any(String), null]),
      },
      status: 'attending',
      start_at: expect.any(String),
      end_at: expect.any(String),
      price: expect.any(Number),
    });
    expect(after).toHaveLength(before.length + 1);
  });

  it('holds the ended events the demo people attended (seeded), in their buildings', async () => {
    const past = await history(demoToken, '?type=event_posts&when=past&limit=100');
    expect(past.transactions.event_posts.map((e) => e.content.title)).toContain('Spring networking breakfast');
    expect(past.transactions.event_posts.every((e) => e.building_uuid === plaza && e.status === 'attending')).toBe(true);
    const [missing] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN user_buildings ub ON ub.user_id = u.id
        WHERE u.email = ANY($1) AND NOT EXISTS (SELECT 1 FROM rsvps r JOIN contents c ON c.id = r.content_id
          WHERE r.user_id = u.id AND c.building_id = ub.building_id)`,
      [['demo@northwind.example', 'admin@globex.example', 'olivia@umbrella.example']],
    );
    expect(missing!.n).toBe(0);
  });

  it('holds only the caller’s own transactions', async () => {
    const [demo, admin] = [await history(demoToken, '?limit=100'), await history(adminToken, '?limit=100')];
    const mine = new Set((await bookingsOf(DEMO_LOGIN.email)).map((b) => b.uuid));
    expect(demo.transactions.resource_bookings.every((b) => mine.has(b.uuid))).toBe(true);
    expect(demo.transactions.resource_bookings).toHaveLength(mine.size);
    const demoUuids = new Set(all(demo).map((t) => t.uuid));
    expect(all(admin).filter((t) => demoUuids.has(t.uuid) && !demo.transactions.event_posts.some((e) => e.uuid === t.uuid))).toEqual([]);
    const [services] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_bookings WHERE user_id = $1', [demoId]);
    expect(demo.transactions.service_bookings).toHaveLength(services!.n);
    expectError(await server.call('GET', '/tenant/v1/users/current/transactions'), 401);
  });

  it('orders by start_at or name either way, across the three lists', async () => {
    const starts = (list: any[]) => list.map((t) => t.start_at as string);
    const ascPage = await history(demoToken, '?orderByProperty=start_at&orderBy=ASC&limit=100');
    for (const list of Object.values(ascPage.transactions)) expect(starts(list)).toEqual(starts(list).sort());
    const descPage = await history(demoToken, '?orderByProperty=start_at&orderBy=desc&limit=100');
    for (const list of Object.values(descPage.transactions)) expect(starts(list)).toEqual(starts(list).sort().reverse());
    // One item a page: the pages follow one order over the three kinds together.
    const first = (await history(demoToken, '?orderByProperty=start_at&orderBy=ASC&limit=1')).pagination.total;
    const sequence: string[] = [];
    for (let offset = 0; offset < first; offset++)
      sequence.push(...starts(all(await history(demoToken, `?orderByProperty=start_at&orderBy=ASC&limit=1&offset=${offset}`))));
    expect(sequence).toHaveLength(first);
    expect(sequence).toEqual([...sequence].sort());
    const byName = await history(demoToken, '?type=resource_bookings&orderByProperty=name&orderBy=ASC&limit=100');
    const names = byName.transactions.resource_bookings.map((b) => b.content.resource.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(names).size).toBeGreaterThan(1);
  });

  it('pages through them: offset and limit, total and has_more, no item twice', async () => {
    const whole = await history(demoToken, '?limit=100&orderByProperty=start_at&orderBy=ASC');
    const total = whole.pagination.total;
    expect(total).toBe(all(whole).length);
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 7) {
      const page = await history(demoToken, `?limit=7&offset=${offset}&orderByProperty=start_at&orderBy=ASC`);
      expect(page.pagination).toEqual({ offset, limit: 7, total, has_more: offset + 7 < total });
      seen.push(...all(page).map((t) => t.uuid));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const beyond = await history(demoToken, `?limit=7&offset=${total + 10}`);
    expect(beyond.pagination).toEqual({ offset: total + 10, limit: 7, total, has_more: false });
    expect(all(beyond)).toEqual([]);
  });

  it('filters upcoming (soonest first) and past (latest first) and one type', async () => {
    const now = server.clock.now().toISOString();
    const upcoming = await history(demoToken, '?when=upcoming&limit=100');
    expect(all(upcoming).every((t) => t.end_at > now)).toBe(true);
    const upStarts = all(upcoming).length;
    expect(upStarts).toBeGreaterThan(0);
    const past = await history(demoToken, '?when=past&limit=100');
    expect(all(past).every((t) => t.end_at <= now)).toBe(true);
    expect(all(past).length).toBeGreaterThan(0);
    expect(upcoming.pagination.total + past.pagination.total).toBe((await history(demoToken, '?limit=100')).pagination.total);
    const services = await history(demoToken, '?type=service_bookings&when=past');
    expect(services.transactions.event_posts).toEqual([]);
    expect(services.transactions.resource_bookings).toEqual([]);
    const starts = services.transactions.service_bookings.map((s) => s.start_at as string);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('answers 400 to bad ordering, paging and filter parameters', async () => {
    for (const query of [
      '?orderByProperty=password_hash',
      '?orderBy=sideways',
      '?offset=-1',
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?type=payments',
      '?when=yesterday',
      '?user_id=1',
    ]) {
      const answer = await server.call('GET', `/tenant/v1/users/current/transactions${query}`, { token: demoToken });
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBeTruthy();
    }
  });
});

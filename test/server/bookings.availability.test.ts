/**
 * Booking (issue 26): a building's bookable resources and their availability on a day of the building's calendar —
 * the list and its filters, one resource with its rules, opening hours, the grid, buffers, taken and past slots, the
 * building's time zone on days when clocks change, the horizon — and who may ask: members only, a resource of another
 * building is not found, and nothing answers while the `booking` flag is off for the building.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { demoBuildingUuids, expectError } from './helpers.js';
import { everyDay, localDay, localTime, makeResource, nextClockChange, offsetAt, plusDays } from './bookingFixtures.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { FlagStore } from '../../server/lib/flags.js';

let server: TestServer;
let demoToken: string;
let adminToken: string;
let plaza: string;
let harbor: string;
const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';

beforeAll(async () => {
  server = await startTestServer();
  ({ plaza, harbor } = await demoBuildingUuids(server));
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
});
afterAll(() => server.close());

const resourcesPath = (building: string) => `/tenant/v1/buildings/${building}/resources`;
const availability = (building: string, resource: string, date?: string, token = demoToken) =>
  server.call('GET', `${resourcesPath(building)}/${resource}/availability${date ? `?date=${date}` : ''}`, { token });
const book = (building: string, resource: string, body: object, token = demoToken) =>
  server.call('POST', `${resourcesPath(building)}/${resource}/bookings`, { token, body });
const now = () => server.clock.now().getTime();
const seeded = async (building: string, name: string) =>
  (
    await server.db.query<{ uuid: string }>(
      'SELECT r.uuid::text FROM resources r JOIN buildings b ON b.id = r.building_id WHERE b.uuid = $1 AND r.name = $2',
      [building, name],
    )
  )[0]!.uuid;

type Slot = { start_at: string; end_at: string; status: 'free' | 'taken' | 'past' };
const statusAt = (slots: Slot[], time: string) => slots.find((s) => s.start_at.slice(11, 16) === time)?.status;

describe('the resources of a building', () => {
  it('lists the demo rooms, desks on two floors and the terrace, each with its rules and questions', async () => {
    const { status, body } = await server.call('GET', resourcesPath(plaza), { token: demoToken });
    expect(status).toBe(200);
    const names = body.data.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Conference Room A',
        'Huddle Room 12B',
        'Executive Boardroom',
        'Focus Desk 7',
        'Focus Desk 8',
        'Hot Desk 14-01',
        'Hot Desk 14-02',
        'Rooftop Terrace',
      ]),
    );
    // Rooms, then desks, then amenities.
    const kinds = body.data.map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual([...kinds].sort((a: string, b: string) => ['room', 'desk', 'amenity'].indexOf(a) - ['room', 'desk', 'amenity'].indexOf(b)));
    const terrace = body.data.find((r: { name: string }) => r.name === 'Rooftop Terrace');
    expect(terrace).toMatchObject({
      kind: 'amenity',
      capacity: 40,
      requires_approval: true,
      timezone: NEW_YORK,
      amenity_uuid: expect.any(String),
      owner: { owner_type: 'building', owner_uuid: plaza },
      rules: {
        slot_minutes: 60,
        min_minutes: 60,
        max_minutes: 240,
        buffer_minutes: 30,
        horizon_days: 90,
        bookable_until: plusDays(localDay(NEW_YORK, now()), 90),
      },
    });
    expect(terrace.opening_hours).toHaveLength(7);
    expect(terrace.questions.map((q: { id: string }) => q.id)).toEqual(['food', 'occasion', 'guests']);
    expect(terrace.questions[2]).toEqual({ id: 'guests', label: 'How many guests?', type: 'number', required: true, min: 1, max: 40 });
    const room = body.data.find((r: { name: string }) => r.name === 'Conference Room A');
    expect(room).toMatchObject({ kind: 'room', capacity: 8, floor: '12', zone: 'North', equipment: ['Display', 'Video conferencing', 'Whiteboard'] });
    expect(body.data.find((r: { name: string }) => r.name === 'Focus Desk 7').rules.slot_minutes).toBeNull();
  });

  it('filters by kind, floor, zone, capacity and amenity', async () => {
    const names = async (query: string) =>
      ((await server.call('GET', `${resourcesPath(plaza)}?${query}`, { token: demoToken })).body.data as { name: string }[]).map((r) => r.name);
    expect(await names('floor=14')).toEqual(['Hot Desk 14-01', 'Hot Desk 14-02']);
    expect(await names('kind=desk&zone=quiet%20zone')).toEqual(['Focus Desk 7', 'Focus Desk 8']);
    const big = await names('min_capacity=10');
    expect(big).toEqual(expect.arrayContaining(['Executive Boardroom', 'Rooftop Terrace']));
    expect(big).not.toContain('Conference Room A');
    const all = (await server.call('GET', resourcesPath(plaza), { token: demoToken })).body.data as { kind: string; capacity: number | null }[];
    const desks = (await server.call('GET', `${resourcesPath(plaza)}?kind=desk`, { token: demoToken })).body.data as { kind: string }[];
    expect(desks.length).toBe(all.filter((r) => r.kind === 'desk').length);
    expect(desks.every((r) => r.kind === 'desk')).toBe(true);
    const [amenity] = await server.db.query<{ uuid: string }>(
      `SELECT a.uuid::text FROM amenities a JOIN amenity_categories c ON c.id = a.category_id JOIN buildings b ON b.id = c.building_id
        WHERE b.uuid = $1 AND a.image_url LIKE '%amenity-rooftop.svg'`,
      [plaza],
    );
    expect(await names(`amenity_uuid=${amenity!.uuid}`)).toEqual(['Rooftop Terrace']);
    for (const query of ['kind=parking', 'min_capacity=0', 'min_capacity=lots', 'amenity_uuid=x', 'owner=1', `floor=${'9'.repeat(51)}`])
      expectError(await server.call('GET', `${resourcesPath(plaza)}?${query}`, { token: demoToken }), 400);
  });

  it('answers one resource; another building’s resource, or an unknown one, is not found', async () => {
    const room = await seeded(plaza, 'Conference Room A');
    const one = await server.call('GET', `${resourcesPath(plaza)}/${room}`, { token: demoToken });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ uuid: room, name: 'Conference Room A', questions: [{ id: 'projector' }, { id: 'attendees' }] });
    const harborRoom = await seeded(harbor, 'Conference Room A');
    // Asked under the person's own building: 404, the same answer as an unknown id.
    for (const uuid of [harborRoom, '00000000-0000-4000-8000-000000000000']) {
      for (const path of [
        `${resourcesPath(plaza)}/${uuid}`,
        `${resourcesPath(plaza)}/${uuid}/availability`,
        `${resourcesPath(plaza)}/${uuid}/bookings`,
      ]) {
        const refused = await server.call('GET', path, { token: demoToken });
        expectError(refused, 404);
        expect(refused.body.code).toBe('unknown_resource');
      }
    }
    // Asked under the other building, which the person does not belong to: 403, and 404 for a building that does not exist.
    expect((await server.call('GET', `${resourcesPath(harbor)}/${harborRoom}`, { token: demoToken })).body.code).toBe('not_a_member');
    expect((await server.call('GET', resourcesPath(harbor), { token: demoToken })).status).toBe(403);
    expect((await server.call('GET', resourcesPath('00000000-0000-4000-8000-000000000000'), { token: demoToken })).status).toBe(404);
    expect((await server.call('GET', resourcesPath(plaza))).status).toBe(401);
    // A member of both sees each under its own building.
    expect((await server.call('GET', `${resourcesPath(harbor)}/${harborRoom}`, { token: adminToken })).status).toBe(200);
  });
});

describe('availability', () => {
  it('lists the grid slots inside the opening hours with the building’s offset, free when nothing holds them', async () => {
    const r = await makeResource(server, plaza, { hours: everyDay('09:00', '12:00'), slot: 30 });
    const day = plusDays(localDay(NEW_YORK, now()), 2);
    const { status, body } = await availability(plaza, r.uuid, day);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ resource_uuid: r.uuid, date: day, timezone: NEW_YORK, slot_minutes: 30, taken: [] });
    expect(body.data.opening_hours).toEqual([{ start_at: localTime(NEW_YORK, day, '09:00'), end_at: localTime(NEW_YORK, day, '12:00') }]);
    expect(body.data.slots.map((s: Slot) => s.start_at)).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((t) => localTime(NEW_YORK, day, t)),
    );
    expect(body.data.slots.every((s: Slot) => s.status === 'free')).toBe(true);
    expect(body.data.free).toEqual([{ start_at: localTime(NEW_YORK, day, '09:00'), end_at: localTime(NEW_YORK, day, '12:00') }]);
  });

  it('marks a booking’s slots taken, and the buffer after it and before it; the free ranges leave room for both', async () => {
    const r = await makeResource(server, plaza, { buffer: 30 });
    const day = plusDays(localDay(NEW_YORK, now()), 2);
    const made = await book(plaza, r.uuid, { start_at: localTime(NEW_YORK, day, '10:00'), end_at: localTime(NEW_YORK, day, '11:00') });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { body } = await availability(plaza, r.uuid, day);
    const slots = body.data.slots as Slot[];
    // 09:30 would end at 10:00 and its buffer run into the booking; 11:00 is inside the booking's buffer.
    expect(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((t) => statusAt(slots, t))).toEqual([
      'free',
      'taken',
      'taken',
      'taken',
      'taken',
      'free',
    ]);
    expect(body.data.free).toEqual([
      { start_at: localTime(NEW_YORK, day, '08:00'), end_at: localTime(NEW_YORK, day, '09:30') },
      { start_at: localTime(NEW_YORK, day, '11:30'), end_at: localTime(NEW_YORK, day, '18:00') },
    ]);
    expect(body.data.taken).toEqual([{ start_at: localTime(NEW_YORK, day, '10:00'), end_at: localTime(NEW_YORK, day, '11:00'), mine: true }]);
    // Another person sees the same time taken, not whose it is.
    const theirs = await availability(plaza, r.uuid, day, adminToken);
    expect(theirs.body.data.taken).toEqual([{ start_at: localTime(NEW_YORK, day, '10:00'), end_at: localTime(NEW_YORK, day, '11:00'), mine: false }]);
    // What availability calls free the server accepts, and what it calls taken it refuses.
    expect((await book(plaza, r.uuid, { start_at: localTime(NEW_YORK, day, '09:00'), duration_minutes: 30 }, adminToken)).status).toBe(201);
    const refused = await book(plaza, r.uuid, { start_at: localTime(NEW_YORK, day, '11:00'), duration_minutes: 30 }, adminToken);
    expectError(refused, 409);
    expect(refused.body).toMatchObject({
      code: 'slot_taken',
      next_free: { start_at: localTime(NEW_YORK, day, '11:30'), end_at: localTime(NEW_YORK, day, '12:00') },
    });
  });

  it('shows pending requests as taken, and frees a cancelled booking’s time at once', async () => {
    const r = await makeResource(server, plaza, { approval: true });
    const day = plusDays(localDay(NEW_YORK, now()), 3);
    const made = await book(plaza, r.uuid, { start_at: localTime(NEW_YORK, day, '14:00'), duration_minutes: 60 });
    expect(made.body.data.status).toBe('pending');
    expect(statusAt((await availability(plaza, r.uuid, day)).body.data.slots, '14:00')).toBe('taken');
    const b = made.body.data;
    const cancel = await server.call('DELETE', `/resource-booking/v2/building/${plaza}/resources/${r.uuid}/bookings/${b.uuid}/mine`, {
      token: demoToken,
    });
    expect(cancel.status).toBe(200);
    const after = await availability(plaza, r.uuid, day);
    expect(statusAt(after.body.data.slots, '14:00')).toBe('free');
    expect(after.body.data.taken).toEqual([]);
  });

  it('answers today with the slots that have begun as past, and free ranges from now on', async () => {
    const r = await makeResource(server, plaza, { hours: everyDay('00:00', '24:00'), slot: 60, min: 60 });
    const { body } = await availability(plaza, r.uuid);
    expect(body.data.date).toBe(localDay(NEW_YORK, now()));
    const slots = body.data.slots as Slot[];
    expect(slots.length).toBeGreaterThanOrEqual(23);
    for (const s of slots) expect(s.status, s.start_at).toBe(Date.parse(s.start_at) < now() ? 'past' : 'free');
    for (const f of body.data.free) expect(Date.parse(f.start_at)).toBeGreaterThanOrEqual(now());
    // Yesterday: every slot past, nothing free.
    const yesterday = await availability(plaza, r.uuid, plusDays(localDay(NEW_YORK, now()), -1));
    expect((yesterday.body.data.slots as Slot[]).every((s) => s.status === 'past')).toBe(true);
    expect(yesterday.body.data.free).toEqual([]);
  });

  it('gives a resource without a grid no slots, and free ranges to book a start and a length in', async () => {
    const desk = await seeded(plaza, 'Focus Desk 8');
    let day = plusDays(localDay(NEW_YORK, now()), 1);
    // The desk opens on weekdays: the next one.
    while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = plusDays(day, 1);
    const { body } = await availability(plaza, desk, day);
    expect(body.data.slot_minutes).toBeNull();
    expect(body.data.slots).toEqual([]);
    expect(body.data.free).toEqual([{ start_at: localTime(NEW_YORK, day, '07:00'), end_at: localTime(NEW_YORK, day, '20:00') }]);
    const closed = plusDays(day, 6 - new Date(`${day}T12:00:00Z`).getUTCDay()); // that week's Saturday
    const saturday = await availability(plaza, desk, closed);
    expect(saturday.body.data).toMatchObject({ opening_hours: [], slots: [], free: [] });
  });

  it('shows the demo bookings of the coming days as taken (the seed’s huddle room)', async () => {
    const huddle = await seeded(plaza, 'Huddle Room 12B');
    const days: string[] = [];
    for (let day = plusDays(localDay(NEW_YORK, now()), 1); days.length < 2; day = plusDays(day, 1))
      if (![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) days.push(day);
    for (const day of days) {
      const { body } = await availability(plaza, huddle, day);
      const slots = body.data.slots as Slot[];
      expect(
        ['10:00', '10:30', '14:00', '14:30', '15:00'].map((t) => statusAt(slots, t)),
        day,
      ).toEqual(['taken', 'taken', 'taken', 'taken', 'taken']);
      expect(statusAt(slots, '11:00')).toBe('free');
      expect(body.data.taken).toHaveLength(2);
    }
  });

  it('keeps to the building’s time zone on a day the clocks change: 23 or 25 hours, offsets before and after', async () => {
    const r = await makeResource(server, plaza, { hours: everyDay('00:00', '24:00'), slot: 60, min: 60, horizon: 366 });
    const office = await makeResource(server, plaza, { hours: everyDay('08:00', '18:00'), slot: 60, min: 60, horizon: 366 });
    const day = nextClockChange(NEW_YORK, now());
    const before = offsetAt(NEW_YORK, Date.parse(`${plusDays(day, -1)}T12:00:00Z`));
    const after = offsetAt(NEW_YORK, Date.parse(`${day}T12:00:00Z`));
    const { status, body } = await availability(plaza, r.uuid, day);
    expect(status, JSON.stringify(body)).toBe(200);
    const springForward = after === '-04:00';
    expect(body.data.opening_hours).toEqual([{ start_at: `${day}T00:00:00${before}`, end_at: `${plusDays(day, 1)}T00:00:00${after}` }]);
    const slots = body.data.slots as Slot[];
    expect(slots).toHaveLength(springForward ? 23 : 25);
    // Every slot lasts an hour of real time, one after the other; the offset changes once, at 2 am.
    for (const [i, s] of slots.entries()) {
      expect(Date.parse(s.end_at) - Date.parse(s.start_at)).toBe(3_600_000);
      if (i > 0) expect(Date.parse(s.start_at)).toBe(Date.parse(slots[i - 1]!.end_at));
    }
    expect(slots.map((s) => s.start_at.slice(11, 16)).slice(0, 4)).toEqual(
      springForward ? ['00:00', '01:00', '03:00', '04:00'] : ['00:00', '01:00', '01:00', '02:00'],
    );
    expect(slots[0]!.start_at.endsWith(before)).toBe(true);
    expect(slots.at(-1)!.start_at.endsWith(after)).toBe(true);
    // Office hours that day are 08:00 to 18:00 on the wall clock, at the new offset.
    const hours = await availability(plaza, office.uuid, day);
    expect(hours.body.data.opening_hours).toEqual([{ start_at: `${day}T08:00:00${after}`, end_at: `${day}T18:00:00${after}` }]);
    expect(hours.body.data.slots).toHaveLength(10);
    // A booking on the wall clock of that day is taken at its real instant.
    const start = `${day}T09:00:00${after}`;
    expect((await book(plaza, office.uuid, { start_at: start, duration_minutes: 60 })).body.data.start_at).toBe(new Date(start).toISOString());
  });

  it('answers in London’s time for a London building, with its summer and winter offsets', async () => {
    const r = await makeResource(server, harbor, { hours: everyDay('09:00', '17:00'), slot: 60, min: 60, horizon: 366 });
    const day = nextClockChange(LONDON, now());
    const after = offsetAt(LONDON, Date.parse(`${day}T12:00:00Z`));
    const { body } = await availability(harbor, r.uuid, day, adminToken);
    expect(body.data.timezone).toBe(LONDON);
    expect(body.data.opening_hours).toEqual([{ start_at: `${day}T09:00:00${after}`, end_at: `${day}T17:00:00${after}` }]);
    const dayBefore = plusDays(day, -1);
    const earlier = await availability(harbor, r.uuid, dayBefore, adminToken);
    expect(earlier.body.data.opening_hours[0].start_at).toBe(`${dayBefore}T09:00:00${offsetAt(LONDON, Date.parse(`${dayBefore}T12:00:00Z`))}`);
    expect(after).not.toBe(offsetAt(LONDON, Date.parse(`${dayBefore}T12:00:00Z`)));
  });

  it('refuses a day beyond the horizon (422 beyond_horizon with the last bookable day) and a malformed date (400)', async () => {
    const r = await makeResource(server, plaza, { horizon: 3 });
    const today = localDay(NEW_YORK, now());
    expect((await availability(plaza, r.uuid, plusDays(today, 3))).status).toBe(200);
    const far = await availability(plaza, r.uuid, plusDays(today, 4));
    expectError(far, 422);
    expect(far.body).toMatchObject({
      code: 'beyond_horizon',
      bookable_until: plusDays(today, 3),
      fields: [{ field: 'date', code: 'beyond_horizon' }],
    });
    const old = await availability(plaza, r.uuid, '1999-01-01');
    expectError(old, 422);
    expect(old.body.code).toBe('date_out_of_range');
    for (const date of ['2026-02-30', '2026-13-01', 'tomorrow', '20261201', '2026-1-1', '%00'])
      expect((await availability(plaza, r.uuid, date)).status, date).toBe(400);
  });
});

describe('the booking flag', () => {
  it('answers 404 booking_off for every booking call in a building where it is off, and serves the others; receipts stay', async () => {
    const flags = new FlagStore(server.db, server.clock);
    const room = await seeded(plaza, 'Huddle Room 12B');
    const day = plusDays(localDay(NEW_YORK, now()), 1);
    const before = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM resource_bookings'))[0]!.n;
    const [mine] = await server.db.query<{ uuid: string; resource: string }>(
      `SELECT b.uuid::text, r.uuid::text AS resource FROM resource_bookings b JOIN resources r ON r.id = b.resource_id JOIN buildings bd ON bd.id = r.building_id
        JOIN users u ON u.id = b.user_id WHERE u.email = $1 AND bd.uuid = $2 LIMIT 1`,
      [DEMO_LOGIN.email, plaza],
    );
    await flags.set('booking', false, plaza, 'test');
    try {
      for (const [method, path, body] of [
        ['GET', resourcesPath(plaza), undefined],
        ['GET', `${resourcesPath(plaza)}/${room}`, undefined],
        ['GET', `${resourcesPath(plaza)}/${room}/availability?date=${day}`, undefined],
        ['GET', `${resourcesPath(plaza)}/${room}/bookings`, undefined],
        ['POST', `${resourcesPath(plaza)}/${room}/bookings`, { start_at: localTime(NEW_YORK, day, '16:00'), duration_minutes: 30 }],
      ] as const) {
        const answer = await server.call(method, path, { token: demoToken, ...(body ? { body } : {}) });
        expectError(answer, 404, 'Booking is not offered in this building');
        expect(answer.body.code, path).toBe('booking_off');
      }
      expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM resource_bookings'))[0]!.n).toBe(before);
      // Another building keeps it.
      expect((await server.call('GET', resourcesPath(harbor), { token: adminToken })).status).toBe(200);
      // What was booked stays readable: the receipt and its calendar file.
      const receipt = `/resource-booking/v2/building/${plaza}/resources/${mine!.resource}/bookings/${mine!.uuid}/mine`;
      expect((await server.call('GET', receipt, { token: demoToken })).status).toBe(200);
      expect((await server.call('GET', `${receipt}/calendar.ics`, { token: demoToken })).status).toBe(200);
      // Off for everyone: off here too; back on for the building: on again.
      await flags.unset('booking', plaza, 'test');
      await flags.set('booking', false, null, 'test');
      expect((await server.call('GET', resourcesPath(harbor), { token: adminToken })).body.code).toBe('booking_off');
    } finally {
      await flags.unset('booking', null, 'test');
      await flags.unset('booking', plaza, 'test');
    }
    expect((await server.call('GET', resourcesPath(plaza), { token: demoToken })).status).toBe(200);
  });
});

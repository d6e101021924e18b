/**
 * The notification centre (issue 26; decision 225-notification-centre): what creates a notification (a booking
 * requested, the vendor's decision, a service request's new status, a visitor's arrival, an announcement), the list and
 * its counts, seen and read, the preferences that the emails follow too, the live stream with its replay; and what an
 * attacker tries: another person's or another building's notification, forged ids, oversized input, no token, a token
 * in the address, the write limit.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { demoBuildingUuids, expectError } from './helpers.js';
import { makeResource } from './bookingFixtures.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { NOTIFICATION_KINDS } from '../../contracts/notifications.js';

let server: TestServer;
let plaza: string;
let harbor: string;
let maison: string;
let demoToken: string;
let adminToken: string;

beforeAll(async () => {
  // Listening (the streams are read with fetch) and with the real write limits (one test spends one).
  server = await startTestServer({ writeLimitFactor: 1 }, { listen: true });
  ({ plaza, harbor, maison } = await demoBuildingUuids(server));
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
});
afterAll(() => server.close());

type Item = {
  id: string;
  kind: string;
  params: { subject: string; status?: string };
  link: string | null;
  seen_at: string | null;
  read_at: string | null;
};
type Page = { items: Item[]; counts: { unseen: number; unread: number }; more: boolean };
const base = (building: string) => `/tenant/v1/buildings/${building}/notifications`;
const page = async (building: string, token: string, query = '') => {
  const answer = await server.call('GET', `${base(building)}${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Page;
};
const mailTo = (to: string) => server.db.query<{ subject: string }>('SELECT subject FROM dev_mail WHERE to_address = $1 ORDER BY id DESC', [to]);
const setPrefs = (token: string, body: unknown) => server.call('PUT', '/tenant/v1/users/current/notification-preferences', { token, body });

let slot = 0;
/** A pending request of the demo tenant for a room that needs approval, as the vendor's app makes one. */
async function pendingBooking(building = plaza, email: string = DEMO_LOGIN.email) {
  const room = await makeResource(server, building, { approval: true, name: `Approval room ${++slot}` });
  const start = server.clock.now().getTime() + (2 + slot) * 86_400_000;
  const made = await server.call('POST', '/dev/bookings', {
    body: { user_email: email, resource_uuid: room.uuid, start_at: new Date(start).toISOString(), end_at: new Date(start + 1_800_000).toISOString() },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { uuid: made.body.data.uuid as string, room };
}
const decide = (uuid: string, decision: 'approve' | 'deny' | 'cancel') =>
  server.call('POST', `/dev/bookings/${uuid}/decision`, { body: { decision } });

/**
 * A GET with the given headers over a real socket, as a browser sends it (fetch in Node drops a Cookie header): the
 * status, and the body as a stream to read events from; `close` ends the connection.
 */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: ReadableStream<Uint8Array>; close: () => void }>((resolve, reject) => {
    const req = httpRequest(`${server.config.publicOrigin}/api${path}`, { headers }, (res) =>
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: Readable.toWeb(res) as ReadableStream<Uint8Array>,
        close: () => req.destroy(),
      }),
    );
    req.on('error', reject);
    req.end();
  });
}

/** A stream ticket's cookie, as a signed-in call sets it (the browser then sends it with EventSource's request). */
async function ticketFor(building: string, token: string): Promise<string> {
  const res = await fetch(`${server.config.publicOrigin}/api${base(building)}/stream-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!;
  expect(cookie).toMatch(new RegExp(`Path=/api${base(building)}/stream; Max-Age=60; HttpOnly; SameSite=Strict`));
  return cookie.split(';')[0]!;
}
/** What EventSource sends: no bearer, the ticket's cookie. */
const streamHeaders = (cookie: string, extra: Record<string, string> = {}) => ({ accept: 'text/event-stream', cookie, ...extra });

/** Reads server-sent events from a streaming response, one at a time, with their ids. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ id?: string; event: string; data: any }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event) return { id: field('id'), event, data: JSON.parse(field('data') ?? 'null') };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function openStream(building: string, token: string, extra: Record<string, string> = {}) {
  const cookie = await ticketFor(building, token);
  const res = await rawGet(`${base(building)}/stream`, streamHeaders(cookie, extra));
  return { res, events: eventReader(res.body), close: res.close };
}

describe('what tells a person', () => {
  it('a booking request, then the vendor’s approval: both listed newest first, linking to the receipt, and the approval mailed', async () => {
    const before = (await page(plaza, demoToken)).counts.unread;
    const { uuid, room } = await pendingBooking();
    expect((await decide(uuid, 'approve')).status).toBe(200);
    const { items, counts } = await page(plaza, demoToken);
    expect(items.slice(0, 2).map((i) => i.kind)).toEqual(['booking_approved', 'booking_requested']);
    expect(items[0]).toMatchObject({
      params: { subject: room.name },
      link: `/building/${plaza}/bookings/building/${plaza}/${room.uuid}/${uuid}`,
      seen_at: null,
      read_at: null,
    });
    expect(counts.unread).toBe(before + 2);
    expect((await mailTo(DEMO_LOGIN.email))[0]!.subject).toBe(`Your booking of ${room.name} was approved`);
  });

  it('a denial and a vendor’s cancel have kinds of their own', async () => {
    const denied = await pendingBooking();
    await decide(denied.uuid, 'deny');
    const cancelled = await pendingBooking();
    await decide(cancelled.uuid, 'approve');
    await decide(cancelled.uuid, 'cancel');
    const kinds = (await page(plaza, demoToken)).items.slice(0, 5).map((i) => i.kind);
    expect(kinds).toEqual(['booking_cancelled', 'booking_approved', 'booking_requested', 'booking_denied', 'booking_requested']);
  });

  it('a service request’s new status, to its owner only, linking to its page', async () => {
    const created = await server.call('POST', `/service-request/buildings/${plaza}/create`, {
      token: demoToken,
      body: { category: 'HVAC', location: 'Floor 12', priority: 'Normal', description: 'Too warm' },
    });
    expect(created.status).toBe(201);
    const adminBefore = (await page(plaza, adminToken)).counts.unread;
    const changed = await server.call('POST', `/dev/service-requests/${created.body.data.id}/status`, { body: { status: 'Accepted' } });
    expect(changed.status).toBe(200);
    const [top] = (await page(plaza, demoToken)).items;
    expect(top).toMatchObject({
      kind: 'service_request_status',
      params: { subject: created.body.data.reference, status: 'Accepted' },
      link: `/building/${plaza}/service-requests/${created.body.data.id}`,
    });
    expect((await page(plaza, adminToken)).counts.unread).toBe(adminBefore);
  });

  it('a post is an announcement to every member of its building, and only of it', async () => {
    const harborBefore = (await page(harbor, adminToken)).items[0]?.id;
    const posted = await server.call('POST', '/dev/contents', { body: { building_uuid: plaza, type: 'post', title: 'Lobby closed on Sunday' } });
    expect(posted.status).toBe(200);
    for (const token of [demoToken, adminToken]) {
      expect((await page(plaza, token)).items[0]).toMatchObject({
        kind: 'announcement',
        params: { subject: 'Lobby closed on Sunday' },
        link: `/building/${plaza}/content/${posted.body.data.uuid}`,
      });
    }
    expect((await page(harbor, adminToken)).items[0]?.id).toBe(harborBefore);
    // An event is not an announcement.
    await server.call('POST', '/dev/contents', { body: { building_uuid: plaza, type: 'event_post', title: 'Yoga' } });
    expect((await page(plaza, demoToken)).items[0]!.params.subject).toBe('Lobby closed on Sunday');
  });
});

describe('seen and read', () => {
  it('marks seen up to one, reads one, then reads all; the counts follow', async () => {
    await pendingBooking();
    await pendingBooking();
    const { items, counts } = await page(plaza, demoToken);
    expect(counts.unseen).toBeGreaterThanOrEqual(2);
    const seen = await server.call('POST', `${base(plaza)}/seen`, { token: demoToken, body: { up_to: items[1]!.id } });
    expect(seen.body.data.unseen).toBe(1);
    expect(seen.body.data.unread).toBe(counts.unread);
    const read = await server.call('POST', `${base(plaza)}/${items[0]!.id}/read`, { token: demoToken });
    expect(read.status).toBe(200);
    expect(read.body.data.notification).toMatchObject({ id: items[0]!.id, seen_at: expect.any(String), read_at: expect.any(String) });
    expect(read.body.data.counts).toEqual({ unseen: 0, unread: counts.unread - 1 });
    const all = await server.call('POST', `${base(plaza)}/read`, { token: demoToken });
    expect(all.body.data).toEqual({ unseen: 0, unread: 0 });
    expect((await page(plaza, demoToken)).items.every((i) => i.read_at)).toBe(true);
  });

  it('pages newest first with a cursor', async () => {
    const first = await page(plaza, demoToken, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.more).toBe(true);
    const second = await page(plaza, demoToken, `?limit=2&before=${first.items[1]!.id}`);
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    const all = await page(plaza, demoToken, '?limit=4');
    expect(all.items.map((i) => i.id)).toEqual([...first.items, ...second.items].map((i) => i.id));
  });
});

describe('preferences', () => {
  it('answers every kind on at first; a kind turned off is neither listed nor mailed, and on again it is', async () => {
    const initial = await server.call('GET', '/tenant/v1/users/current/notification-preferences', { token: adminToken });
    expect(initial.body.data).toEqual(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])));
    const off = await setPrefs(demoToken, { booking_denied: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ booking_denied: false, booking_approved: true });
    const { uuid, room } = await pendingBooking();
    const mailsBefore = (await mailTo(DEMO_LOGIN.email)).length;
    await decide(uuid, 'deny');
    expect((await page(plaza, demoToken)).items[0]!.kind).toBe('booking_requested');
    expect((await mailTo(DEMO_LOGIN.email)).length).toBe(mailsBefore);
    await setPrefs(demoToken, { booking_denied: true });
    const again = await pendingBooking();
    await decide(again.uuid, 'deny');
    expect((await page(plaza, demoToken)).items[0]!.kind).toBe('booking_denied');
    expect((await mailTo(DEMO_LOGIN.email))[0]!.subject).toMatch(/was denied|declined|not/);
    expect(room.name).toBeTruthy();
  });
});

describe('the live stream', () => {
  it('sends a new notification of the building with its id, and replays what a reconnecting client missed', async () => {
    const first = await openStream(plaza, demoToken);
    try {
      expect(first.res.status).toBe(200);
      expect(String(first.res.headers['content-type'])).toMatch(/^text\/event-stream/);
      const { uuid } = await pendingBooking();
      const heard = await first.events.next();
      expect(heard).toMatchObject({ event: 'notification', id: expect.stringMatching(/^\d+-\d+$/), data: { kind: 'booking_requested' } });
      first.close();
      await decide(uuid, 'approve');
      const again = await openStream(plaza, demoToken, { 'last-event-id': heard.id! });
      try {
        expect(await again.events.next()).toMatchObject({ event: 'notification', data: { kind: 'booking_approved' } });
      } finally {
        again.close();
      }
    } finally {
      first.close();
    }
  });

  it('tells the client to reload when its Last-Event-ID cannot be replayed', async () => {
    const stream = await openStream(plaza, demoToken, { 'last-event-id': '1-0' });
    try {
      expect(await stream.events.next()).toMatchObject({ event: 'reload' });
    } finally {
      stream.close();
    }
  });

  it('sends nothing of another building', async () => {
    const stream = await openStream(harbor, adminToken);
    try {
      await pendingBooking(plaza, 'admin@globex.example');
      const { uuid } = await pendingBooking(harbor, 'admin@globex.example');
      const heard = await stream.events.next();
      expect(heard.data).toMatchObject({ kind: 'booking_requested', building_uuid: harbor });
      expect(heard.data.link).toContain(uuid);
    } finally {
      stream.close();
    }
  });
});

describe('what an attacker tries', () => {
  it('another person’s notification: 404 to read it, to page after it, to mark seen up to it', async () => {
    const [demos] = (await page(plaza, demoToken)).items;
    expectError(await server.call('POST', `${base(plaza)}/${demos!.id}/read`, { token: adminToken }), 404);
    expectError(await server.call('GET', `${base(plaza)}?before=${demos!.id}`, { token: adminToken }), 404);
    expectError(await server.call('POST', `${base(plaza)}/seen`, { token: adminToken, body: { up_to: demos!.id } }), 404);
  });

  it('another building’s notification through a building one belongs to: 404; a building one does not belong to: 403', async () => {
    await pendingBooking(harbor, 'admin@globex.example');
    const [harbors] = (await page(harbor, adminToken)).items;
    expectError(await server.call('POST', `${base(plaza)}/${harbors!.id}/read`, { token: adminToken }), 404);
    expectError(await server.call('GET', base(maison), { token: demoToken }), 403);
    expectError(await server.call('POST', `${base(maison)}/read`, { token: demoToken }), 403);
    expectError(await server.call('POST', `${base(maison)}/stream-ticket`, { token: demoToken }), 403);
    // A ticket is for its building's stream only.
    const plazaTicket = await ticketFor(plaza, adminToken);
    const elsewhere = await rawGet(`${base(harbor)}/stream`, streamHeaders(plazaTicket));
    elsewhere.close();
    expect(elsewhere.status).toBe(404);
  });

  it('forged ids and oversized input: 400, never 500', async () => {
    expectError(await server.call('POST', `${base(plaza)}/not-a-uuid/read`, { token: demoToken }), 400);
    expectError(await server.call('POST', `${base('1 OR 1=1')}/read`, { token: demoToken }), 400);
    expectError(await server.call('POST', `${base(plaza)}/seen`, { token: demoToken, body: { up_to: "' OR 1=1 --" } }), 400);
    expectError(await server.call('POST', `${base(plaza)}/seen`, { token: demoToken, body: { up_to: plaza, more: 'x'.repeat(10_000) } }), 400);
    expectError(await server.call('GET', `${base(plaza)}?limit=100000`, { token: demoToken }), 400);
    expectError(await setPrefs(demoToken, { everything: false }), 400);
    expectError(await setPrefs(demoToken, {}), 400);
    expectError(await setPrefs(demoToken, { announcement: 'no' }), 400);
    expectError(await setPrefs(demoToken, ['announcement']), 400);
  });

  it('no token; a stream without a ticket, with a forged or an expired one, or a token in the address: 401 or 400', async () => {
    expectError(await server.call('GET', base(plaza)), 401);
    expectError(await server.call('GET', '/tenant/v1/users/current/notification-preferences'), 401);
    expectError(await server.call('POST', `${base(plaza)}/stream-ticket`), 401);
    const stream = async (headers: Record<string, string>, query = '') => {
      const answer = await rawGet(`${base(plaza)}/stream${query}`, { accept: 'text/event-stream', ...headers });
      answer.close();
      return answer;
    };
    expect((await stream({})).status).toBe(401);
    expect((await stream({ authorization: `Bearer ${demoToken}` })).status).toBe(401);
    const ticket = await ticketFor(plaza, demoToken);
    const [name, value] = ticket.split('=');
    const [payload, signature] = value!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), userUuid: 'someone-else' })).toString(
      'base64url',
    );
    expect((await stream({ cookie: `${name}=${forged}.${signature}` })).status).toBe(401);
    expect((await stream({ cookie: `${name}=${'x'.repeat(5000)}` })).status).toBe(401);
    expect((await stream({ cookie: ticket }, `?access_token=${demoToken}`)).status).toBe(400);
    server.clock.advance(61);
    expect((await stream({ cookie: ticket })).status).toBe(401);
  });

  it('a stream that is not asked for as one: 406', async () => {
    const cookie = await ticketFor(plaza, demoToken);
    const answer = await rawGet(`${base(plaza)}/stream`, { accept: 'application/json', cookie });
    answer.close();
    expect(answer.status).toBe(406);
  });

  it('marks past the write limit: 429 with Retry-After', async () => {
    const { token } = await server.login('olivia@umbrella.example', DEMO_PASSWORD);
    const building = (await server.call('GET', '/users/current/buildings', { token })).body.data[0].uuid as string;
    let last = { status: 0, headers: {} as Record<string, string> };
    for (let i = 0; i < 125 && last.status !== 429; i++) {
      const answer = await server.app.inject({ method: 'POST', url: `/api${base(building)}/read`, headers: { authorization: `Bearer ${token}` } });
      last = { status: answer.statusCode, headers: answer.headers as Record<string, string> };
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

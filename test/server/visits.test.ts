import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { startTestServer, type TestServer } from './harness.js';
import { demoBuildingUuids, expectError } from './helpers.js';
import { DEMO_LOGIN, DEMO_MINI_APPS, DEMO_PASSWORD } from '../../server/db/seed.js';
import { passCode, readPassCode } from '../../server/lib/visitPass.js';

let server: TestServer;
let demoToken: string;
let adminToken: string;
let oliviaToken: string;
let plaza: string;
let harbor: string;
const [visitors, survey] = DEMO_MINI_APPS;

beforeAll(async () => {
  server = await startTestServer();
  ({ plaza, harbor } = await demoBuildingUuids(server));
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
  oliviaToken = (await server.login('olivia@umbrella.example', DEMO_PASSWORD)).token;
});
afterAll(() => server?.close());

/** A fresh visitors mini-app token (five minutes) for a person in a building. */
async function appToken(token = demoToken, building = plaza, app: { uuid: string; baseUrl: string } = visitors) {
  const res = await server.call('POST', `/tenant/v1/apps/${app.uuid}/sessions`, {
    token,
    body: { building_uuid: building, base_url: `${server.config.miniAppOrigin}${app.baseUrl}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.session.token as string;
}

/** The day `days` from the server's now, in a time zone, as YYYY-MM-DD. */
const dayIn = (timezone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(server.clock.now().getTime() + days * 86_400_000),
  );
const plazaDay = (days = 1) => dayIn('America/New_York', days);

let guestSerial = 0;
const guestEmail = () => `guest.${Date.now().toString(36)}.${++guestSerial}@visitors.example`;

async function invite(overrides: Record<string, unknown> = {}, token?: string) {
  const body = { guest_name: 'Grace Guest', guest_email: guestEmail(), date: plazaDay(), start_time: '10:00', end_time: '12:00', ...overrides };
  const res = await server.call('POST', '/tenant/v1/visits', { token: token ?? (await appToken()), body });
  return res;
}

/** The newest mail to an address: its subject, text and html. */
async function mailTo(address: string) {
  const [mail] = await server.db.query<{ subject: string; text_body: string; html_body: string | null }>(
    'SELECT subject, text_body, html_body FROM dev_mail WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [address.toLowerCase()],
  );
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}
const codeIn = (text: string) => /pass code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)?.[1] ?? null;

/** Moves the server's clock to `minutes` after an instant, and signs the people in again (access tokens live minutes). */
async function setClock(iso: string, minutes = 0) {
  const target = new Date(iso).getTime() + minutes * 60_000;
  server.clock.advance((target - server.clock.now().getTime()) / 1000);
  [demoToken = '', adminToken = '', oliviaToken = ''] = await Promise.all(
    [DEMO_LOGIN.email, 'admin@globex.example', 'olivia@umbrella.example'].map(async (email) => (await server.login(email, DEMO_PASSWORD)).token),
  );
}

const checkIn = (code: string, building = plaza, token?: string) =>
  server.call('POST', `/tenant/v1/buildings/${building}/visitor-kiosk/check-in`, { token: token ?? adminToken, body: { code } });
const checkOut = (code: string, building = plaza, token?: string) =>
  server.call('POST', `/tenant/v1/buildings/${building}/visitor-kiosk/check-out`, { token: token ?? adminToken, body: { code } });

function expectRefusal(res: { status: number; body: any }, status: number, code: string) {
  expectError(res, status);
  expect(res.body.code).toBe(code);
}

describe('inviting a guest', () => {
  it('creates an expected visit and mails the guest a pass: a QR code of the code, and the code as text', async () => {
    const start = server.clock.now();
    const email = guestEmail();
    const res = await invite({ guest_email: email, note: 'Ask for Dana at the desk' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const visit = res.body.data;
    expect(visit).toMatchObject({
      building_uuid: plaza,
      guest_name: 'Grace Guest',
      guest_email: email,
      date: plazaDay(),
      start_time: '10:00',
      end_time: '12:00',
      note: 'Ask for Dana at the desk',
      state: 'expected',
      pass_active: true,
      arrived_at: null,
    });
    // 10:00 in New York is 14:00 or 15:00 UTC.
    expect(new Date(visit.ends_at).getTime() - new Date(visit.starts_at).getTime()).toBe(2 * 3600_000);
    expect(['14', '15']).toContain(visit.starts_at.slice(11, 13));
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Your visitor pass for One Atrium Plaza');
    const code = codeIn(mail.text_body);
    expect(code).not.toBeNull();
    expect(mail.text_body).toContain('Ask for Dana at the desk');
    // The QR code in the mail is the code itself.
    const png = /src="data:image\/png;base64,([^"]+)"/.exec(mail.html_body ?? '')?.[1];
    expect(png).toBeDefined();
    const drawn = await QRCode.toBuffer(code!, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
    expect(Buffer.from(png!, 'base64').equals(drawn)).toBe(true);
    // The development mailbox shows the same html, picture included.
    const mailbox = await server.call('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(mailbox.body.data[0].html).toContain(`data:image/png;base64,${png}`);
    expect(server.clock.now()).toEqual(start);
  });

  it('refuses bad input with a 400: a window that ends first, a day that is not one, a past visit, a long note, a bad email', async () => {
    const token = await appToken();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ start_time: '12:00', end_time: '10:00' }, 'invalid_window'],
      [{ start_time: '10:00', end_time: '10:00' }, 'invalid_window'],
      [{ date: '2026-02-30' }, 'invalid_date'],
      [{ date: plazaDay(-2) }, 'visit_in_past'],
      [{ date: plazaDay(400) }, 'too_far_ahead'],
      [{ note: 'x'.repeat(501) }, null],
      [{ guest_email: 'not-an-email' }, null],
      [{ guest_name: '   ' }, null],
      [{ start_time: '25:00' }, null],
      [{ date: '27-11-2026' }, null],
      [{ extra: 1 }, null],
    ];
    for (const [overrides, code] of cases) {
      const res = await invite(overrides, token);
      expectError(res, 400);
      if (code) expect(res.body.code, JSON.stringify(overrides)).toBe(code);
    }
    expect((await invite({ note: 'x'.repeat(500) }, token)).status).toBe(201);
  });

  it('needs a mini-app token with the visits scope: not the person’s own, not the survey’s, not none', async () => {
    expectRefusal(await invite({}, demoToken), 401, 'invalid_token');
    expectRefusal(await invite({}, await appToken(demoToken, plaza, survey)), 403, 'scope_not_granted');
    expectError(await server.call('POST', '/tenant/v1/visits', { body: {} }), 401);
  });

  it('answers a registered mini-app origin’s preflight and calls with CORS, and no other origin', async () => {
    const origin = server.config.miniAppOrigin;
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/tenant/v1/visits',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/tenant/v1/visits',
      headers: { origin, authorization: `Bearer ${await appToken()}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(origin);
    const evil = await server.app.inject({ method: 'OPTIONS', url: '/api/tenant/v1/visits', headers: { origin: 'https://evil.test' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    // The person's routes get no CORS at all.
    const person = await server.app.inject({ method: 'GET', url: '/api/users/current', headers: { origin, authorization: `Bearer ${demoToken}` } });
    expect(person.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the host’s visits', () => {
  it('lists upcoming and past visits with their state; edits and cancels their own only', async () => {
    const token = await appToken(oliviaToken, harbor);
    const made = await invite({ date: dayIn('America/Los_Angeles', 2) }, token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const uuid = made.body.data.uuid;
    const list = await server.call('GET', '/tenant/v1/visits', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.upcoming.map((v: { uuid: string }) => v.uuid)).toContain(uuid);

    // Another person (or the same person's token for another building) sees none of them, and cannot change them.
    const demo = await appToken();
    const theirs = await server.call('GET', '/tenant/v1/visits', { token: demo });
    expect(theirs.body.data.upcoming.map((v: { uuid: string }) => v.uuid)).not.toContain(uuid);
    expectRefusal(await server.call('PATCH', `/tenant/v1/visits/${uuid}`, { token: demo, body: { guest_name: 'Mallory' } }), 404, 'unknown_visit');
    expectRefusal(await server.call('POST', `/tenant/v1/visits/${uuid}/cancel`, { token: demo }), 404, 'unknown_visit');

    // An edit of the name keeps the pass; an edit of the time mails a new one, and the old code stops working.
    const email = made.body.data.guest_email;
    const firstCode = codeIn((await mailTo(email)).text_body)!;
    const renamed = await server.call('PATCH', `/tenant/v1/visits/${uuid}`, { token, body: { guest_name: 'Grace Hopper', note: null } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ guest_name: 'Grace Hopper', note: null });
    expect(codeIn((await mailTo(email)).text_body)).toBe(firstCode);
    const moved = await server.call('PATCH', `/tenant/v1/visits/${uuid}`, { token, body: { start_time: '13:00', end_time: '14:30' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ start_time: '13:00', end_time: '14:30', state: 'expected' });
    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/has changed/);
    const secondCode = codeIn(mail.text_body)!;
    expect(secondCode).not.toBe(firstCode);
    expectRefusal(await checkIn(firstCode, harbor), 404, 'invalid_pass');
    expectError(await server.call('PATCH', `/tenant/v1/visits/${uuid}`, { token, body: { start_time: '15:00', end_time: '14:00' } }), 400);
    expectError(await server.call('PATCH', `/tenant/v1/visits/${uuid}`, { token, body: {} }), 400);

    // Cancelling revokes the pass and tells the guest; the visit moves to the past list.
    const cancelled = await server.call('POST', `/tenant/v1/visits/${uuid}/cancel`, { token });
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', pass_active: false });
    expect((await mailTo(email)).subject).toMatch(/cancelled/);
    expectRefusal(await server.call('POST', `/tenant/v1/visits/${uuid}/cancel`, { token }), 409, 'visit_not_cancellable');
    expectRefusal(await server.call('PATCH', `/tenant/v1/visits/${uuid}`, { token, body: { guest_name: 'x' } }), 409, 'visit_not_editable');
    const after = await server.call('GET', '/tenant/v1/visits', { token });
    expect(after.body.data.past.find((v: { uuid: string }) => v.uuid === uuid)).toMatchObject({ state: 'cancelled' });
    expectRefusal(await checkIn(secondCode, harbor), 410, 'pass_revoked');
  });
});

describe('the lobby kiosk', () => {
  let visit: { uuid: string; starts_at: string; ends_at: string; guest_email: string };
  let code: string;
  beforeAll(async () => {
    const res = await invite();
    visit = res.body.data;
    code = codeIn((await mailTo(visit.guest_email)).text_body)!;
  });

  it('refuses a pass before its window and after it', async () => {
    const now = server.clock.now().toISOString();
    await setClock(visit.starts_at, -16);
    try {
      expectRefusal(await checkIn(code), 409, 'pass_not_yet_valid');
      await setClock(visit.ends_at, 0);
      expectRefusal(await checkIn(code), 410, 'pass_expired');
    } finally {
      await setClock(now);
    }
  });

  it('refuses forged and unknown codes, and another building’s kiosk', async () => {
    await setClock(visit.starts_at, 5);
    const [a, b, c] = code.split('-') as [string, string, string];
    const flipped = `${a}-${b}-${c.slice(0, 3)}${c[3] === '0' ? '1' : '0'}`;
    for (const bad of [flipped, 'ZZZZ-ZZZZ-ZZZZ', 'hello', '']) {
      const res = await checkIn(bad);
      expect([400, 404], bad).toContain(res.status);
      if (bad) expect(res.body.code).toBe('invalid_pass');
    }
    // The right reference with a check made for another building or window does not pass.
    const ref = readPassCode(code)!.ref;
    const other = passCode('not-the-secret', ref, {
      visitUuid: visit.uuid,
      buildingUuid: plaza,
      startsAt: new Date(visit.starts_at),
      endsAt: new Date(visit.ends_at),
    });
    expectRefusal(await checkIn(other), 404, 'invalid_pass');
    // Olivia is no kiosk; the admin at Harbor Point is, but this pass is for One Atrium Plaza.
    expectRefusal(await checkIn(code, harbor, oliviaToken), 403, 'not_a_kiosk');
    expectRefusal(await checkIn(code, plaza, demoToken), 403, 'not_a_kiosk');
    expectRefusal(await checkIn(code, harbor), 403, 'wrong_building');
    expectError(await checkIn(code, plaza, 'x.y.z'), 401);
  });

  it('checks the guest in (names only), tells the host, refuses a second use; checks out and revokes the pass', async () => {
    await setClock(visit.starts_at, -10);
    const typed = code.toLowerCase().replace(/-/g, ' ');
    const res = await checkIn(typed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ visit_uuid: visit.uuid, guest_name: 'Grace Guest', host_name: 'Dana Demo', state: 'arrived' });
    const hostMail = await mailTo(DEMO_LOGIN.email);
    expect(hostMail.subject).toBe('Grace Guest has arrived');
    // And in the host's notification centre (decision 225-notification-centre): no page of the visit in the app.
    const told = await server.call('GET', `/tenant/v1/buildings/${plaza}/notifications`, { token: demoToken });
    expect(told.body.data.items[0]).toMatchObject({ kind: 'visitor_arrived', params: { subject: 'Grace Guest' }, link: null, read_at: null });
    expectRefusal(await checkIn(code), 409, 'pass_used');
    const list = await server.call('GET', '/tenant/v1/visits', { token: await appToken() });
    expect(list.body.data.upcoming.find((v: { uuid: string }) => v.uuid === visit.uuid)).toMatchObject({ state: 'arrived' });
    const out = await checkOut(code);
    expect(out.body.data).toMatchObject({ state: 'left', guest_name: 'Grace Guest' });
    expectRefusal(await checkOut(code), 410, 'pass_revoked');
    expectRefusal(await checkIn(code), 410, 'pass_revoked');
    const past = await server.call('GET', '/tenant/v1/visits', { token: await appToken() });
    expect(past.body.data.past.find((v: { uuid: string }) => v.uuid === visit.uuid)).toMatchObject({ state: 'left', pass_active: false });
  });

  it('refuses a check-out before a check-in', async () => {
    const made = (await invite()).body.data;
    const fresh = codeIn((await mailTo(made.guest_email)).text_body)!;
    expectRefusal(await checkOut(fresh), 409, 'not_checked_in');
  });

  it('lets one of two check-ins sent at once through', async () => {
    const made = (await invite()).body.data;
    const fresh = codeIn((await mailTo(made.guest_email)).text_body)!;
    await setClock(made.starts_at, 1);
    const answers = await Promise.all([checkIn(fresh), checkIn(fresh)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('lets a kiosk account with the visitor-kiosk permission in, for its building only', async () => {
    const made = (await invite()).body.data;
    const fresh = codeIn((await mailTo(made.guest_email)).text_body)!;
    await setClock(made.starts_at, 1);
    await server.db.query(
      `INSERT INTO user_permissions (user_id, building_id, permission)
       SELECT u.id, b.id, 'visitor-kiosk' FROM users u, buildings b WHERE u.email = 'olivia@umbrella.example' AND b.uuid = $1`,
      [harbor],
    );
    expectRefusal(await checkIn(fresh, harbor, oliviaToken), 403, 'wrong_building');
    expectRefusal(await checkIn(fresh, plaza, oliviaToken), 403, 'not_a_member');
  });
});

describe('POST /dev/visits/{uuid}/over (a pass whose time is over, for the browser tests; decision 182)', () => {
  it('moves an expected visit an hour into the past and mails a new pass, which the kiosk refuses as expired; the old code is void', async () => {
    const res = await invite();
    const visit = res.body.data as { uuid: string; guest_email: string };
    const before = codeIn((await mailTo(visit.guest_email)).text_body)!;
    const over = await server.call('POST', `/dev/visits/${visit.uuid}/over`);
    expect(over.status, JSON.stringify(over.body)).toBe(200);
    expect(new Date(over.body.data.ends_at).getTime()).toBeLessThan(server.clock.now().getTime());
    const mail = await mailTo(visit.guest_email);
    expect(mail.subject).toMatch(/has changed/);
    const after = codeIn(mail.text_body)!;
    expect(after).not.toBe(before);
    expectRefusal(await checkIn(after), 410, 'pass_expired');
    expectRefusal(await checkIn(before), 404, 'invalid_pass');
  });

  it('refuses an unknown visit, a visit that is no longer expected, and a call from another machine', async () => {
    expectRefusal(await server.call('POST', '/dev/visits/00000000-0000-4000-8000-000000000000/over'), 404, 'unknown_visit');
    expectError(await server.call('POST', '/dev/visits/not-a-uuid/over'), 400);
    const { uuid } = (await invite()).body.data as { uuid: string };
    const cancelled = await server.call('POST', `/tenant/v1/visits/${uuid}/cancel`, { token: await appToken() });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expectRefusal(await server.call('POST', `/dev/visits/${uuid}/over`), 409, 'visit_not_editable');
    const remote = await server.app.inject({ method: 'POST', url: `/api/dev/visits/${uuid}/over`, remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
  });
});

import { baseURL } from './browser';
import { apiSignIn } from './api';

/**
 * The visits API's steps for browser tests (issue 23): a person's Visitors mini-app token, an invitation made with it,
 * and the guest's pass read back from the development mailbox. The Visitors mini-app's test (visitors.test.ts) and the
 * kiosk's check-in test use them.
 */

/** The demo Visitors mini-app (server/db/seed.ts DEMO_MINI_APPS). */
export const VISITORS_APP_UUID = '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e01';
/** The mini-app origin of this worker's server (`apps.<host>`, same port). */
export const appsOrigin = () => baseURL().replace('//localhost', '//apps.localhost');

export interface VisitAnswer {
  uuid: string;
  guest_name: string;
  guest_email: string;
  date: string;
  start_time: string;
  end_time: string;
  state: 'expected' | 'arrived' | 'left' | 'cancelled';
  pass_active: boolean;
}

export interface GuestPass {
  /** The code as the mail gives it in text (XXXX-XXXX-XXXX). */
  code: string;
  /** The QR code picture of the mail's html part, as a data: address (image/png). */
  qr: string;
  subject: string;
}

/** A mini-app token of the Visitors mini-app for a person in a building (what its getJWT gets), as the app asks for it. */
export async function visitorsToken(who: { email: string; password: string }, buildingUuid: string): Promise<string> {
  const person = await apiSignIn(who.email, who.password);
  const res = await fetch(`${baseURL()}/api/tenant/v1/apps/${VISITORS_APP_UUID}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ building_uuid: buildingUuid, base_url: `${appsOrigin()}/mfe-visitors/` }),
  });
  if (!res.ok) throw new Error(`a Visitors token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { session: { token: string } }).session.token;
}

/** Calls the visits API with a mini-app token (from the mini-app origin, as the mini-app does). */
export async function visitsCall<T>(
  token: string,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; data: T | null; body: unknown }> {
  const res = await fetch(`${baseURL()}/api/tenant/v1/visits${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, origin: appsOrigin(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => null)) as { data?: T } | null;
  return { status: res.status, data: res.ok ? (json?.data ?? null) : null, body: json };
}

/** A day `days` from now, YYYY-MM-DD in the time zone given (the building's; a test tenant's, One Atrium Plaza's, by default). */
export function dayFromNow(days: number, timeZone = 'America/New_York'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * Invites a guest through the API as the person (their Visitors mini-app token, as the mini-app does) and reads the pass
 * the guest was mailed. A pass is let in from 15 minutes before its window (`dayFromNow(0)` and a window around now
 * for a check-in that must work).
 */
export async function inviteGuest(
  who: { email: string; password: string },
  buildingUuid: string,
  visit: { guest_name: string; guest_email: string; date: string; start_time: string; end_time: string; note?: string },
): Promise<{ visit: VisitAnswer; pass: GuestPass; token: string }> {
  const token = await visitorsToken(who, buildingUuid);
  const made = await visitsCall<VisitAnswer>(token, '', 'POST', visit);
  if (made.status !== 201 || !made.data) throw new Error(`inviting ${visit.guest_email}: ${made.status} ${JSON.stringify(made.body)}`);
  return { visit: made.data, pass: await latestPass(visit.guest_email), token };
}

/** The newest pass mailed to a guest: its code (text) and its QR picture (html). */
export async function latestPass(guestEmail: string): Promise<GuestPass> {
  const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(guestEmail)}`);
  const { data } = (await res.json()) as { data: { subject: string; text: string; html: string | null }[] };
  const mail = data.find((m) => /pass code: /.test(m.text));
  const code = /pass code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail?.text ?? '')?.[1];
  const qr = /src="(data:image\/png;base64,[^"]+)"/.exec(mail?.html ?? '')?.[1];
  if (!mail || !code || !qr) throw new Error(`no pass in the mailbox of ${guestEmail}`);
  return { code, qr, subject: mail.subject };
}

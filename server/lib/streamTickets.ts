import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.js';
import { storedSetting } from '../stores/settings.js';
import { randomToken } from './random.js';

/**
 * A notification stream's ticket (decision 225-notification-centre): the browser's EventSource sends no
 * Authorization header, and a token in the address would end up in logs, so a signed-in call gets a ticket for one
 * person's stream of one building, valid a minute, as an HttpOnly cookie whose path is that stream's alone. Signed
 * with a secret every instance reads from the database, so any instance accepts it.
 */
export interface StreamTicket {
  userId: number;
  userUuid: string;
  buildingId: number;
  buildingUuid: string;
  /** Seconds since the epoch. */
  exp: number;
}

export const STREAM_TICKET_COOKIE = 'atrium_stream';
export const STREAM_TICKET_SECONDS = 60;

export const streamTicketSecret = (db: Db) => storedSetting(db, 'notification_stream_ticket_secret', () => randomToken(32));

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function makeStreamTicket(secret: string, ticket: Omit<StreamTicket, 'exp'>, now: Date): string {
  const payload = Buffer.from(JSON.stringify({ ...ticket, exp: Math.floor(now.getTime() / 1000) + STREAM_TICKET_SECONDS })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The ticket's content when it is this server's, unchanged and not expired; null otherwise. */
export function readStreamTicket(secret: string, ticket: string, now: Date): StreamTicket | null {
  const [payload, signature, extra] = ticket.split('.');
  if (!payload || !signature || extra !== undefined || ticket.length > 1000) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const read = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StreamTicket;
    return typeof read.exp === 'number' && read.exp > now.getTime() / 1000 ? read : null;
  } catch {
    return null;
  }
}

/** The ticket cookie's value in a Cookie header, if any. */
export function ticketCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STREAM_TICKET_COOKIE) return value.join('=');
  }
  return null;
}

import type { Refusal, RefusalKind, TypedCodeError } from './visitorCheckIn.types';
import { normalPassCode } from '../../contracts/visitPass';

/**
 * A typed or scanned pass code as the server reads it (case, spaces and hyphens do not matter; O, I and L read as 0, 1
 * and 1), written `XXXX-XXXX-XXXX`; null when the text cannot be a code.
 */
export function readPassCode(text: string): string | null {
  const normal = normalPassCode(text);
  if (normal === null) return null;
  return `${normal.slice(0, 4)}-${normal.slice(4, 8)}-${normal.slice(8)}`;
}

/** What is wrong with a typed code before it is sent, or null for one of a code's shape. */
export const typedCodeError = (typed: string): TypedCodeError | null =>
  typed.trim() === '' ? 'empty' : readPassCode(typed) === null ? 'shape' : null;

const SERVER_REFUSALS: readonly RefusalKind[] = [
  'invalid_pass',
  'wrong_building',
  'pass_used',
  'pass_revoked',
  'pass_not_yet_valid',
  'pass_expired',
  'not_checked_in',
  'not_a_kiosk',
];

/** The server's "This pass is valid from 09:00 on 2026-11-28": the day and time, or null. */
export function validFromOf(message: string): Refusal['validFrom'] {
  const found = /from (\d{2}:\d{2}) on (\d{4}-\d{2}-\d{2})/.exec(message);
  return found ? { time: found[1]!, date: found[2]! } : null;
}

/** A failed check as the kiosk explains it: the server's refusal code, else too many tries, no answer, or a failure. */
export function refusalOf(error: unknown): Refusal {
  const e = (error ?? {}) as { status?: unknown; code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const known = SERVER_REFUSALS.find((kind) => kind === code);
  if (known) return { kind: known, validFrom: known === 'pass_not_yet_valid' ? validFromOf(message) : null };
  if (e.status === 429) return { kind: 'rate_limited', validFrom: null };
  if (e.status === 0) return { kind: 'offline', validFrom: null };
  return { kind: 'failed', validFrom: null };
}

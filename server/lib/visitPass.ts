import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalPassCode, PASS_ALPHABET } from '../../contracts/visitPass.js';

/**
 * Visitor pass codes (issue 23; decision 167): twelve characters of Crockford's base32, shown as
 * `XXXX-XXXX-XXXX` under the QR code and in the guest's mail. The first eight are a random reference (40 bits) the
 * server looks the visit up by; the last four are an HMAC (the server's own secret) over the reference, the visit, its
 * building and its window, so a code typed wrong or made up is told apart from one the server issued, and a code is
 * bound to one building and one window (a moved visit gets a new code). Short enough to type on a kiosk; nothing
 * personal in it.
 */
const REF_LENGTH = 8;
const CHECK_LENGTH = 4;

export interface PassBinding {
  visitUuid: string;
  buildingUuid: string;
  startsAt: Date;
  endsAt: Date;
}

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += PASS_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** A new random reference (eight characters). */
export const newPassRef = () => base32(randomBytes(5), REF_LENGTH);

function check(secret: string, ref: string, binding: PassBinding): string {
  const mac = createHmac('sha256', secret)
    .update(`${ref}|${binding.visitUuid}|${binding.buildingUuid}|${binding.startsAt.toISOString()}|${binding.endsAt.toISOString()}`)
    .digest();
  return base32(mac, CHECK_LENGTH);
}

/** The code as the guest sees it: `XXXX-XXXX-XXXX`. */
export function passCode(secret: string, ref: string, binding: PassBinding): string {
  const code = ref + check(secret, ref, binding);
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/**
 * A typed or scanned code read: case, spaces and hyphens do not matter, and the letters people confuse with digits
 * (O, I, L) read as them. Null when it cannot be a code.
 */
export function readPassCode(input: string): { ref: string; check: string } | null {
  const normal = normalPassCode(input);
  return normal ? { ref: normal.slice(0, REF_LENGTH), check: normal.slice(REF_LENGTH) } : null;
}

/** Whether a code's check characters are the ones the server made for this visit. */
export function passCheckMatches(secret: string, code: { ref: string; check: string }, binding: PassBinding): boolean {
  const expected = Buffer.from(check(secret, code.ref, binding));
  const given = Buffer.from(code.check);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

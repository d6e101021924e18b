/**
 * How a visitor pass code is read, by the server and by the lobby kiosk alike (decision 167): twelve characters of
 * Crockford's base32; case, spaces and hyphens do not matter, and the letters people confuse with digits (O, I, L)
 * read as them.
 */
export const PASS_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PASS_CODE_LENGTH = 12;

/** The twelve characters a typed or scanned code stands for, or null when it cannot be a code. */
export function normalPassCode(input: string): string | null {
  const normal = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return normal.length === PASS_CODE_LENGTH && [...normal].every((c) => PASS_ALPHABET.includes(c)) ? normal : null;
}

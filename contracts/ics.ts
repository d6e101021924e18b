/**
 * iCalendar's text rules (RFC 5545), one copy for the server's booking files and the app's event files: TEXT values
 * escaped (3.3.11), UTC times in the basic form (3.3.5, form 2), and content lines folded at 75 octets without splitting
 * a UTF-8 character (3.1). Each file's own lines are its maker's (server/lib/ics.ts, machines/content/calendar.ts).
 */

/** A TEXT value escaped: backslash first, then semicolon, comma and every line break as `\n`. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // Other control characters are not allowed in a TEXT value (3.3.11).
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');

/** A UTC DATE-TIME: 20261201T143000Z. */
export const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

/** A content line folded at 75 octets: each continuation starts with one space and counts it (3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

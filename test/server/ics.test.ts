/** The iCalendar file of a booking (server/lib/ics.ts, RFC 5545): escaping, folding at 75 octets, UTC times. */
import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine, utcStamp } from '../../server/lib/ics.js';

describe('iCalendar', () => {
  it('escapes backslash, semicolon, comma and line breaks in text, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('bell\u0007 tab\tok')).toBe('bell tab\tok');
  });

  it('folds a long line at 75 octets, continuations starting with a space, never inside a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    for (const piece of pieces.slice(1)) expect(piece.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes one event in UTC with its UID, CRLF line ends and a final CRLF', () => {
    const text = calendarFile({
      uid: 'b-1@bookings.atrium',
      start: new Date('2026-12-01T14:30:00.000Z'),
      end: new Date('2026-12-01T15:00:00.000Z'),
      stamp: new Date('2026-11-30T08:00:00.123Z'),
      modified: new Date('2026-11-30T07:00:00.000Z'),
      sequence: 1,
      summary: 'Room A',
      location: 'Floor 12, North',
      status: 'CONFIRMED',
    });
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Atrium//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:b-1@bookings.atrium',
      'DTSTAMP:20261130T080000Z',
      'DTSTART:20261201T143000Z',
      'DTEND:20261201T150000Z',
      'LAST-MODIFIED:20261130T070000Z',
      'SEQUENCE:1',
      'SUMMARY:Room A',
      'LOCATION:Floor 12\\, North',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
    expect(utcStamp(new Date('2027-01-02T03:04:05.678Z'))).toBe('20270102T030405Z');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CALENDAR_LEAD_MINUTES,
  CALENDAR_SERVICE,
  calendarLink,
  calendarTime,
  foldLine,
  icsDataUrl,
  icsFile,
  type CalendarEvent,
} from '../../machines/content/calendar';

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uuid: 'e-1',
  title: 'Rooftop yoga',
  startAt: '2026-11-25T15:00:00Z',
  endAt: '2026-11-25T16:30:00Z',
  timezone: 'Europe/London',
  location: '1 Main Street, London',
  details: 'Bring a mat',
  ...overrides,
});

const STAMP = new Date('2026-11-20T09:08:07.654Z');

/** The content lines of a file: unfolded (a CRLF followed by a space joins the next line), split on CRLF. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
const octets = (s: string) => new TextEncoder().encode(s).length;

describe('calendarTime', () => {
  it('formats a UTC time in the basic format, without milliseconds', () => {
    expect(calendarTime(new Date('2026-11-25T14:55:00.000Z'))).toBe('20261125T145500Z');
    expect(calendarTime(STAMP)).toBe('20261120T090807Z');
  });

  it('converts offsets to UTC', () => {
    expect(calendarTime(new Date('2026-01-01T01:30:00+02:00'))).toBe('20251231T233000Z');
  });
});

describe('calendarLink', () => {
  it('points at the calendar service with the TEMPLATE action', () => {
    const url = new URL(calendarLink(event()));
    expect(`${url.origin}${url.pathname}`).toBe(CALENDAR_SERVICE);
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
  });

  it('starts five minutes before the event and ends at its end', () => {
    expect(CALENDAR_LEAD_MINUTES).toBe(5);
    const url = new URL(calendarLink(event()));
    expect(url.searchParams.get('dates')).toBe('20261125T145500Z/20261125T163000Z');
  });

  it('crosses the day boundary when the event starts just after midnight', () => {
    const url = new URL(calendarLink(event({ startAt: '2026-12-01T00:02:00Z', endAt: '2026-12-01T01:00:00Z' })));
    expect(url.searchParams.get('dates')).toBe('20261130T235700Z/20261201T010000Z');
  });

  it('reads offset start times as the same instant', () => {
    const url = new URL(calendarLink(event({ startAt: '2026-11-25T10:00:00-05:00', endAt: '2026-11-25T11:00:00-05:00' })));
    expect(url.searchParams.get('dates')).toBe('20261125T145500Z/20261125T160000Z');
  });

  it('carries the title as text, the time zone as ctz, location and details', () => {
    const url = new URL(calendarLink(event({ title: 'Wine & cheese: 50% off?', timezone: 'America/New_York' })));
    expect(url.searchParams.get('text')).toBe('Wine & cheese: 50% off?');
    expect(url.searchParams.get('ctz')).toBe('America/New_York');
    expect(url.searchParams.get('location')).toBe('1 Main Street, London');
    expect(url.searchParams.get('details')).toBe('Bring a mat');
    // The ampersand in the title is encoded, not a parameter separator.
    expect(calendarLink(event({ title: 'A & B' }))).not.toMatch(/text=A &/);
  });

  it('leaves out ctz, location and details when they are missing', () => {
    const url = new URL(calendarLink(event({ timezone: null, location: null, details: null })));
    expect([...url.searchParams.keys()]).toEqual(['action', 'text', 'dates']);
  });
});

describe('foldLine', () => {
  it('leaves lines of up to 75 octets alone', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('')).toBe('');
  });

  it('folds at 75 octets, then every 74 after the leading space', () => {
    const line = 'a'.repeat(75) + 'b'.repeat(74) + 'c'.repeat(10);
    expect(foldLine(line)).toBe(`${'a'.repeat(75)}\r\n ${'b'.repeat(74)}\r\n ${'c'.repeat(10)}`);
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets and never splits a UTF-8 character', () => {
    // 'é' is two octets, '😀' four.
    const line = `SUMMARY:${'é'.repeat(40)}${'😀'.repeat(30)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // No lone surrogates: every part round-trips through UTF-8.
    for (const part of physical) expect(new TextDecoder().decode(new TextEncoder().encode(part))).toBe(part);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('moves a multi-octet character to the next line rather than passing 75 octets', () => {
    const line = `${'a'.repeat(74)}é`;
    expect(foldLine(line)).toBe(`${'a'.repeat(74)}\r\n é`);
  });
});

describe('icsFile', () => {
  it('is a one-event calendar with CRLF line ends, ending in CRLF', () => {
    const ics = icsFile(event(), STAMP);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Atrium//Tenant app//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines.slice(-3, -1)).toEqual(['END:VEVENT', 'END:VCALENDAR']);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('holds the uid, stamp, start five minutes before, end, summary, location and description', () => {
    const lines = unfold(icsFile(event(), STAMP));
    expect(lines).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Atrium//Tenant app//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:e-1@atrium',
      'DTSTAMP:20261120T090807Z',
      'DTSTART:20261125T145500Z',
      'DTEND:20261125T163000Z',
      'SUMMARY:Rooftop yoga',
      'LOCATION:1 Main Street\\, London',
      'DESCRIPTION:Bring a mat',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('gives the same start as the calendar link', () => {
    const e = event({ startAt: '2026-03-29T00:01:00Z' });
    const dtstart = unfold(icsFile(e, STAMP)).find((l) => l.startsWith('DTSTART:'));
    const linkStart = new URL(calendarLink(e)).searchParams.get('dates')?.split('/')[0];
    expect(dtstart).toBe('DTSTART:20260328T235600Z');
    expect(dtstart).toBe(`DTSTART:${linkStart}`);
  });

  it('keeps the UID stable across stamps; only DTSTAMP changes', () => {
    const a = icsFile(event(), STAMP);
    const b = icsFile(event(), new Date('2027-01-01T00:00:00Z'));
    expect(unfold(a).find((l) => l.startsWith('UID:'))).toBe('UID:e-1@atrium');
    expect(unfold(b).find((l) => l.startsWith('UID:'))).toBe('UID:e-1@atrium');
    expect(unfold(b).find((l) => l.startsWith('DTSTAMP:'))).toBe('DTSTAMP:20270101T000000Z');
    expect(unfold(a).filter((l) => !l.startsWith('DTSTAMP:'))).toEqual(unfold(b).filter((l) => !l.startsWith('DTSTAMP:')));
    expect(unfold(icsFile(event({ uuid: 'e-2' }), STAMP))).toContain('UID:e-2@atrium');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text values', () => {
    const lines = unfold(
      icsFile(event({ title: 'A, B; C\\D', location: 'Floor 2;\nRoom 3', details: 'Line one\r\nLine two, with \\n literal' }), STAMP),
    );
    expect(lines).toContain('SUMMARY:A\\, B\\; C\\\\D');
    expect(lines).toContain('LOCATION:Floor 2\\;\\nRoom 3');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two\\, with \\\\n literal');
  });

  it('escapes a lone carriage return too, so no line of the file breaks early', () => {
    const ics = icsFile(event({ title: 'Line one\rLine two' }), STAMP);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\r');
    expect(unfold(ics)).toContain('SUMMARY:Line one\\nLine two');
  });

  it('leaves out LOCATION and DESCRIPTION when missing', () => {
    const ics = icsFile(event({ location: null, details: null }), STAMP);
    expect(ics).not.toContain('LOCATION');
    expect(ics).not.toContain('DESCRIPTION');
    expect(unfold(ics)).toContain('SUMMARY:Rooftop yoga');
  });

  it('folds long lines at 75 octets with CRLF and a space', () => {
    const details = 'word, '.repeat(40);
    const ics = icsFile(event({ details }), STAMP);
    const physical = ics.split('\r\n');
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
    const continuation = physical.filter((l) => l.startsWith(' '));
    expect(continuation.length).toBeGreaterThanOrEqual(3);
    const first = physical.find((l) => l.startsWith('DESCRIPTION:'));
    expect(first && octets(first)).toBe(75);
    expect(unfold(ics)).toContain(`DESCRIPTION:${details.replace(/,/g, '\\,')}`);
  });

  it('folds multi-byte titles without splitting characters', () => {
    const title = 'Café crème 🎉 '.repeat(8);
    const ics = icsFile(event({ title }), STAMP);
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(ics)).toContain(`SUMMARY:${title}`);
  });
});

describe('icsDataUrl', () => {
  it('is a text/calendar UTF-8 data URL holding the encoded file', () => {
    const ics = icsFile(event({ title: 'Café, 50% off' }), STAMP);
    const url = icsDataUrl(ics);
    const prefix = 'data:text/calendar;charset=utf-8,';
    expect(url.startsWith(prefix)).toBe(true);
    const body = url.slice(prefix.length);
    expect(body).not.toMatch(/[\r\n ,]/);
    expect(body).toContain('%0D%0A');
    expect(body).toContain('Caf%C3%A9');
    expect(decodeURIComponent(body)).toBe(ics);
  });

  it('encodes a plain string the same way', () => {
    expect(icsDataUrl('A B\r\n')).toBe('data:text/calendar;charset=utf-8,A%20B%0D%0A');
  });
});

/**
 * Calendar entries for an event post: a link to a calendar service (content document, section 7) and an iCalendar
 * file (RFC 5545). Both start five minutes before the event, as the specification's calendar link does, so the two
 * ways of adding it give the same entry.
 */

export const CALENDAR_LEAD_MINUTES = 5;
export const CALENDAR_SERVICE = 'https://calendar.google.com/calendar/render';

export interface CalendarEvent {
  uuid: string;
  title: string;
  startAt: string;
  endAt: string;
  /** IANA time zone of the event (the calendar shows it in that zone). */
  timezone: string | null;
  location: string | null;
  details: string | null;
}

/** `20261125T145500Z`: a UTC time in iCalendar's basic format. */
export const calendarTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const leadStart = (startAt: string) => new Date(Date.parse(startAt) - CALENDAR_LEAD_MINUTES * 60_000);

/** The calendar service's "add event" link: text, dates (from five minutes before) and ctz. */
export function calendarLink(event: CalendarEvent): string {
  const url = new URL(CALENDAR_SERVICE);
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', event.title);
  url.searchParams.set('dates', `${calendarTime(leadStart(event.startAt))}/${calendarTime(new Date(event.endAt))}`);
  if (event.timezone) url.searchParams.set('ctz', event.timezone);
  if (event.location) url.searchParams.set('location', event.location);
  if (event.details) url.searchParams.set('details', event.details);
  return url.toString();
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545, 3.3.11). */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Content lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character (3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A one-event iCalendar file. `stamp` is when it is made (DTSTAMP). */
export function icsFile(event: CalendarEvent, stamp: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Tenant app//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uuid}@atrium`,
    `DTSTAMP:${calendarTime(stamp)}`,
    `DTSTART:${calendarTime(leadStart(event.startAt))}`,
    `DTEND:${calendarTime(new Date(event.endAt))}`,
    `SUMMARY:${text(event.title)}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    ...(event.details ? [`DESCRIPTION:${text(event.details)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The file as a link target a browser downloads. */
export const icsDataUrl = (ics: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;

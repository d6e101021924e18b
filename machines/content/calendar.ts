/**
 * Calendar entries for an event post: a link to a calendar service (content document, section 7) and an iCalendar
 * file (RFC 5545). Both start five minutes before the event, as the specification's calendar link does, so the two
 * ways of adding it give the same entry.
 */

import { escapeText, foldLine, utcStamp } from '../../contracts/ics';

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
export const calendarTime = utcStamp;

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

export { foldLine };

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
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.details ? [`DESCRIPTION:${escapeText(event.details)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The file as a link target a browser downloads. */
export const icsDataUrl = (ics: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;

/**
 * An iCalendar file (RFC 5545) of one event, as a booking's receipt offers it: CRLF line ends, lines folded at 75
 * octets without splitting a UTF-8 character (3.1), text values escaped (3.3.11: backslash, semicolon, comma, new
 * line), times in UTC (3.3.5, form 2), a UID that stays the booking's through every change, and a SEQUENCE that grows
 * with each one so a calendar replaces the event it already has.
 */

export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  /** When the event last changed (LAST-MODIFIED). */
  modified: Date;
  sequence: number;
  summary: string;
  description?: string | undefined;
  location?: string | undefined;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
};

import { escapeText, foldLine, utcStamp } from '../../contracts/ics.js';

export { escapeText, foldLine, utcStamp };

/** The calendar file: one VEVENT in a VCALENDAR, published (METHOD:PUBLISH). */
export function calendarFile(event: CalendarEvent, productId = '-//Atrium//Bookings//EN'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `LAST-MODIFIED:${utcStamp(event.modified)}`,
    `SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

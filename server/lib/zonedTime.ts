/**
 * Wall-clock time in a building's time zone (an IANA name such as America/New_York), with nothing but Intl: a local
 * day and time to an instant, an instant to ISO 8601 with the zone's offset, the local day of an instant. Instants are
 * epoch milliseconds. Used by the booking rules (server/lib/bookingRules.ts; decision NEXT-booking-resources).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

/** Whether Intl knows the zone. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (east positive): -300 for New York in winter. */
export function offsetMinutes(zone: string, at: number): number {
  const parts = formatterOf(zone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((wall - Math.floor(at / 1000) * 1000) / MINUTE);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isLocalDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.getUTCFullYear() === Number(match[1]) && day.toISOString().slice(0, 10) === text;
}

/** Midnight UTC of a YYYY-MM-DD day: the day as a number that adds and compares. */
const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');
const dateOf = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** The day `days` after (or before) a YYYY-MM-DD day. */
export const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days * DAY);

/** 0 for Sunday … 6 for Saturday, of a YYYY-MM-DD day. */
export const weekdayOf = (date: string) => new Date(dayNumber(date)).getUTCDay();

/** The local day (YYYY-MM-DD) of an instant in the zone. */
export const localDateOf = (zone: string, at: number) => dateOf(Math.floor((at + offsetMinutes(zone, at) * MINUTE) / DAY) * DAY);

/**
 * The instant of a local day and time (`minutes` after its midnight; 1440 is the next midnight). As Temporal's
 * `compatible` disambiguation does: a time that happens twice (the hour repeated when clocks go back) is the earlier
 * one, and a time that never happens (the hour skipped when clocks go forward) moves forward by the gap (02:30 on a
 * spring-forward night in New York is 03:30).
 */
export function instantOf(zone: string, date: string, minutes: number): number {
  const wall = dayNumber(date) + minutes * MINUTE;
  // No zone changes its offset twice in two days: the offsets a day either side are the only candidates.
  const before = offsetMinutes(zone, wall - DAY);
  const after = offsetMinutes(zone, wall + DAY);
  const earlier = wall - before * MINUTE;
  if (offsetMinutes(zone, earlier) === before) return earlier;
  const later = wall - after * MINUTE;
  if (offsetMinutes(zone, later) === after) return later;
  return earlier;
}

/** An instant as ISO 8601 with the zone's offset at that instant, to the second: 2026-12-01T09:30:00-05:00. */
export function isoInZone(zone: string, at: number): string {
  const offset = offsetMinutes(zone, at);
  const local = new Date(Math.floor(at / 1000) * 1000 + offset * MINUTE);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** Minutes after local midnight of an instant in the zone (for messages and the opening-hours check). */
export function localMinutesOf(zone: string, at: number): number {
  const local = at + offsetMinutes(zone, at) * MINUTE;
  return Math.floor((local - Math.floor(local / DAY) * DAY) / MINUTE);
}

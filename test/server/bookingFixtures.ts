import type { TestServer } from './harness.js';
import type { OpeningWindow, Question } from '../../server/lib/bookingRules.js';

/** Builders of the booking tests (issue 26): resources with the rules a test needs, and local times of a zone. */

export const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The same window every day of the week (so a test does not depend on today's weekday). */
export const everyDay = (open: string, close: string): OpeningWindow[] => WEEK.map((day) => ({ day, open, close }));

export type ResourceSpec = {
  name: string;
  kind: 'room' | 'desk' | 'amenity';
  hours: OpeningWindow[];
  slot: number | null;
  min: number;
  max: number;
  buffer: number;
  horizon: number;
  approval: boolean;
  window: number;
  questions: Question[];
  capacity: number | null;
  floor: string | null;
  zone: string | null;
};

let made = 0;

/**
 * A resource of a building, written to the database as an operator would configure it: open 08:00 to 18:00 every day,
 * a 30-minute grid, 30 minutes to 4 hours, no buffer, 30 days ahead, booked at once, unless overridden.
 */
export async function makeResource(server: TestServer, buildingUuid: string, overrides: Partial<ResourceSpec> = {}) {
  const r: ResourceSpec = {
    name: `Test room ${++made}`,
    kind: 'room',
    hours: everyDay('08:00', '18:00'),
    slot: 30,
    min: 30,
    max: 240,
    buffer: 0,
    horizon: 30,
    approval: false,
    window: 60,
    questions: [],
    capacity: 6,
    floor: '3',
    zone: 'Test zone',
    ...overrides,
  };
  const [row] = await server.db.query<{ id: number; uuid: string }>(
    `INSERT INTO resources (building_id, name, kind, opening_hours, slot_minutes, min_minutes, max_minutes, buffer_minutes, horizon_days,
                            requires_approval, cancellation_window_end_minutes, cancellation_description, questions, capacity, floor, zone)
     VALUES ((SELECT id FROM buildings WHERE uuid = $1), $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16)
     RETURNING id, uuid::text`,
    [
      buildingUuid,
      r.name,
      r.kind,
      JSON.stringify(r.hours),
      r.slot,
      r.min,
      r.max,
      r.buffer,
      r.horizon,
      r.approval,
      r.window,
      `Cancel up to ${r.window} minutes before.`,
      JSON.stringify(r.questions),
      r.capacity,
      r.floor,
      r.zone,
    ],
  );
  return { ...r, id: row!.id, uuid: row!.uuid };
}

/**
 * The zone's UTC offset at an instant as ±HH:MM, read from Intl's own offset names: a source other than the server's
 * zonedTime, so a test of the server's times is not the server's arithmetic checked against itself.
 */
export function offsetAt(zone: string, at: number): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

/** The local calendar day (YYYY-MM-DD) of an instant in a zone, from Intl's en-CA format (which is YYYY-MM-DD). */
export const localDay = (zone: string, at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(at));

/** The day `n` days after a YYYY-MM-DD day. */
export const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A local wall-clock time of a day in a zone as ISO 8601 with the zone's offset (for days and hours with no clock
 * change, where the offset at noon holds all day).
 */
export const localTime = (zone: string, day: string, time: string) => {
  const noon = Date.parse(`${day}T12:00:00Z`);
  return `${day}T${time}:00${offsetAt(zone, noon)}`;
};

/** The first day after `from` on which the zone's offset at noon differs from the day before (a clock change). */
export function nextClockChange(zone: string, from: number): string {
  let day = localDay(zone, from);
  for (let i = 0; i < 400; i++) {
    const next = plusDays(day, 1);
    if (offsetAt(zone, Date.parse(`${next}T12:00:00Z`)) !== offsetAt(zone, Date.parse(`${day}T12:00:00Z`))) return next;
    day = next;
  }
  throw new Error(`no clock change in ${zone}`);
}

/**
 * Wall-clock time in a building's time zone (server/lib/zonedTime.ts), on fixed days when clocks change: the hour
 * skipped in spring moves forward, the hour repeated in autumn is the earlier, and ISO times carry the offset of the
 * instant they name.
 */
import { describe, expect, it } from 'vitest';
import { addDays, instantOf, isLocalDate, isoInZone, localDateOf, localMinutesOf, offsetMinutes, weekdayOf } from '../../server/lib/zonedTime.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('zoned time', () => {
  it('reads a local time of an ordinary day at the zone’s offset', () => {
    expect(iso(instantOf('America/New_York', '2026-12-01', 9 * 60 + 30))).toBe('2026-12-01T14:30:00.000Z');
    expect(iso(instantOf('America/New_York', '2026-07-01', 9 * 60 + 30))).toBe('2026-07-01T13:30:00.000Z');
    expect(iso(instantOf('Europe/London', '2026-12-01', 0))).toBe('2026-12-01T00:00:00.000Z');
    expect(iso(instantOf('Asia/Kolkata', '2026-12-01', 24 * 60))).toBe('2026-12-01T18:30:00.000Z');
  });

  it('moves a time the clocks skip forward by the gap, and takes the earlier of a time they repeat', () => {
    // New York, 14 March 2027: 02:00 EST becomes 03:00 EDT.
    expect(iso(instantOf('America/New_York', '2027-03-14', 2 * 60 + 30))).toBe('2027-03-14T07:30:00.000Z');
    expect(isoInZone('America/New_York', instantOf('America/New_York', '2027-03-14', 2 * 60 + 30))).toBe('2027-03-14T03:30:00-04:00');
    expect(iso(instantOf('America/New_York', '2027-03-14', 3 * 60))).toBe('2027-03-14T07:00:00.000Z');
    // 1 November 2026: 02:00 EDT becomes 01:00 EST; 01:30 happens twice.
    expect(iso(instantOf('America/New_York', '2026-11-01', 90))).toBe('2026-11-01T05:30:00.000Z');
    expect(isoInZone('America/New_York', Date.parse('2026-11-01T06:30:00Z'))).toBe('2026-11-01T01:30:00-05:00');
    // London, 28 March 2027: 01:00 GMT becomes 02:00 BST.
    expect(isoInZone('Europe/London', instantOf('Europe/London', '2027-03-28', 90))).toBe('2027-03-28T02:30:00+01:00');
    // A day of 23 hours and one of 25.
    expect(instantOf('America/New_York', '2027-03-14', 1440) - instantOf('America/New_York', '2027-03-14', 0)).toBe(23 * 3_600_000);
    expect(instantOf('America/New_York', '2026-11-01', 1440) - instantOf('America/New_York', '2026-11-01', 0)).toBe(25 * 3_600_000);
  });

  it('writes offsets east and west, with minutes, and the local day and minutes of an instant', () => {
    expect(isoInZone('Asia/Kathmandu', Date.parse('2026-12-01T00:00:00Z'))).toBe('2026-12-01T05:45:00+05:45');
    expect(isoInZone('America/St_Johns', Date.parse('2026-12-01T12:00:00Z'))).toBe('2026-12-01T08:30:00-03:30');
    expect(offsetMinutes('America/Los_Angeles', Date.parse('2026-12-01T12:00:00Z'))).toBe(-480);
    expect(localDateOf('America/Los_Angeles', Date.parse('2026-12-02T03:00:00Z'))).toBe('2026-12-01');
    expect(localDateOf('Pacific/Auckland', Date.parse('2026-12-01T12:00:00Z'))).toBe('2026-12-02');
    expect(localMinutesOf('America/New_York', Date.parse('2026-12-01T14:30:00Z'))).toBe(9 * 60 + 30);
  });

  it('counts calendar days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekdayOf('2026-12-06')).toBe(0);
    expect(isLocalDate('2028-02-29')).toBe(true);
    for (const text of ['2027-02-29', '2026-13-01', '2026-1-1', '12/01/2026', '']) expect(isLocalDate(text), text).toBe(false);
  });
});

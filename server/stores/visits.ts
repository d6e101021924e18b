import type { Db } from '../db/index.js';
import { firstRow, rows, sql, type Sql } from '../db/sql.js';

export type VisitState = 'expected' | 'arrived' | 'left' | 'cancelled';

/** A visit as the host's mini-app reads it: the day and times in the building's time zone, and the instants. */
export type VisitRow = {
  id: number;
  uuid: string;
  building_uuid: string;
  building_name: string;
  timezone: string;
  guest_name: string;
  guest_email: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  ends_at: Date;
  note: string | null;
  state: VisitState;
  pass_ref: string;
  pass_revoked: boolean;
  arrived_at: Date | null;
  left_at: Date | null;
  created_at: Date;
  host_user_id: number;
  host_name: string;
  host_email: string;
};

const select = sql`
  SELECT v.id, v.uuid::text, b.uuid::text AS building_uuid, b.name AS building_name, b.timezone, v.guest_name, v.guest_email,
         to_char(v.visit_date, 'YYYY-MM-DD') AS date,
         to_char(v.starts_at AT TIME ZONE b.timezone, 'HH24:MI') AS start_time,
         to_char(v.ends_at AT TIME ZONE b.timezone, 'HH24:MI') AS end_time,
         v.starts_at, v.ends_at, v.note, v.state, v.pass_ref, v.pass_revoked_at IS NOT NULL AS pass_revoked, v.arrived_at, v.left_at,
         v.created_at, v.host_user_id, u.first_name || ' ' || u.last_name AS host_name, u.email AS host_email
    FROM visits v JOIN buildings b ON b.id = v.building_id JOIN users u ON u.id = v.host_user_id`;

/** The window's instants: the day and times read in the building's time zone (by Postgres, daylight saving included). */
const instant = (date: string, time: string, timezone: string) => sql`((${date}::date + ${time}::time) AT TIME ZONE ${timezone})`;

export interface VisitWindow {
  date: string;
  startTime: string;
  endTime: string;
  timezone: string;
}

/** The window's start and end as instants. */
export async function windowInstants(db: Db, w: VisitWindow): Promise<{ starts_at: Date; ends_at: Date }> {
  const row = await firstRow<{ starts_at: Date; ends_at: Date }>(
    db,
    sql`SELECT ${instant(w.date, w.startTime, w.timezone)} AS starts_at, ${instant(w.date, w.endTime, w.timezone)} AS ends_at`,
  );
  return row!;
}

export async function createVisit(
  db: Db,
  v: {
    hostUserId: number;
    buildingId: number;
    appId: number | null;
    guestName: string;
    guestEmail: string;
    date: string;
    startsAt: Date;
    endsAt: Date;
    note: string | null;
    passRef: string;
    now: Date;
  },
): Promise<VisitRow> {
  const made = await firstRow<{ id: number }>(
    db,
    sql`INSERT INTO visits (host_user_id, building_id, app_id, guest_name, guest_email, visit_date, starts_at, ends_at, note, pass_ref, created_at, updated_at)
        VALUES (${v.hostUserId}, ${v.buildingId}, ${v.appId}, ${v.guestName}, ${v.guestEmail}, ${v.date}::date, ${v.startsAt}, ${v.endsAt}, ${v.note},
                ${v.passRef}, ${v.now}, ${v.now})
        RETURNING id`,
  );
  return (await visitWhere(db, sql`v.id = ${made!.id}`))!;
}

const visitWhere = (db: Db, where: Sql) => firstRow<VisitRow>(db, sql`${select} WHERE ${where}`);

/** Any visit by its uuid (the development routes' look-up; the API's own go through the host). */
export const visitByUuid = (db: Db, uuid: string) => visitWhere(db, sql`v.uuid = ${uuid}::uuid`);

/** A host's visit in a building, by its uuid. */
export const hostVisit = (db: Db, hostUserId: number, buildingId: number, uuid: string) =>
  visitWhere(db, sql`v.uuid::text = ${uuid} AND v.host_user_id = ${hostUserId} AND v.building_id = ${buildingId}`);

/** A visit by its pass reference, locked for the check-in or check-out that reads it. */
export const visitByPassRef = (db: Db, ref: string) => firstRow<VisitRow>(db, sql`${select} WHERE v.pass_ref = ${ref} FOR UPDATE OF v`);

/** A host's visits in a building, soonest first. */
export const hostVisits = (db: Db, hostUserId: number, buildingId: number) =>
  rows<VisitRow>(db, sql`${select} WHERE v.host_user_id = ${hostUserId} AND v.building_id = ${buildingId} ORDER BY v.starts_at, v.id LIMIT 500`);

export async function updateVisit(
  db: Db,
  id: number,
  change: { guestName: string; guestEmail: string; date: string; startsAt: Date; endsAt: Date; note: string | null; passRef: string; now: Date },
): Promise<VisitRow> {
  await rows(
    db,
    sql`UPDATE visits SET guest_name = ${change.guestName}, guest_email = ${change.guestEmail}, visit_date = ${change.date}::date,
               starts_at = ${change.startsAt}, ends_at = ${change.endsAt}, note = ${change.note}, pass_ref = ${change.passRef}, updated_at = ${change.now}
         WHERE id = ${id}`,
  );
  return (await visitWhere(db, sql`v.id = ${id}`))!;
}

/** Moves a visit to another state; `revoke` ends its pass. */
export async function setVisitState(db: Db, id: number, state: VisitState, now: Date, revoke: boolean): Promise<VisitRow> {
  await rows(
    db,
    sql`UPDATE visits SET state = ${state}, updated_at = ${now},
               arrived_at = CASE WHEN ${state} = 'arrived' THEN ${now} ELSE arrived_at END,
               left_at = CASE WHEN ${state} = 'left' THEN ${now} ELSE left_at END,
               pass_revoked_at = CASE WHEN ${revoke} THEN ${now} ELSE pass_revoked_at END
         WHERE id = ${id}`,
  );
  return (await visitWhere(db, sql`v.id = ${id}`))!;
}

/** Whether a person may run a building's visitor kiosk: a building admin, or given the kiosk permission there. */
export async function mayRunKiosk(db: Db, userId: number, buildingId: number): Promise<boolean> {
  const row = await firstRow<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${userId} AND name = 'building_admin')
            OR EXISTS (SELECT 1 FROM user_permissions WHERE user_id = ${userId} AND building_id = ${buildingId} AND permission = 'visitor-kiosk') AS ok`,
  );
  return row?.ok ?? false;
}

/** Gives a person the visitor-kiosk permission in a building (the development route a browser test's kiosk uses). */
export async function grantKioskPermission(db: Db, userId: number, buildingId: number): Promise<void> {
  await rows(
    db,
    sql`INSERT INTO user_permissions (user_id, building_id, permission) VALUES (${userId}, ${buildingId}, 'visitor-kiosk') ON CONFLICT DO NOTHING`,
  );
}

/** A person by uuid, with whether they belong to a building (by uuid): what a mini-app token's `sub` and `building` name. */
export async function tokenPerson(db: Db, userUuid: string, buildingUuid: string) {
  return firstRow<{ user_id: number; deactivated: boolean; building_id: number | null; timezone: string | null; member: boolean }>(
    db,
    sql`SELECT u.id AS user_id, u.deactivated, b.id AS building_id, b.timezone,
               EXISTS (SELECT 1 FROM user_buildings ub WHERE ub.user_id = u.id AND ub.building_id = b.id) AS member
          FROM users u LEFT JOIN buildings b ON b.uuid::text = ${buildingUuid}
         WHERE u.uuid::text = ${userUuid}`,
  );
}

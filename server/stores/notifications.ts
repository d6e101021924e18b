import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql } from '../db/sql.js';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationParams } from '../../contracts/notifications.js';

/** A person's notifications in a building and their kinds turned off (migration 041; decision 225-notification-centre). */

const iso = (column: string) => raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type NotificationRow = {
  id: string;
  building_uuid: string;
  kind: NotificationKind;
  params: NotificationParams;
  link: string | null;
  created_at: string;
  seen_at: string | null;
  read_at: string | null;
};

const columns = sql`n.uuid::text AS id, b.uuid::text AS building_uuid, n.kind, n.params, n.link, ${iso('n.created_at')} AS created_at,
  ${iso('n.seen_at')} AS seen_at, ${iso('n.read_at')} AS read_at`;
const from = sql`FROM notifications n JOIN buildings b ON b.id = n.building_id`;

export interface NewNotification {
  userId: number;
  buildingId: number;
  kind: NotificationKind;
  params: NotificationParams;
  link: string | null;
  at: Date;
}

/** Stores a notification and answers it as the list shows it. */
export async function addNotification(db: Db, n: NewNotification): Promise<NotificationRow> {
  const inserted = await firstRow<{ id: number }>(
    db,
    sql`INSERT INTO notifications (user_id, building_id, kind, params, link, created_at)
        VALUES (${n.userId}, ${n.buildingId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.link}, ${n.at}) RETURNING id`,
  );
  return (await firstRow<NotificationRow>(db, sql`SELECT ${columns} ${from} WHERE n.id = ${inserted!.id}`))!;
}

/** A page of a person's notifications in a building, newest first, after the `before` notification (its uuid) when given. */
export async function notificationsOf(db: Db, userId: number, buildingId: number, limit: number, before: string | null) {
  const after = before
    ? sql`AND n.id < (SELECT id FROM notifications WHERE uuid = ${before}::uuid AND user_id = ${userId} AND building_id = ${buildingId})`
    : sql``;
  return rows<NotificationRow>(
    db,
    sql`SELECT ${columns} ${from} WHERE n.user_id = ${userId} AND n.building_id = ${buildingId} ${after} ORDER BY n.id DESC LIMIT ${limit}`,
  );
}

/** Whether `uuid` is one of the person's notifications in the building. */
export const ownNotification = (db: Db, userId: number, buildingId: number, uuid: string) =>
  firstRow<{ id: number }>(db, sql`SELECT id FROM notifications WHERE uuid = ${uuid}::uuid AND user_id = ${userId} AND building_id = ${buildingId}`);

export async function countsOf(db: Db, userId: number, buildingId: number): Promise<{ unseen: number; unread: number }> {
  const row = await firstRow<{ unseen: number; unread: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE seen_at IS NULL)::int AS unseen, count(*)::int AS unread
          FROM notifications WHERE user_id = ${userId} AND building_id = ${buildingId} AND read_at IS NULL`,
  );
  return row ?? { unseen: 0, unread: 0 };
}

/** Marks seen every notification of the person in the building up to `uuid` (that one and the older ones). */
export async function markSeenUpTo(db: Db, userId: number, buildingId: number, id: number, at: Date) {
  await rows(
    db,
    sql`UPDATE notifications SET seen_at = ${at}
         WHERE user_id = ${userId} AND building_id = ${buildingId} AND id <= ${id} AND seen_at IS NULL`,
  );
}

/** Marks one notification read (and seen); answers it. */
export async function markRead(db: Db, id: number, at: Date): Promise<NotificationRow> {
  await rows(db, sql`UPDATE notifications SET seen_at = COALESCE(seen_at, ${at}), read_at = COALESCE(read_at, ${at}) WHERE id = ${id}`);
  return (await firstRow<NotificationRow>(db, sql`SELECT ${columns} ${from} WHERE n.id = ${id}`))!;
}

/** Marks every notification of the person in the building read. */
export async function markAllRead(db: Db, userId: number, buildingId: number, at: Date) {
  await rows(
    db,
    sql`UPDATE notifications SET seen_at = COALESCE(seen_at, ${at}), read_at = ${at}
         WHERE user_id = ${userId} AND building_id = ${buildingId} AND read_at IS NULL`,
  );
}

/** Every kind with whether the person wants it (on unless turned off). */
export async function preferencesOf(db: Db, userId: number): Promise<Record<NotificationKind, boolean>> {
  const off = await rows<{ kind: NotificationKind; enabled: boolean }>(
    db,
    sql`SELECT kind, enabled FROM notification_preferences WHERE user_id = ${userId}`,
  );
  const stored = new Map(off.map((p) => [p.kind, p.enabled]));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind) ?? true])) as Record<NotificationKind, boolean>;
}

export async function setPreferences(db: Db, userId: number, changes: Partial<Record<NotificationKind, boolean>>) {
  for (const kind of NOTIFICATION_KINDS) {
    const enabled = changes[kind];
    if (enabled === undefined) continue;
    await rows(
      db,
      sql`INSERT INTO notification_preferences (user_id, kind, enabled) VALUES (${userId}, ${kind}, ${enabled})
          ON CONFLICT (user_id, kind) DO UPDATE SET enabled = EXCLUDED.enabled`,
    );
  }
}

export async function wants(db: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  const row = await firstRow<{ enabled: boolean }>(
    db,
    sql`SELECT enabled FROM notification_preferences WHERE user_id = ${userId} AND kind = ${kind}`,
  );
  return row?.enabled ?? true;
}

/** The people of a building who want `kind`, with their uuid (an announcement goes to each). */
export const membersWanting = (db: Db, buildingId: number, kind: NotificationKind) =>
  rows<{ id: number; uuid: string; email: string }>(
    db,
    sql`SELECT u.id, u.uuid::text AS uuid, u.email FROM user_buildings ub JOIN users u ON u.id = ub.user_id
         WHERE ub.building_id = ${buildingId}
           AND NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = u.id AND p.kind = ${kind} AND NOT p.enabled)`,
  );

export const userUuidOf = async (db: Db, userId: number) =>
  (await firstRow<{ uuid: string }>(db, sql`SELECT uuid::text AS uuid FROM users WHERE id = ${userId}`))?.uuid;

export const buildingIdOfUuid = async (db: Db, uuid: string) =>
  (await firstRow<{ id: number }>(db, sql`SELECT id FROM buildings WHERE uuid = ${uuid}::uuid`))?.id;

/** A service request's owner and building (the building team's change is told to its owner). */
export const serviceRequestOwner = (db: Db, uuid: string) =>
  firstRow<{ user_id: number; building_id: number; building_uuid: string }>(
    db,
    sql`SELECT r.user_id, r.building_id, b.uuid::text AS building_uuid FROM service_requests r JOIN buildings b ON b.id = r.building_id
         WHERE r.uuid = ${uuid}::uuid`,
  );

import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql } from '../db/sql.js';
import type { Attachment } from '../lib/attachments.js';
import type { PhotoType } from '../../contracts/serviceRequests.js';
import type { ServiceRequestAnswers, ServiceRequestStatus } from '../lib/serviceRequestForm.js';

/** Service requests: a tenant's requests in a building (decision 057), their status history and photos (issue 26). */

export type ServiceRequestRow = {
  id: string;
  requestId: string;
  reference: string;
  status: ServiceRequestStatus;
  answers: ServiceRequestAnswers;
  photo_count: number;
  created_at: string;
  updated_at: string;
};

/** Who changed a request's status: the person who filed it, or the building's team (a vendor, the staff). */
export type ChangedBy = 'requester' | 'building_team';

/** One entry of a request's status history. */
export type StatusChangeRow = {
  status: ServiceRequestStatus;
  at: string;
  by: ChangedBy;
  /** The vendor's or staff member's name, when the change gave one (the building team's changes only). */
  by_name: string | null;
  note: string | null;
};

/** A photo of a request, as its detail lists it. */
export type PhotoRow = { id: string; filename: string; type: PhotoType; size: number };

/** A timestamp column as the API answers it (ISO 8601 in UTC); `column` is one of ours, never input. */
const iso = (column: string) => raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const columns = sql`r.uuid::text AS id, r.uuid::text AS "requestId", 'SR-' || lpad(r.id::text, 5, '0') AS reference, r.status, r.answers,
  (SELECT count(*)::int FROM service_request_photos p WHERE p.request_id = r.id) AS photo_count,
  ${iso('r.created_at')} AS created_at, ${iso('r.updated_at')} AS updated_at`;

/** The user's requests in the building, newest first. */
export const requestsOf = (db: Db, userId: number, buildingId: number) =>
  rows<ServiceRequestRow>(
    db,
    sql`SELECT ${columns} FROM service_requests r WHERE r.user_id = ${userId} AND r.building_id = ${buildingId}
         ORDER BY r.created_at DESC, r.id DESC`,
  );

const recordChange = (db: Db, requestId: number, status: ServiceRequestStatus, at: Date, by: ChangedBy, byName: string | null, note: string | null) =>
  rows(
    db,
    sql`INSERT INTO service_request_status_history (request_id, status, changed_at, changed_by, by_name, note)
        VALUES (${requestId}, ${status}, ${at}, ${by}, ${byName}, ${note})`,
  );

const byInternalId = (db: Db, id: number) => firstRow<ServiceRequestRow>(db, sql`SELECT ${columns} FROM service_requests r WHERE r.id = ${id}`);

/**
 * Stores a request (Submitted), its first history entry and its photos' rows in one transaction: all of it or nothing.
 * The photos' bytes are already in the attachment storage; a row keeps the key and SHA-256 (as the help desk's files).
 */
export const createRequest = (
  db: Db,
  userId: number,
  buildingId: number,
  answers: ServiceRequestAnswers,
  at: Date,
  photos: readonly Attachment[] = [],
) =>
  db.transaction(async (tx) => {
    const { id } = (await firstRow<{ id: number }>(
      tx,
      sql`INSERT INTO service_requests (building_id, user_id, answers, status, created_at, updated_at)
          VALUES (${buildingId}, ${userId}, ${JSON.stringify(answers)}::jsonb, 'Submitted', ${at}, ${at}) RETURNING id`,
    ))!;
    await recordChange(tx, id, 'Submitted', at, 'requester', null, null);
    for (const [position, photo] of photos.entries())
      await rows(
        tx,
        sql`INSERT INTO service_request_photos (request_id, position, filename, mime_type, size, storage_key, sha256)
            VALUES (${id}, ${position}, ${photo.filename}, ${photo.mimeType}, ${photo.size}, ${photo.key}, ${photo.sha256})`,
      );
    return (await byInternalId(tx, id))!;
  });

/** The user's own request in the building, or undefined: another user's or another building's is not found. */
export const requestOf = (db: Db, userId: number, buildingId: number, uuid: string) =>
  firstRow<ServiceRequestRow>(
    db,
    sql`SELECT ${columns} FROM service_requests r WHERE r.uuid = ${uuid}::uuid AND r.user_id = ${userId} AND r.building_id = ${buildingId}`,
  );

/** A request's status history, oldest first. */
export const historyOf = (db: Db, requestUuid: string) =>
  rows<StatusChangeRow>(
    db,
    sql`SELECT h.status, ${iso('h.changed_at')} AS at, h.changed_by AS "by", h.by_name, h.note
          FROM service_request_status_history h JOIN service_requests r ON r.id = h.request_id
         WHERE r.uuid = ${requestUuid}::uuid ORDER BY h.changed_at, h.id`,
  );

/** A request's photos, in the order they were attached. */
export const photosOf = (db: Db, requestUuid: string) =>
  rows<PhotoRow>(
    db,
    sql`SELECT p.uuid::text AS id, p.filename, p.mime_type AS type, p.size
          FROM service_request_photos p JOIN service_requests r ON r.id = p.request_id
         WHERE r.uuid = ${requestUuid}::uuid ORDER BY p.position`,
  );

/**
 * A photo of a request in the building, for the request's owner or a member of the building's team (a building admin);
 * undefined for anyone else, another building's request, or a photo of another request.
 */
export const photoFor = (db: Db, userId: number, buildingId: number, requestUuid: string, photoUuid: string) =>
  firstRow<{ filename: string; mime_type: string; size: number; storage_key: string }>(
    db,
    sql`SELECT p.filename, p.mime_type, p.size, p.storage_key
          FROM service_request_photos p JOIN service_requests r ON r.id = p.request_id
         WHERE p.uuid = ${photoUuid}::uuid AND r.uuid = ${requestUuid}::uuid AND r.building_id = ${buildingId}
           AND (r.user_id = ${userId} OR EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${userId} AND name = 'building_admin'))`,
  );

/**
 * The tenant's change: sets the status when it is still one of `from` (a concurrent change is not overwritten) and
 * records it as the requester's; undefined otherwise.
 */
export const changeStatus = (
  db: Db,
  userId: number,
  buildingId: number,
  uuid: string,
  from: readonly ServiceRequestStatus[],
  to: ServiceRequestStatus,
  at: Date,
) =>
  db.transaction(async (tx) => {
    const changed = await firstRow<{ id: number }>(
      tx,
      sql`UPDATE service_requests SET status = ${to}, updated_at = ${at}
           WHERE uuid = ${uuid}::uuid AND user_id = ${userId} AND building_id = ${buildingId} AND status = ANY(${[...from]}::text[])
           RETURNING id`,
    );
    if (!changed) return undefined;
    await recordChange(tx, changed.id, to, at, 'requester', null, null);
    return byInternalId(tx, changed.id);
  });

/** What the building team's change found: the request was changed, is not there, or is in a status it cannot leave. */
export type TeamChange = { changed: ServiceRequestRow } | { missing: true } | { refused: ServiceRequestStatus };

/**
 * The building team's change (a vendor or the staff): any status but the one the request has, unless the tenant has
 * cancelled it (final). Recorded with the vendor's name (null: the building team) and the note for the tenant.
 */
export const teamChangeStatus = (
  db: Db,
  uuid: string,
  to: ServiceRequestStatus,
  at: Date,
  byName: string | null,
  note: string | null,
): Promise<TeamChange> =>
  db.transaction(async (tx) => {
    const found = await firstRow<{ id: number; status: ServiceRequestStatus }>(
      tx,
      sql`SELECT id, status FROM service_requests WHERE uuid = ${uuid}::uuid FOR UPDATE`,
    );
    if (!found) return { missing: true } as const;
    if (found.status === 'Canceled' || found.status === to) return { refused: found.status };
    await rows(tx, sql`UPDATE service_requests SET status = ${to}, updated_at = ${at} WHERE id = ${found.id}`);
    await recordChange(tx, found.id, to, at, 'building_team', byName, note);
    return { changed: (await byInternalId(tx, found.id))! };
  });

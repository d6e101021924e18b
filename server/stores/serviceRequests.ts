import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';
import type { ServiceRequestAnswers, ServiceRequestStatus } from '../lib/serviceRequestForm.js';

/** Service requests: a tenant's requests in a building (decision 057). */

export type ServiceRequestRow = {
  id: string;
  requestId: string;
  reference: string;
  status: ServiceRequestStatus;
  answers: ServiceRequestAnswers;
  created_at: string;
  updated_at: string;
};

const columns = sql`uuid::text AS id, uuid::text AS "requestId", 'SR-' || lpad(id::text, 5, '0') AS reference, status, answers,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

/** The user's requests in the building, newest first. */
export const requestsOf = (db: Db, userId: number, buildingId: number) =>
  rows<ServiceRequestRow>(
    db,
    sql`SELECT ${columns} FROM service_requests WHERE user_id = ${userId} AND building_id = ${buildingId} ORDER BY created_at DESC, id DESC`,
  );

export const createRequest = (db: Db, userId: number, buildingId: number, answers: ServiceRequestAnswers, at: Date) =>
  firstRow<ServiceRequestRow>(
    db,
    sql`INSERT INTO service_requests (building_id, user_id, answers, status, created_at, updated_at)
        VALUES (${buildingId}, ${userId}, ${JSON.stringify(answers)}::jsonb, 'Submitted', ${at}, ${at}) RETURNING ${columns}`,
  );

/** The user's own request in the building, or undefined: another user's or another building's is not found. */
export const requestOf = (db: Db, userId: number, buildingId: number, uuid: string) =>
  firstRow<ServiceRequestRow>(
    db,
    sql`SELECT ${columns} FROM service_requests WHERE uuid = ${uuid}::uuid AND user_id = ${userId} AND building_id = ${buildingId}`,
  );

/** Sets the status when it is still one of `from` (a concurrent change is not overwritten); undefined otherwise. */
export const changeStatus = (
  db: Db,
  userId: number,
  buildingId: number,
  uuid: string,
  from: readonly ServiceRequestStatus[],
  to: ServiceRequestStatus,
  at: Date,
) =>
  firstRow<ServiceRequestRow>(
    db,
    sql`UPDATE service_requests SET status = ${to}, updated_at = ${at}
         WHERE uuid = ${uuid}::uuid AND user_id = ${userId} AND building_id = ${buildingId} AND status = ANY(${[...from]}::text[])
         RETURNING ${columns}`,
  );

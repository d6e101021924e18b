import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';

/** Smart suites: a building's floors, their suites and each suite's lighting and temperature (decision 053). */

export type FloorRow = { id: string; navName: string };
export type SuiteRow = {
  id: string;
  navName: string;
  temp_f: number;
  temp_unit: 'F' | 'C';
  temp_equipment_name: string;
  lighting: number | null;
  equipment_available: boolean;
  /** Whether the person asking may change it: a suite of their company, or one of no company (shared; decision 144). */
  can_control: boolean;
};

export const floorsOf = (db: Db, buildingId: number) =>
  rows<FloorRow>(db, sql`SELECT uuid::text AS id, nav_name AS "navName" FROM smart_floors WHERE building_id = ${buildingId} ORDER BY position, id`);

/** The floor's suites, or null when the building has no such floor. */
export async function suitesOf(db: Db, buildingId: number, floorUuid: string): Promise<FloorRow[] | null> {
  const floor = await firstRow<{ id: number }>(db, sql`SELECT id FROM smart_floors WHERE uuid = ${floorUuid}::uuid AND building_id = ${buildingId}`);
  if (!floor) return null;
  return rows<FloorRow>(db, sql`SELECT uuid::text AS id, nav_name AS "navName" FROM smart_suites WHERE floor_id = ${floor.id} ORDER BY position, id`);
}

const suiteColumns = (userId: number) => sql`s.uuid::text AS id, s.nav_name AS "navName", s.temp_f::float8 AS temp_f, s.temp_unit,
  s.temp_equipment_name, s.lighting, s.equipment_available,
  (s.company_id IS NULL OR s.company_id IS NOT DISTINCT FROM (SELECT company_id FROM users WHERE id = ${userId})) AS can_control`;

/**
 * A suite of the building (on any of its floors) as the person `userId` sees it, or undefined: a suite of another
 * building is not found.
 */
export const suiteOf = (db: Db, buildingId: number, suiteUuid: string, userId: number) =>
  firstRow<SuiteRow>(
    db,
    sql`SELECT ${suiteColumns(userId)} FROM smart_suites s JOIN smart_floors f ON f.id = s.floor_id
         WHERE s.uuid = ${suiteUuid}::uuid AND f.building_id = ${buildingId}`,
  );

/** Sets a suite's temperature (°F) and answers the suite as it is now (the caller checked that `userId` may). */
export const setSuiteTemperature = (db: Db, buildingId: number, suiteUuid: string, tempF: number, userId: number) =>
  firstRow<SuiteRow>(
    db,
    sql`UPDATE smart_suites s SET temp_f = ${tempF}, updated_at = now() FROM smart_floors f
         WHERE f.id = s.floor_id AND s.uuid = ${suiteUuid}::uuid AND f.building_id = ${buildingId} RETURNING ${suiteColumns(userId)}`,
  );

/** Sets a suite's lighting (0 to 100) and answers the suite as it is now (the caller checked that `userId` may). */
export const setSuiteLighting = (db: Db, buildingId: number, suiteUuid: string, level: number, userId: number) =>
  firstRow<SuiteRow>(
    db,
    sql`UPDATE smart_suites s SET lighting = ${level}, updated_at = now() FROM smart_floors f
         WHERE f.id = s.floor_id AND s.uuid = ${suiteUuid}::uuid AND f.building_id = ${buildingId} RETURNING ${suiteColumns(userId)}`,
  );

import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';

/** Feature flag values: global ones, building overrides, and the numbered log of changes. */

export type FlagValueRow = {
  flag: string;
  value: boolean;
};

export const globalFlagValues = (db: Db) => rows<FlagValueRow>(db, sql`SELECT flag, value FROM flag_values`);

/** The overrides on some buildings (by uuid), one value per flag: on wins when the buildings disagree. */
export const overridesFor = (db: Db, buildingUuids: string[]) =>
  rows<FlagValueRow>(
    db,
    sql`SELECT o.flag, bool_or(o.value) AS value
          FROM flag_building_overrides o JOIN buildings b ON b.id = o.building_id
         WHERE b.uuid::text = ANY(${buildingUuids}::text[])
         GROUP BY o.flag`,
  );

/** Every building override, in building name order. */
export const allOverrides = (db: Db) =>
  rows<FlagValueRow & { building_uuid: string; building_name: string }>(
    db,
    sql`SELECT o.flag, b.uuid::text AS building_uuid, b.name AS building_name, o.value
          FROM flag_building_overrides o JOIN buildings b ON b.id = o.building_id
         ORDER BY b.name`,
  );

/** The newest change's number; 0 while nothing was ever changed. */
export async function flagVersion(db: Db): Promise<number> {
  const row = await firstRow<{ version: number }>(db, sql`SELECT coalesce(max(version), 0)::int AS version FROM flag_changes`);
  return row?.version ?? 0;
}

export async function saveGlobalFlag(db: Db, flag: string, value: boolean, at: Date) {
  await rows(
    db,
    sql`INSERT INTO flag_values (flag, value, updated_at) VALUES (${flag}, ${value}, ${at})
        ON CONFLICT (flag) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
  );
}

export async function saveFlagOverride(db: Db, flag: string, buildingId: number, value: boolean, at: Date) {
  await rows(
    db,
    sql`INSERT INTO flag_building_overrides (flag, building_id, value, updated_at) VALUES (${flag}, ${buildingId}, ${value}, ${at})
        ON CONFLICT (flag, building_id) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
  );
}

/** Removes a flag's global value; whether there was one. */
export async function removeGlobalFlag(db: Db, flag: string): Promise<boolean> {
  return (await rows(db, sql`DELETE FROM flag_values WHERE flag = ${flag} RETURNING flag`)).length > 0;
}

/** Removes a building's override of a flag; whether there was one. */
export async function removeFlagOverride(db: Db, flag: string, buildingId: number): Promise<boolean> {
  return (await rows(db, sql`DELETE FROM flag_building_overrides WHERE flag = ${flag} AND building_id = ${buildingId} RETURNING flag`)).length > 0;
}

/** Logs a change and answers its number, the new version. */
export async function recordFlagChange(
  db: Db,
  change: { flag: string; buildingUuid: string | null; value: boolean | null; source: string; at: Date },
): Promise<number> {
  const row = await firstRow<{ version: number }>(
    db,
    sql`INSERT INTO flag_changes (flag, building_uuid, value, source, changed_at)
        VALUES (${change.flag}, ${change.buildingUuid}, ${change.value}, ${change.source}, ${change.at}) RETURNING version`,
  );
  return row!.version;
}

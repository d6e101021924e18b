import type { Db } from '../db/index.js';
import { raw, rows, sql } from '../db/sql.js';

/** A building's emergency contacts and procedures (decision 192). */

export type EmergencyContactRow = { uuid: string; name: string; phone: string; hours: string | null };
export type EmergencyProcedureRow = { uuid: string; title: string; steps: string[] };

/**
 * The rows written in `lang`, else in the fallback language (the building's first), each list on its own: a building
 * that wrote its contacts in one language only still shows them.
 */
const inLanguage = (table: 'emergency_contacts' | 'emergency_procedures', buildingId: number, languages: { lang: string; fallback: string }) =>
  sql`language = (SELECT COALESCE(
         (SELECT language FROM ${raw(table)}
           WHERE building_id = ${buildingId} AND language = ${languages.lang} LIMIT 1), ${languages.fallback}))`;

export const emergencyContacts = (db: Db, buildingId: number, languages: { lang: string; fallback: string }) =>
  rows<EmergencyContactRow>(
    db,
    sql`SELECT uuid::text, name, phone, hours FROM emergency_contacts
         WHERE building_id = ${buildingId} AND ${inLanguage('emergency_contacts', buildingId, languages)} ORDER BY position, id`,
  );

export const emergencyProcedures = (db: Db, buildingId: number, languages: { lang: string; fallback: string }) =>
  rows<EmergencyProcedureRow>(
    db,
    sql`SELECT uuid::text, title, steps FROM emergency_procedures
         WHERE building_id = ${buildingId} AND ${inLanguage('emergency_procedures', buildingId, languages)} ORDER BY position, id`,
  );

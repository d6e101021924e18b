import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';
import type { Attachment } from '../lib/attachments.js';

/** Help-desk records and their attachments (decision 058). */

export type NewHelpDeskRecord = {
  userId: number;
  buildingId: number | null;
  brandId: number | null;
  issueType: string;
  subject: string;
  description: string;
  details: Record<string, string>;
  mailedTo: string | null;
  at: Date;
};

/**
 * Stores the record and every file's row in one transaction: all of it or nothing. The files' bytes are already in
 * the attachment storage; a row keeps its key and SHA-256, never the bytes (decision 156-streamed-attachments).
 * Answers the record's uuid.
 */
export async function saveHelpDeskRecord(db: Db, record: NewHelpDeskRecord, files: Attachment[]): Promise<{ uuid: string; id: number }> {
  return db.transaction(async (tx) => {
    const saved = (await firstRow<{ uuid: string; id: number }>(
      tx,
      sql`INSERT INTO help_desk_records (user_id, building_id, brand_id, issue_type, subject, description, details, mailed_to, created_at)
          VALUES (${record.userId}, ${record.buildingId}, ${record.brandId}, ${record.issueType}, ${record.subject}, ${record.description},
                  ${JSON.stringify(record.details)}::jsonb, ${record.mailedTo}, ${record.at})
          RETURNING uuid::text, id`,
    ))!;
    for (const [position, file] of files.entries()) {
      await rows(
        tx,
        sql`INSERT INTO help_desk_files (record_id, position, filename, mime_type, size, storage_key, sha256)
            VALUES (${saved.id}, ${position}, ${file.filename}, ${file.mimeType}, ${file.size}, ${file.key}, ${file.sha256})`,
      );
    }
    return saved;
  });
}

export type HelpDeskContext = { email: string; first_name: string; last_name: string; company_name: string | null };

export const helpDeskUser = (db: Db, userId: number) =>
  firstRow<HelpDeskContext>(
    db,
    sql`SELECT u.email, u.first_name, u.last_name, c.name AS company_name FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ${userId}`,
  );

/** The building's name, asset, portfolio (with its help-desk categories, if it uses them) and brand (with its help-desk address). */
export const buildingBrand = (db: Db, buildingId: number) =>
  firstRow<{
    name: string;
    asset_uuid: string;
    portfolio_uuid: string;
    help_desk_categories: string[] | null;
    brand_id: number;
    help_desk_email: string;
  }>(
    db,
    sql`SELECT b.name, b.asset_uuid::text AS asset_uuid, p.uuid::text AS portfolio_uuid, p.help_desk_categories, br.id AS brand_id, br.help_desk_email
          FROM buildings b JOIN portfolios p ON p.id = b.portfolio_id JOIN brands br ON br.id = p.brand_id WHERE b.id = ${buildingId}`,
  );

/**
 * The building whose help desk a request without a building goes to: the person's default building when they are a
 * member of it, else their first (by id); null for a person of no building. Never the request's host (issue 22).
 */
export const homeBuildingId = async (db: Db, userId: number): Promise<number | null> =>
  (
    await firstRow<{ id: number }>(
      db,
      sql`SELECT ub.building_id AS id FROM user_buildings ub JOIN users u ON u.id = ub.user_id
           WHERE ub.user_id = ${userId}
           ORDER BY (ub.building_id = u.default_building_id) DESC NULLS LAST, ub.building_id LIMIT 1`,
    )
  )?.id ?? null;

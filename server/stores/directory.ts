import type { Db } from '../db/index.js';
import { firstRow, preparedRows, raw, rows, sql, type Sql } from '../db/sql.js';
import { translation, type Languages } from './content.js';

/** Utility buttons, amenities and the company directory of a building. */

export type UtilityButtonRow = {
  uuid: string;
  text: string;
  /** The language `text` is in (null: the button's own label, which has no language recorded). */
  language: string | null;
  name: string;
  utility_name: string | null;
  type: 'NATIVE' | 'MICROFRONTEND' | 'WEBVIEW' | 'NATIVELINK';
  url: string | null;
  route: string | null;
  web_image: string | null;
  order: number;
  company_types: string | null;
  sign_in_required: boolean;
  mobile_only: boolean;
  excluded: boolean;
};

/**
 * A building's utility buttons in order, each label in the best language it has (the asked one, the building's own,
 * any) with that language; prepared, as the home asks for them on every visit.
 */
export const utilityButtons = (db: Db, buildingId: number, languages: Languages) =>
  preparedRows<UtilityButtonRow>(
    db,
    sql`SELECT u.uuid::text, COALESCE(t.text, u.text) AS text, t.language, u.name, u.utility_name, u.type, u.url, u.route, u.web_image,
               u."order", u.company_types, u.sign_in_required, u.mobile_only, u.excluded
          FROM utility_buttons u
          ${translation('utility_button_translations', 'button_id', 'u.id', languages.lang, languages.fallback, 't', 'tr.text, tr.language')}
         WHERE u.building_id = ${buildingId} ORDER BY u."order", u.id`,
  );

/** A page of a building's amenity categories, in the editors' order. */
export const amenityCategories = (db: Db, buildingId: number, page: { limit: number; offset: number }, languages: Languages) =>
  rows<{ id: number; category_uuid: string; category_name: string }>(
    db,
    sql`SELECT cat.id, cat.uuid::text AS category_uuid, COALESCE(t.name, '') AS category_name FROM amenity_categories cat
        ${translation('amenity_category_translations', 'category_id', 'cat.id', languages.lang, languages.fallback)}
         WHERE cat.building_id = ${buildingId} ORDER BY cat.position, cat.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );

export type AmenityRow = {
  category_id: number;
  amenity_uuid: string;
  amenity_name: string;
  description: string | null;
  image_url: string | null;
  image_alt_text: string | null;
  bookable_resource_uuid: string | null;
};

/** The amenities of some categories, in the editors' order, each with the resource that books it (if any). */
export const amenitiesOf = (db: Db, categoryIds: number[], languages: Languages) =>
  rows<AmenityRow>(
    db,
    sql`SELECT a.category_id, a.uuid::text AS amenity_uuid, COALESCE(t.name, '') AS amenity_name, t.description, a.image_url, t.image_alt_text,
               (SELECT r.uuid::text FROM resources r WHERE r.amenity_id = a.id ORDER BY r.id LIMIT 1) AS bookable_resource_uuid
          FROM amenities a
          ${translation('amenity_translations', 'amenity_id', 'a.id', languages.lang, languages.fallback)}
         WHERE a.category_id = ANY(${categoryIds}) ORDER BY a.position, a.id`,
  );

/** Companies listed in a building's directory: its own, and its portfolio's that belong to no one building. */
const listedIn = (building: Sql, portfolio: Sql) =>
  sql`co.company_type IS NOT NULL AND (co.building_id = ${building} OR (co.building_id IS NULL AND co.portfolio_id = ${portfolio}))`;
const listedInBuilding = (buildingId: number) => listedIn(sql`${buildingId}`, sql`(SELECT portfolio_id FROM buildings WHERE id = ${buildingId})`);
const companyColumns = raw('co.uuid::text, co.name, co.logo_url, co.description, co.url, co.company_type, co.floor');

export const COMPANY_ORDER_PROPERTIES = ['name', 'company_type', 'created_at'] as const;
export type CompanyOrderProperty = (typeof COMPANY_ORDER_PROPERTIES)[number];
// Names in the order of their folded form (directory_fold, migration 039): Évora beside Evergreen, Łódź beside Lumen.
const companyOrderColumns: Record<CompanyOrderProperty, string> = {
  name: 'directory_fold(co.name)',
  company_type: 'co.company_type',
  created_at: 'co.created_at',
};

export type CompanyRow = {
  uuid: string;
  name: string;
  logo_url: string | null;
  description: string | null;
  url: string | null;
  company_type: string | null;
  floor: number | null;
};

export type CompanyFilter = {
  buildingId: number;
  /** Company types to keep; empty keeps every type. */
  types: string[];
  /**
   * Words a company's name must contain, taken literally (`%`, `_` and quotes are characters like any other), case and
   * accents ignored (directory_fold, migration 039); null keeps every name.
   */
  query: string | null;
  /** The floor to keep; null keeps every floor. */
  floor: number | null;
};

/** A page of a building's directory, ordered by one of COMPANY_ORDER_PROPERTIES (then by name). */
export function companyPage(
  db: Db,
  filter: CompanyFilter,
  page: { orderBy: CompanyOrderProperty; direction: 'ASC' | 'DESC'; limit: number; offset: number },
) {
  const column = companyOrderColumns[page.orderBy];
  return rows<CompanyRow>(
    db,
    sql`SELECT ${companyColumns} FROM companies co WHERE ${companyFilter(filter)}
         ORDER BY ${raw(`${column} ${page.direction}`)}, directory_fold(co.name), co.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

// strpos, not LIKE: the words searched for are a plain string, with no wildcard or escape to get wrong.
const companyFilter = (filter: CompanyFilter) =>
  sql`${listedInBuilding(filter.buildingId)} AND (cardinality(${filter.types}::text[]) = 0 OR co.company_type = ANY(${filter.types}))
      AND (${filter.query}::text IS NULL OR strpos(directory_fold(co.name), directory_fold(${filter.query}::text)) > 0)
      AND (${filter.floor}::smallint IS NULL OR co.floor = ${filter.floor}::smallint)`;

export async function companyCount(db: Db, filter: CompanyFilter): Promise<number> {
  const row = await firstRow<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM companies co WHERE ${companyFilter(filter)}`);
  return row?.n ?? 0;
}

/** What a building's directory can be narrowed to: every company type and every floor it holds, in order. */
export async function directoryChoices(db: Db, buildingId: number): Promise<{ company_types: string[]; floors: number[] }> {
  const row = await firstRow<{ company_types: string[] | null; floors: number[] | null }>(
    db,
    sql`SELECT array_agg(DISTINCT co.company_type ORDER BY co.company_type) AS company_types,
               array_agg(DISTINCT co.floor ORDER BY co.floor) FILTER (WHERE co.floor IS NOT NULL) AS floors
          FROM companies co WHERE ${listedInBuilding(buildingId)}`,
  );
  return { company_types: row?.company_types ?? [], floors: (row?.floors ?? []).map(Number) };
}

/** A directory company by uuid, with whether it is listed in one of the user's buildings. */
export const companyForUser = (db: Db, uuid: string, userId: number) =>
  firstRow<CompanyRow & { visible: boolean }>(
    db,
    sql`SELECT ${companyColumns},
               EXISTS (SELECT 1 FROM user_buildings ub JOIN buildings b ON b.id = ub.building_id
                        WHERE ub.user_id = ${userId} AND ${listedIn(raw('b.id'), raw('b.portfolio_id'))}) AS visible
          FROM companies co WHERE co.uuid::text = ${uuid.toLowerCase()} AND co.company_type IS NOT NULL`,
  );

import type { Db } from '../db/index.js';
import { firstRow, preparedRows, rows, sql, type Sql } from '../db/sql.js';
import { uuidOrNull } from './uuid.js';
import type { HelpDeskCategory } from '../../contracts/helpDesk.js';
import { liveSession } from './sessions.js';

export type BuildingLanguage = {
  code: string;
  name: string;
  priority: number;
};

export type BuildingRow = {
  id: number;
  uuid: string;
  name: string;
  image_url: string | null;
  address_1: string;
  timezone: string;
  locale: string;
  languages?: BuildingLanguage[];
  secondary_content: { name: string } | null;
  portfolio_company_uuid: string | null;
  portfolio_uuid: string;
  asset_uuid: string;
};

type StoredBuilding = Omit<BuildingRow, 'languages' | 'secondary_content'> & { secondary_content_name: string | null; brand_identifier: string };

const selectBuilding = sql`
  SELECT b.id, b.uuid::text, b.name, b.image_url, b.address_1, b.timezone, b.locale, b.asset_uuid::text,
         p.uuid::text AS portfolio_uuid, c.uuid::text AS portfolio_company_uuid, b.secondary_content_name,
         br.identifier AS brand_identifier
    FROM buildings b
    JOIN portfolios p ON p.id = b.portfolio_id
    JOIN brands br ON br.id = p.brand_id
    LEFT JOIN companies c ON c.id = b.portfolio_company_id`;

/** Buildings matching a condition on `b` (buildings), `br` (brands) or `p` (portfolios), in name order. */
async function queryBuildings(db: Db, where: Sql, withLanguages = false): Promise<BuildingRow[]> {
  const found = await rows<StoredBuilding>(db, sql`${selectBuilding} WHERE ${where} ORDER BY b.name`);
  const languages = new Map<number, BuildingLanguage[]>();
  if (withLanguages && found.length) {
    const langRows = await rows<BuildingLanguage & { building_id: number }>(
      db,
      sql`SELECT building_id, code, name, priority FROM building_languages WHERE building_id = ANY(${found.map((r) => r.id)}) ORDER BY priority`,
    );
    for (const l of langRows) {
      const list = languages.get(l.building_id) ?? [];
      list.push({ code: l.code, name: l.name, priority: l.priority });
      languages.set(l.building_id, list);
    }
  }
  return found.map(({ secondary_content_name, brand_identifier: _brand, ...row }) => ({
    ...row,
    secondary_content: secondary_content_name ? { name: secondary_content_name } : null,
    ...(withLanguages ? { languages: languages.get(row.id) ?? [] } : {}),
  }));
}

const memberOf = (userId: number) => sql`b.id IN (SELECT building_id FROM user_buildings WHERE user_id = ${userId})`;

/** The user's buildings; with `brand`, only that brand's (null: every brand). */
export const userBuildings = (db: Db, userId: number, options: { brand?: string | null; withLanguages?: boolean } = {}) =>
  queryBuildings(
    db,
    options.brand === undefined
      ? memberOf(userId)
      : sql`${memberOf(userId)} AND (${options.brand}::text IS NULL OR br.identifier = ${options.brand})`,
    options.withLanguages,
  );

/** One of the user's buildings by uuid, or undefined when it is not theirs. */
export async function userBuilding(db: Db, userId: number, uuid: string): Promise<BuildingRow | undefined> {
  const [own] = await queryBuildings(db, sql`b.uuid = ${uuid} AND ${memberOf(userId)}`);
  return own;
}

export async function buildingByUuid(db: Db, uuid: string, withLanguages: boolean): Promise<BuildingRow | undefined> {
  const [building] = await queryBuildings(db, sql`b.uuid = ${uuid}`, withLanguages);
  return building;
}

/** The buildings of an email domain (with their languages), or only its guest buildings; with `brand`, only that brand's. */
export const domainBuildingList = (db: Db, domain: string, guestsOnly: boolean, brand: string | null = null) =>
  queryBuildings(
    db,
    sql`b.id IN (SELECT building_id FROM domain_buildings WHERE domain = ${domain}) AND (NOT ${guestsOnly}::boolean OR b.is_guest)
        AND (${brand}::text IS NULL OR br.identifier = ${brand})`,
    true,
  );

export const guestBuildings = (db: Db) => queryBuildings(db, sql`b.is_guest`, true);

/** A building as a building-scoped route needs it: whether the user belongs to it, and its languages in order. */
export const buildingForMember = (db: Db, userId: number, where: { uuid: string } | { id: number }) =>
  firstRow<{ id: number; uuid: string; member: boolean; languages: string[] | null }>(
    db,
    sql`SELECT b.id, b.uuid::text,
               EXISTS (SELECT 1 FROM user_buildings ub WHERE ub.building_id = b.id AND ub.user_id = ${userId}) AS member,
               (SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id) AS languages
          FROM buildings b WHERE ${'uuid' in where ? sql`b.uuid = ${uuidOrNull(where.uuid)}::uuid` : sql`b.id = ${where.id}`}`,
  );

export type SessionMemberRow = {
  /** The token's family is live and its user is not deactivated. */
  live: boolean;
  /** Null for an unknown building. */
  id: number | null;
  uuid: string | null;
  member: boolean;
  languages: string[] | null;
  /** The category asked for, when it is one of the building's; else null. */
  category_id: number | null;
  /** The version of what the building's content lists show (decision 056); null before anything moved it. */
  content_version: number | null;
};

/**
 * Everything a building-scoped call checks, in one statement: that the session (token family) is live and its user
 * not deactivated, the building, whether the user belongs to it, its languages, and optionally one of its categories.
 * A prepared statement, as one JSON value (PGlite decodes each value of an answer on its own): every feed call runs it.
 */
export async function sessionMember(db: Db, at: { familyId: string; userId: number; buildingUuid: string; categoryUuid: string | null }) {
  const [found] = await preparedRows<{ scope: SessionMemberRow }>(
    db,
    sql`SELECT to_json(s) AS scope FROM (
          SELECT ${liveSession} AS live, b.id, b.uuid::text AS uuid,
                 EXISTS (SELECT 1 FROM user_buildings ub WHERE ub.building_id = b.id AND ub.user_id = ${at.userId}) AS member,
                 (SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id) AS languages,
                 (SELECT cat.id FROM content_categories cat WHERE cat.uuid = ${uuidOrNull(at.categoryUuid)}::uuid AND cat.building_id = b.id) AS category_id,
                 (SELECT v.version FROM building_content_versions v WHERE v.building_id = b.id) AS content_version
            FROM (SELECT 1) AS one
            LEFT JOIN token_families f ON f.id = ${uuidOrNull(at.familyId)}::uuid AND f.user_id = ${at.userId}
            LEFT JOIN users u ON u.id = f.user_id
            LEFT JOIN buildings b ON b.uuid = ${uuidOrNull(at.buildingUuid)}::uuid) AS s`,
  );
  return found?.scope;
}

/** The uuids of the user's buildings. */
export async function userBuildingUuids(db: Db, userId: number): Promise<string[]> {
  const found = await rows<{ uuid: string }>(
    db,
    sql`SELECT b.uuid::text AS uuid FROM user_buildings ub JOIN buildings b ON b.id = ub.building_id WHERE ub.user_id = ${userId}`,
  );
  return found.map((r) => r.uuid);
}

/** A building's id by its uuid (any case). */
export const buildingIdByUuid = (db: Db, uuid: string) =>
  firstRow<{ id: number; uuid: string }>(db, sql`SELECT id, uuid::text AS uuid FROM buildings WHERE uuid = ${uuidOrNull(uuid)}::uuid`);

export async function addBuildingMember(db: Db, userId: number, buildingId: number) {
  await rows(db, sql`INSERT INTO user_buildings (user_id, building_id) VALUES (${userId}, ${buildingId}) ON CONFLICT DO NOTHING`);
}

export type PortfolioRow = {
  uuid: string;
  name: string;
  logo_url: string | null;
  help_desk_categories: HelpDeskCategory[] | null;
  /** Whether the person has a building in this portfolio. */
  member: boolean;
};

/** A portfolio by uuid, and whether the person belongs to one of its buildings. */
export const portfolioForUser = (db: Db, uuid: string, userId: number) =>
  firstRow<PortfolioRow>(
    db,
    sql`SELECT p.uuid::text AS uuid, p.name, p.logo_url, p.help_desk_categories,
               EXISTS (SELECT 1 FROM buildings b JOIN user_buildings ub ON ub.building_id = b.id
                        WHERE b.portfolio_id = p.id AND ub.user_id = ${userId}) AS member
          FROM portfolios p WHERE p.uuid = ${uuidOrNull(uuid)}::uuid`,
  );

export type BuildingThemeRow = {
  primary_color: string;
  secondary_color: string;
  primary_font_color: string;
  font: string;
  home_header_image_url: string | null;
  building_logo_url: string | null;
  display_portfolio_logo: boolean;
  portfolio_logo_url: string | null;
};

export const buildingTheme = (db: Db, uuid: string) =>
  firstRow<BuildingThemeRow>(
    db,
    sql`SELECT t.primary_color, t.secondary_color, t.primary_font_color, t.font, t.home_header_image_url, t.building_logo_url,
               t.display_portfolio_logo, p.logo_url AS portfolio_logo_url
          FROM building_themes t JOIN buildings b ON b.id = t.building_id JOIN portfolios p ON p.id = b.portfolio_id
         WHERE b.uuid = ${uuid}`,
  );

/** The picture a building's home opens with (its theme's header image, else the building's): the page's first paint. */
export async function buildingHero(db: Db, uuid: string): Promise<string | null> {
  const found = await firstRow<{ hero: string | null }>(
    db,
    sql`SELECT COALESCE(t.home_header_image_url, b.image_url) AS hero
          FROM buildings b LEFT JOIN building_themes t ON t.building_id = b.id WHERE b.uuid = ${uuidOrNull(uuid)}::uuid`,
  );
  return found?.hero ?? null;
}

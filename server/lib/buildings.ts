import type { Db } from '../db/index.js';

export interface BuildingOut {
  uuid: string;
  name: string;
  image_url: string | null;
  address_1: string;
  timezone: string;
  locale: string;
  languages?: { code: string; name: string; priority: number }[];
  secondary_content: { name: string } | null;
  portfolio_company_uuid: string | null;
  portfolio_uuid: string;
  asset_uuid: string;
}

interface BuildingRow extends Omit<BuildingOut, 'languages' | 'secondary_content'> {
  id: number;
  secondary_content_name: string | null;
  brand_identifier: string;
}

const selectBuilding = `
  SELECT b.id, b.uuid::text, b.name, b.image_url, b.address_1, b.timezone, b.locale, b.asset_uuid::text,
         p.uuid::text AS portfolio_uuid, c.uuid::text AS portfolio_company_uuid, b.secondary_content_name,
         br.identifier AS brand_identifier
    FROM buildings b
    JOIN portfolios p ON p.id = b.portfolio_id
    JOIN brands br ON br.id = p.brand_id
    LEFT JOIN companies c ON c.id = b.portfolio_company_id`;

export interface BuildingQuery {
  where: string;
  params: unknown[];
  withLanguages?: boolean;
}

/** Buildings matching a condition on `b` (buildings), `br` (brands) or `p` (portfolios), in name order. */
export async function queryBuildings(db: Db, query: BuildingQuery): Promise<(BuildingOut & { id: number })[]> {
  const rows = await db.query<BuildingRow>(`${selectBuilding} WHERE ${query.where} ORDER BY b.name`, query.params);
  const languages = new Map<number, { code: string; name: string; priority: number }[]>();
  if (query.withLanguages && rows.length) {
    const langRows = await db.query<{ building_id: number; code: string; name: string; priority: number }>(
      'SELECT building_id, code, name, priority FROM building_languages WHERE building_id = ANY($1) ORDER BY priority',
      [rows.map((r) => r.id)],
    );
    for (const l of langRows) {
      const list = languages.get(l.building_id) ?? [];
      list.push({ code: l.code, name: l.name, priority: l.priority });
      languages.set(l.building_id, list);
    }
  }
  return rows.map(({ secondary_content_name, brand_identifier: _brand, ...row }) => ({
    ...row,
    secondary_content: secondary_content_name ? { name: secondary_content_name } : null,
    ...(query.withLanguages ? { languages: languages.get(row.id) ?? [] } : {}),
  }));
}

export const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

import type { Db } from '../db/index.js';
import { firstRow, rows, sql } from '../db/sql.js';

/** Brands (white labels), the host names that pick them, and the farm list. */

export type BrandRow = {
  id: number;
  uuid: string;
  config_uuid: string;
  identifier: string;
  name: string;
  primary_color: string;
  secondary_color: string;
  logo_url: string | null;
  /** The logo drawn for dark or brand-coloured bars (light marks). */
  logo_dark_url: string | null;
  language: string;
  help_desk_email: string;
  is_avatar_visible: boolean;
};

const selectBrand = sql`SELECT br.id, br.uuid::text, br.config_uuid::text, br.identifier, br.name, br.primary_color, br.secondary_color,
  br.logo_url, br.logo_dark_url, br.language, br.help_desk_email, br.is_avatar_visible FROM brands br`;

/** The brand of a host name (lower case, without port). */
export const brandByHost = (db: Db, host: string) =>
  firstRow<BrandRow>(db, sql`${selectBrand} JOIN brand_hosts h ON h.brand_id = br.id WHERE h.host = ${host}`);

export const defaultBrand = (db: Db) => firstRow<BrandRow>(db, sql`${selectBrand} WHERE br.is_default`);

/** A host name's brand: an exact host match (ports ignored), else the default brand; null when none is configured. */
export async function brandForHost(db: Db, domain: string | undefined): Promise<BrandRow | null> {
  const host = (domain ?? '').toLowerCase().replace(/:\d+$/, '');
  return (await brandByHost(db, host)) ?? (await defaultBrand(db)) ?? null;
}

/** A brand by its number or its uuid. */
export const brandByIdOrUuid = (db: Db, id: string) => firstRow<BrandRow>(db, sql`${selectBrand} WHERE br.id::text = ${id} OR br.uuid::text = ${id}`);

export const brandByConfigUuid = (db: Db, uuid: string) => firstRow<BrandRow>(db, sql`${selectBrand} WHERE br.config_uuid = ${uuid}`);

export async function isBrandHost(db: Db, host: string): Promise<boolean> {
  return !!(await firstRow(db, sql`SELECT 1 FROM brand_hosts WHERE host = ${host}`));
}

/** Every brand host name, in order. */
export async function brandHosts(db: Db): Promise<string[]> {
  const found = await rows<{ host: string }>(db, sql`SELECT host FROM brand_hosts ORDER BY host`);
  return found.map((h) => h.host);
}

export type FarmRow = {
  uuid: string;
  description: string;
  url: string;
};

export const farms = (db: Db) => rows<FarmRow>(db, sql`SELECT uuid::text, description, url FROM farms ORDER BY description`);

/** The farms' URLs, as stored. */
export async function farmUrls(db: Db): Promise<string[]> {
  const found = await rows<{ url: string }>(db, sql`SELECT url FROM farms`);
  return found.map((f) => f.url);
}

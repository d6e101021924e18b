import { randomBytes } from 'node:crypto';
import type { Db } from './index.js';
import { hashPassword } from '../lib/passwords.js';
import { httpError } from '../lib/errors.js';
import { DEMO_PASSWORD } from './seed.js';
import { contentBuildings, contentFillers, seedBuildingContent } from './seedContent.js';
import {
  seedBuildingBookings,
  seedBuildingSuites,
  seedPastRsvpsOf,
  seedServiceBookingsOf,
  seedServiceRequestsOf,
  seedSmartBuildingEntryOf,
} from './seedServices.js';
import { seedEmergencyManagementOf } from './seedEmergency.js';

/**
 * A development tenant: a building of its own, a company with an email domain of its own and people
 * in it, so a browser-test file changes nothing another file sees (feature flags included: they are set for its
 * building). The building is made as the seed makes a demo building, with the seed's own functions: One Atrium
 * Plaza's theme, languages and time zone unless given, and the demo content the seed gives every building.
 */

/** The building whose theme, languages, time zone, address and pictures a tenant's building takes. */
export const TENANT_TEMPLATE_BUILDING = 'One Atrium Plaza';

export interface TenantOptions {
  /** The building's name; generated (`Tenant building <random>`) when not given. Unique among buildings. */
  name?: string | undefined;
  timezone?: string | undefined;
  locale?: string | undefined;
  /** The building's languages, first the main one; the template's when not given. */
  languages?: { code: string; name: string }[] | undefined;
  theme?: { primary_color?: string | undefined; secondary_color?: string | undefined } | undefined;
  /** How many people; 1 when not given (or as many as `first_names`). */
  people?: number | undefined;
  /** The people's first names, in order; generated for the rest. */
  first_names?: string[] | undefined;
  /**
   * Each person also gets what the seed gives each demo person in their building: service requests, resource
   * bookings, booked services and the ended events attended (a history to show).
   */
  history?: boolean | undefined;
}

// Answers are types, not interfaces: only a type literal fits an answer schema's index signature (lib/typedRoutes.ts).
export type TenantPerson = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
};

export type Tenant = {
  building_uuid: string;
  building_name: string;
  domain: string;
  people: TenantPerson[];
};

const FIRST_NAMES = ['Avery', 'Blair', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jordan', 'Kendall', 'Logan', 'Morgan', 'Quinn'];
const LAST_NAMES = ['Tenant', 'Lessee', 'Occupant', 'Resident'];
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The options that no schema can check: a known time zone, distinct languages, no more names than people. */
function checkOptions(options: TenantOptions): void {
  if (options.timezone !== undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: options.timezone });
    } catch {
      throw httpError(400, `Unknown time zone "${options.timezone}": give an IANA name such as America/New_York`, 'unknown_timezone');
    }
  }
  const codes = (options.languages ?? []).map((l) => l.code.toLowerCase());
  if (new Set(codes).size !== codes.length) throw httpError(400, 'Each language may be given once', 'duplicate_language');
  if (options.people !== undefined && (options.first_names?.length ?? 0) > options.people)
    throw httpError(400, `${options.first_names!.length} first names were given for ${options.people} people`, 'too_many_names');
}

/** Makes a tenant in one transaction: its building with the demo content, its company and domain, and its people. */
export async function createTenant(db: Db, options: TenantOptions, now: Date): Promise<Tenant> {
  checkOptions(options);
  const count = options.people ?? Math.max(1, options.first_names?.length ?? 0);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [template] = await tx.query<{
      image_url: string | null;
      address_1: string;
      timezone: string;
      locale: string;
      portfolio_id: number;
      portfolio_company_id: number | null;
      secondary_content_name: string | null;
    }>(
      `SELECT image_url, address_1, timezone, locale, portfolio_id, portfolio_company_id, secondary_content_name
         FROM buildings WHERE name = $1 ORDER BY id LIMIT 1`,
      [TENANT_TEMPLATE_BUILDING],
    );
    if (!template) throw httpError(409, `The building a tenant is made from, ${TENANT_TEMPLATE_BUILDING}, is missing`, 'no_template_building');
    const [portfolio] = await tx.query<{ id: number; company_id: number | null }>(
      `SELECT p.id, (SELECT c.id FROM companies c WHERE c.portfolio_id = p.id AND c.building_id IS NULL ORDER BY c.id LIMIT 1) AS company_id
         FROM portfolios p JOIN brands br ON br.id = p.brand_id WHERE br.is_default ORDER BY p.id LIMIT 1`,
    );
    if (!portfolio) throw httpError(409, 'The default brand has no portfolio to put a building in', 'no_default_portfolio');

    const name = options.name?.trim() || `Tenant building ${hex(4)}`;
    const [taken] = await tx.query('SELECT 1 FROM buildings WHERE lower(name) = lower($1)', [name]);
    if (taken)
      throw httpError(409, `A building named "${name}" exists already: give another name, or none for a generated one`, 'building_name_taken');

    const [building] = await tx.query<{ id: number; uuid: string }>(
      `INSERT INTO buildings (name, image_url, address_1, timezone, locale, portfolio_id, portfolio_company_id, is_guest, secondary_content_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8) RETURNING id, uuid::text AS uuid`,
      [
        name,
        template.image_url,
        template.address_1,
        options.timezone ?? template.timezone,
        options.locale ?? template.locale,
        portfolio.id,
        portfolio.company_id,
        template.secondary_content_name,
      ],
    );
    const buildingId = building!.id;
    const templateId = `(SELECT id FROM buildings WHERE name = $2 ORDER BY id LIMIT 1)`;
    if (options.languages?.length) {
      for (const [index, language] of options.languages.entries())
        await tx.query('INSERT INTO building_languages (building_id, code, name, priority) VALUES ($1, $2, $3, $4)', [
          buildingId,
          language.code,
          language.name,
          index,
        ]);
    } else {
      await tx.query(
        `INSERT INTO building_languages (building_id, code, name, priority)
         SELECT $1, code, name, priority FROM building_languages WHERE building_id = ${templateId} ORDER BY priority`,
        [buildingId, TENANT_TEMPLATE_BUILDING],
      );
    }
    await tx.query(
      `INSERT INTO building_themes (building_id, primary_color, secondary_color, primary_font_color, font, home_header_image_url, building_logo_url,
                                    display_portfolio_logo)
       SELECT $1, COALESCE($3, primary_color), COALESCE($4, secondary_color), primary_font_color, font, home_header_image_url, building_logo_url,
              display_portfolio_logo
         FROM building_themes WHERE building_id = ${templateId}`,
      [buildingId, TENANT_TEMPLATE_BUILDING, options.theme?.primary_color ?? null, options.theme?.secondary_color ?? null],
    );

    // The demo content, made by the seed's own functions for this one building.
    const [made] = await contentBuildings(tx, buildingId);
    await seedBuildingContent(tx, made!, await contentFillers(tx), now);
    await seedSmartBuildingEntryOf(tx, made!, { flag: true, button: true });
    await seedEmergencyManagementOf(tx, made!);

    // The company, its email domain (no single sign-on) and the people.
    const suffix = hex(4);
    const domain = `t-${suffix}.example`;
    const [company] = await tx.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [`Tenant ${suffix} Inc.`]);
    await tx.query(`INSERT INTO email_domains (domain, sso_mode, company_id) VALUES ($1, 'none', $2)`, [domain, company!.id]);
    await tx.query('INSERT INTO domain_buildings (domain, building_id) VALUES ($1, $2)', [domain, buildingId]);
    // Suite 1200 is the company's; the rest are the building's (no other company is there to own one).
    await seedBuildingSuites(tx, made!, { own: company!.id, neighbour: null });
    const people: (TenantPerson & { id: number })[] = [];
    for (let i = 0; i < count; i++) {
      const person = {
        email: `person${i + 1}@${domain}`,
        password: DEMO_PASSWORD,
        first_name: options.first_names?.[i]?.trim() || FIRST_NAMES[i % FIRST_NAMES.length]!,
        last_name: LAST_NAMES[i % LAST_NAMES.length]!,
      };
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO users (email, first_name, last_name, password_hash, default_building_id, company_id, confirmed, terms_accepted)
         VALUES ($1, $2, $3, $4, $5, $6, true, true) RETURNING id`,
        [person.email, person.first_name, person.last_name, passwordHash, buildingId, company!.id],
      );
      const id = row!.id;
      await tx.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [id, passwordHash]);
      await tx.query('INSERT INTO user_buildings (user_id, building_id) VALUES ($1, $2)', [id, buildingId]);
      await tx.query(`INSERT INTO user_roles (user_id, name) VALUES ($1, 'tenant')`, [id]);
      people.push({ ...person, id });
    }

    // Resources in every case; the people's bookings and the rest of a history when asked.
    const withHistory = options.history ? people : [];
    await seedBuildingBookings(tx, made!, withHistory, now);
    for (const person of withHistory) {
      await seedServiceRequestsOf(tx, { user_id: person.id, building_id: buildingId }, now.getTime());
      await seedServiceBookingsOf(tx, { id: person.id, building_id: buildingId, locale: made!.locale }, now);
    }
    if (withHistory.length)
      await seedPastRsvpsOf(
        tx,
        withHistory.map((p) => p.email),
        now,
      );

    return {
      building_uuid: building!.uuid,
      building_name: name,
      domain,
      people: people.map(({ id: _id, ...person }) => person),
    };
  });
}

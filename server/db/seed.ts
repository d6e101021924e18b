import type { Db } from './index.js';
import { hashPassword } from '../lib/passwords.js';
import { seedContentData } from './seedContent.js';
import { seedServicesData } from './seedServices.js';

/** The demo tenant that README and `npm start` print. */
export const DEMO_LOGIN = { email: 'demo@northwind.example', password: 'Atrium!2026' } as const;
/** Password of every seeded account that has one. */
export const DEMO_PASSWORD = DEMO_LOGIN.password;

interface SeedBuilding {
  key: string;
  name: string;
  address: string;
  timezone: string;
  locale: string;
  portfolio: string;
  guest?: boolean;
  languages: [code: string, name: string][];
  theme: { primary: string; secondary: string; font: string; fontColor: string; portfolioLogo?: boolean };
}

const brands = [
  {
    identifier: 'atrium',
    name: 'Atrium',
    primary: '#257BAD',
    secondary: '#7C7933',
    hosts: ['localhost', 'atrium.localhost', '127.0.0.1'],
    isDefault: true,
    email: 'help@atrium.localhost',
    language: 'en',
  },
  {
    identifier: 'harbor',
    name: 'Harbor Workplace',
    primary: '#0B6E4F',
    secondary: '#F2A541',
    hosts: ['harbor.localhost'],
    isDefault: false,
    email: 'help@harbor.localhost',
    language: 'en-GB',
  },
];

/** Harbor Estates takes help-desk categories instead of natures (decision 186). */
const portfolios: { key: string; name: string; brand: string; helpDeskCategories?: string[] }[] = [
  { key: 'atrium', name: 'Atrium Properties', brand: 'atrium' },
  { key: 'harbor', name: 'Harbor Estates', brand: 'harbor', helpDeskCategories: ['maintenance', 'cleaning', 'security', 'access', 'other'] },
];

const buildings: SeedBuilding[] = [
  {
    key: 'one-atrium-plaza',
    name: 'One Atrium Plaza',
    address: '100 Park Avenue, New York, NY',
    timezone: 'America/New_York',
    locale: 'en-US',
    portfolio: 'atrium',
    languages: [
      ['en', 'English'],
      ['es-ES', 'Español'],
    ],
    theme: { primary: '#257BAD', secondary: '#7C7933', font: 'Inter', fontColor: '#FFFFFF' },
  },
  {
    key: 'atrium-tower-west',
    name: 'Atrium Tower West',
    address: '555 Market Street, San Francisco, CA',
    timezone: 'America/Los_Angeles',
    locale: 'en-US',
    portfolio: 'atrium',
    guest: true,
    languages: [['en', 'English']],
    theme: { primary: '#6A3FA0', secondary: '#E0B44C', font: 'Georgia', fontColor: '#FFFFFF', portfolioLogo: true },
  },
  {
    key: 'harbor-point',
    name: 'Harbor Point',
    address: '1 Canary Wharf, London',
    timezone: 'Europe/London',
    locale: 'en-GB',
    portfolio: 'harbor',
    languages: [['en-GB', 'English (UK)']],
    theme: { primary: '#0B6E4F', secondary: '#F2A541', font: 'Helvetica', fontColor: '#FFFFFF' },
  },
  {
    key: 'maison-du-port',
    name: 'Maison du Port',
    address: '200 rue de la Commune, Montréal, QC',
    timezone: 'America/Toronto',
    locale: 'fr-CA',
    portfolio: 'harbor',
    languages: [
      ['fr-CA', 'Français (Canada)'],
      ['en', 'English'],
    ],
    theme: { primary: '#B23A48', secondary: '#2E4057', font: 'Verdana', fontColor: '#FFFFFF', portfolioLogo: true },
  },
];

/** Email domains: one with exactly one building, one with several, one that requires SSO, one with optional SSO. */
const domains = [
  { domain: 'northwind.example', sso: 'none', company: 'Northwind Traders', buildings: ['one-atrium-plaza'] },
  { domain: 'globex.example', sso: 'none', company: 'Globex Corporation', buildings: ['one-atrium-plaza', 'atrium-tower-west', 'harbor-point'] },
  { domain: 'initech.example', sso: 'required', company: 'Initech', buildings: ['harbor-point'] },
  { domain: 'umbrella.example', sso: 'optional', company: 'Umbrella Ventures', buildings: ['maison-du-port', 'harbor-point'] },
] as const;

type CreatedBy = 'user' | 'sso' | 'scim' | 'upload' | 'acs';
interface SeedUser {
  email: string;
  first: string;
  last: string;
  password?: boolean;
  confirmed?: boolean;
  terms?: boolean;
  deactivated?: boolean;
  createdBy?: CreatedBy;
  /** A sign-up started and never confirmed: its code was mailed, its password is chosen when the code is entered. */
  pendingSignup?: boolean;
  admin?: boolean;
  buildings: string[];
  permissions?: string[];
  roles?: string[];
}

/**
 * Seeded people. Sign-up types that start from an address with no account (standard, sso_required,
 * sso_optional_provider, sso_optional_email) are shown with any new address on the matching domain; the others
 * need an account created for the person beforehand, which these are.
 */
export const seedUsers: SeedUser[] = [
  {
    email: DEMO_LOGIN.email,
    first: 'Dana',
    last: 'Demo',
    password: true,
    confirmed: true,
    terms: true,
    buildings: ['one-atrium-plaza'],
    roles: ['tenant'],
  },
  {
    email: 'admin@globex.example',
    first: 'Ada',
    last: 'Admin',
    password: true,
    confirmed: true,
    terms: true,
    admin: true,
    buildings: ['one-atrium-plaza', 'atrium-tower-west', 'harbor-point'],
    permissions: ['can-see-admin-ui-link'],
    roles: ['tenant', 'building_admin'],
  },
  {
    email: 'olivia@umbrella.example',
    first: 'Olivia',
    last: 'Optional',
    password: true,
    confirmed: true,
    terms: true,
    buildings: ['maison-du-port', 'harbor-point'],
    roles: ['tenant'],
  },
  {
    email: 'sam.sso@initech.example',
    first: 'Sam',
    last: 'Single',
    confirmed: true,
    terms: true,
    createdBy: 'sso',
    buildings: ['harbor-point'],
    roles: ['tenant'],
  },
  { email: 'pending@northwind.example', first: 'Pat', last: 'Pending', confirmed: false, pendingSignup: true, buildings: ['one-atrium-plaza'] },
  {
    email: 'former@globex.example',
    first: 'Frank',
    last: 'Former',
    password: true,
    confirmed: true,
    terms: true,
    deactivated: true,
    buildings: ['one-atrium-plaza'],
  },
  { email: 'scim.user@initech.example', first: 'Scout', last: 'Scim', createdBy: 'scim', buildings: ['harbor-point'] },
  { email: 'csv.user@northwind.example', first: 'Cass', last: 'Upload', createdBy: 'upload', buildings: ['one-atrium-plaza'] },
  { email: 'csv.sso@initech.example', first: 'Casey', last: 'Required', createdBy: 'upload', buildings: ['harbor-point'] },
  { email: 'csv.optional@umbrella.example', first: 'Chris', last: 'Optional', createdBy: 'upload', buildings: ['maison-du-port'] },
  { email: 'invited@globex.example', first: 'Ivy', last: 'Invited', createdBy: 'acs', buildings: ['atrium-tower-west'] },
];

const farms = [
  { description: 'Local (this server)', url: '/api' },
  { description: 'Staging', url: 'https://staging.atrium.localhost/api' },
];

/**
 * Fills an empty database with the demo data; does nothing when brands already exist, except adding the demo content
 * when the content tables are empty (a database seeded before content existed).
 */
export async function seedDemoData(db: Db, options: { production?: boolean } = {}): Promise<boolean> {
  const [existing] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM brands');
  if (existing && existing.count > 0) {
    await seedContentData(db);
    await seedMiniApps(db, options);
    await seedServicesData(db);
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const brandIds = new Map<string, number>();
    for (const b of brands) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO brands (identifier, name, primary_color, secondary_color, logo_url, logo_dark_url, language, help_desk_email, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          b.identifier,
          b.name,
          b.primary,
          b.secondary,
          `/media/brands/${b.identifier}.svg`,
          // Light marks for the brand-coloured kiosk bar (decision 080).
          `/media/brands/${b.identifier}-dark.svg`,
          b.language,
          b.email,
          b.isDefault,
        ],
      );
      brandIds.set(b.identifier, row!.id);
      for (const host of b.hosts) await tx.query('INSERT INTO brand_hosts (host, brand_id) VALUES ($1, $2)', [host, row!.id]);
    }
    const portfolioIds = new Map<string, number>();
    const portfolioCompanies = new Map<string, number>();
    for (const p of portfolios) {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO portfolios (name, logo_url, brand_id, help_desk_categories) VALUES ($1, $2, $3, $4) RETURNING id',
        [p.name, `/media/portfolios/${p.key}.svg`, brandIds.get(p.brand), p.helpDeskCategories ?? null],
      );
      portfolioIds.set(p.key, row!.id);
      const [company] = await tx.query<{ id: number }>('INSERT INTO companies (name, portfolio_id) VALUES ($1, $2) RETURNING id', [p.name, row!.id]);
      portfolioCompanies.set(p.key, company!.id);
    }
    const buildingIds = new Map<string, number>();
    for (const b of buildings) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO buildings (name, image_url, address_1, timezone, locale, portfolio_id, portfolio_company_id, is_guest, secondary_content_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          b.name,
          `/media/buildings/${b.key}.svg`,
          b.address,
          b.timezone,
          b.locale,
          portfolioIds.get(b.portfolio),
          portfolioCompanies.get(b.portfolio),
          b.guest ?? false,
          'Services',
        ],
      );
      const id = row!.id;
      buildingIds.set(b.key, id);
      for (const [index, [code, name]] of b.languages.entries()) {
        await tx.query('INSERT INTO building_languages (building_id, code, name, priority) VALUES ($1, $2, $3, $4)', [id, code, name, index]);
      }
      await tx.query(
        `INSERT INTO building_themes (building_id, primary_color, secondary_color, primary_font_color, font, home_header_image_url, building_logo_url, display_portfolio_logo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          b.theme.primary,
          b.theme.secondary,
          b.theme.fontColor,
          b.theme.font,
          `/media/buildings/${b.key}.svg`,
          `/media/logos/${b.key}.svg`,
          b.theme.portfolioLogo ?? false,
        ],
      );
    }
    const companyIds = new Map<string, number>();
    for (const d of domains) {
      const [company] = await tx.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [d.company]);
      companyIds.set(d.domain, company!.id);
      await tx.query('INSERT INTO email_domains (domain, sso_mode, company_id) VALUES ($1, $2, $3)', [d.domain, d.sso, company!.id]);
      for (const key of d.buildings)
        await tx.query('INSERT INTO domain_buildings (domain, building_id) VALUES ($1, $2)', [d.domain, buildingIds.get(key)]);
    }
    for (const u of seedUsers) {
      const domain = u.email.split('@')[1]!;
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO users (email, first_name, last_name, password_hash, default_building_id, company_id, confirmed, terms_accepted,
                            email_accepted, deactivated, created_by, admin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, $10, $11) RETURNING id`,
        [
          u.email,
          u.first,
          u.last,
          u.password ? passwordHash : null,
          buildingIds.get(u.buildings[0]!),
          companyIds.get(domain),
          u.confirmed ?? false,
          u.terms ?? false,
          u.deactivated ?? false,
          u.createdBy ?? 'user',
          u.admin ?? false,
        ],
      );
      const id = row!.id;
      if (u.password) await tx.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [id, passwordHash]);
      if (u.pendingSignup) {
        await tx.query('INSERT INTO signup_requests (user_id, first_name, last_name, building_id) VALUES ($1, $2, $3, $4)', [
          id,
          u.first,
          u.last,
          buildingIds.get(u.buildings[0]!),
        ]);
      }
      for (const key of u.buildings) {
        await tx.query('INSERT INTO user_buildings (user_id, building_id) VALUES ($1, $2)', [id, buildingIds.get(key)]);
        for (const permission of u.permissions ?? []) {
          await tx.query('INSERT INTO user_permissions (user_id, building_id, permission) VALUES ($1, $2, $3)', [
            id,
            buildingIds.get(key),
            permission,
          ]);
        }
      }
      for (const role of u.roles ?? []) await tx.query('INSERT INTO user_roles (user_id, name) VALUES ($1, $2)', [id, role]);
    }
    for (const f of farms) await tx.query('INSERT INTO farms (description, url) VALUES ($1, $2)', [f.description, f.url]);
  });
  await seedContentData(db);
  await seedMiniApps(db, options);
  await seedServicesData(db);
  return true;
}

/**
 * The demo mini-apps this server serves itself on its mini-app origin (routes/miniAppOrigin.ts); a name is the title of
 * the frame it opens in. Their uuids are fixed, so the server puts them on its own mini-app origin at every start
 * (stores/miniApps.ts placeDemoMiniApps): the base URLs here are paths on that origin. The bridge-test one is for the
 * bridge's browser tests and the authors' kit; it is granted every scope, and is not registered in production.
 * Kept in this file, so a change makes another data-folder copy (server/db/template.ts keys copies by the seed's files).
 */
export const DEMO_MINI_APPS = [
  {
    uuid: '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e01',
    name: 'Visitors',
    baseUrl: '/mfe-visitors/',
    scopes: ['user', 'buildings', 'token', 'storage', 'visits'],
  },
  { uuid: '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e02', name: 'Survey', baseUrl: '/mfe-survey/', scopes: ['user', 'token'] },
  {
    uuid: '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e03',
    name: 'Bridge test',
    baseUrl: '/mfe-bridge-test/',
    scopes: ['user', 'buildings', 'token', 'storage', 'payments', 'session', 'visits'],
  },
  // The same page granted one scope: the bridge's browser test of an action outside the scopes (ACCESS_DENIED).
  { uuid: '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e04', name: 'Bridge test (user only)', baseUrl: '/mfe-bridge-test/limited/', scopes: ['user'] },
] as const;

/** The bridge-test mini-app's uuid (its page connects as it when its address names none). */
export const BRIDGE_TEST_UUID = DEMO_MINI_APPS[2].uuid;

export const DEMO_MINI_APP_UUIDS = DEMO_MINI_APPS.map((m) => m.uuid);

/**
 * Registers the demo mini-apps when none are registered, and the bridge-test one beside the two older demo ones (a
 * database seeded before it existed).
 */
async function seedMiniApps(db: Db, options: { production?: boolean }) {
  const [row] = await db.query<{ count: number; demo: number }>(
    'SELECT count(*)::int AS count, count(*) FILTER (WHERE uuid = ANY($1::text[]))::int AS demo FROM mini_apps',
    [DEMO_MINI_APP_UUIDS],
  );
  if (row && row.count > 0 && row.demo === 0) return;
  for (const app of DEMO_MINI_APPS) {
    if (options.production && app.baseUrl.startsWith('/mfe-bridge-test/')) continue;
    await db.query('INSERT INTO mini_apps (uuid, name, base_url, scopes) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      app.uuid,
      app.name,
      app.baseUrl,
      app.scopes,
    ]);
  }
}

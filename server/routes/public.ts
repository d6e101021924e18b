import type { FastifyInstance } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, ref, dataOf } from '../schemas.js';
import { sensitive } from '../lib/sensitive.js';
import { httpError } from '../lib/errors.js';
import { queryBuildings, withoutId } from '../lib/buildings.js';

const buildingList = { type: 'array', items: ref('Building') } as const;
const nstr = { type: ['string', 'null'] } as const;

const whitelabelSchema = {
  type: 'object',
  required: ['brand_identifier', 'id', 'uuid', 'whitelabel_config_uuid', 'name', 'logo_url'],
  properties: {
    brand_identifier: { type: 'string' },
    id: { type: 'integer' },
    uuid: { type: 'string' },
    whitelabel_config_uuid: { type: 'string' },
    name: { type: 'string' },
    logo_url: nstr,
  },
} as const;

interface BrandRow {
  id: number;
  uuid: string;
  config_uuid: string;
  identifier: string;
  name: string;
  primary_color: string;
  secondary_color: string;
  logo_url: string | null;
  language: string;
  help_desk_email: string;
  is_avatar_visible: boolean;
}

const selectBrand = `SELECT br.id, br.uuid::text, br.config_uuid::text, br.identifier, br.name, br.primary_color, br.secondary_color,
  br.logo_url, br.language, br.help_desk_email, br.is_avatar_visible FROM brands br`;

/** A host name's brand: an exact host match, else the default brand. Ports are ignored. */
async function brandForHost(app: FastifyInstance, domain: string | undefined): Promise<BrandRow> {
  const host = (domain ?? '').toLowerCase().replace(/:\d+$/, '');
  const [match] = await app.deps.db.query<BrandRow>(`${selectBrand} JOIN brand_hosts h ON h.brand_id = br.id WHERE h.host = $1`, [host]);
  if (match) return match;
  const [fallback] = await app.deps.db.query<BrandRow>(`${selectBrand} WHERE br.is_default`);
  if (!fallback) throw httpError(404, 'No brand is configured', 'no_brand');
  return fallback;
}

const whitelabelOut = (b: BrandRow) => ({
  brand_identifier: b.identifier,
  id: b.id,
  uuid: b.uuid,
  whitelabel_config_uuid: b.config_uuid,
  name: b.name,
  logo_url: b.logo_url,
});

export async function publicRoutes(app: Api) {
  const { db } = app.deps;
  const domainQuery = { type: 'object', properties: { domain: { type: 'string', maxLength: 253 } } } as const;

  app.get(
    '/healthcheck',
    { schema: { tags: ['public'], summary: 'OK when the server and its database answer', response: { 200: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } } } },
    async () => {
      await db.query('SELECT 1');
      return { status: 'OK' };
    },
  );

  app.get(
    '/public/buildings',
    {
      config: sensitive(app),
      schema: {
        tags: ['public'],
        summary: 'The buildings tied to an email domain (for the sign-up building step)',
        querystring: { type: 'object', required: ['domain'], properties: { domain: { type: 'string', minLength: 1, maxLength: 253 }, guestBuildingsOnly: { type: 'boolean' } } },
        response: { 200: dataOf(buildingList), ...errorResponses },
      },
    },
    async (request) => {
      const domain = request.query.domain.toLowerCase().replace(/^.*@/, '');
      const buildings = await queryBuildings(db, {
        where: 'b.id IN (SELECT building_id FROM domain_buildings WHERE domain = $1) AND (NOT $2::boolean OR b.is_guest)',
        params: [domain, request.query.guestBuildingsOnly ?? false],
        withLanguages: true,
      });
      return { data: buildings.map(withoutId) };
    },
  );

  app.get(
    '/public/guest-buildings',
    { schema: { tags: ['public'], summary: 'Buildings open to guests', response: { 200: dataOf(buildingList) } } },
    async () => ({ data: (await queryBuildings(db, { where: 'b.is_guest', params: [], withLanguages: true })).map(withoutId) }),
  );

  app.get(
    '/buildings/:id/theme',
    {
      schema: {
        tags: ['public'],
        summary: "A building's theme (colours, font, logos, hero); public, since the sign-in page may show it",
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
        response: { 200: dataOf(ref('BuildingTheme')), ...errorResponses },
      },
    },
    async (request) => {
      const [theme] = await db.query<{
        primary_color: string; secondary_color: string; primary_font_color: string; font: string; home_header_image_url: string | null;
        building_logo_url: string | null; display_portfolio_logo: boolean; portfolio_logo_url: string | null;
      }>(
        `SELECT t.primary_color, t.secondary_color, t.primary_font_color, t.font, t.home_header_image_url, t.building_logo_url,
                t.display_portfolio_logo, p.logo_url AS portfolio_logo_url
           FROM building_themes t JOIN buildings b ON b.id = t.building_id JOIN portfolios p ON p.id = b.portfolio_id
          WHERE b.uuid = $1`,
        [request.params.id],
      );
      if (!theme) throw httpError(404, 'No theme for this building', 'unknown_building');
      return { data: theme };
    },
  );

  app.get(
    '/public/theme',
    {
      schema: {
        tags: ['public'],
        summary: "A host name's brand theme",
        querystring: domainQuery,
        response: { 200: dataOf({ type: 'object', required: ['brand', 'is_avatar_visible'], properties: { brand: { type: 'string' }, is_avatar_visible: { type: 'boolean' } } }), ...errorResponses },
      },
    },
    async (request) => {
      const brand = await brandForHost(app, request.query.domain);
      return { data: { brand: brand.identifier, is_avatar_visible: brand.is_avatar_visible } };
    },
  );

  app.get(
    '/public/whitelabel',
    { schema: { tags: ['public'], summary: "A host name's white-label brand (the default brand when none matches)", querystring: domainQuery, response: { 200: dataOf(whitelabelSchema), ...errorResponses } } },
    async (request) => ({ data: whitelabelOut(await brandForHost(app, request.query.domain)) }),
  );

  app.get(
    '/v1/whitelabels/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'A white-label brand by id or uuid',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        response: { 200: dataOf(whitelabelSchema), ...errorResponses },
      },
    },
    async (request) => {
      const [brand] = await db.query<BrandRow>(`${selectBrand} WHERE br.id::text = $1 OR br.uuid::text = $1`, [request.params.id]);
      if (!brand) throw httpError(404, 'No white-label brand with this id', 'unknown_whitelabel');
      return { data: whitelabelOut(brand) };
    },
  );

  app.get(
    '/public/whitelabel-config/:uuid',
    {
      schema: {
        tags: ['public'],
        summary: "A brand's white-label configuration",
        params: { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', format: 'uuid' } } },
        response: {
          200: dataOf({
            type: 'object',
            required: ['primaryColor', 'secondaryColor', 'language', 'help_desk_email'],
            properties: { primaryColor: { type: 'string' }, secondaryColor: { type: 'string' }, language: { type: 'string' }, help_desk_email: { type: 'string' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const [brand] = await db.query<BrandRow>(`${selectBrand} WHERE br.config_uuid = $1`, [request.params.uuid]);
      if (!brand) throw httpError(404, 'No white-label configuration with this uuid', 'unknown_whitelabel');
      return { data: { primaryColor: brand.primary_color, secondaryColor: brand.secondary_color, language: brand.language, help_desk_email: brand.help_desk_email } };
    },
  );

  app.get(
    '/farms',
    {
      schema: {
        tags: ['public'],
        summary: 'The farm (environment) list for the farm selector',
        querystring: { type: 'object', properties: { repo: { type: 'string' }, key: { type: 'string' } } },
        response: {
          200: {
            type: 'object',
            required: ['items'],
            properties: {
              items: { type: 'array', items: { type: 'object', required: ['uuid', 'description', 'url'], properties: { uuid: { type: 'string' }, description: { type: 'string' }, url: { type: 'string' } } } },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const key = process.env.FARM_LIST_KEY;
      if (key && request.query.key !== key) throw httpError(401, 'A valid farm list key is required', 'invalid_key');
      return { items: await db.query<{ uuid: string; description: string; url: string }>('SELECT uuid::text, description, url FROM farms ORDER BY description') };
    },
  );
}

import type { Api } from '../lib/typedRoutes.js';
import { ping, type Db } from '../db/index.js';
import { errorResponses, ref, dataOf } from '../schemas.js';
import { sensitive } from '../lib/sensitive.js';
import { httpError } from '../lib/errors.js';
import { withoutId } from '../lib/buildings.js';
import { scopedBrand } from '../../contracts/brands.js';
import { buildingTheme, domainBuildingList, guestBuildings } from '../stores/buildings.js';
import { brandByConfigUuid, brandByIdOrUuid, brandForHost, farms, type BrandRow } from '../stores/brands.js';

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
    /** The logo for dark or brand-coloured bars (the kiosk header); null: the name is written instead. */
    logo_dark_url: nstr,
  },
} as const;

/** A host name's brand: an exact host match, else the default brand. Ports are ignored. */
async function brandOfDomain(db: Db, domain: string | undefined): Promise<BrandRow> {
  const brand = await brandForHost(db, domain);
  if (!brand) throw httpError(404, 'No brand is configured', 'no_brand');
  return brand;
}

const whitelabelOut = (b: BrandRow) => ({
  brand_identifier: b.identifier,
  id: b.id,
  uuid: b.uuid,
  whitelabel_config_uuid: b.config_uuid,
  name: b.name,
  logo_url: b.logo_url,
  logo_dark_url: b.logo_dark_url,
});

export async function publicRoutes(app: Api) {
  const { db } = app.deps;
  const domainQuery = { type: 'object', properties: { domain: { type: 'string', maxLength: 253 } } } as const;

  app.get(
    '/healthcheck',
    {
      // Never shed (lib/shedding.ts): a busy instance still says it is alive, so a proxy does not take it for dead.
      config: { shed: false },
      schema: {
        tags: ['public'],
        summary: 'OK when the server and its database answer',
        response: { 200: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } },
      },
    },
    async () => {
      await ping(db);
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
        querystring: {
          type: 'object',
          required: ['domain'],
          properties: {
            domain: { type: 'string', minLength: 1, maxLength: 253 },
            guestBuildingsOnly: { type: 'boolean' },
            brand_scope: {
              type: 'string',
              maxLength: 40,
              description: "One of the scoped brands keeps that brand's buildings; ALL (or any other value, or none): every brand's",
            },
          },
        },
        response: { 200: dataOf(buildingList), ...errorResponses },
      },
    },
    async (request) => {
      const domain = request.query.domain.toLowerCase().replace(/^.*@/, '');
      const buildings = await domainBuildingList(db, domain, request.query.guestBuildingsOnly ?? false, scopedBrand(request.query.brand_scope));
      return { data: buildings.map(withoutId) };
    },
  );

  app.get(
    '/public/guest-buildings',
    { schema: { tags: ['public'], summary: 'Buildings open to guests', response: { 200: dataOf(buildingList) } } },
    async () => ({ data: (await guestBuildings(db)).map(withoutId) }),
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
      const theme = await buildingTheme(db, request.params.id);
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
        response: {
          200: dataOf({
            type: 'object',
            required: ['brand', 'is_avatar_visible'],
            properties: { brand: { type: 'string' }, is_avatar_visible: { type: 'boolean' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const brand = await brandOfDomain(db, request.query.domain);
      return { data: { brand: brand.identifier, is_avatar_visible: brand.is_avatar_visible } };
    },
  );

  app.get(
    '/public/whitelabel',
    {
      schema: {
        tags: ['public'],
        summary: "A host name's white-label brand (the default brand when none matches)",
        querystring: domainQuery,
        response: { 200: dataOf(whitelabelSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: whitelabelOut(await brandOfDomain(db, request.query.domain)) }),
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
      const brand = await brandByIdOrUuid(db, request.params.id);
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
            properties: {
              primaryColor: { type: 'string' },
              secondaryColor: { type: 'string' },
              language: { type: 'string' },
              help_desk_email: { type: 'string' },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const brand = await brandByConfigUuid(db, request.params.uuid);
      if (!brand) throw httpError(404, 'No white-label configuration with this uuid', 'unknown_whitelabel');
      return {
        data: {
          primaryColor: brand.primary_color,
          secondaryColor: brand.secondary_color,
          language: brand.language,
          help_desk_email: brand.help_desk_email,
        },
      };
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
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['uuid', 'description', 'url'],
                  properties: { uuid: { type: 'string' }, description: { type: 'string' }, url: { type: 'string' } },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const key = process.env.FARM_LIST_KEY;
      if (key && request.query.key !== key) throw httpError(401, 'A valid farm list key is required', 'invalid_key');
      return { items: await farms(db) };
    },
  );
}

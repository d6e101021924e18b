import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, ref, dataOf } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { memberBuilding, requestLanguage, translation } from '../lib/content.js';

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const langField = { type: 'string', minLength: 1, maxLength: 35 } as const;

/** Companies listed in a building's directory: its own, and its portfolio's that belong to no one building. */
const listedIn = (building: string, portfolio: string) =>
  `co.company_type IS NOT NULL AND (co.building_id = ${building} OR (co.building_id IS NULL AND co.portfolio_id = ${portfolio}))`;
const companyColumns = 'co.uuid::text, co.name, co.logo_url, co.description, co.url, co.company_type';
const companyOrder: Record<string, string> = { name: 'lower(co.name)', company_type: 'co.company_type', created_at: 'co.created_at' };

export const COMPANY_PAGE_SIZE = 50;

/** Utility buttons, amenities and the company directory of a building. */
export async function directoryRoutes(app: Api) {
  const { db } = app.deps;
  const secured = { preHandler: app.requireUser };
  const security = [{ bearer: [] }];

  app.get(
    '/tenant/v1/buildings/:id/utility-buttons',
    {
      ...secured,
      schema: {
        tags: ['directory'],
        summary: "The building's utility buttons in their order (excluded ones are flagged, not dropped)",
        security,
        params: buildingParams,
        response: { 200: dataOf({ type: 'object', required: ['utility_buttons'], properties: { utility_buttons: { type: 'array', items: ref('UtilityButton') } } }), ...errorResponses },
      },
    },
    async (request) => {
      const building = await memberBuilding(db, request.auth!.userId, { uuid: request.params.id });
      const rows = await db.query(
        `SELECT uuid::text, text, name, utility_name, type, url, route, web_image, "order", company_types, sign_in_required, mobile_only, excluded
           FROM utility_buttons WHERE building_id = $1 ORDER BY "order", id`,
        [building.id],
      );
      return { data: { utility_buttons: rows } };
    },
  );

  app.get(
    '/tenant/v1/buildings/:id/amenitiesByCategory',
    {
      ...secured,
      schema: {
        tags: ['directory'],
        summary: "The building's amenities grouped by category (offset and limit count categories)",
        security,
        params: buildingParams,
        querystring: {
          type: 'object',
          properties: { lang: langField, offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 } },
        },
        response: { 200: dataOf({ type: 'array', items: ref('AmenityCategory') }), ...errorResponses },
      },
    },
    async (request) => {
      const building = await memberBuilding(db, request.auth!.userId, { uuid: request.params.id });
      const lang = requestLanguage(request, building, request.query.lang);
      const fallback = building.languages[0] ?? lang;
      const categories = await db.query<{ id: number; category_uuid: string; category_name: string }>(
        `SELECT cat.id, cat.uuid::text AS category_uuid, COALESCE(t.name, '') AS category_name FROM amenity_categories cat
         ${translation('amenity_category_translations', 'category_id', 'cat.id', '$2', '$3')}
          WHERE cat.building_id = $1 ORDER BY cat.position, cat.id LIMIT $4 OFFSET $5`,
        [building.id, lang, fallback, request.query.limit ?? 100, request.query.offset ?? 0],
      );
      const amenities = await db.query<{ category_id: number; amenity_uuid: string; amenity_name: string; description: string | null; image_url: string | null; image_alt_text: string | null }>(
        `SELECT a.category_id, a.uuid::text AS amenity_uuid, COALESCE(t.name, '') AS amenity_name, t.description, a.image_url, t.image_alt_text
           FROM amenities a
           ${translation('amenity_translations', 'amenity_id', 'a.id', '$2', '$3')}
          WHERE a.category_id = ANY($1) ORDER BY a.position, a.id`,
        [categories.map((c) => c.id), lang, fallback],
      );
      return {
        data: categories.map((cat) => ({
          ...cat,
          amenities: amenities
            .filter((a) => a.category_id === cat.id)
            .map(({ category_id: _c, ...a }) => ({ ...a, category: { category_uuid: cat.category_uuid, category_name: cat.category_name } })),
        })),
      };
    },
  );

  app.get(
    '/tenant/v1/buildings/:id/companies',
    {
      ...secured,
      schema: {
        tags: ['directory'],
        summary: "The building's company directory, one page at a time",
        description:
          'Default order: name ascending; default page size ' + COMPANY_PAGE_SIZE + '. `company_types` (comma-separated) keeps those types. ' +
          'The answer also lists every type present in the directory (for filters) and the page position.',
        security,
        params: buildingParams,
        querystring: {
          type: 'object',
          properties: {
            orderByProperty: { type: 'string', enum: Object.keys(companyOrder) },
            orderBy: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: COMPANY_PAGE_SIZE },
            company_types: { type: 'string', maxLength: 1000 },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['companies', 'company_types', 'pagination'],
            properties: {
              companies: { type: 'array', items: ref('Company') },
              company_types: { type: 'array', items: { type: 'string' } },
              pagination: {
                type: 'object',
                required: ['offset', 'limit', 'total', 'has_more'],
                properties: { offset: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' }, has_more: { type: 'boolean' } },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const building = await memberBuilding(db, request.auth!.userId, { uuid: request.params.id });
      const q = request.query;
      const types = (q.company_types ?? '').split(',').map((t) => t.trim()).filter(Boolean);
      const offset = q.offset ?? 0;
      const limit = q.limit ?? COMPANY_PAGE_SIZE;
      const direction = (q.orderBy ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
      const portfolio = '(SELECT portfolio_id FROM buildings WHERE id = $1)';
      const filter = `${listedIn('$1', portfolio)} AND (cardinality($2::text[]) = 0 OR co.company_type = ANY($2))`;
      const companies = await db.query(
        `SELECT ${companyColumns} FROM companies co WHERE ${filter}
          ORDER BY ${companyOrder[q.orderByProperty ?? 'name'] ?? 'lower(co.name)'} ${direction}, lower(co.name), co.id LIMIT $3 OFFSET $4`,
        [building.id, types, limit, offset],
      );
      const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies co WHERE ${filter}`, [building.id, types]);
      const allTypes = await db.query<{ company_type: string }>(
        `SELECT DISTINCT co.company_type FROM companies co WHERE ${listedIn('$1', portfolio)} ORDER BY 1`,
        [building.id],
      );
      const total = count?.n ?? 0;
      return {
        data: {
          companies,
          company_types: allTypes.map((t) => t.company_type),
          pagination: { offset, limit, total, has_more: offset + companies.length < total },
        },
      };
    },
  );

  app.get(
    '/tenant/v1/companies/:id',
    {
      ...secured,
      schema: {
        tags: ['directory'],
        summary: 'A company of the directory of one of your buildings',
        security,
        params: { type: 'object', required: ['id'], properties: { id: uuidParam } },
        response: { 200: dataOf(ref('Company')), ...errorResponses },
      },
    },
    async (request) => {
      const [company] = await db.query<{ uuid: string; name: string; logo_url: string | null; description: string | null; url: string | null; company_type: string | null; visible: boolean }>(
        `SELECT ${companyColumns},
                EXISTS (SELECT 1 FROM user_buildings ub JOIN buildings b ON b.id = ub.building_id
                         WHERE ub.user_id = $2 AND ${listedIn('b.id', 'b.portfolio_id')}) AS visible
           FROM companies co WHERE co.uuid::text = $1 AND co.company_type IS NOT NULL`,
        [request.params.id.toLowerCase(), request.auth!.userId],
      );
      if (!company) throw httpError(404, 'No company with this id', 'unknown_company');
      if (!company.visible) throw httpError(403, 'This company is not in the directory of your buildings', 'not_a_member');
      const { visible: _v, ...out } = company;
      return { data: out };
    },
  );
}

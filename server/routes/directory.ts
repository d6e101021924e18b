import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, notModified, ref, dataOf } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { revalidated } from '../lib/revalidation.js';
import { requestLanguage } from '../lib/content.js';
import {
  COMPANY_ORDER_PROPERTIES,
  amenitiesOf,
  amenityCategories,
  companyCount,
  companyForUser,
  companyPage,
  directoryChoices,
  utilityButtons,
} from '../stores/directory.js';
import { COMPANY_SEARCH_MAX_LENGTH, HIGHEST_FLOOR, LOWEST_FLOOR } from '../../contracts/directory.js';

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const langField = { type: 'string', minLength: 1, maxLength: 35 } as const;

export const COMPANY_PAGE_SIZE = 50;
/** At most this many companies a page. */
export const COMPANY_PAGE_MAX = 100;

/**
 * The words of a search as the directory compares them: one form of each accented letter (a name typed with a
 * combining accent is the same name), no space at either end, runs of spaces as one; null when nothing is left.
 */
export function searchWords(q: string | undefined): string | null {
  const words = (q ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
  return words === '' ? null : words;
}

/** Utility buttons, amenities and the company directory of a building. */
export async function directoryRoutes(app: Api) {
  const { db } = app.deps;
  // The building-scoped calls check the session and the membership in one query (server/lib/buildings.ts).
  const member = { config: { member: true } };
  // Asked on every visit of the home: an ETag per person, a 304 when the browser already has the answer.
  const memberRevalidated = { ...member, onSend: revalidated };
  const security = [{ bearer: [] }];

  app.get(
    '/tenant/v1/buildings/:id/utility-buttons',
    {
      ...memberRevalidated,
      schema: {
        tags: ['directory'],
        summary: "The building's utility buttons in their order (excluded ones are flagged, not dropped), labelled in the asked language",
        security,
        params: buildingParams,
        querystring: { type: 'object', properties: { lang: langField } },
        response: {
          200: dataOf({
            type: 'object',
            required: ['utility_buttons'],
            properties: { utility_buttons: { type: 'array', items: ref('UtilityButton') } },
          }),
          ...notModified,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const building = request.member!;
      const lang = requestLanguage(request, building, request.query.lang);
      const languages = { lang, fallback: building.languages[0] ?? lang };
      return { data: { utility_buttons: await utilityButtons(db, building.id, languages) } };
    },
  );

  app.get(
    '/tenant/v1/buildings/:id/amenitiesByCategory',
    {
      ...member,
      schema: {
        tags: ['directory'],
        summary: "The building's amenities grouped by category (offset and limit count categories)",
        security,
        params: buildingParams,
        querystring: {
          type: 'object',
          properties: {
            lang: langField,
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
          },
        },
        response: { 200: dataOf({ type: 'array', items: ref('AmenityCategory') }), ...errorResponses },
      },
    },
    async (request) => {
      const building = request.member!;
      const lang = requestLanguage(request, building, request.query.lang);
      const languages = { lang, fallback: building.languages[0] ?? lang };
      const categories = await amenityCategories(db, building.id, { limit: request.query.limit, offset: request.query.offset }, languages);
      const amenities = await amenitiesOf(
        db,
        categories.map((c) => c.id),
        languages,
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
      ...member,
      schema: {
        tags: ['directory'],
        summary: "The building's company directory, one page at a time",
        description:
          'Default order: name ascending; default page size ' +
          COMPANY_PAGE_SIZE +
          ', at most ' +
          COMPANY_PAGE_MAX +
          '. `company_types` (comma-separated) keeps those types; `q` keeps the companies whose name contains it ' +
          '(case and accents ignored, taken literally: `%` and `_` are no wildcards; at most ' +
          COMPANY_SEARCH_MAX_LENGTH +
          ' characters); `floor` keeps one floor. The filters combine. The answer also lists every type and floor ' +
          'present in the whole directory (for the filters) and the page position: `total` counts the companies that ' +
          'match, `has_more` says whether a page follows.',
        security,
        params: buildingParams,
        querystring: {
          type: 'object',
          properties: {
            orderByProperty: { type: 'string', enum: [...COMPANY_ORDER_PROPERTIES] },
            orderBy: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            limit: { type: 'integer', minimum: 1, maximum: COMPANY_PAGE_MAX, default: COMPANY_PAGE_SIZE },
            company_types: { type: 'string', maxLength: 1000 },
            q: { type: 'string', maxLength: COMPANY_SEARCH_MAX_LENGTH, description: 'Words the company’s name contains' },
            floor: { type: 'integer', minimum: LOWEST_FLOOR, maximum: HIGHEST_FLOOR, description: 'The floor the company is on' },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['companies', 'company_types', 'floors', 'pagination'],
            properties: {
              companies: { type: 'array', items: ref('Company') },
              company_types: { type: 'array', items: { type: 'string' } },
              floors: { type: 'array', items: { type: 'integer' } },
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
      const building = request.member!;
      const q = request.query;
      const types = (q.company_types ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const offset = q.offset ?? 0;
      const limit = q.limit ?? COMPANY_PAGE_SIZE;
      const direction = (q.orderBy ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
      const filter = { buildingId: building.id, types, query: searchWords(q.q), floor: q.floor ?? null };
      const companies = await companyPage(db, filter, { orderBy: q.orderByProperty ?? 'name', direction, limit, offset });
      const total = await companyCount(db, filter);
      return {
        data: {
          companies,
          ...(await directoryChoices(db, building.id)),
          pagination: { offset, limit, total, has_more: offset + companies.length < total },
        },
      };
    },
  );

  app.get(
    '/tenant/v1/companies/:id',
    {
      schema: {
        tags: ['directory'],
        summary: 'A company of the directory of one of your buildings',
        security,
        params: { type: 'object', required: ['id'], properties: { id: uuidParam } },
        response: { 200: dataOf(ref('Company')), ...errorResponses },
      },
    },
    async (request) => {
      const company = await companyForUser(db, request.params.id, request.person.userId);
      if (!company) throw httpError(404, 'No company with this id', 'unknown_company');
      if (!company.visible) throw httpError(403, 'This company is not in the directory of your buildings', 'not_a_member');
      const { visible: _v, ...out } = company;
      return { data: out };
    },
  );
}

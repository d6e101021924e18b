import type { FastifyRequest } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, notModified, ref, dataOf } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { revalidated } from '../lib/revalidation.js';
import { VersionedCache } from '../lib/versionedCache.js';
import { memberBuilding, type MemberBuilding } from '../lib/buildings.js';
import {
  attend,
  claim,
  giveBackClaim,
  withdrawRsvp,
  requestLanguage,
  toContent,
  toEventPost,
  toOffer,
  toPost,
  toPromoted,
  toTile,
} from '../lib/content.js';
import {
  ORDER_PROPERTIES,
  buildingCategories,
  contentBuilding,
  displayedTags,
  groupCategories,
  listContents,
  nextListChange,
  queryContents,
  type ContentFilter,
  type ContentRow,
  type ListedContentRow,
  type ListFilter,
  type Ordering,
} from '../stores/content.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';

/** How many lists (per person, building, category or group, language, order and page) one server keeps. */
const LISTS_KEPT = 2_000;
const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const langField = {
  type: 'string',
  minLength: 1,
  maxLength: 35,
  description: 'Language code; else Accept-Language; else the building’s first language',
} as const;
const orderingProps = {
  lang: langField,
  orderByProperty: { type: 'string', enum: [...ORDER_PROPERTIES], description: 'Sort key (name: the title); default the editors’ order' },
  orderBy: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'], description: 'Sort direction, default ASC' },
  offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
} as const;
const orderingQuery = { type: 'object', properties: orderingProps } as const;
/**
 * One content's calls (detail, RSVP, recall, claim, cancel) take the language and, as every content call carries them
 * (content document, section 7), the ordering and offset; one item has nothing to order, so they are checked and unused.
 */
const itemQuery = {
  type: 'object',
  properties: { lang: langField, orderByProperty: orderingProps.orderByProperty, orderBy: orderingProps.orderBy, offset: orderingProps.offset },
} as const;
const listOf = <Id extends string>(id: Id) => ({ type: 'array', items: ref(id) }) as const;

export async function contentRoutes(app: Api) {
  const { db, clock } = app.deps;
  // The building-scoped calls check the session and the membership in one query (server/lib/buildings.ts).
  const member = { config: { member: true } };
  // RSVPs and claims, and taking them back: one count per person (decision 145).
  const responding = { preHandler: [writeLimits(app, WRITE_LIMITS.responses)] };
  // The feed's answers and a content's detail: an ETag per person, a 304 when the browser already has the answer.
  const memberRevalidated = { ...member, onSend: revalidated };
  const security = [{ bearer: [] }];

  /** The member building of a request (checked by requireMember) and the language to answer in. */
  const scope = (request: FastifyRequest, lang: string | undefined): Scope => {
    const building = request.member!;
    return { building, lang: requestLanguage(request, building, lang), userId: request.person.userId, now: clock.now() };
  };
  /** The building as requireMember found it carries the version of its content lists; one found otherwise does not. */
  type Scope = { building: MemberBuilding & { contentVersion?: number }; lang: string; userId: number; now: Date };
  const languages = (s: Scope) => ({ lang: s.lang, fallback: s.building.languages[0] ?? s.lang });
  const contents = (s: Scope, filter: ContentFilter, extra: { displayedOnly?: boolean } = {}) =>
    queryContents(db, { filter, ...languages(s), userId: s.userId, now: s.now, displayedOnly: true, ...extra });
  // A person's lists as last built, kept under the building's content version (decision 056).
  const lists = new VersionedCache<ListedContentRow[]>(LISTS_KEPT);
  const listed = async (s: Scope, filter: ListFilter, extra: { order?: Ordering; limit?: number; offset?: number } = {}) => {
    const query = { buildingId: s.building.id, userId: s.userId, filter, ...languages(s), now: s.now, ...extra };
    const version = s.building.contentVersion;
    if (version === undefined) return listContents(db, query);
    const key = JSON.stringify([query.buildingId, query.userId, filter, query.lang, query.fallback, extra.order ?? null, extra.limit, extra.offset]);
    const at = s.now.getTime();
    const kept = lists.get(key, version, at);
    if (kept) return kept;
    const [rows, next] = await Promise.all([listContents(db, query), nextListChange(db, query.buildingId, s.now)]);
    lists.set(key, { version, from: at, until: next?.getTime() ?? Number.POSITIVE_INFINITY, value: rows });
    return rows;
  };

  /** Categories of a v1 group with their displayed contents. */
  const groupWithContents = async (s: Scope, group: 'spotlight' | 'discover', query: Ordering & { offset: number; limit: number }) => {
    const [categories, rows] = await Promise.all([groupCategories(db, s.building.id, group, languages(s)), listed(s, { group }, { order: query })]);
    return categories.map((cat) => ({
      uuid: cat.uuid,
      name: cat.name,
      category_type: cat.category_type,
      contents: rows
        .filter((r) => r.category_id === cat.id)
        .slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 100))
        .map((r) => toTile(r, s.building.uuid)),
    }));
  };

  const categoryList = { 200: dataOf(listOf('ContentCategory')), ...notModified, ...errorResponses };
  for (const [path, group, summary] of [
    ['/tenant/v1/buildings/:id/categories/contents-spotlight', 'spotlight', 'Spotlight categories with their contents (v1)'],
    ['/tenant/v1/buildings/:id/categories/contents', 'discover', 'Discover categories with their contents (v1)'],
  ] as const) {
    app.get(
      path,
      {
        ...memberRevalidated,
        schema: { tags: ['content'], summary, security, params: buildingParams, querystring: orderingQuery, response: categoryList },
      },
      async (request) => {
        const s = scope(request, request.query.lang);
        return { data: await groupWithContents(s, group, request.query) };
      },
    );
  }

  app.get(
    '/tenant/v1/buildings/:id/contents-promoted',
    {
      ...memberRevalidated,
      schema: {
        tags: ['content'],
        summary: 'Promoted contents as one category (v1); empty when nothing is promoted',
        security,
        params: buildingParams,
        querystring: orderingQuery,
        response: categoryList,
      },
    },
    async (request) => {
      const s = scope(request, request.query.lang);
      const rows = await listed(s, { promoted: true }, { order: request.query, limit: request.query.limit, offset: request.query.offset });
      const tiles = rows.map((r) => toTile(r, s.building.uuid));
      return { data: tiles.length ? [{ uuid: s.building.uuid, name: 'Promoted', category_type: 'AudienceContent', contents: tiles }] : [] };
    },
  );

  app.get(
    '/tenant/v1/buildings/:id/categories',
    {
      ...memberRevalidated,
      schema: {
        tags: ['content'],
        summary: "A building's content categories (v2 home), optionally of one type and only active ones",
        security,
        params: buildingParams,
        querystring: {
          type: 'object',
          properties: {
            lang: langField,
            categoryType: { type: 'string', enum: ['AudienceContent', 'SecondaryContent'] },
            active: { type: 'boolean' },
            limit: orderingProps.limit,
            offset: orderingProps.offset,
          },
        },
        response: { 200: dataOf(listOf('CategorySummary')), ...notModified, ...errorResponses },
      },
    },
    async (request) => {
      const s = scope(request, request.query.lang);
      const q = request.query;
      const filter = { categoryType: q.categoryType ?? null, active: q.active ?? null, limit: q.limit, offset: q.offset };
      return { data: await buildingCategories(db, s.building.id, filter, languages(s)) };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/categories/:categoryUuid/content',
    {
      ...memberRevalidated,
      schema: {
        tags: ['content'],
        summary: "A category's displayed contents (v2)",
        security,
        params: { type: 'object', required: ['id', 'categoryUuid'], properties: { id: uuidParam, categoryUuid: uuidParam } },
        querystring: orderingQuery,
        response: { 200: dataOf(listOf('ContentTile')), ...notModified, ...errorResponses },
      },
    },
    async (request) => {
      const s = scope(request, request.query.lang);
      // requireMember looked the category up in this building.
      const categoryId = request.member!.categoryId;
      if (categoryId === null) throw httpError(404, 'No content category with this id in this building', 'unknown_category');
      const rows = await listed(s, { categoryId }, { order: request.query, limit: request.query.limit, offset: request.query.offset });
      return { data: rows.map((r) => toTile(r, s.building.uuid)) };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/promoted-content',
    {
      ...memberRevalidated,
      schema: {
        tags: ['content'],
        summary: 'Promoted contents (v2)',
        security,
        params: buildingParams,
        querystring: orderingQuery,
        response: { 200: dataOf(listOf('PromotedContent')), ...notModified, ...errorResponses },
      },
    },
    async (request) => {
      const s = scope(request, request.query.lang);
      const rows = await listed(s, { promoted: true }, { order: request.query, limit: request.query.limit, offset: request.query.offset });
      return { data: rows.map(toPromoted) };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/content/:contentUuid',
    {
      ...memberRevalidated,
      schema: {
        tags: ['content'],
        summary: 'One content of the building, with its call-to-action state for the signed-in user',
        security,
        params: { type: 'object', required: ['id', 'contentUuid'], properties: { id: uuidParam, contentUuid: uuidParam } },
        querystring: itemQuery,
        response: { 200: dataOf(ref('Content')), ...notModified, ...errorResponses },
      },
    },
    async (request) => {
      const s = scope(request, request.query.lang);
      const [row] = await contents(s, { buildingId: s.building.id, uuid: request.params.contentUuid }, { displayedOnly: false });
      if (!row) throw httpError(404, 'No content with this id in this building', 'unknown_content');
      return { data: toContent(row, s.userId, s.now) };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/sanitized-tags',
    {
      ...memberRevalidated,
      schema: {
        tags: ['content'],
        summary: "The tags of the building's displayed contents, trimmed, lower-cased, without duplicates, in order",
        security,
        params: buildingParams,
        querystring: itemQuery,
        response: { 200: dataOf({ type: 'array', items: { type: 'string' } }), ...notModified, ...errorResponses },
      },
    },
    async (request) => {
      const s = scope(request, undefined);
      return { data: await displayedTags(db, s.building.id, s.now) };
    },
  );

  // Event posts, offers and posts: the call names the content alone, so its building is checked afterwards.
  const typed = async (request: FastifyRequest, uuid: string, type: string, lang: string | undefined, buildingUuid?: string) => {
    const found = await contentBuilding(db, uuid, type);
    const label = type.replace('_', ' ');
    if (buildingUuid) {
      const building = await memberBuilding(db, request.person.userId, { uuid: buildingUuid });
      if (!found || found.building_id !== building.id) throw httpError(404, `No ${label} with this id in this building`, `unknown_${type}`);
      return { building, lang: requestLanguage(request, building, lang), userId: request.person.userId, now: clock.now() };
    }
    if (!found) throw httpError(404, `No ${label} with this id`, `unknown_${type}`);
    const building = await memberBuilding(db, request.person.userId, { id: found.building_id });
    return { building, lang: requestLanguage(request, building, lang), userId: request.person.userId, now: clock.now() };
  };
  const reload = async (s: Scope, uuid: string): Promise<ContentRow> => {
    const [row] = await contents(s, { uuid }, { displayedOnly: false });
    return row!;
  };

  const itemParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
  const buildingItemParams = { type: 'object', required: ['id', 'uuid'], properties: { id: uuidParam, uuid: uuidParam } } as const;
  const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: uuidParam } } as const;
  const eventAnswer = { 200: dataOf(ref('EventPost')), ...errorResponses };
  const offerAnswer = { 200: dataOf(ref('Offer')), ...errorResponses };

  app.get(
    '/tenant/v1/event-posts/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'An event post with its attendants',
        security,
        params: itemParams,
        querystring: itemQuery,
        response: eventAnswer,
      },
    },
    async (request) => {
      const s = await typed(request, request.params.id, 'event_post', request.query.lang);
      return { data: toEventPost(await reload(s, request.params.id), s.userId, s.now) };
    },
  );

  app.put(
    '/tenant/v1/buildings/:id/event-posts/:uuid/attend',
    {
      ...responding,
      schema: {
        tags: ['content'],
        summary: 'RSVP to an event post; 409 rsvp_full when no spot is left, 409 already_rsvpd when already attending',
        description:
          'The capacity check and the RSVP are one transaction holding a lock on the event, so when many people race ' +
          'for the last spots exactly as many succeed as there were spots. Other 409 codes: event_ended, rsvp_external ' +
          '(the event takes RSVPs at its cta_url), rsvp_closed (outside the call-to-action display window).',
        security,
        params: buildingItemParams,
        querystring: itemQuery,
        response: eventAnswer,
      },
    },
    async (request) => {
      const s = await typed(request, request.params.uuid, 'event_post', request.query.lang, request.params.id);
      await attend(db, request.params.uuid, s.userId, s.now);
      return { data: toEventPost(await reload(s, request.params.uuid), s.userId, s.now) };
    },
  );

  app.put(
    '/tenant/v1/event-posts/:uuid/recall',
    {
      ...responding,
      schema: {
        tags: ['content'],
        summary: 'Withdraw an RSVP (frees the spot); answers the event post also when there was none; 409 event_ended once the event has ended',
        security,
        params: uuidParams,
        querystring: itemQuery,
        response: eventAnswer,
      },
    },
    async (request) => {
      const s = await typed(request, request.params.uuid, 'event_post', request.query.lang);
      await withdrawRsvp(db, request.params.uuid, s.userId, s.now);
      return { data: toEventPost(await reload(s, request.params.uuid), s.userId, s.now) };
    },
  );

  app.get(
    '/tenant/v1/offers/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'An offer with its claimers and whether the signed-in user may claim it',
        security,
        params: itemParams,
        querystring: itemQuery,
        response: offerAnswer,
      },
    },
    async (request) => {
      const s = await typed(request, request.params.id, 'offer', request.query.lang);
      return { data: toOffer(await reload(s, request.params.id), s.userId, s.now) };
    },
  );

  app.put(
    '/tenant/v1/buildings/:id/offers/:uuid/claim',
    {
      ...responding,
      schema: {
        tags: ['content'],
        summary: 'Claim an offer; 409 claim_full when none is left, 409 already_claimed, 403 not_eligible',
        description: 'The limit check and the claim are one transaction holding a lock on the offer. 409 claim_closed outside the display window.',
        security,
        params: buildingItemParams,
        querystring: itemQuery,
        response: offerAnswer,
      },
    },
    async (request) => {
      const s = await typed(request, request.params.uuid, 'offer', request.query.lang, request.params.id);
      await claim(db, request.params.uuid, s.userId, s.now);
      return { data: toOffer(await reload(s, request.params.uuid), s.userId, s.now) };
    },
  );

  app.put(
    '/tenant/v1/buildings/:id/offers/:uuid/cancel',
    {
      ...responding,
      schema: {
        tags: ['content'],
        summary: 'Give a claim back (frees it); answers the offer also when there was none; 409 offer_ended once the offer has ended',
        security,
        params: buildingItemParams,
        querystring: itemQuery,
        response: offerAnswer,
      },
    },
    async (request) => {
      const s = await typed(request, request.params.uuid, 'offer', request.query.lang, request.params.id);
      await giveBackClaim(db, request.params.uuid, s.userId, s.now);
      return { data: toOffer(await reload(s, request.params.uuid), s.userId, s.now) };
    },
  );

  app.get(
    '/tenant/v1/posts/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A post',
        security,
        params: itemParams,
        querystring: itemQuery,
        response: { 200: dataOf(ref('Post')), ...errorResponses },
      },
    },
    async (request) => {
      const s = await typed(request, request.params.id, 'post', request.query.lang);
      return { data: toPost(await reload(s, request.params.id)) };
    },
  );
}

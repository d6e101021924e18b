import { sql, type Sql } from '../db/sql.js';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, ref, dataOf } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import type { Db } from '../db/index.js';
import {
  ORDER_PROPERTIES, contentOrder, memberBuilding, queryContents, requestLanguage, toContent, toEventPost, toOffer, toPost,
  toPromoted, toTile, translation, type ContentRow, type Ordering,
} from '../lib/content.js';

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const langField = { type: 'string', minLength: 1, maxLength: 35, description: 'Language code; else Accept-Language; else the building’s first language' } as const;
const orderingProps = {
  lang: langField,
  orderByProperty: { type: 'string', enum: [...ORDER_PROPERTIES], description: 'Sort key (name: the title); default the editors’ order' },
  orderBy: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'], description: 'Sort direction, default ASC' },
  offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
} as const;
const orderingQuery = { type: 'object', properties: orderingProps } as const;
const langQuery = { type: 'object', properties: { lang: langField } } as const;
const listOf = (id: string) => ({ type: 'array', items: ref(id) }) as const;

export const RSVP_FULL = 'This event is full: there are no spots left.';
export const ALREADY_RSVPD = 'You have already RSVPd to this event.';
export const CLAIM_FULL = 'This offer has been fully claimed.';
export const ALREADY_CLAIMED = 'You have already claimed this offer.';

export async function contentRoutes(app: Api) {
  const { db, clock } = app.deps;
  const secured = { preHandler: app.requireUser };
  const security = [{ bearer: [] }];

  /** The member building of a request and the language to answer in. */
  const scope = async (request: FastifyRequest, buildingUuid: string, lang: string | undefined) => {
    const building = await memberBuilding(db, request.auth!.userId, { uuid: buildingUuid });
    return { building, lang: requestLanguage(request, building, lang), userId: request.auth!.userId, now: clock.now() };
  };
  type Scope = Awaited<ReturnType<typeof scope>>;
  const contents = (s: Scope, where: Sql, extra: { order?: string; limit?: number; offset?: number; displayedOnly?: boolean } = {}) =>
    queryContents(db, { where, lang: s.lang, fallback: s.building.languages[0] ?? s.lang, userId: s.userId, now: s.now, displayedOnly: true, ...extra });

  /** Categories of a v1 group with their displayed contents. */
  const groupCategories = async (s: Scope, group: 'spotlight' | 'discover', query: Ordering & { offset: number; limit: number }) => {
    const categories = await db.query<{ id: number; uuid: string; name: string; category_type: string }>(
      `SELECT cat.id, cat.uuid::text, COALESCE(t.name, '') AS name, cat.category_type FROM content_categories cat
       ${translation('content_category_translations', 'category_id', 'cat.id', '$3', '$4')}
        WHERE cat.building_id = $1 AND cat.category_group = $2 AND cat.active ORDER BY cat.position, cat.id`,
      [s.building.id, group, s.lang, s.building.languages[0] ?? s.lang],
    );
    const rows = await contents(s, sql`c.building_id = ${s.building.id} AND cat.category_group = ${group} AND cat.active`, { order: contentOrder(query) });
    return categories.map((cat) => ({
      uuid: cat.uuid,
      name: cat.name,
      category_type: cat.category_type,
      contents: rows.filter((r) => r.category_uuid === cat.uuid).slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 100)).map(toTile),
    }));
  };

  const categoryList = { 200: dataOf(listOf('ContentCategory')), ...errorResponses };
  for (const [path, group, summary] of [
    ['/tenant/v1/buildings/:id/categories/contents-spotlight', 'spotlight', 'Spotlight categories with their contents (v1)'],
    ['/tenant/v1/buildings/:id/categories/contents', 'discover', 'Discover categories with their contents (v1)'],
  ] as const) {
    app.get(
      path,
      { ...secured, schema: { tags: ['content'], summary, security, params: buildingParams, querystring: orderingQuery, response: categoryList } },
      async (request) => {
        const s = await scope(request, request.params.id, request.query.lang);
        return { data: await groupCategories(s, group, request.query) };
      },
    );
  }

  app.get(
    '/tenant/v1/buildings/:id/contents-promoted',
    {
      ...secured,
      schema: {
        tags: ['content'],
        summary: 'Promoted contents as one category (v1); empty when nothing is promoted',
        security, params: buildingParams, querystring: orderingQuery, response: categoryList,
      },
    },
    async (request) => {
      const s = await scope(request, request.params.id, request.query.lang);
      const rows = await contents(s, sql`c.building_id = ${s.building.id} AND c.promoted`, { order: contentOrder(request.query), limit: request.query.limit ?? 100, offset: request.query.offset ?? 0 });
      return { data: rows.length ? [{ uuid: s.building.uuid, name: 'Promoted', category_type: 'AudienceContent', contents: rows.map(toTile) }] : [] };
    },
  );

  app.get(
    '/tenant/v1/buildings/:id/categories',
    {
      ...secured,
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
        response: { 200: dataOf(listOf('CategorySummary')), ...errorResponses },
      },
    },
    async (request) => {
      const s = await scope(request, request.params.id, request.query.lang);
      const q = request.query;
      const rows = await db.query(
        `SELECT cat.uuid::text, COALESCE(t.name, '') AS name, cat.category_type, cat.category_group AS group, cat.active
           FROM content_categories cat
           ${translation('content_category_translations', 'category_id', 'cat.id', '$4', '$5')}
          WHERE cat.building_id = $1 AND ($2::text IS NULL OR cat.category_type = $2) AND ($3::boolean IS NULL OR cat.active = $3)
          ORDER BY cat.category_group DESC, cat.position, cat.id LIMIT $6 OFFSET $7`,
        [s.building.id, q.categoryType ?? null, q.active ?? null, s.lang, s.building.languages[0] ?? s.lang, q.limit ?? 100, q.offset ?? 0],
      );
      return { data: rows };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/categories/:categoryUuid/content',
    {
      ...secured,
      schema: {
        tags: ['content'],
        summary: "A category's displayed contents (v2)",
        security,
        params: { type: 'object', required: ['id', 'categoryUuid'], properties: { id: uuidParam, categoryUuid: uuidParam } },
        querystring: orderingQuery,
        response: { 200: dataOf(listOf('ContentTile')), ...errorResponses },
      },
    },
    async (request) => {
      const s = await scope(request, request.params.id, request.query.lang);
      const [category] = await db.query('SELECT 1 FROM content_categories WHERE uuid::text = $1 AND building_id = $2', [request.params.categoryUuid.toLowerCase(), s.building.id]);
      if (!category) throw httpError(404, 'No content category with this id in this building', 'unknown_category');
      const rows = await contents(s, sql`c.building_id = ${s.building.id} AND cat.uuid::text = ${request.params.categoryUuid.toLowerCase()}`, {
        order: contentOrder(request.query), limit: request.query.limit ?? 100, offset: request.query.offset ?? 0,
      });
      return { data: rows.map(toTile) };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/promoted-content',
    {
      ...secured,
      schema: { tags: ['content'], summary: 'Promoted contents (v2)', security, params: buildingParams, querystring: orderingQuery, response: { 200: dataOf(listOf('PromotedContent')), ...errorResponses } },
    },
    async (request) => {
      const s = await scope(request, request.params.id, request.query.lang);
      const rows = await contents(s, sql`c.building_id = ${s.building.id} AND c.promoted`, { order: contentOrder(request.query), limit: request.query.limit ?? 100, offset: request.query.offset ?? 0 });
      return { data: rows.map(toPromoted) };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/content/:contentUuid',
    {
      ...secured,
      schema: {
        tags: ['content'],
        summary: 'One content of the building, with its call-to-action state for the signed-in user',
        security,
        params: { type: 'object', required: ['id', 'contentUuid'], properties: { id: uuidParam, contentUuid: uuidParam } },
        querystring: langQuery,
        response: { 200: dataOf(ref('Content')), ...errorResponses },
      },
    },
    async (request) => {
      const s = await scope(request, request.params.id, request.query.lang);
      const [row] = await contents(s, sql`c.building_id = ${s.building.id} AND c.uuid::text = ${request.params.contentUuid.toLowerCase()}`, { displayedOnly: false });
      if (!row) throw httpError(404, 'No content with this id in this building', 'unknown_content');
      return { data: toContent(row, s.userId, s.now) };
    },
  );

  app.get(
    '/tenant/v2/buildings/:id/sanitized-tags',
    {
      ...secured,
      schema: {
        tags: ['content'],
        summary: "The tags of the building's displayed contents, trimmed, lower-cased, without duplicates, in order",
        security, params: buildingParams,
        response: { 200: dataOf({ type: 'array', items: { type: 'string' } }), ...errorResponses },
      },
    },
    async (request) => {
      const s = await scope(request, request.params.id, undefined);
      const rows = await db.query<{ tag: string }>(
        `SELECT DISTINCT lower(btrim(tag)) AS tag FROM contents c, unnest(c.tags) AS tag
          WHERE c.building_id = $1 AND btrim(tag) <> '' AND (c.display_start_at IS NULL OR c.display_start_at <= $2)
            AND (c.display_end_at IS NULL OR c.display_end_at > $2) ORDER BY 1`,
        [s.building.id, s.now.toISOString()],
      );
      return { data: rows.map((r) => r.tag) };
    },
  );

  // Event posts, offers and posts: the call names the content alone, so its building is checked afterwards.
  const typed = async (request: FastifyRequest, uuid: string, type: string, lang: string | undefined, buildingUuid?: string) => {
    const [found] = await db.query<{ building_id: number }>('SELECT building_id FROM contents WHERE uuid::text = $1 AND type = $2', [uuid.toLowerCase(), type]);
    const label = type.replace('_', ' ');
    if (buildingUuid) {
      const building = await memberBuilding(db, request.auth!.userId, { uuid: buildingUuid });
      if (!found || found.building_id !== building.id) throw httpError(404, `No ${label} with this id in this building`, `unknown_${type}`);
      return { building, lang: requestLanguage(request, building, lang), userId: request.auth!.userId, now: clock.now() };
    }
    if (!found) throw httpError(404, `No ${label} with this id`, `unknown_${type}`);
    const building = await memberBuilding(db, request.auth!.userId, { id: found.building_id });
    return { building, lang: requestLanguage(request, building, lang), userId: request.auth!.userId, now: clock.now() };
  };
  const reload = async (s: Scope, uuid: string): Promise<ContentRow> => {
    const [row] = await contents(s, sql`c.uuid::text = ${uuid.toLowerCase()}`, { displayedOnly: false });
    return row!;
  };

  const itemParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
  const buildingItemParams = { type: 'object', required: ['id', 'uuid'], properties: { id: uuidParam, uuid: uuidParam } } as const;
  const uuidParams = { type: 'object', required: ['uuid'], properties: { uuid: uuidParam } } as const;
  const eventAnswer = { 200: dataOf(ref('EventPost')), ...errorResponses };
  const offerAnswer = { 200: dataOf(ref('Offer')), ...errorResponses };

  app.get(
    '/tenant/v1/event-posts/:id',
    { ...secured, schema: { tags: ['content'], summary: 'An event post with its attendants', security, params: itemParams, querystring: langQuery, response: eventAnswer } },
    async (request) => {
      const s = await typed(request, request.params.id, 'event_post', request.query.lang);
      return { data: toEventPost(await reload(s, request.params.id), s.userId, s.now) };
    },
  );

  app.put(
    '/tenant/v1/buildings/:id/event-posts/:uuid/attend',
    {
      ...secured,
      schema: {
        tags: ['content'],
        summary: 'RSVP to an event post; 409 rsvp_full when no spot is left, 409 already_rsvpd when already attending',
        description:
          'The capacity check and the RSVP are one transaction holding a lock on the event, so when many people race ' +
          'for the last spots exactly as many succeed as there were spots. Other 409 codes: event_ended, rsvp_external ' +
          '(the event takes RSVPs at its cta_url), rsvp_closed (outside the call-to-action display window).',
        security, params: buildingItemParams, querystring: langQuery, response: eventAnswer,
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
      ...secured,
      schema: { tags: ['content'], summary: 'Withdraw an RSVP (frees the spot); answers the event post also when there was none', security, params: uuidParams, querystring: langQuery, response: eventAnswer },
    },
    async (request) => {
      const s = await typed(request, request.params.uuid, 'event_post', request.query.lang);
      await db.query('DELETE FROM rsvps WHERE user_id = $2 AND content_id = (SELECT id FROM contents WHERE uuid::text = $1)', [request.params.uuid.toLowerCase(), s.userId]);
      return { data: toEventPost(await reload(s, request.params.uuid), s.userId, s.now) };
    },
  );

  app.get(
    '/tenant/v1/offers/:id',
    { ...secured, schema: { tags: ['content'], summary: 'An offer with its claimers and whether the signed-in user may claim it', security, params: itemParams, querystring: langQuery, response: offerAnswer } },
    async (request) => {
      const s = await typed(request, request.params.id, 'offer', request.query.lang);
      return { data: toOffer(await reload(s, request.params.id), s.userId, s.now) };
    },
  );

  app.put(
    '/tenant/v1/buildings/:id/offers/:uuid/claim',
    {
      ...secured,
      schema: {
        tags: ['content'],
        summary: 'Claim an offer; 409 claim_full when none is left, 409 already_claimed, 403 not_eligible',
        description: 'The limit check and the claim are one transaction holding a lock on the offer. 409 claim_closed outside the display window.',
        security, params: buildingItemParams, querystring: langQuery, response: offerAnswer,
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
      ...secured,
      schema: { tags: ['content'], summary: 'Give a claim back (frees it); answers the offer also when there was none', security, params: buildingItemParams, querystring: langQuery, response: offerAnswer },
    },
    async (request) => {
      const s = await typed(request, request.params.uuid, 'offer', request.query.lang, request.params.id);
      await db.query('DELETE FROM claims WHERE user_id = $2 AND content_id = (SELECT id FROM contents WHERE uuid::text = $1)', [request.params.uuid.toLowerCase(), s.userId]);
      return { data: toOffer(await reload(s, request.params.uuid), s.userId, s.now) };
    },
  );

  app.get(
    '/tenant/v1/posts/:id',
    { ...secured, schema: { tags: ['content'], summary: 'A post', security, params: itemParams, querystring: langQuery, response: { 200: dataOf(ref('Post')), ...errorResponses } } },
    async (request) => {
      const s = await typed(request, request.params.id, 'post', request.query.lang);
      return { data: toPost(await reload(s, request.params.id)) };
    },
  );
}

const windowOpen = `(c.cta_display_start_at IS NULL OR c.cta_display_start_at <= $2) AND (c.cta_display_end_at IS NULL OR c.cta_display_end_at > $2) AS window_open`;

/** One RSVP: the event row is locked, so the count and the insert cannot interleave with another RSVP's. */
async function attend(db: Db, uuid: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const [event] = await tx.query<{ id: number; capacity: number | null; ended: boolean; cta_url: string | null; window_open: boolean }>(
      `SELECT c.id, e.capacity, e.end_at <= $2 AS ended, e.cta_url, ${windowOpen}
         FROM contents c JOIN event_details e ON e.content_id = c.id WHERE c.uuid::text = $1 FOR UPDATE OF c`,
      [uuid.toLowerCase(), now.toISOString()],
    );
    if (!event) throw httpError(404, 'No event post with this id', 'unknown_event_post');
    const [mine] = await tx.query('SELECT 1 FROM rsvps WHERE content_id = $1 AND user_id = $2', [event.id, userId]);
    if (mine) throw httpError(409, ALREADY_RSVPD, 'already_rsvpd');
    if (event.cta_url) throw httpError(409, 'This event takes RSVPs at its own link.', 'rsvp_external');
    if (event.ended) throw httpError(409, 'This event has ended.', 'event_ended');
    if (!event.window_open) throw httpError(409, 'RSVPs are not open at this time.', 'rsvp_closed');
    const [taken] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM rsvps WHERE content_id = $1', [event.id]);
    if (event.capacity !== null && taken!.n >= event.capacity) throw httpError(409, RSVP_FULL, 'rsvp_full');
    await tx.query('INSERT INTO rsvps (content_id, user_id) VALUES ($1, $2)', [event.id, userId]);
  });
}

/** One claim, under a lock on the offer row like an RSVP. */
async function claim(db: Db, uuid: string, userId: number, now: Date) {
  await db.transaction(async (tx) => {
    const [offer] = await tx.query<{ id: number; max_claims_total: number | null; eligible: boolean; window_open: boolean }>(
      `SELECT c.id, o.max_claims_total, ${windowOpen},
              (o.eligibility = 'everyone' OR o.eligible_company_id = (SELECT u.company_id FROM users u WHERE u.id = $3)) AS eligible
         FROM contents c JOIN offers o ON o.content_id = c.id WHERE c.uuid::text = $1 FOR UPDATE OF c`,
      [uuid.toLowerCase(), now.toISOString(), userId],
    );
    if (!offer) throw httpError(404, 'No offer with this id', 'unknown_offer');
    const [mine] = await tx.query('SELECT 1 FROM claims WHERE content_id = $1 AND user_id = $2', [offer.id, userId]);
    if (mine) throw httpError(409, ALREADY_CLAIMED, 'already_claimed');
    if (!offer.eligible) throw httpError(403, 'This offer is not available to you.', 'not_eligible');
    if (!offer.window_open) throw httpError(409, 'This offer cannot be claimed at this time.', 'claim_closed');
    const [taken] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM claims WHERE content_id = $1', [offer.id]);
    if (offer.max_claims_total !== null && taken!.n >= offer.max_claims_total) throw httpError(409, CLAIM_FULL, 'claim_full');
    await tx.query('INSERT INTO claims (content_id, user_id) VALUES ($1, $2)', [offer.id, userId]);
  });
}


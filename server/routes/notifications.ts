import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses, ref } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';
import { eventStreams } from '../lib/eventStream.js';
import { compareEventIds, type BusEvent } from '../lib/eventBus.js';
import {
  NOTIFICATION_EVENT,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_RELOAD_EVENT,
  personChannel,
  type NotificationKind,
} from '../../contracts/notifications.js';
import {
  countsOf,
  markAllRead,
  markRead,
  markSeenUpTo,
  notificationsOf,
  ownNotification,
  preferencesOf,
  setPreferences,
} from '../stores/notifications.js';
import { notificationAnswer } from '../lib/notifications.js';
import {
  makeStreamTicket,
  readStreamTicket,
  STREAM_TICKET_COOKIE,
  STREAM_TICKET_SECONDS,
  streamTicketSecret,
  ticketCookie,
} from '../lib/streamTickets.js';
import type { NotificationRow } from '../stores/notifications.js';

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const notificationParams = {
  type: 'object',
  required: ['id', 'notificationId'],
  properties: { id: uuidParam, notificationId: uuidParam },
} as const;
const kindSchema = { type: 'string', enum: NOTIFICATION_KINDS } as const;
const nullableTime = { type: ['string', 'null'], description: 'ISO 8601, UTC; null when not yet' } as const;

export const notificationSchema = {
  type: 'object',
  required: ['id', 'building_uuid', 'kind', 'params', 'link', 'created_at', 'seen_at', 'read_at'],
  properties: {
    id: { type: 'string', description: "The notification's uuid" },
    building_uuid: { type: 'string' },
    kind: kindSchema,
    params: {
      type: 'object',
      description: 'What the app writes the sentence from, in the person’s language',
      required: ['subject'],
      properties: {
        subject: { type: 'string', description: "The resource's name, the request's reference, the guest's name or the content's title" },
        status: { type: 'string', description: "A service request's new status" },
      },
    },
    link: { type: ['string', 'null'], description: 'The app path of what it is about; null when the app has no page for it' },
    created_at: { type: 'string' },
    seen_at: nullableTime,
    read_at: nullableTime,
  },
} as const;

const countsSchema = {
  type: 'object',
  required: ['unseen', 'unread'],
  properties: {
    unseen: { type: 'integer', description: 'Not yet shown in the list' },
    unread: { type: 'integer', description: 'Not yet opened (the bell’s count)' },
  },
} as const;

const preferencesSchema = {
  type: 'object',
  required: [...NOTIFICATION_KINDS],
  additionalProperties: false,
  properties: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { type: 'boolean' }])),
} as const;

/**
 * The notification centre (issue 26; decision 225-notification-centre): a person's notifications in a building, newest
 * first, their counts, marking them seen and read; the kinds the person wants (which the emails follow too); and a live
 * stream of new ones. The stream takes the bearer in the Authorization header like every other call (the app reads it
 * with fetch, not EventSource), so no token is ever in an address and in a log.
 */
export async function notificationRoutes(app: Api) {
  const { db, clock, config } = app.deps;
  const member = { config: { member: true } };
  const security = [{ bearer: [] }];
  const tags = ['notifications'];
  const base = '/tenant/v1/buildings/:id/notifications';
  const marks = writeLimits(app, WRITE_LIMITS.notificationMarks);
  const notYours = () => httpError(404, 'No notification of yours with this id in this building', 'unknown_notification');

  app.get(
    base,
    {
      ...member,
      schema: {
        tags,
        summary: "The caller's notifications in the building, newest first, a page at a time, with the counts",
        security,
        params: buildingParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            before: { ...uuidParam, description: 'The page after this notification (the last one of the page before)' },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: NOTIFICATION_PAGE_SIZE },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['items', 'counts', 'more'],
            properties: {
              items: { type: 'array', items: notificationSchema },
              counts: countsSchema,
              more: { type: 'boolean', description: 'Whether older notifications follow' },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { userId } = request.person;
      const buildingId = request.member!.id;
      const limit = request.query.limit ?? NOTIFICATION_PAGE_SIZE;
      const before = request.query.before ?? null;
      if (before && !(await ownNotification(db, userId, buildingId, before))) throw notYours();
      const [found, counts] = await Promise.all([notificationsOf(db, userId, buildingId, limit + 1, before), countsOf(db, userId, buildingId)]);
      return { data: { items: found.slice(0, limit).map(notificationAnswer), counts, more: found.length > limit } };
    },
  );

  app.post(
    `${base}/seen`,
    {
      ...member,
      preHandler: marks,
      schema: {
        tags,
        summary: 'Marks seen the given notification and every older one (the list showed them); answers the counts',
        security,
        params: buildingParams,
        body: { type: 'object', required: ['up_to'], additionalProperties: false, properties: { up_to: uuidParam } },
        response: { 200: dataOf(countsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = request.person;
      const buildingId = request.member!.id;
      const found = await ownNotification(db, userId, buildingId, request.body.up_to);
      if (!found) throw notYours();
      await markSeenUpTo(db, userId, buildingId, found.id, clock.now());
      return { data: await countsOf(db, userId, buildingId) };
    },
  );

  app.post(
    `${base}/read`,
    {
      ...member,
      preHandler: marks,
      schema: {
        tags,
        summary: "Marks every one of the caller's notifications in the building read; answers the counts",
        security,
        params: buildingParams,
        response: { 200: dataOf(countsSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = request.person;
      const buildingId = request.member!.id;
      await markAllRead(db, userId, buildingId, clock.now());
      return { data: await countsOf(db, userId, buildingId) };
    },
  );

  app.post(
    `${base}/:notificationId/read`,
    {
      ...member,
      preHandler: marks,
      schema: {
        tags,
        summary: 'Marks one notification read (it was opened); answers it and the counts',
        security,
        params: notificationParams,
        response: {
          200: dataOf({
            type: 'object',
            required: ['notification', 'counts'],
            properties: { notification: notificationSchema, counts: countsSchema },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { userId } = request.person;
      const buildingId = request.member!.id;
      const found = await ownNotification(db, userId, buildingId, request.params.notificationId);
      if (!found) throw notYours();
      const notification = await markRead(db, found.id, clock.now());
      return { data: { notification: notificationAnswer(notification), counts: await countsOf(db, userId, buildingId) } };
    },
  );

  app.post(
    `${base}/stream-ticket`,
    {
      ...member,
      schema: {
        tags,
        summary: "A minute's ticket for the building's notification stream, as an HttpOnly cookie of the stream's path",
        description:
          'EventSource sends no Authorization header and a token in the address would be logged: this signed-in call sets the ' +
          `cookie ${STREAM_TICKET_COOKIE} (HttpOnly, SameSite=Strict, the stream's path only, ${STREAM_TICKET_SECONDS} s) that the stream reads.`,
        security,
        params: buildingParams,
        response: { 200: dataOf({ type: 'object', required: ['expires_in'], properties: { expires_in: { type: 'integer' } } }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ticket = makeStreamTicket(
        await streamTicketSecret(db),
        { userId: request.person.userId, userUuid: request.person.userUuid, buildingId: request.member!.id, buildingUuid: request.member!.uuid },
        clock.now(),
      );
      const secure = config.publicOrigin.startsWith('https:') ? '; Secure' : '';
      void reply.header(
        'set-cookie',
        `${STREAM_TICKET_COOKIE}=${ticket}; Path=${config.apiBase}${base.replace(':id', request.params.id)}/stream; Max-Age=${STREAM_TICKET_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
      return { data: { expires_in: STREAM_TICKET_SECONDS } };
    },
  );

  app.get(
    '/tenant/v1/users/current/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Which kinds of notification the caller wants (in the app and by email): every kind, on unless turned off',
        security,
        response: { 200: dataOf(preferencesSchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await preferencesOf(db, request.person.userId) }),
  );

  app.put(
    '/tenant/v1/users/current/notification-preferences',
    {
      preHandler: writeLimits(app, WRITE_LIMITS.profile),
      schema: {
        tags,
        summary: 'Turns kinds of notification on or off (a kind turned off is neither shown nor emailed); answers every kind',
        security,
        body: { ...preferencesSchema, required: [], minProperties: 1 },
        response: { 200: dataOf(preferencesSchema), ...errorResponses },
      },
    },
    async (request) => {
      // The schema lists every kind (its properties are built from NOTIFICATION_KINDS, so their type is not the kinds').
      await setPreferences(db, request.person.userId, request.body as Partial<Record<NotificationKind, boolean>>);
      return { data: await preferencesOf(db, request.person.userId) };
    },
  );
}

/**
 * The building's live notification stream, beside the API plugin (as the flags stream): EventSource sends neither the
 * bearer nor the API key, so its permission is the ticket cookie a signed-in call set (lib/streamTickets.ts).
 */
export async function notificationStreamRoutes(app: Api) {
  const { db, clock, events } = app.deps;
  const tags = ['notifications'];
  const base = '/tenant/v1/buildings/:id/notifications';
  const streams = eventStreams(app, () => ({ heartbeatMs: 15_000 }));
  app.get(
    `${base}/stream`,
    {
      schema: {
        tags,
        summary: 'Server-sent events: `notification` (data: a notification of this building) as each happens, with its id',
        description:
          'Opened with EventSource after `POST …/notifications/stream-ticket` (its cookie is the permission: no token in the ' +
          'address). Needs `accept: text/event-stream`. With `Last-Event-ID` (or `last_event_id`, for a new EventSource), the ' +
          'notifications after it are sent first; when they cannot be (too old, or from before a restart) a `reload` event ' +
          'tells the client to load the list again.',
        params: buildingParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { last_event_id: { type: 'string', maxLength: 40, pattern: '^\\d{1,15}-\\d{1,9}$' } },
        },
        headers: { type: 'object', properties: { 'last-event-id': { type: 'string', maxLength: 40 } } },
        response: {
          200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errorResponses,
          406: ref('Error'),
          503: ref('Error'),
        },
      },
    },
    async (request, reply) => {
      const ticket = readStreamTicket(await streamTicketSecret(db), ticketCookie(request.headers.cookie) ?? '', clock.now());
      if (!ticket) throw httpError(401, 'A stream ticket is required (POST …/notifications/stream-ticket first)', 'stream_ticket_required');
      if (ticket.buildingUuid !== request.params.id.toLowerCase()) throw httpError(404, 'No stream of yours for this building', 'unknown_stream');
      const place = await streams.take(request);
      const channel = personChannel(ticket.userUuid);
      const building = ticket.buildingUuid;
      const lastEventId = request.headers['last-event-id'] ?? request.query.last_event_id;
      // Listening starts before the replay is read, so nothing published in between is lost; what both hold is sent once.
      const held: BusEvent[] = [];
      let live: ((event: BusEvent) => void) | null = null;
      const unsubscribe = events.subscribe(channel, (event) => (live ? live(event) : held.push(event)));
      let missed: BusEvent[] | null;
      try {
        missed = lastEventId ? await events.since(channel, lastEventId) : [];
      } catch (error) {
        unsubscribe();
        place.release();
        throw error;
      }
      const stream = streams.open(request, reply, place);
      stream.onClose(unsubscribe);
      let last = lastEventId ?? '';
      const forward = (event: BusEvent) => {
        if (last && (compareEventIds(event.id, last) ?? 1) <= 0) return;
        last = event.id;
        const data = event.data as NotificationRow;
        if (event.type === NOTIFICATION_EVENT && data.building_uuid === building) stream.send(NOTIFICATION_EVENT, data, event.id);
      };
      if (missed === null) {
        last = '';
        stream.send(NOTIFICATION_RELOAD_EVENT, { reason: 'replay_unavailable' });
      } else for (const event of missed) forward(event);
      for (const event of held) forward(event);
      live = forward;
    },
  );
}

import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { requireLocal } from '../lib/local.js';
import { devMailbox } from '../stores/mail.js';
import { bookingAnswer, bookingSchema, mailManagerOfRequest, mailTenantOutcome } from './bookings.js';
import {
  bookingByUuid,
  createBooking,
  resourceByUuid,
  setBookingStatus,
  SlotTakenError,
  UNDECIDED_STATUSES,
  OPEN_STATUSES,
  type BookingStatus,
} from '../stores/bookings.js';
import { findUserByEmail } from '../stores/users.js';
import { teamChangeStatus } from '../stores/serviceRequests.js';
import { SERVICE_REQUEST_STATUSES } from '../lib/serviceRequestForm.js';
import { userBuilding } from '../stores/buildings.js';
import { grantKioskPermission, updateVisit, visitByUuid } from '../stores/visits.js';
import { newPassRef } from '../lib/visitPass.js';
import { mailVisitPass, visitPassSecret } from './visits.js';
import { notificationLinks, notify, notifyBuilding, notifyOfBooking } from '../lib/notifications.js';
import { serviceRequestOwner } from '../stores/notifications.js';
import { addContentTranslation, addEventDetails, addOffer, buildingForNewContent, createContent } from '../stores/content.js';
import { createTenant } from '../db/seedTenant.js';
import { DEMO_MINI_APP_UUIDS } from '../db/seed.js';
import { placeDemoMiniApps, placedDemoUrl } from '../stores/miniApps.js';

/**
 * Development only (not registered when NODE_ENV=production), and from this machine only: the mailbox that stands in
 * for SMTP holds every sign-up and reset code, so anyone who could read it from the network could take any account.
 */
export async function devRoutes(app: Api) {
  app.addHook('preHandler', requireLocal);

  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages sent to an address, newest first (development mailbox; off in production)',
        querystring: { type: 'object', required: ['to'], properties: { to: { type: 'string', minLength: 3 } } },
        response: {
          200: dataOf({
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'to', 'subject', 'text', 'created_at'],
              properties: {
                id: { type: 'integer' },
                to: { type: 'string' },
                subject: { type: 'string' },
                text: { type: 'string' },
                html: {
                  type: ['string', 'null'],
                  description: "The html part, its inline pictures (a visitor pass's QR code) as data: addresses; null for a text-only message",
                },
                created_at: { type: 'string' },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const rows = await devMailbox(app.deps.db, request.query.to.trim().toLowerCase());
      return { data: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) };
    },
  );

  /**
   * A new tenant of its own for a browser-test file (server/db/seedTenant.ts): a building in the default brand's
   * portfolio with the demo content, a company with a new email domain, and confirmed people who have accepted the
   * terms and sign in with the demo password. From this machine only.
   */
  app.post(
    '/dev/tenants',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Make a tenant: a building with the demo content, a company with its own domain and its people (development only, from this machine)',
        description:
          "The building takes One Atrium Plaza's theme, languages, time zone and address unless given. `history` gives each person what the seed " +
          'gives each demo person in their building: service requests, bookings, booked services and ended events attended.',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S', description: 'Unique among buildings; generated when not given' },
            timezone: { type: 'string', minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. Europe/London' },
            locale: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', maxLength: 6 },
            languages: {
              type: 'array',
              minItems: 1,
              maxItems: 5,
              items: {
                type: 'object',
                required: ['code', 'name'],
                additionalProperties: false,
                properties: {
                  code: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', maxLength: 6 },
                  name: { type: 'string', minLength: 1, maxLength: 60 },
                },
              },
            },
            theme: {
              type: 'object',
              additionalProperties: false,
              properties: {
                primary_color: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' },
                secondary_color: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' },
              },
            },
            people: { type: 'integer', minimum: 1, maximum: 20, description: 'How many people (1 when not given)' },
            first_names: {
              type: 'array',
              maxItems: 20,
              items: { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' },
              description: "The people's first names in order; generated for the rest",
            },
            history: { type: 'boolean', default: false },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['building_uuid', 'building_name', 'domain', 'people'],
            properties: {
              building_uuid: { type: 'string', format: 'uuid' },
              building_name: { type: 'string' },
              domain: { type: 'string' },
              people: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['email', 'password', 'first_name', 'last_name'],
                  properties: {
                    email: { type: 'string' },
                    password: { type: 'string' },
                    first_name: { type: 'string' },
                    last_name: { type: 'string' },
                  },
                },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const tenant = await createTenant(app.deps.db, request.body, app.deps.clock.now());
      // Its demo content's links to the demo mini-apps, on this server's mini-app origin as the seeded ones are.
      await placeDemoMiniApps(app.deps.db, app.deps.config.miniAppOrigin, DEMO_MINI_APP_UUIDS);
      return { data: tenant };
    },
  );

  /**
   * Gives a person a permission in one of their buildings, as the building's operator would (there is no route for it):
   * a browser test's own tenant gets an account that may run the lobby kiosk's visitor desk (decision 168). Only the
   * permissions listed; from this machine only.
   */
  app.post(
    '/dev/permissions',
    {
      schema: {
        tags: ['dev'],
        summary: "Give a person a permission in one of their buildings, e.g. the visitor kiosk's (development only, from this machine)",
        body: {
          type: 'object',
          required: ['email', 'building_uuid', 'permission'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 3, maxLength: 254 },
            building_uuid: { type: 'string', format: 'uuid' },
            permission: { type: 'string', enum: ['visitor-kiosk'] },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['email', 'permission'],
            properties: { email: { type: 'string' }, permission: { type: 'string' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const { email, building_uuid, permission } = request.body;
      const user = await findUserByEmail(db, email.trim().toLowerCase());
      if (!user) throw httpError(404, 'No user with this email', 'unknown_user');
      const building = await userBuilding(db, user.id, building_uuid);
      if (!building) throw httpError(404, 'The person is not a member of this building', 'unknown_building');
      await grantKioskPermission(db, user.id, building.id);
      return { data: { email: user.email, permission } };
    },
  );

  /**
   * Moves an expected visit's window into the past (it ended a minute ago, after an hour) and mails its guest the new
   * pass, as a moved visit's is: the pass a guest holds after their time is over, which the kiosk refuses as expired.
   * The API refuses a window that is over (decision 167), and a browser test cannot wait for one to pass (decision 182).
   * From this machine only.
   */
  app.post(
    '/dev/visits/:visitUuid/over',
    {
      schema: {
        tags: ['dev'],
        summary: "Move an expected visit's window into the past and mail its new pass (development only, from this machine)",
        params: { type: 'object', required: ['visitUuid'], properties: { visitUuid: { type: 'string', format: 'uuid' } } },
        response: {
          200: dataOf({
            type: 'object',
            required: ['uuid', 'starts_at', 'ends_at'],
            properties: { uuid: { type: 'string' }, starts_at: { type: 'string' }, ends_at: { type: 'string' } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { db, clock, mailer } = app.deps;
      const visit = await visitByUuid(db, request.params.visitUuid);
      if (!visit) throw httpError(404, 'No visit with this id', 'unknown_visit');
      if (visit.state !== 'expected') throw httpError(409, `The visit is ${visit.state}: only an expected visit can be moved`, 'visit_not_editable');
      const now = clock.now();
      const endsAt = new Date(now.getTime() - 60_000);
      const moved = await updateVisit(db, visit.id, {
        guestName: visit.guest_name,
        guestEmail: visit.guest_email,
        date: visit.date,
        startsAt: new Date(endsAt.getTime() - 3_600_000),
        endsAt,
        note: visit.note,
        passRef: newPassRef(),
        now,
      });
      await mailVisitPass({ mailer, passSecret: await visitPassSecret(db), log: request.log }, moved, true);
      return { data: { uuid: moved.uuid, starts_at: new Date(moved.starts_at).toISOString(), ends_at: new Date(moved.ends_at).toISOString() } };
    },
  );

  /**
   * Stores a content as an editor would, so a person or a browser test can see how the app shows it (rich text
   * included, e.g. hostile HTML). From this machine only. Events start tomorrow for an hour; `capacity` is an
   * event's spots or an offer's total claims.
   */
  app.post(
    '/dev/contents',
    {
      schema: {
        tags: ['dev'],
        summary: 'Add a content to a building, in every language of the building (development only, from this machine)',
        body: {
          type: 'object',
          required: ['building_uuid', 'type', 'title'],
          additionalProperties: false,
          properties: {
            building_uuid: { type: 'string', format: 'uuid' },
            type: {
              type: 'string',
              enum: ['post', 'event_post', 'offer', 'article'],
              description: 'An article is a web page: its tile opens its cta_url (required for it)',
            },
            title: { type: 'string', minLength: 1, maxLength: 200 },
            description: { type: 'string', maxLength: 20_000 },
            rich_description: { type: 'string', maxLength: 20_000 },
            capacity: { type: 'integer', minimum: 0, maximum: 100_000 },
            image_url: {
              type: 'string',
              minLength: 1,
              maxLength: 2_000,
              description: 'The tile and detail image (a broken one shows the placeholder)',
            },
            cta_type: { type: 'string', enum: ['EXTERNAL_URL', 'DEEP_LINK', 'MICRO_FRONTEND'], description: 'A link call-to-action of a post' },
            cta_url: { type: 'string', minLength: 1, maxLength: 2_000 },
          },
        },
        response: {
          200: dataOf({ type: 'object', required: ['uuid', 'type'], properties: { uuid: { type: 'string' }, type: { type: 'string' } } }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { db, clock } = app.deps;
      if (body.type === 'article' && !body.cta_url) throw httpError(400, 'An article needs the cta_url of its page', 'invalid_request');
      const created = await db.transaction(async (tx) => {
        const building = await buildingForNewContent(tx, body.building_uuid);
        if (!building) throw httpError(404, 'No building with this id', 'unknown_building');
        const row = await createContent(tx, {
          buildingId: building.id,
          type: body.type,
          ctaType: body.type === 'offer' ? 'CLAIM' : body.type === 'article' ? 'EXTERNAL_URL' : (body.cta_type ?? null),
          // A link to a demo mini-app is put on the mini-app origin, as the seeded ones are.
          ctaUrl: body.cta_url ? placedDemoUrl(body.cta_url, app.deps.config.miniAppOrigin) : null,
          imageUrl: body.image_url ?? null,
          calendarIcon: body.type === 'event_post',
        });
        const ctaLabel = body.type === 'post' || body.type === 'article' ? null : body.type === 'offer' ? 'Claim' : 'RSVP';
        for (const language of building.languages) {
          await addContentTranslation(tx, row.id, {
            language,
            title: body.title,
            description: body.description ?? null,
            richDescription: body.rich_description ?? null,
            ctaLabel,
          });
        }
        if (body.type === 'event_post') {
          const start = new Date(Math.floor(clock.now().getTime() / 3_600_000) * 3_600_000 + 24 * 3_600_000);
          await addEventDetails(tx, row.id, {
            startAt: start.toISOString(),
            endAt: new Date(start.getTime() + 3_600_000).toISOString(),
            timezone: building.timezone,
            capacity: body.capacity ?? null,
          });
        } else if (body.type === 'offer') {
          await addOffer(tx, row.id, body.capacity ?? null);
        }
        return { buildingId: building.id, data: { uuid: row.uuid, type: body.type.toUpperCase() } };
      });
      // A post is the building's announcement: every member who wants announcements is told.
      if (body.type === 'post')
        await notifyBuilding(app.deps, request.log, {
          buildingId: created.buildingId,
          kind: 'announcement',
          params: { subject: body.title },
          link: notificationLinks.content(body.building_uuid.toLowerCase(), created.data.uuid),
        });
      return { data: created.data };
    },
  );

  /**
   * A booking request made as the booking vendor's own app would (the specification has no call that books): a
   * pending request of a person for a resource, which mails the building manager (decision 054). From this machine only.
   */
  app.post(
    '/dev/bookings',
    {
      schema: {
        tags: ['dev'],
        summary:
          'Make a booking request for a person, which mails the building manager; 409 slot_taken when it overlaps a booking (development only, from this machine)',
        body: {
          type: 'object',
          required: ['user_email', 'resource_uuid', 'start_at', 'end_at'],
          additionalProperties: false,
          properties: {
            user_email: { type: 'string', minLength: 3, maxLength: 254 },
            resource_uuid: { type: 'string', format: 'uuid' },
            start_at: { type: 'string', format: 'date-time' },
            end_at: { type: 'string', format: 'date-time' },
            status: { type: 'string', enum: ['pending', 'pending_payment', 'confirmed'], default: 'pending' },
            form_responses: {
              type: 'array',
              maxItems: 20,
              items: {
                type: 'object',
                required: ['question', 'answer', 'type'],
                additionalProperties: false,
                properties: {
                  question: { type: 'string', minLength: 1, maxLength: 500 },
                  answer: { type: 'string', maxLength: 2000 },
                  type: { type: 'string', enum: ['Yes/No', 'text'] },
                },
              },
            },
          },
        },
        response: { 200: dataOf(bookingSchema), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const { db, clock, mailer } = app.deps;
      if (new Date(body.end_at).getTime() <= new Date(body.start_at).getTime()) throw httpError(400, 'end_at must be after start_at', 'bad_period');
      const user = await findUserByEmail(db, body.user_email.trim().toLowerCase());
      if (!user) throw httpError(404, 'No user with this email', 'unknown_user');
      const resource = await resourceByUuid(db, body.resource_uuid);
      if (!resource) throw httpError(404, 'No resource with this id', 'unknown_resource');
      // The vendor's side skips the resource's rules (hours, grid, horizon), not the database's: a time that overlaps a
      // booking holding the resource is refused, as it is to a tenant.
      const booking = await createBooking(db, {
        resource,
        userId: user.id,
        status: body.status ?? 'pending',
        startAt: body.start_at,
        endAt: body.end_at,
        formResponses: body.form_responses ?? [],
      }).catch((error: unknown) => {
        if (error instanceof SlotTakenError) throw httpError(409, 'The resource is already booked at that time', 'slot_taken');
        throw error;
      });
      if (booking.status === 'pending' || booking.status === 'pending_payment') {
        await mailManagerOfRequest(mailer, booking, request.log);
        await notifyOfBooking(app.deps, request.log, booking);
      }
      return { data: bookingAnswer(booking, clock.now()) };
    },
  );

  /**
   * The building manager's decision, as the vendor: approve (accepted) or deny a pending request (denied_unavailable,
   * or denied_available with `slot_available`), or cancel an open booking (cancelled_vendor). The tenant is mailed the
   * outcome. From this machine only.
   */
  app.post(
    '/dev/bookings/:bookingUuid/decision',
    {
      schema: {
        tags: ['dev'],
        summary: 'Approve, deny or cancel a booking as the vendor; mails the tenant (development only, from this machine)',
        params: { type: 'object', required: ['bookingUuid'], properties: { bookingUuid: { type: 'string', format: 'uuid' } } },
        body: {
          type: 'object',
          required: ['decision'],
          additionalProperties: false,
          properties: {
            decision: { type: 'string', enum: ['approve', 'deny', 'cancel'] },
            slot_available: { type: 'boolean', description: 'A denial although the time was free: denied_available (else denied_unavailable)' },
          },
        },
        response: { 200: dataOf(bookingSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { db, clock, mailer } = app.deps;
      const { decision, slot_available } = request.body;
      const booking = await db.transaction(async (tx) => {
        const found = await bookingByUuid(tx, request.params.bookingUuid, true);
        if (!found) throw httpError(404, 'No booking with this id', 'unknown_booking');
        const allowed = decision === 'cancel' ? OPEN_STATUSES : UNDECIDED_STATUSES;
        if (!allowed.includes(found.status))
          throw httpError(
            409,
            `A booking whose status is ${found.status} cannot be ${decision === 'approve' ? 'approved' : decision === 'deny' ? 'denied' : 'cancelled'}`,
            'booking_already_decided',
          );
        const next: BookingStatus =
          decision === 'approve'
            ? 'accepted'
            : decision === 'cancel'
              ? 'cancelled_vendor'
              : slot_available
                ? 'denied_available'
                : 'denied_unavailable';
        return setBookingStatus(tx, found.id, next);
      });
      // The tenant is told in the app and by mail, each as their preferences for the kind say.
      await notifyOfBooking(app.deps, request.log, booking, () => mailTenantOutcome(mailer, booking, request.log));
      return { data: bookingAnswer(booking, clock.now()) };
    },
  );
  /**
   * A service request's status set by the building team, as a vendor's or the staff's own tool would (the
   * specification's one update call is the tenant's cancel; issue 26): any status but the one it has, never once the
   * tenant has cancelled it. The change goes into the request's timeline with the vendor's name (none: the building
   * team) and the note for the tenant. From this machine only.
   */
  app.post(
    '/dev/service-requests/:requestUuid/status',
    {
      schema: {
        tags: ['dev'],
        summary: "Set a service request's status as the building team or a vendor (development only, from this machine)",
        params: { type: 'object', required: ['requestUuid'], properties: { requestUuid: { type: 'string', format: 'uuid' } } },
        body: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: SERVICE_REQUEST_STATUSES },
            by_name: {
              type: 'string',
              minLength: 1,
              maxLength: 120,
              pattern: '\\S',
              description: "The vendor's or staff member's name; none: the building team",
            },
            note: { type: 'string', minLength: 1, maxLength: 1000, pattern: '\\S', description: 'What the tenant is told with the change' },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['id', 'reference', 'status'],
            properties: { id: { type: 'string' }, reference: { type: 'string' }, status: { type: 'string', enum: SERVICE_REQUEST_STATUSES } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { db, clock } = app.deps;
      const { status, by_name, note } = request.body;
      const result = await teamChangeStatus(db, request.params.requestUuid, status, clock.now(), by_name?.trim() || null, note?.trim() || null);
      if ('missing' in result) throw httpError(404, 'No service request with this id', 'unknown_service_request');
      if ('refused' in result)
        throw httpError(
          409,
          result.refused === status ? `The request is ${status} already` : `The request was ${result.refused} by its tenant and can no longer change`,
          'status_not_changed',
        );
      const { id, reference } = result.changed;
      const owner = await serviceRequestOwner(db, id);
      if (owner)
        await notify(app.deps, request.log, {
          userId: owner.user_id,
          buildingId: owner.building_id,
          kind: 'service_request_status',
          params: { subject: reference, status: result.changed.status },
          link: notificationLinks.serviceRequest(owner.building_uuid, id),
        });
      return { data: { id, reference, status: result.changed.status } };
    },
  );
}

import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { requireLocal } from '../lib/local.js';
import { devMailbox } from '../stores/mail.js';
import { addContentTranslation, addEventDetails, addOffer, buildingForNewContent, createContent } from '../stores/content.js';

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
            type: { type: 'string', enum: ['post', 'event_post', 'offer'] },
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
      return db.transaction(async (tx) => {
        const building = await buildingForNewContent(tx, body.building_uuid);
        if (!building) throw httpError(404, 'No building with this id', 'unknown_building');
        const row = await createContent(tx, {
          buildingId: building.id,
          type: body.type,
          ctaType: body.type === 'offer' ? 'CLAIM' : (body.cta_type ?? null),
          ctaUrl: body.cta_url ?? null,
          imageUrl: body.image_url ?? null,
          calendarIcon: body.type === 'event_post',
        });
        const ctaLabel = body.type === 'post' ? null : body.type === 'offer' ? 'Claim' : 'RSVP';
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
        return { data: { uuid: row.uuid, type: body.type.toUpperCase() } };
      });
    },
  );
}

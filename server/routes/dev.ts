import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { requireLocal } from '../lib/local.js';


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
              properties: { id: { type: 'integer' }, to: { type: 'string' }, subject: { type: 'string' }, text: { type: 'string' }, created_at: { type: 'string' } },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const rows = await app.deps.db.query<{ id: number; to: string; subject: string; text: string; created_at: Date }>(
        'SELECT id, to_address AS to, subject, text_body AS text, created_at FROM dev_mail WHERE to_address = $1 ORDER BY id DESC LIMIT 50',
        [request.query.to.trim().toLowerCase()],
      );
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
            image_url: { type: 'string', minLength: 1, maxLength: 2_000, description: 'The tile and detail image (a broken one shows the placeholder)' },
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
        const [building] = await tx.query<{ id: number; timezone: string; languages: string[] }>(
          `SELECT b.id, b.timezone, COALESCE((SELECT array_agg(l.code ORDER BY l.priority) FROM building_languages l WHERE l.building_id = b.id), '{en}') AS languages
             FROM buildings b WHERE b.uuid::text = $1`,
          [body.building_uuid.toLowerCase()],
        );
        if (!building) throw httpError(404, 'No building with this id', 'unknown_building');
        const [row] = await tx.query<{ id: number; uuid: string }>(
          `INSERT INTO contents (building_id, category_id, type, cta_type, cta_url, image_url, display_calendar_icon, position)
           VALUES ($1, (SELECT id FROM content_categories WHERE building_id = $1 AND category_group = 'discover' ORDER BY position, id LIMIT 1), $2, $3, $4, $5, $6, 1000)
           RETURNING id, uuid::text`,
          [building.id, body.type, body.type === 'offer' ? 'CLAIM' : (body.cta_type ?? null), body.cta_url ?? null, body.image_url ?? null, body.type === 'event_post'],
        );
        for (const language of building.languages) {
          await tx.query(
            `INSERT INTO content_translations (content_id, language, title, description, rich_description, image_alt_text, cta_label)
             VALUES ($1, $2, $3, $4, $5, $3, $6)`,
            [row!.id, language, body.title, body.description ?? null, body.rich_description ?? null, body.type === 'post' ? null : body.type === 'offer' ? 'Claim' : 'RSVP'],
          );
        }
        if (body.type === 'event_post') {
          const start = new Date(Math.floor(clock.now().getTime() / 3_600_000) * 3_600_000 + 24 * 3_600_000);
          await tx.query('INSERT INTO event_details (content_id, start_at, end_at, timezone, capacity) VALUES ($1, $2, $3, $4, $5)', [
            row!.id, start.toISOString(), new Date(start.getTime() + 3_600_000).toISOString(), building.timezone, body.capacity ?? null,
          ]);
        } else if (body.type === 'offer') {
          await tx.query('INSERT INTO offers (content_id, max_claims_total) VALUES ($1, $2)', [row!.id, body.capacity ?? null]);
        }
        return { data: { uuid: row!.uuid, type: body.type.toUpperCase() } };
      });
    },
  );
}

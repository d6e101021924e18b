import type { FastifyInstance } from 'fastify';
import { dataOf, errorResponses } from '../schemas.js';

/** Development only (not registered when NODE_ENV=production): the mailbox that stands in for SMTP. */
export async function devRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { to: string } }>(
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
}

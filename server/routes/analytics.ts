import type { Api } from '../lib/typedRoutes.js';
import { errorResponses, okData } from '../schemas.js';
import { recordAnalyticsEvent } from '../stores/analytics.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';

/** Analytics events from the app (page views and the like), stored as they come. */
export async function analyticsRoutes(app: Api) {
  app.post(
    '/analytics/v2/track',
    {
      preHandler: writeLimits(app, WRITE_LIMITS.analytics),
      schema: {
        tags: ['analytics'],
        summary: 'Record one analytics event; the bearer token, when sent, ties it to the user',
        body: {
          type: 'object',
          required: ['event'],
          properties: {
            event: { type: 'string', minLength: 1, maxLength: 100 },
            properties: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
            timestamp: { type: 'string', format: 'date-time' },
          },
        },
        response: { 200: okData, ...errorResponses },
      },
    },
    async (request) => {
      let userId: number | null = null;
      if (request.headers.authorization) {
        try {
          await app.requireUser(request);
          userId = request.auth?.userId ?? null;
        } catch {
          userId = null; // an expired token still records the event, just not tied to anyone
        }
      }
      await recordAnalyticsEvent(app.deps.db, {
        event: request.body.event,
        properties: request.body.properties ?? {},
        userId,
        clientTime: request.body.timestamp ?? null,
      });
      return { data: { ok: true } };
    },
  );
}

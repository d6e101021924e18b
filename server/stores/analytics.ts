import type { Db } from '../db/index.js';
import { rows, sql } from '../db/sql.js';

/** One analytics event from the app, stored as it came; `userId` when a valid bearer came with it. */
export async function recordAnalyticsEvent(
  db: Db,
  event: { event: string; properties: Record<string, unknown>; userId: number | null; clientTime: string | null },
) {
  await rows(
    db,
    sql`INSERT INTO analytics_events (event, properties, user_id, client_time)
        VALUES (${event.event}, ${JSON.stringify(event.properties)}, ${event.userId}, ${event.clientTime})`,
  );
}

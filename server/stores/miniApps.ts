import type { Db } from '../db/index.js';
import { rows, sql } from '../db/sql.js';

/**
 * The base URLs of the mini-apps and surveys registered in the server's data (table mini_apps), in the order they
 * were registered: the only links that get the person's parameters, token among them, and the only origins the app
 * frames. A base URL without a host is on the app's own origin. Read at start; a change takes a restart.
 */
export async function miniAppBaseUrls(db: Db): Promise<string[]> {
  const found = await rows<{ base_url: string }>(db, sql`SELECT base_url FROM mini_apps ORDER BY id`);
  return found.map((r) => r.base_url);
}

import type { Db } from '../db/index.js';
import { rows, sql } from '../db/sql.js';

/** A mini-app or survey as registered: its name (the title its frame shows) and its base URL. */
export interface RegisteredMiniApp {
  name: string;
  baseUrl: string;
}

/**
 * The mini-apps and surveys registered in the server's data (table mini_apps), in the order they were registered: the
 * only links that get the person's parameters, token among them, and the only origins the app frames. A base URL
 * without a host is on the app's own origin. Read at start; a change takes a restart.
 */
export async function registeredMiniApps(db: Db): Promise<RegisteredMiniApp[]> {
  const found = await rows<{ name: string; base_url: string }>(db, sql`SELECT name, base_url FROM mini_apps ORDER BY id`);
  return found.map((r) => ({ name: r.name, baseUrl: r.base_url }));
}

import type { Db } from '../db/index.js';

/**
 * The mini-apps and surveys registered in the server's data (table mini_apps): the only links that get the person's
 * parameters, token among them, and the only origins the app frames. A base URL without a host is on the app's own
 * origin. Read at start; a change takes a restart.
 */
export async function registeredMiniApps(db: Db): Promise<string[]> {
  const rows = await db.query<{ base_url: string }>('SELECT base_url FROM mini_apps ORDER BY id');
  return rows.map((r) => r.base_url);
}

/** The demo mini-apps this server serves itself (routes/miniApps.ts). */
export const DEMO_MINI_APPS = [
  { name: 'Visitor registration (demo)', baseUrl: '/mfe-visitors/' },
  { name: 'Survey (demo)', baseUrl: '/mfe-survey/' },
] as const;

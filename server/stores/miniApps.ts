import type { Db } from '../db/index.js';
import { firstRow, raw, rows, sql, type Sql } from '../db/sql.js';
import { DEFAULT_FRAME_SANDBOX } from '../../contracts/miniApps.js';
import type { MiniAppRegistration } from '../../contracts/runtimeConfig.js';

/** A mini-app or survey as registered (table mini_apps), as /config.json lists it. */
export type RegisteredMiniApp = MiniAppRegistration;

type MiniAppRow = {
  id: number;
  uuid: string;
  name: string;
  base_url: string;
  origins: string[];
  scopes: string[];
  frame_allow: string;
  frame_sandbox: string;
};

const columns = sql`id, uuid, name, base_url, origins, scopes, frame_allow, frame_sandbox`;

const fromRow = (r: MiniAppRow): RegisteredMiniApp & { id: number } => ({
  id: r.id,
  uuid: r.uuid,
  name: r.name,
  baseUrl: r.base_url,
  origins: r.origins ?? [],
  scopes: r.scopes ?? [],
  allow: r.frame_allow,
  sandbox: r.frame_sandbox,
});

/**
 * The mini-apps and surveys registered in the server's data, in the order they were registered: the only links that
 * get the person's parameters, token among them, and the only origins the app frames. A base URL without a host is on
 * the app's own origin. Read at start; a change takes a restart.
 */
export async function registeredMiniApps(db: Db): Promise<RegisteredMiniApp[]> {
  const found = await rows<MiniAppRow>(db, sql`SELECT ${columns} FROM mini_apps ORDER BY id`);
  return found.map((r) => {
    const { id: _id, ...app } = fromRow(r);
    return app;
  });
}

/** One registration by its uuid (read on every call: a removed mini-app's tokens and storage stop at once). */
export async function miniAppByUuid(db: Db, uuid: string): Promise<(RegisteredMiniApp & { id: number }) | null> {
  const row = await firstRow<MiniAppRow>(db, sql`SELECT ${columns} FROM mini_apps WHERE uuid = ${uuid}`);
  return row ? fromRow(row) : null;
}

export interface NewMiniApp {
  name: string;
  baseUrl: string;
  origins: string[];
  scopes: string[];
  allow?: string;
  sandbox?: string;
  uuid?: string;
}

/** Registers a mini-app; its uuid is made unless given. */
export async function addMiniApp(db: Db, app: NewMiniApp): Promise<RegisteredMiniApp> {
  const row = await firstRow<MiniAppRow>(
    db,
    sql`INSERT INTO mini_apps (uuid, name, base_url, origins, scopes, frame_allow, frame_sandbox)
        VALUES (${app.uuid ?? crypto.randomUUID()}, ${app.name}, ${app.baseUrl}, ${app.origins}, ${app.scopes}, ${app.allow ?? ''},
                ${app.sandbox ?? DEFAULT_FRAME_SANDBOX})
        RETURNING ${columns}`,
  );
  const { id: _id, ...added } = fromRow(row!);
  return added;
}

/** Removes a registration by uuid or base URL (its storage goes with it); whether one was removed. */
export async function removeMiniApp(db: Db, uuidOrBaseUrl: string): Promise<boolean> {
  const removed = await rows(db, sql`DELETE FROM mini_apps WHERE uuid = ${uuidOrBaseUrl} OR base_url = ${uuidOrBaseUrl} RETURNING id`);
  return removed.length > 0;
}

/** The demo mini-apps' paths on the mini-app origin (server/db/seed.ts DEMO_MINI_APPS registers them). */
const DEMO_PATHS = '/mfe-(visitors|survey|bridge-test)/';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The links to the demo mini-apps: a path, or an address on one of `origins` (where they were put before), under one
 * of their paths. A link to another host with the same path is someone else's and is never moved.
 */
const demoLinkPattern = (origins: readonly string[]) => `^((${origins.map(escapeRegExp).join('|')}))?(${DEMO_PATHS})`;

/** A link to a demo mini-app moved to the mini-app origin (as placeDemoMiniApps moves the stored ones); others as given. */
export const placedDemoUrl = (url: string, origin: string) => {
  const match = new RegExp(demoLinkPattern([origin])).exec(url);
  return match ? `${origin}${url.slice(match[0].length - match[3]!.length)}` : url;
};

/**
 * Puts the demo mini-apps on this server's mini-app origin (issue 23): their registrations (by the seed's fixed uuids)
 * and the links that open them (calls to action, event links, utility buttons), written by the seed as paths (the
 * seeded data folder is copied between servers on other ports) or put on an earlier start's origin. Run at every
 * start: a server on another port or with another MINI_APP_ORIGIN moves them again; a row already there is left alone,
 * and a link to another host is never touched.
 */
export async function placeDemoMiniApps(db: Db, origin: string, demoUuids: readonly string[]): Promise<void> {
  const earlier = await rows<{ origin: string }>(
    db,
    sql`SELECT DISTINCT unnest(origins) AS origin FROM mini_apps WHERE uuid = ANY(${[...demoUuids]}::text[])`,
  );
  const origins = [...new Set([origin, ...earlier.map((r) => r.origin)])].filter((o) => /^https?:\/\/[^/]+$/.test(o));
  const pattern = demoLinkPattern(origins);
  // The third group is the path (the first two the optional origin).
  const to = `${origin}\\3`;
  const moved = (column: Sql) => sql`regexp_replace(${column}, ${pattern}, ${to})`;
  await rows(
    db,
    sql`UPDATE mini_apps SET base_url = ${moved(raw('base_url'))}, origins = ARRAY[${origin}::text]
         WHERE uuid = ANY(${[...demoUuids]}::text[]) AND (base_url <> ${moved(raw('base_url'))} OR origins <> ARRAY[${origin}::text])`,
  );
  for (const [table, column] of [
    ['contents', 'cta_url'],
    ['event_details', 'cta_url'],
    ['utility_buttons', 'url'],
  ] as const) {
    const c = raw(column);
    await rows(db, sql`UPDATE ${raw(table)} SET ${c} = ${moved(c)} WHERE ${c} ~ ${pattern} AND ${c} <> ${moved(c)}`);
  }
}

/** A mini-app's stored value for a person in a building; null when there is none. */
export async function storedValue(db: Db, at: { userId: number; buildingId: number; appId: number; key: string }): Promise<string | null> {
  const row = await firstRow<{ value: string }>(
    db,
    sql`SELECT value FROM mini_app_storage WHERE user_id = ${at.userId} AND building_id = ${at.buildingId} AND app_id = ${at.appId} AND key = ${at.key}`,
  );
  return row?.value ?? null;
}

/**
 * Keeps a value; false when it is a new key and the person already keeps `maxKeys` in this building for this mini-app.
 * The count and the write are one statement, so two writes at once cannot pass the limit together by much.
 */
export async function storeValue(
  db: Db,
  at: { userId: number; buildingId: number; appId: number; key: string; value: string; now: Date },
  maxKeys: number,
): Promise<boolean> {
  const written = await rows(
    db,
    sql`INSERT INTO mini_app_storage (user_id, building_id, app_id, key, value, updated_at)
        SELECT ${at.userId}, ${at.buildingId}, ${at.appId}, ${at.key}, ${at.value}, ${at.now}
         WHERE EXISTS (SELECT 1 FROM mini_app_storage WHERE user_id = ${at.userId} AND building_id = ${at.buildingId} AND app_id = ${at.appId} AND key = ${at.key})
            OR (SELECT count(*) FROM mini_app_storage WHERE user_id = ${at.userId} AND building_id = ${at.buildingId} AND app_id = ${at.appId}) < ${maxKeys}
        ON CONFLICT (user_id, building_id, app_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
        RETURNING 1 AS ok`,
  );
  return written.length > 0;
}

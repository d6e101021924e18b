/**
 * The feed calls near the framework's floor (issue 10, decision 044), written as an attacker would probe them: the
 * session and the membership checked in one query (nothing remembered that a revocation could outlive), the list
 * answers reading only a tile's columns, and the ETags that let a repeat visit transfer nothing without ever
 * answering 304 to someone the answer is not for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { createConfirmedUser } from './helpers.js';
import { noneMatchNames } from '../../server/lib/revalidation.js';

let server: TestServer;
let plaza: string;
let harbor: string;
let demo: { id: number; uuid: string };
let demoToken: string;
let adminToken: string;
/** Plaza's categories with their contents (the feed the home page shows). */
let category: string;
let harborCategory: string;

beforeAll(async () => {
  server = await startTestServer();
  const buildings = await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text FROM buildings');
  plaza = buildings.find((b) => b.name === 'One Atrium Plaza')!.uuid;
  harbor = buildings.find((b) => b.name === 'Harbor Point')!.uuid;
  ({ token: demoToken, user: demo } = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD));
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
  const categoryOf = async (building: string) =>
    (
      await server.db.query<{ uuid: string }>(
        `SELECT cat.uuid::text FROM content_categories cat JOIN buildings b ON b.id = cat.building_id
          WHERE b.uuid = $1 AND EXISTS (SELECT 1 FROM contents c WHERE c.category_id = cat.id) ORDER BY cat.position, cat.id LIMIT 1`,
        [building],
      )
    )[0]!.uuid;
  category = await categoryOf(plaza);
  harborCategory = await categoryOf(harbor);
});
afterAll(() => server.close());

const feedPath = (building = plaza, cat = category) =>
  `/tenant/v2/buildings/${building}/categories/${cat}/content?lang=en&orderByProperty=name&orderBy=DESC`;
const inject = (path: string, token?: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api${path}`, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
const newSession = async (user = demo) => (await server.app.deps.tokens.startSession(user)).token;

/**
 * What a call runs on the database: each statement, and whether it went as a prepared one. On Postgres the flag store
 * asks for the latest flag change every second on a timer of its own; that question is not the call's.
 */
async function statementsOf<T>(call: () => Promise<T>): Promise<{ res: T; seen: { kind: 'query' | 'prepared'; text: string }[] }> {
  const db = server.app.deps.db;
  const seen: { kind: 'query' | 'prepared'; text: string }[] = [];
  const record = (kind: 'query' | 'prepared', text: string) => void (/FROM flag_changes\s*$/.test(text.trim()) || seen.push({ kind, text }));
  const { query, prepared } = db;
  db.query = (text, params) => (record('query', text), query(text, params));
  db.prepared = (name, text, params) => (record('prepared', text), prepared(name, text, params));
  try {
    return { res: await call(), seen };
  } finally {
    db.query = query;
    db.prepared = prepared;
  }
}

describe('the session and the membership in one query', () => {
  it('a feed call runs its statements prepared: the session with the membership and the category, then the list', async () => {
    const token = await newSession();
    // Another language than any call before asks for: a list not kept yet.
    const path = `/tenant/v2/buildings/${plaza}/categories/${category}/content?lang=fr-FR&orderByProperty=name&orderBy=ASC`;
    const { res, seen } = await statementsOf(() => inject(path, token));
    expect(res.statusCode).toBe(200);
    expect(seen.map((s) => s.kind)).toEqual(['prepared', 'prepared', 'prepared']);
    expect(seen[0]!.text).toMatch(/token_families/);
    expect(seen[0]!.text).toMatch(/user_buildings/);
    expect(seen[0]!.text).toMatch(/building_content_versions/);
    expect(seen.slice(1).some((s) => /FROM contents c\s+LEFT JOIN event_details/.test(s.text))).toBe(true);
    expect(seen.slice(1).some((s) => /min\(t\)/.test(s.text))).toBe(true);
  });

  it('refuses a revoked session from the next call on, though the same token was just accepted', async () => {
    const token = await newSession();
    expect((await inject(feedPath(), token)).statusCode).toBe(200);
    expect((await server.call('POST', '/auth/logout', { token })).status).toBe(200);
    const res = await inject(feedPath(), token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'session_revoked' });
    // Also where the building is unknown or not theirs: the session is refused first, telling nothing of buildings.
    expect((await inject(feedPath('00000000-0000-4000-8000-000000000000'), token)).json()).toMatchObject({ code: 'session_revoked' });
    expect((await inject(feedPath(harbor, harborCategory), token)).json()).toMatchObject({ code: 'session_revoked' });
  });

  it('refuses a deactivated user from the next call on', async () => {
    const { user, email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const [home] = await server.db.query<{ uuid: string }>(
      'SELECT b.uuid::text FROM user_buildings ub JOIN buildings b ON b.id = ub.building_id JOIN users u ON u.id = ub.user_id WHERE u.uuid = $1',
      [user.uuid],
    );
    const path = `/tenant/v1/buildings/${home!.uuid}/categories?lang=en`;
    expect((await inject(path, token)).statusCode).toBe(200);
    await server.db.query('UPDATE users SET deactivated = true WHERE uuid = $1', [user.uuid]);
    expect((await inject(path, token)).json()).toMatchObject({ statusCode: 401, code: 'session_revoked' });
  });

  it('refuses a removed membership from the next call on, and a 304 is no way around it', async () => {
    const { user, email, password } = await createConfirmedUser(server);
    const { token } = await server.login(email, password);
    const [home] = await server.db.query<{ uuid: string; id: number }>(
      'SELECT b.uuid::text, b.id FROM user_buildings ub JOIN buildings b ON b.id = ub.building_id JOIN users u ON u.id = ub.user_id WHERE u.uuid = $1',
      [user.uuid],
    );
    const path = `/tenant/v1/buildings/${home!.uuid}/categories?lang=en`;
    const first = await inject(path, token);
    expect(first.statusCode).toBe(200);
    await server.db.query('DELETE FROM user_buildings WHERE building_id = $1 AND user_id = (SELECT id FROM users WHERE uuid = $2)', [
      home!.id,
      user.uuid,
    ]);
    const again = await inject(path, token, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'not_a_member' });
  });

  it('refuses a token past its expiry though it was accepted before (its check is remembered, its times are not)', async () => {
    const token = await newSession();
    expect((await inject(feedPath(), token)).statusCode).toBe(200);
    server.clock.advance(server.config.accessTokenTtl);
    try {
      expect((await inject(feedPath(), token)).json()).toMatchObject({ statusCode: 401, code: 'token_expired' });
    } finally {
      server.clock.advance(-server.config.accessTokenTtl);
    }
    // Back on the clock the same token is valid again, as jose would judge it: nothing was remembered as valid for good.
    expect((await inject(feedPath(), token)).statusCode).toBe(200);
  });

  it('refuses forged tokens: another key, an altered payload, no signature, alg none', async () => {
    const token = await newSession();
    expect((await inject(feedPath(), token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not the server key, long enough'));
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, uid: 999 })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const forged of [otherKey, altered, `${header}.${payload}.`, none, `${token}x`]) {
      const res = await inject(feedPath(), forged);
      expect(res.statusCode, forged).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_token' });
    }
    expect((await inject(feedPath())).json()).toMatchObject({ statusCode: 401, code: 'missing_token' });
  });

  it("answers 404 for an unknown building, 403 for someone else's, 404 for another building's category, 400 for bad ids", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await inject(feedPath(unknown), demoToken)).json()).toMatchObject({ statusCode: 404, code: 'unknown_building' });
    expect((await inject(feedPath(harbor, harborCategory), demoToken)).json()).toMatchObject({ statusCode: 403, code: 'not_a_member' });
    // A member of both buildings asks for one building's category through the other.
    expect((await inject(feedPath(plaza, harborCategory), adminToken)).json()).toMatchObject({ statusCode: 404, code: 'unknown_category' });
    expect((await inject(feedPath(plaza, unknown), demoToken)).json()).toMatchObject({ statusCode: 404, code: 'unknown_category' });
    expect((await inject(feedPath(plaza.toUpperCase(), category.toUpperCase()), demoToken)).statusCode).toBe(200);
    for (const path of [feedPath('not-a-uuid'), feedPath(plaza, 'nope'), feedPath(`${plaza}'--`)]) {
      expect((await inject(path, demoToken)).statusCode).toBe(400);
    }
  });
});

describe('list answers carry the tile fields', () => {
  it("each tile holds what the content's own answer says of it, and its navigation", async () => {
    const tiles = (await inject(feedPath(), demoToken)).json().data as Record<string, any>[];
    expect(tiles.length).toBeGreaterThan(1);
    for (const tile of tiles) {
      const detail = (await inject(`/tenant/v2/buildings/${plaza}/content/${tile.uuid}?lang=en`, demoToken)).json().data;
      expect(Object.keys(tile).sort()).toEqual(
        [
          'uuid',
          'type',
          'title',
          'subtitle',
          'description',
          'description_title',
          'message',
          'image_url',
          'image_alt_text',
          'start_at',
          'display_calendar_icon',
          'display_start_at',
          'navigation_command',
          // What a tile's status chips are made of (decision 070).
          'end_at',
          'price',
          'currency_type',
          'is_virtual',
          'capacity',
          'max_claims_total',
          'claims_details',
          // The feed's topic filter (decision 187).
          'tags',
        ].sort(),
      );
      for (const field of ['uuid', 'type', 'title', 'subtitle', 'description', 'image_url', 'image_alt_text', 'start_at', 'end_at'] as const) {
        expect(tile[field], `${tile.title}: ${field}`).toEqual(detail[field]);
      }
      if (tile.type === 'EVENT_POST') {
        expect(tile.price).toEqual(detail.price);
        expect(tile.currency_type).toEqual(detail.currency_type);
        expect(tile.capacity).toEqual(detail.capacity);
      }
      if (tile.type === 'OFFER') expect(tile.max_claims_total).toEqual(detail.max_claims_total);
      expect(tile.claims_details, tile.title).toEqual({ user_count: detail.claims_details.user_count, count: detail.claims_details.count });
      expect(tile.navigation_command.options).toMatchObject({ uuid: tile.uuid, building_uuid: plaza });
    }
  });

  it('promoted contents carry their fields (v2), and the v1 groups their categories with tiles', async () => {
    const promoted = (await inject(`/tenant/v2/buildings/${plaza}/promoted-content?lang=en`, demoToken)).json().data as Record<string, any>[];
    expect(promoted.length).toBeGreaterThan(0);
    for (const item of promoted) {
      const detail = (await inject(`/tenant/v2/buildings/${plaza}/content/${item.uuid}?lang=en`, demoToken)).json().data;
      for (const field of ['type', 'title', 'subtitle', 'description', 'image_url', 'image_alt_text'] as const)
        expect(item[field]).toEqual(detail[field]);
      expect(item).toHaveProperty('attachable_service_uuid');
    }
    const spotlight = (await inject(`/tenant/v1/buildings/${plaza}/categories/contents-spotlight?lang=en`, demoToken)).json().data as {
      uuid: string;
      contents: { uuid: string }[];
    }[];
    for (const cat of spotlight) {
      const v2 = (await inject(feedPath(plaza, cat.uuid), demoToken)).json().data as { uuid: string }[];
      expect(new Set(cat.contents.map((c) => c.uuid))).toEqual(new Set(v2.map((c) => c.uuid)));
    }
  });
});

describe('ETags: a repeat visit transfers nothing, and never answers 304 to anyone else', () => {
  it('answers 200 with an ETag, private and revalidated each time; the same ETag again gets a 304 with no body', async () => {
    const first = await inject(feedPath(), demoToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toBe('Accept-Language');
    const again = await inject(feedPath(), demoToken, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBeUndefined();
    // A weak form or a list naming it also matches; another tag does not.
    expect((await inject(feedPath(), demoToken, { 'if-none-match': `"x", W/${first.headers.etag}` })).statusCode).toBe(304);
    expect((await inject(feedPath(), demoToken, { 'if-none-match': '"x"' })).statusCode).toBe(200);
    for (const path of [
      `/tenant/v1/buildings/${plaza}/categories?active=true&lang=en`,
      `/tenant/v2/buildings/${plaza}/promoted-content?lang=en`,
      `/tenant/v1/buildings/${plaza}/utility-buttons`,
      `/tenant/v1/buildings/${plaza}/categories/contents?lang=en`,
    ]) {
      const answer = await inject(path, demoToken);
      expect(answer.headers.etag, path).toBeDefined();
      expect((await inject(path, demoToken, { 'if-none-match': String(answer.headers.etag) })).statusCode, path).toBe(304);
    }
  });

  it("never answers 304 to another person holding someone's ETag, though the content is the same", async () => {
    const mine = await inject(feedPath(), demoToken);
    const theirs = await inject(feedPath(), adminToken, { 'if-none-match': String(mine.headers.etag) });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toBe(mine.body);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
  });

  it("changes when the person's own state changes: an RSVP gives the detail a new ETag, and the old one a full answer", async () => {
    const [event] = await server.db.query<{ uuid: string }>(
      `SELECT c.uuid::text FROM contents c JOIN event_details e ON e.content_id = c.id JOIN buildings b ON b.id = c.building_id
        WHERE b.uuid = $1 AND (e.capacity IS NULL OR e.capacity > 100) AND e.cta_url IS NULL AND e.end_at > now() AND c.cta_display_start_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM rsvps r WHERE r.content_id = c.id AND r.user_id = $2) LIMIT 1`,
      [plaza, demo.id],
    );
    const path = `/tenant/v2/buildings/${plaza}/content/${event!.uuid}?lang=en`;
    const before = await inject(path, demoToken);
    const othersBefore = await inject(path, adminToken);
    expect((await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${event!.uuid}/attend`, { token: demoToken })).status).toBe(200);
    try {
      const after = await inject(path, demoToken, { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.json().data.claims_details.user_count).toBe(1);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      // Another person's answer changed too (the count), and so did their ETag; their own user_count is still 0.
      const others = await inject(path, adminToken, { 'if-none-match': String(othersBefore.headers.etag) });
      expect(others.statusCode).toBe(200);
      expect(others.json().data.claims_details.user_count).toBe(0);
    } finally {
      await server.call('PUT', `/tenant/v1/event-posts/${event!.uuid}/recall`, { token: demoToken });
    }
    // Back to the state it had: the first answer's ETag holds again.
    expect((await inject(path, demoToken, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(304);
  });

  it('a revoked session with a valid ETag gets 401, not 304; errors carry no ETag; other API answers stay no-store', async () => {
    const token = await newSession();
    const first = await inject(feedPath(), token);
    await server.call('POST', '/auth/logout', { token });
    const after = await inject(feedPath(), token, { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(401);
    expect(after.headers.etag).toBeUndefined();
    expect(after.headers['cache-control']).toBe('no-store');
    const current = await inject('/users/current', demoToken);
    expect(current.headers.etag).toBeUndefined();
    expect(current.headers['cache-control']).toBe('no-store');
  });

  it('follows the language: another Accept-Language that picks another language gets a full answer', async () => {
    const path = `/tenant/v2/buildings/${plaza}/categories/${category}/content`;
    const english = await inject(path, demoToken, { 'accept-language': 'en' });
    const other = await inject(path, demoToken, { 'accept-language': 'es', 'if-none-match': String(english.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toBe(english.body);
  });

  it('reads If-None-Match as RFC 9110 says: weak comparison, lists, and *', () => {
    expect(noneMatchNames('"a"', '"a"')).toBe(true);
    expect(noneMatchNames('W/"a"', '"a"')).toBe(true);
    expect(noneMatchNames(' "b" , "a" ', '"a"')).toBe(true);
    expect(noneMatchNames('*', '"a"')).toBe(true);
    expect(noneMatchNames('"ab"', '"a"')).toBe(false);
    expect(noneMatchNames('a', '"a"')).toBe(false);
    expect(noneMatchNames(undefined, '"a"')).toBe(false);
  });
});

describe('lists kept under the building’s content version (decision 056)', () => {
  const tiles = (res: { json: () => { data: { uuid: string; title: string; claims_details: { count: number; user_count: number } }[] } }) =>
    res.json().data;

  it('a repeated call runs only the session statement and answers the same bytes', async () => {
    const first = await inject(feedPath(), demoToken);
    const { res: again, seen } = await statementsOf(() => inject(feedPath(), demoToken));
    expect(again.statusCode).toBe(200);
    expect(seen.map((s) => s.kind)).toEqual(['prepared']);
    expect(seen[0]!.text).toMatch(/token_families/);
    expect(again.body).toBe(first.body);
  });

  it('a change written past this server (plain SQL, as another server or an editor would) shows on the next call', async () => {
    const before = tiles(await inject(feedPath(), demoToken));
    const target = before[0]!;
    const [row] = await server.db.query<{ id: number; title: string }>(
      `SELECT t.content_id AS id, t.title FROM content_translations t JOIN contents c ON c.id = t.content_id WHERE c.uuid = $1 AND t.language = 'en'`,
      [target.uuid],
    );
    const rename = (title: string) =>
      server.db.query(`UPDATE content_translations SET title = $1 WHERE content_id = $2 AND language = 'en'`, [title, row!.id]);
    await rename('Renamed by an editor');
    try {
      const after = tiles(await inject(feedPath(), demoToken));
      expect(after.find((t) => t.uuid === target.uuid)!.title).toBe('Renamed by an editor');
    } finally {
      await rename(row!.title);
    }
    expect(tiles(await inject(feedPath(), demoToken)).find((t) => t.uuid === target.uuid)!.title).toBe(row!.title);
  });

  it("another person's RSVP changes the count in my next answer, and only their user_count", async () => {
    const [event] = await server.db.query<{ uuid: string; category: string }>(
      `SELECT c.uuid::text, cat.uuid::text AS category FROM contents c JOIN event_details e ON e.content_id = c.id
         JOIN content_categories cat ON cat.id = c.category_id JOIN buildings b ON b.id = c.building_id
        WHERE b.uuid = $1 AND (e.capacity IS NULL OR e.capacity > 100) AND e.cta_url IS NULL AND e.end_at > now() AND c.cta_display_start_at IS NULL
          AND (c.display_start_at IS NULL OR c.display_start_at <= now()) AND (c.display_end_at IS NULL OR c.display_end_at > now())
          AND NOT EXISTS (SELECT 1 FROM rsvps r WHERE r.content_id = c.id AND r.user_id IN ($2, (SELECT id FROM users WHERE email = 'admin@globex.example')))
        LIMIT 1`,
      [plaza, demo.id],
    );
    const path = feedPath(plaza, event!.category);
    const tileOf = async (token: string) => tiles(await inject(path, token)).find((t) => t.uuid === event!.uuid)!.claims_details;
    const mine = await tileOf(demoToken);
    const theirs = await tileOf(adminToken);
    expect((await server.call('PUT', `/tenant/v1/buildings/${plaza}/event-posts/${event!.uuid}/attend`, { token: adminToken })).status).toBe(200);
    try {
      expect(await tileOf(demoToken)).toEqual({ count: mine.count + 1, user_count: 0 });
      expect(await tileOf(adminToken)).toEqual({ count: theirs.count + 1, user_count: 1 });
    } finally {
      await server.call('PUT', `/tenant/v1/event-posts/${event!.uuid}/recall`, { token: adminToken });
    }
    expect(await tileOf(demoToken)).toEqual(mine);
  });

  it('a content whose display window opens later appears when the clock reaches it, with no write in between', async () => {
    const start = new Date(server.clock.now().getTime() + 3_600_000);
    const [added] = await server.db.query<{ id: number; uuid: string }>(
      `INSERT INTO contents (building_id, category_id, type, position, display_start_at)
       SELECT cat.building_id, cat.id, 'post', 999, $2 FROM content_categories cat WHERE cat.uuid = $1 RETURNING id, uuid::text`,
      [category, start.toISOString()],
    );
    await server.db.query(`INSERT INTO content_translations (content_id, language, title) VALUES ($1, 'en', 'Opens in an hour')`, [added!.id]);
    try {
      expect(tiles(await inject(feedPath(), demoToken)).map((t) => t.uuid)).not.toContain(added!.uuid);
      server.clock.advance(3_601);
      // The demo token has run out by now: a new session of the same person, whose lists are kept.
      expect(tiles(await inject(feedPath(), await newSession())).map((t) => t.uuid)).toContain(added!.uuid);
    } finally {
      await server.db.query('DELETE FROM contents WHERE id = $1', [added!.id]);
    }
    expect(tiles(await inject(feedPath(), await newSession())).map((t) => t.uuid)).not.toContain(added!.uuid);
  });
});

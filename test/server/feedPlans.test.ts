/**
 * The query plans of the feed's statements (issue 10, decision 044), on the demo data grown to a size where a plan
 * shows what it would do in a real portfolio: 400 more buildings with 25 contents each in two languages, 4,000 more
 * people, 14,000 sessions. On the demo data alone (4 buildings, about 80 contents) Postgres rightly reads small tables whole, which
 * proves nothing either way; with these sizes a statement that could not use an index (a `uuid::text` comparison,
 * a missing index) reads a table whole, and the test names it. Each statement is explained as it first runs (planned
 * for its values) and as a prepared statement runs from its sixth run on (the generic plan).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import type { Db } from '../../server/db/index.js';
import { sessionMember } from '../../server/stores/buildings.js';
import { buildingCategories, groupCategories, listContents, nextListChange, queryContents } from '../../server/stores/content.js';
import { utilityButtons } from '../../server/stores/directory.js';
import { familyState } from '../../server/stores/sessions.js';

let server: TestServer;
let scope: {
  familyId: string;
  userId: number;
  buildingId: number;
  buildingUuid: string;
  categoryId: number;
  categoryUuid: string;
  contentUuid: string;
};

/** The big tables of the feed: none of them may be read whole. */
const BIG_TABLES = [
  'contents',
  'content_translations',
  'content_categories',
  'buildings',
  'token_families',
  'user_buildings',
  'event_details',
  'users',
  'utility_buttons',
  'building_languages',
  'rsvps',
  'claims',
  'building_content_versions',
];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.db;
  // 400 buildings of the demo portfolio, each with two languages, five categories, 25 contents (every fifth an event),
  // their texts in both languages and four utility buttons; 10,000 sessions of one user.
  await db.query(`INSERT INTO buildings (name, address_1, timezone, portfolio_id)
                  SELECT 'Bulk ' || n, n || ' Bulk Street', 'UTC', (SELECT min(id) FROM portfolios) FROM generate_series(1, 400) AS n`);
  await db.query(`INSERT INTO building_languages (building_id, code, name, priority)
                  SELECT b.id, l.code, l.code, l.priority FROM buildings b, (VALUES ('en', 0), ('fr-FR', 1)) AS l(code, priority)
                   WHERE b.name LIKE 'Bulk %'`);
  await db.query(`INSERT INTO content_categories (building_id, category_group, position)
                  SELECT b.id, CASE WHEN n % 2 = 0 THEN 'spotlight' ELSE 'discover' END, n FROM buildings b, generate_series(1, 5) AS n
                   WHERE b.name LIKE 'Bulk %'`);
  await db.query(`INSERT INTO contents (building_id, category_id, type, position, promoted)
                  SELECT cat.building_id, cat.id, CASE WHEN n = 1 THEN 'event_post' WHEN n = 3 THEN 'offer' ELSE 'post' END, n, n = 2
                    FROM content_categories cat JOIN buildings b ON b.id = cat.building_id, generate_series(1, 5) AS n
                   WHERE b.name LIKE 'Bulk %'`);
  await db.query(`INSERT INTO content_translations (content_id, language, title, description)
                  SELECT c.id, l.code, 'Title ' || c.id, 'Text' FROM contents c JOIN buildings b ON b.id = c.building_id,
                         (VALUES ('en'), ('fr-FR')) AS l(code) WHERE b.name LIKE 'Bulk %'`);
  await db.query(`INSERT INTO event_details (content_id, start_at, end_at, timezone)
                  SELECT c.id, now(), now() + interval '1 hour', 'UTC' FROM contents c WHERE c.type = 'event_post'
                     AND NOT EXISTS (SELECT 1 FROM event_details e WHERE e.content_id = c.id)`);
  await db.query(`INSERT INTO offers (content_id, max_claims_total) SELECT c.id, 100 FROM contents c WHERE c.type = 'offer'
                     AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.content_id = c.id)`);
  await db.query(`INSERT INTO utility_buttons (building_id, type, name, text, "order")
                  SELECT b.id, 'NATIVE', 'u' || n, 'U ' || n, n FROM buildings b, generate_series(1, 4) AS n WHERE b.name LIKE 'Bulk %'`);
  const { user } = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD);
  const [demo] = await db.query<{ id: number }>('SELECT id FROM users WHERE uuid = $1', [user.uuid]);
  await db.query(`INSERT INTO token_families (user_id) SELECT $1 FROM generate_series(1, 10000)`, [demo!.id]);
  // 4,000 people, ten in each new building, with a session each.
  await db.query(`INSERT INTO users (email, confirmed) SELECT 'bulk.' || n || '@bulk.example', true FROM generate_series(1, 4000) AS n`);
  await db.query(`INSERT INTO user_buildings (user_id, building_id)
                  SELECT u.id, (SELECT min(id) FROM buildings WHERE name LIKE 'Bulk %') + (u.id % 400) FROM users u WHERE u.email LIKE 'bulk.%'`);
  await db.query(`INSERT INTO token_families (user_id) SELECT id FROM users WHERE email LIKE 'bulk.%'`);
  // Each of them attends the events and claims the offers of their building (the tiles count both, decision 070).
  await db.query(`INSERT INTO rsvps (content_id, user_id) SELECT c.id, ub.user_id FROM user_buildings ub JOIN users u ON u.id = ub.user_id
                    JOIN contents c ON c.building_id = ub.building_id AND c.type = 'event_post' WHERE u.email LIKE 'bulk.%'`);
  await db.query(`INSERT INTO claims (content_id, user_id) SELECT c.id, ub.user_id FROM user_buildings ub JOIN users u ON u.id = ub.user_id
                    JOIN contents c ON c.building_id = ub.building_id AND c.type = 'offer' WHERE u.email LIKE 'bulk.%'`);
  await db.query('ANALYZE');
  const [found] = await db.query<typeof scope>(
    `SELECT f.id::text AS "familyId", f.user_id AS "userId", b.id AS "buildingId", b.uuid::text AS "buildingUuid",
            cat.id AS "categoryId", cat.uuid::text AS "categoryUuid", c.uuid::text AS "contentUuid"
       FROM token_families f, user_buildings ub JOIN buildings b ON b.id = ub.building_id
       JOIN content_categories cat ON cat.building_id = b.id JOIN contents c ON c.category_id = cat.id
      WHERE f.user_id = $1 AND ub.user_id = $1 ORDER BY f.created_at DESC, cat.position LIMIT 1`,
    [demo!.id],
  );
  scope = found!;
}, 120_000);
afterAll(() => server.close());

/** The statement a store function runs, captured instead of run. */
async function statementOf(run: (db: Db) => Promise<unknown>): Promise<{ text: string; values: unknown[] }> {
  let captured: { text: string; values: unknown[] } | undefined;
  const capture = async (text: string, values: unknown[] = []) => {
    captured = { text, values };
    return [];
  };
  await run({ ...server.db, query: capture, prepared: (_name, text, values) => capture(text, values) } as Db);
  return captured!;
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[]; [key: string]: unknown };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'NULL'
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : value instanceof Date
        ? `'${value.toISOString()}'`
        : `'${String(value).replace(/'/g, "''")}'`;

/** The plan for the statement's values (its first runs), and the generic plan a prepared statement settles on. */
async function plans(statement: { text: string; values: unknown[] }): Promise<{ custom: PlanNode[]; generic: PlanNode[] }> {
  const [custom] = await server.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  const generic = await server.db.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.query(`PREPARE plan_probe AS ${statement.text}`);
    try {
      const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE plan_probe(${statement.values.map(literal).join(', ')})`,
      );
      return row!['QUERY PLAN'][0].Plan;
    } finally {
      await tx.query('DEALLOCATE plan_probe');
    }
  });
  return { custom: nodesOf(custom!['QUERY PLAN'][0].Plan), generic: nodesOf(generic) };
}

const now = () => new Date();
const languages = { lang: 'en', fallback: 'en' };
const STATEMENTS: [string, (db: Db) => Promise<unknown>][] = [
  ['the session and the membership', (db) => sessionMember(db, { ...scope, categoryUuid: scope.categoryUuid })],
  ['the next change of a building’s lists in time', (db) => nextListChange(db, scope.buildingId, now())],
  [
    'a category’s tiles',
    (db) =>
      listContents(db, {
        userId: scope.userId,
        buildingId: scope.buildingId,
        filter: { categoryId: scope.categoryId },
        ...languages,
        now: now(),
        order: { orderByProperty: 'name', orderBy: 'DESC' },
        limit: 100,
        offset: 0,
      }),
  ],
  [
    'the promoted tiles',
    (db) =>
      listContents(db, {
        buildingId: scope.buildingId,
        userId: scope.userId,
        filter: { promoted: true },
        ...languages,
        now: now(),
        limit: 100,
        offset: 0,
      }),
  ],
  [
    'a v1 group’s tiles',
    (db) => listContents(db, { buildingId: scope.buildingId, userId: scope.userId, filter: { group: 'spotlight' }, ...languages, now: now() }),
  ],
  ['a v1 group’s categories', (db) => groupCategories(db, scope.buildingId, 'spotlight', languages)],
  ['the categories', (db) => buildingCategories(db, scope.buildingId, { categoryType: null, active: true, limit: 100, offset: 0 }, languages)],
  ['the utility buttons', (db) => utilityButtons(db, scope.buildingId, languages)],
  ['a session', (db) => familyState(db, scope.familyId)],
  [
    'a content’s detail',
    (db) => queryContents(db, { filter: { buildingId: scope.buildingId, uuid: scope.contentUuid }, ...languages, userId: scope.userId, now: now() }),
  ],
];

describe('the feed statements on a portfolio of 404 buildings', () => {
  it.each(STATEMENTS)('%s: no big table read whole, no uuid compared as text', async (_name, run) => {
    const statement = await statementOf(run);
    expect(statement.text).not.toMatch(/uuid::text\s*=/);
    const { custom, generic } = await plans(statement);
    for (const [which, nodes] of [
      ['custom', custom],
      ['generic', generic],
    ] as const) {
      const wholeReads = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(n['Relation Name'] ?? ''));
      expect(wholeReads.map((n) => `${which}: ${n['Relation Name']}`)).toEqual([]);
      const conditions = nodes.flatMap((n) => [n['Index Cond'], n.Filter, n['Recheck Cond']].filter((c): c is string => typeof c === 'string'));
      expect(conditions.filter((c) => /uuid\)::text/.test(c))).toEqual([]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/index.js';
import { build, firstRow, preparedFirstRow, preparedRows, raw, rows, sql, statementName } from '../../server/db/sql.js';
import { startTestServer, type TestServer } from './harness.js';

describe('sql fragments', () => {
  it('number their values when the statement is built, nested fragments included', () => {
    const building = sql`c.building_id = ${7}`;
    const where = sql`${building} AND c.type = ${'offer'} AND ${raw('c.promoted')} AND c.uuid::text = ${'u-1'}`;
    expect(build(where)).toEqual({ text: 'c.building_id = $1 AND c.type = $2 AND c.promoted AND c.uuid::text = $3', values: [7, 'offer', 'u-1'] });
    // A fragment used twice brings its values twice, each under its own number.
    const named = sql`COALESCE(${'Ada'}, first_name)`;
    expect(build(sql`SET first_name = ${named} WHERE (${named}) IS DISTINCT FROM (first_name) AND id = ${3}`)).toEqual({
      text: 'SET first_name = COALESCE($1, first_name) WHERE (COALESCE($2, first_name)) IS DISTINCT FROM (first_name) AND id = $3',
      values: ['Ada', 'Ada', 3],
    });
  });

  it('never puts a value into the text', () => {
    const hostile = "x'; DROP TABLE users; --";
    const { text, values } = build(sql`t.title = ${hostile}`);
    expect(text).toBe('t.title = $1');
    expect(values).toEqual([hostile]);
  });

  it('run as one statement with its values, rows typed by the caller', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const limit = sql`LIMIT ${2}`;
      const found = await rows<{ n: number }>(db, sql`SELECT n FROM generate_series(${1}::int, ${5}::int) AS n WHERE n > ${1} ORDER BY n ${limit}`);
      expect(found.map((r) => r.n)).toEqual([2, 3]);
      expect(await firstRow<{ n: number }>(db, sql`SELECT 1 AS n WHERE ${false}::boolean`)).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});

describe('prepared statements', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const statement = (id: number, names: string[], since: Date, flag: boolean | null) =>
    sql`SELECT n, ${names}::text[] AS names, ${since}::timestamptz AS since, ${flag}::boolean AS flag
          FROM generate_series(1, ${id}::int) AS n WHERE n > 1 ORDER BY n`;

  it('answer what the same statement answers unprepared, with values of every kind, run after run', async () => {
    const since = new Date('2026-01-02T03:04:05.678Z');
    for (let run = 0; run < 8; run++) {
      // Past five runs Postgres may switch to a generic plan: the answers must not change with it.
      const asSent = await rows(server.db, statement(3 + run, ['a', 'b'], since, run % 2 === 0 ? true : null));
      const prepared = await preparedRows(server.db, statement(3 + run, ['a', 'b'], since, run % 2 === 0 ? true : null));
      expect(prepared).toEqual(asSent);
      expect(prepared).toHaveLength(2 + run);
    }
    expect(await preparedFirstRow(server.db, sql`SELECT 1 AS n WHERE ${false}::boolean`)).toBeUndefined();
  });

  it('are kept by the database under their name, one name per text', async () => {
    const text = build(sql`SELECT ${1}::int AS one`).text;
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName(text)).not.toBe(statementName(`${text} `));
    // On Postgres a pooled connection keeps its own statements: ask on the connection that ran it (a transaction's).
    const kept = await server.db.transaction(async (tx) => {
      await preparedRows(tx, sql`SELECT ${1}::int AS one`);
      return rows<{ name: string }>(tx, sql`SELECT name FROM pg_prepared_statements WHERE name = ${statementName(text)}`);
    });
    if (server.db.kind === 'postgres') expect(kept).toHaveLength(1);
    // PGlite (one connection) takes the unnamed path in a transaction; outside one the statement is named.
    if (server.db.kind === 'pglite') {
      await preparedRows(server.db, sql`SELECT ${1}::int AS one`);
      expect(await rows(server.db, sql`SELECT name FROM pg_prepared_statements WHERE name = ${statementName(text)}`)).toHaveLength(1);
    }
  });

  it('fail as the database says, and the connection goes on working', async () => {
    const divide = (by: number) => sql`SELECT 1 / ${by}::int AS q`;
    await expect(preparedRows(server.db, divide(0))).rejects.toThrow(/division by zero/);
    expect(await preparedRows(server.db, divide(1))).toEqual([{ q: 1 }]);
    await expect(preparedRows(server.db, sql`SELECT * FROM no_such_table WHERE id = ${1}`)).rejects.toThrow(/no_such_table/);
    expect(await rows(server.db, sql`SELECT ${2}::int AS two`)).toEqual([{ two: 2 }]);
  });

  it('take part in a transaction, and roll back with it', async () => {
    await rows(server.db, sql`CREATE TABLE prepared_probe (id int)`);
    await expect(
      server.db.transaction(async (tx) => {
        await preparedRows(tx, sql`INSERT INTO prepared_probe (id) VALUES (${1})`);
        expect(await preparedRows(tx, sql`SELECT count(*)::int AS n FROM prepared_probe WHERE id = ${1}`)).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await preparedRows(server.db, sql`SELECT count(*)::int AS n FROM prepared_probe WHERE id = ${1}`)).toEqual([{ n: 0 }]);
  });
});

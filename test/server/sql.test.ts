import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/index.js';
import { build, firstRow, raw, rows, sql } from '../../server/db/sql.js';

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

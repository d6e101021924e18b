import { describe, expect, it } from 'vitest';
import { build, raw, sql } from '../../server/db/sql.js';

describe('sql fragments', () => {
  it('number their values when the statement is built, nested fragments included', () => {
    const building = sql`c.building_id = ${7}`;
    const where = sql`${building} AND c.type = ${'offer'} AND ${raw('c.promoted')} AND c.uuid::text = ${'u-1'}`;
    expect(build(where)).toEqual({ text: 'c.building_id = $1 AND c.type = $2 AND c.promoted AND c.uuid::text = $3', values: [7, 'offer', 'u-1'] });
    // After a statement's own four parameters, as queryContents builds it.
    expect(build(where, 5).text).toBe('c.building_id = $5 AND c.type = $6 AND c.promoted AND c.uuid::text = $7');
  });

  it('never puts a value into the text', () => {
    const hostile = "x'; DROP TABLE users; --";
    const { text, values } = build(sql`t.title = ${hostile}`);
    expect(text).toBe('t.title = $1');
    expect(values).toEqual([hostile]);
  });
});

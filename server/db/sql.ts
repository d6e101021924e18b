import type { Db } from './index.js';

/**
 * A piece of SQL with its values, numbered only when a statement is built: fragments compose without any of them
 * knowing which `$n` the others use. The stores (server/stores/) build every statement of the server with it.
 */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** sql`c.building_id = ${id} AND c.type = ${type}`: values become parameters; a nested Sql is inlined. */
export const sql = (strings: TemplateStringsArray, ...values: unknown[]) => new Sql([...strings], values);

/** Trusted text (a column list, an ORDER BY built from an allow-list) with no parameters. */
export const raw = (text: string) => new Sql([text], []);

/** The statement's text with `$1`, `$2` … and its values in the same order. */
export function build(fragment: Sql): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const render = (piece: Sql): string =>
    piece.strings.reduce((text, part, i) => {
      if (i === 0) return part;
      const value = piece.values[i - 1];
      if (value instanceof Sql) return `${text}${render(value)}${part}`;
      values.push(value);
      return `${text}$${values.length}${part}`;
    }, '');
  return { text: render(fragment), values };
}

/** Runs a statement built from fragments; the caller names the row type it reads. */
export async function rows<T>(db: Db, statement: Sql): Promise<T[]> {
  const { text, values } = build(statement);
  return db.query<T>(text, values);
}

/** The first row of a statement, or undefined. */
export async function firstRow<T>(db: Db, statement: Sql): Promise<T | undefined> {
  const [row] = await rows<T>(db, statement);
  return row;
}

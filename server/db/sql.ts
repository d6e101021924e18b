import { createHash } from 'node:crypto';
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

const statementNames = new Map<string, string>();

/** A statement's name, from its text: the same text always has the same name, and no two texts share one. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `atrium_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a statement as a named prepared statement (Db.prepared): for the hot reads, whose planning would otherwise cost
 * more than running them. Its text must come from code, not from data (values are parameters, as always), so the
 * statements a connection keeps stay few.
 */
export async function preparedRows<T>(db: Db, statement: Sql): Promise<T[]> {
  const { text, values } = build(statement);
  return db.prepared<T>(statementName(text), text, values);
}

/** The first row of a prepared statement, or undefined. */
export async function preparedFirstRow<T>(db: Db, statement: Sql): Promise<T | undefined> {
  const [row] = await preparedRows<T>(db, statement);
  return row;
}

/**
 * A piece of SQL with its values, numbered only when a statement is built: fragments compose without any of them
 * knowing which `$n` the others use.
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

/** The statement's text with `$first`, `$first+1` … and its values in the same order. */
export function build(fragment: Sql, first = 1): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const render = (piece: Sql): string =>
    piece.strings.reduce((text, part, i) => {
      if (i === 0) return part;
      const value = piece.values[i - 1];
      if (value instanceof Sql) return `${text}${render(value)}${part}`;
      values.push(value);
      return `${text}$${first + values.length - 1}${part}`;
    }, '');
  return { text: render(fragment), values };
}

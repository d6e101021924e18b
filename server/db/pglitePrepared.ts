import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * Named prepared statements on PGlite, whose `query` sends every statement unnamed (parse, describe, bind, describe,
 * execute: parsed and planned again each time). The first call of a name parses it once (Parse with the name) and
 * keeps its parameter types; every call then only binds and runs it, in one message to the database. Postgres plans
 * a prepared statement's first five runs for their values and then keeps a generic plan when it costs no more.
 * It waits for other queries and transactions as `query` does; inside a transaction the unnamed path is used.
 */
export function pglitePrepared(pg: PGlite) {
  const parameterTypes = new Map<string, number[]>();
  return <T>(name: string, text: string, params: unknown[] = []): Promise<T[]> =>
    pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        let types = parameterTypes.get(name);
        if (!types) {
          const described = await pg.execProtocol(
            joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
            {
              syncToFs: false,
            },
          );
          types = parse.parseDescribeStatementResults(described.messages);
          parameterTypes.set(name, types);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pg.serializers[types[i]!];
          return serializer ? (serializer(value) as string) : String(value);
        });
        const ran = await pg.execProtocol(
          joined([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        );
        await pg.syncToFs();
        return (parse.parseResults(ran.messages, pg.parsers)[0]?.rows ?? []) as T[];
      }),
    );
}

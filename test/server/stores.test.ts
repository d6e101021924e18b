import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision 040: SQL lives in the per-area stores (server/stores/) and the database's own setup (server/db/); route
// handlers speak HTTP and take their types from their schemas.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [path.relative(serverDir, full)] : [];
  });
const read = (file: string) => readFileSync(path.join(serverDir, file), 'utf8');
const files = sources(serverDir);
const outside = files.filter((f) => !f.startsWith(`stores${path.sep}`) && !f.startsWith(`db${path.sep}`));

describe('where the server keeps its SQL', () => {
  it('runs no statement and writes no SQL outside server/stores and server/db', () => {
    const sqlLike = /\.query\s*[<(]|\bsql`|\b(SELECT|INSERT INTO|DELETE FROM)\b|\bUPDATE \w+ SET\b/;
    expect(outside.length).toBeGreaterThan(20);
    expect(outside.filter((f) => sqlLike.test(read(f)))).toEqual([]);
  });

  it('numbers no parameter by hand in a store: values go through the sql builder', () => {
    const stores = files.filter((f) => f.startsWith(`stores${path.sep}`));
    expect(stores.length).toBeGreaterThan(10);
    expect(stores.filter((f) => /\$\d/.test(read(f)) || /\.query\s*[<(]/.test(read(f)))).toEqual([]);
  });

  it('gives no route a hand-written type beside its schema', () => {
    const routes = files.filter((f) => f.startsWith(`routes${path.sep}`));
    expect(routes.filter((f) => /\bapp\.(get|post|put|patch|delete|route)</.test(read(f)))).toEqual([]);
  });
});

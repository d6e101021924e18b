import type { FastifyInstance } from 'fastify';
import { httpError } from './errors.js';

/**
 * Text no route may store: a NUL character (Postgres text cannot hold it) or half of a UTF-16 surrogate pair (it
 * has no UTF-8 form). JSON can carry both (`"\u0000"`, `"\ud800"`), so they are refused before any handler runs.
 */
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBadText = (value: string) => BAD_TEXT.test(value);

/** The first string (object keys included) in a parsed JSON value that no route may store. */
export function findBadText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? value : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = findBadText(item, depth + 1);
      if (bad !== null) return bad;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key)) return key;
    const bad = findBadText(item, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

export const BAD_TEXT_MESSAGE = 'Invalid request: text may not contain NUL characters or unpaired surrogates';

/** Refuses bad text in the body, query and path of every request with a 400, ahead of validation. */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (findBadText(request.body) !== null || findBadText(request.query) !== null || findBadText(request.params) !== null) {
      throw httpError(400, BAD_TEXT_MESSAGE, 'bad_text');
    }
  });
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * RFC 3339 date-time limited to the years a timestamp column holds and a person means: 0001 to 9999 (year 0 does
 * not exist in Postgres, and JSON Schema's own format lets it through).
 */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 60) return false;
  const daysInMonth = new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate();
  return day >= 1 && day <= daysInMonth;
}

/** An ajv plugin: the `date-time` format of every route schema is `isDateTime`. */
export function dateTimeFormat<A extends { addFormat(name: string, format: (value: string) => boolean): unknown }>(ajv: A): A {
  ajv.addFormat('date-time', isDateTime);
  return ajv;
}

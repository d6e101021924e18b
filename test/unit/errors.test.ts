import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, normaliseError, toAppError } from '../../contracts/errors';
import { toApiError } from '../../src/api/client';

/** ofetch's error as the API client meets it (told by its name, as the client tells it). */
const fetchError = (statusCode: number | undefined, data: unknown, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`[GET] /api/x: ${statusCode}`), { name: 'FetchError', statusCode, data, response: new Response(null, { headers }) });

describe('normaliseError, the one error normaliser (decision 205)', () => {
  it('keeps an API error body as it is: status, message, code, Retry-After and the body', () => {
    const body = { statusCode: 429, message: 'Too many tries' };
    expect(normaliseError({ status: 429, message: 'Too many tries', code: 'locked', retryAfter: 30, body })).toEqual({
      status: 429,
      message: 'Too many tries',
      code: 'locked',
      retryAfter: 30,
      body,
    });
  });

  it('an Error is a status-0 failure with its own message', () => {
    expect(normaliseError(new TypeError('Failed to fetch'))).toEqual({ status: 0, message: 'Failed to fetch' });
  });

  it('a thrown string is a status-0 failure with the fallback message, unless the flow passes it as the fallback', () => {
    expect(normaliseError('offline')).toEqual({ status: 0, message: DEFAULT_ERROR_MESSAGE });
    expect(toAppError('offline', String('offline'))).toEqual({ status: 0, message: 'offline' });
  });

  it('undefined, null and numbers are a status-0 failure with the fallback message (the generic one unless told)', () => {
    expect(normaliseError(undefined)).toEqual({ status: 0, message: DEFAULT_ERROR_MESSAGE });
    expect(normaliseError(null, '')).toEqual({ status: 0, message: '' });
    expect(normaliseError(42, 'x')).toEqual({ status: 0, message: 'x' });
  });

  it('drops fields of the wrong type: a string status, a number message, an empty code, a zero or negative Retry-After', () => {
    expect(normaliseError({ status: '500', message: 12, code: '', retryAfter: 0 }, 'fallback')).toEqual({ status: 0, message: 'fallback' });
    expect(normaliseError({ status: Number.NaN, message: 'm', retryAfter: -3 })).toEqual({ status: 0, message: 'm' });
  });
});

describe('toAppError, a failure as a machine keeps it', () => {
  it('keeps status, message and code, not the transport (body, Retry-After)', () => {
    expect(toAppError({ status: 409, message: 'Changed elsewhere', code: 'conflict', retryAfter: 5, body: { any: 1 } })).toEqual({
      status: 409,
      message: 'Changed elsewhere',
      code: 'conflict',
    });
  });

  it("falls back to '' unless told otherwise", () => {
    expect(toAppError(undefined)).toEqual({ status: 0, message: '' });
    expect(toAppError({ status: 500 }, DEFAULT_ERROR_MESSAGE)).toEqual({ status: 500, message: DEFAULT_ERROR_MESSAGE });
  });
});

describe("toApiError, the API layer's reading, agrees with the machines' normaliser", () => {
  it("reads ofetch's error: the server's message and code, Retry-After, the body", () => {
    const data = { statusCode: 403, message: 'Locked', code: 'locked' };
    expect(toApiError(fetchError(403, data, { 'retry-after': '60' }))).toEqual({
      status: 403,
      message: 'Locked',
      code: 'locked',
      retryAfter: 60,
      body: data,
    });
  });

  it('a failed request (no answer, no body) is a status-0 failure with the generic message', () => {
    expect(toApiError(fetchError(undefined, undefined))).toEqual({ status: 0, message: DEFAULT_ERROR_MESSAGE });
  });

  it('a non-JSON answer keeps its status and the generic message', () => {
    expect(toApiError(fetchError(502, '<html>Bad gateway</html>'))).toEqual({
      status: 502,
      message: DEFAULT_ERROR_MESSAGE,
      body: '<html>Bad gateway</html>',
    });
  });

  it('an API error already (a replayed call) stays as it was; anything else is a status-0 failure', () => {
    const already = { status: 400, message: 'first_name is required', code: 'invalid' };
    expect(toApiError(already)).toEqual(already);
    expect(toApiError(new Error('import failed'))).toEqual({ status: 0, message: DEFAULT_ERROR_MESSAGE });
    expect(toApiError('boom')).toEqual({ status: 0, message: DEFAULT_ERROR_MESSAGE });
  });

  it('what a machine keeps of an API error is the same whichever way it came', () => {
    const data = { statusCode: 404, message: 'Not found', code: 'not_found' };
    const fromServer = toApiError(fetchError(404, data));
    expect(toAppError(fromServer)).toEqual({ status: 404, message: 'Not found', code: 'not_found' });
    expect(toAppError(fromServer)).toEqual(toAppError(normaliseError(fromServer)));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillPath, installApiClient, request, type ApiClient } from '../../src/api/client';

/**
 * The typed call by path and verb. The type checks below are part of `npm run typecheck`: each `@ts-expect-error`
 * fails the check if the error it expects goes away — a path the API document does not serve, a verb a path does
 * not take, a missing path parameter, a query or body the document does not allow.
 */
function typeChecks() {
  // @ts-expect-error: a renamed or unknown path is not in the API document
  void request('get', '/tenant/v1/building/{id}', { params: { id: 'b-1' } });
  // @ts-expect-error: the path serves GET only
  void request('delete', '/tenant/v1/buildings/{id}', { params: { id: 'b-1' } });
  // @ts-expect-error: the path needs its id
  void request('get', '/tenant/v1/buildings/{id}', {});
  // @ts-expect-error: include is a string in the document
  void request('get', '/tenant/v1/buildings/{id}', { params: { id: 'b-1' }, query: { include: 3 } });
  // @ts-expect-error: logging out takes no body
  void request('post', '/auth/logout', { body: { everything: true } });
  // @ts-expect-error: the login body needs a password
  void request('post', '/auth/v2/login', { body: { email: 'a@b.c' } });
  // The answer's type is the document's: a building's name is a string.
  const named = async () => {
    const answer = await request('get', '/tenant/v1/buildings/{id}', { params: { id: 'b-1' } });
    const name: string = answer.data.name;
    return name;
  };
  return named;
}

afterEach(() => vi.restoreAllMocks());

describe('request', () => {
  it('fills path parameters, encoded, and sends verb, query and body to the installed client', async () => {
    const call = vi.fn(async (_path: string, _options?: unknown) => ({ data: { name: 'Plaza' } }));
    installApiClient({
      call: call as unknown as ApiClient['call'],
      values: () => ({ apiBase: '/api', brand: 'atrium', locale: 'en', buildingUuid: null, appUuid: 'atrium-tenant-web', apiKey: '' }),
    });
    await request('get', '/tenant/v1/buildings/{id}', { params: { id: 'b 1/x' }, query: { include: 'languages' } });
    expect(call).toHaveBeenCalledWith('/tenant/v1/buildings/b%201%2Fx', { method: 'GET', query: { include: 'languages' } });
    await request('post', '/auth/v2/login', { body: { email: 'a@b.c', password: 'x' } });
    expect(call).toHaveBeenLastCalledWith('/auth/v2/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } });
    expect(typeof typeChecks).toBe('function');
  });

  it('refuses to call a path with a parameter left empty', () => {
    expect(() => fillPath('/tenant/v1/buildings/{id}', { id: '' })).toThrow(/needs id/);
    expect(fillPath('/a/{x}/b/{y}', { x: 1, y: 'z' })).toBe('/a/1/b/z');
  });
});

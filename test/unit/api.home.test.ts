import { afterEach, describe, expect, it, vi } from 'vitest';
import { installApiClient, type ApiClient } from '../../src/api/client';
import { v1Group, v2Categories, v2CategoryContent, v2Promoted } from '../../src/api/home';

/** An API client that records each call (path and options) and answers with an empty list. */
function fakeApi() {
  const call = vi.fn(async (_path: string, _options?: unknown) => ({ data: [] }));
  installApiClient({
    call: call as unknown as ApiClient['call'],
    values: () => ({ apiBase: '/api', apiKey: '', brand: 'atrium', locale: 'en', buildingUuid: 'b-1', appUuid: 'test' }),
  } as unknown as ApiClient);
  const queryOf = (path: string) => (call.mock.calls.find(([sent]) => sent === path)?.[1] as { query?: Record<string, unknown> } | undefined)?.query;
  return { call, queryOf };
}

afterEach(() => vi.restoreAllMocks());

describe('the home calls of src/api/home.ts (content document, section 9: categories 100 per fetch)', () => {
  it('asks for the categories and for a category’s content 100 at a time, in the language asked', async () => {
    const api = fakeApi();
    await v2Categories('b-1', 'fr');
    await v2CategoryContent('b-1', 'cat-1', 'fr');
    expect(api.queryOf('/tenant/v1/buildings/b-1/categories')).toEqual({ active: true, limit: 100, lang: 'fr' });
    expect(api.queryOf('/tenant/v2/buildings/b-1/categories/cat-1/content')).toEqual({
      lang: 'fr',
      orderByProperty: 'name',
      orderBy: 'DESC',
      offset: 0,
      limit: 100,
    });
  });

  it('orders the promoted and v1 group calls by name, descending, from offset 0, without a category limit', async () => {
    const api = fakeApi();
    await v2Promoted('b-1', 'en');
    await v1Group('b-1', 'categories/contents-spotlight', 'en');
    const ordering = { lang: 'en', orderByProperty: 'name', orderBy: 'DESC', offset: 0 };
    expect(api.queryOf('/tenant/v2/buildings/b-1/promoted-content')).toEqual(ordering);
    expect(api.queryOf('/tenant/v1/buildings/b-1/categories/contents-spotlight')).toEqual(ordering);
  });
});

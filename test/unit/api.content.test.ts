import { afterEach, describe, expect, it, vi } from 'vitest';
import { installApiClient, type ApiClient } from '../../src/api/client';
import * as contentApi from '../../src/api/content';
import * as homeApi from '../../src/api/home';

/**
 * Content document, section 7: "All content calls carry language code and ordering (order by name, descending,
 * offset 0)" — the detail calls, RSVP and recall, claim and cancel as the list calls do.
 */
const ORDERING = { orderByProperty: 'name', orderBy: 'DESC', offset: 0 };

function fakeClient() {
  const call = vi.fn(async (_path: string, _options?: unknown) => ({ data: {} }));
  installApiClient({
    call: call as unknown as ApiClient['call'],
    values: () => ({ apiBase: '/api', brand: 'atrium', locale: 'de-DE', buildingUuid: 'b-1', appUuid: 'atrium-tenant-web', apiKey: '' }),
  });
  return call;
}

afterEach(() => vi.restoreAllMocks());

describe('content calls carry the language and the ordering', () => {
  it.each([
    ['a content’s detail', () => contentApi.content('b-1', 'c-1', 'de-DE'), 'GET', '/tenant/v2/buildings/b-1/content/c-1'],
    ['an event post', () => contentApi.eventPost('e-1', 'de-DE'), 'GET', '/tenant/v1/event-posts/e-1'],
    ['an offer', () => contentApi.offer('o-1', 'de-DE'), 'GET', '/tenant/v1/offers/o-1'],
    ['a post', () => contentApi.post('p-1', 'de-DE'), 'GET', '/tenant/v1/posts/p-1'],
    ['attend', () => contentApi.attend('b-1', 'e-1', 'de-DE'), 'PUT', '/tenant/v1/buildings/b-1/event-posts/e-1/attend'],
    ['recall', () => contentApi.recall('e-1', 'de-DE'), 'PUT', '/tenant/v1/event-posts/e-1/recall'],
    ['claim', () => contentApi.claimOffer('b-1', 'o-1', 'de-DE'), 'PUT', '/tenant/v1/buildings/b-1/offers/o-1/claim'],
    ['cancel a claim', () => contentApi.cancelClaim('b-1', 'o-1', 'de-DE'), 'PUT', '/tenant/v1/buildings/b-1/offers/o-1/cancel'],
    ['the promoted list', () => homeApi.v2Promoted('b-1', 'de-DE'), 'GET', '/tenant/v2/buildings/b-1/promoted-content'],
    ['the sanitized tags', () => homeApi.sanitizedTags('b-1', 'de-DE'), 'GET', '/tenant/v2/buildings/b-1/sanitized-tags'],
  ])('%s', async (_, send, method, path) => {
    const call = fakeClient();
    await send();
    expect(call).toHaveBeenCalledWith(path, { method, query: { lang: 'de-DE', ...ORDERING } });
  });
});

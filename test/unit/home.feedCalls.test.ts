import { describe, expect, it } from 'vitest';
import { installApiClient, type ApiClient } from '../../src/api/client';
import { feedCalls } from '../../src/app/screens/home';
import { deferred } from '../fixtures/async';

/** An API client that records each path as it leaves and answers when the test says. */
function fakeApi() {
  const sent: string[] = [];
  const answers = new Map<string, ReturnType<typeof deferred<unknown>>>();
  const call = async (path: string) => {
    sent.push(path);
    const answer = deferred<unknown>();
    answers.set(path, answer);
    return answer.promise;
  };
  installApiClient({
    call,
    values: () => ({ apiBase: '/api', apiKey: '', brand: 'atrium', locale: 'en', buildingUuid: 'b-1', appUuid: 'test' }),
  } as unknown as ApiClient);
  return { sent, answer: (path: string, data: unknown) => answers.get(path)!.resolve({ data }) };
}

const promotedPath = '/tenant/v2/buildings/b-1/promoted-content';
const categoriesPath = '/tenant/v1/buildings/b-1/categories';

describe('the home feed calls (v2)', () => {
  it('sends the promoted call beside the categories call, and the promoted section takes its answer', async () => {
    const api = fakeApi();
    const { loadFeed, loadSection } = feedCalls();
    const feed = loadFeed('b-1', 'v2');
    await Promise.resolve();
    // Both left before either answered.
    expect(api.sent).toEqual([promotedPath, categoriesPath]);
    api.answer(promotedPath, [{ uuid: 'c-1', title: 'Promoted one' }]);
    api.answer(categoriesPath, [{ uuid: 'cat-1', name: 'Events', group: 'spotlight', active: true }]);
    const seeds = await feed;
    expect(seeds.map((seed) => seed.id)).toEqual(['promoted', 'cat-1']);

    const promoted = await loadSection('b-1', { version: 'v2', group: 'promoted' }, 'promoted');
    expect(promoted[0]?.contents).toEqual([{ uuid: 'c-1', title: 'Promoted one', navigation_command: null }]);
    expect(api.sent.filter((path) => path === promotedPath)).toHaveLength(1);
  });

  it('asks again on a retry (the early answer is taken once)', async () => {
    const api = fakeApi();
    const { loadFeed, loadSection } = feedCalls();
    const feed = loadFeed('b-1', 'v2');
    await Promise.resolve();
    api.answer(promotedPath, []);
    api.answer(categoriesPath, []);
    await feed;
    await loadSection('b-1', { version: 'v2', group: 'promoted' }, 'promoted');
    const again = loadSection('b-1', { version: 'v2', group: 'promoted' }, 'promoted');
    await Promise.resolve();
    expect(api.sent.filter((path) => path === promotedPath)).toHaveLength(2);
    api.answer(promotedPath, []);
    await again;
  });
});

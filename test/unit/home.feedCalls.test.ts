import { describe, expect, it } from 'vitest';
import { installApiClient, type ApiClient } from '../../src/api/client';
import { feedCalls } from '../../src/app/screens/home';
import { warmHome } from '../../src/api/home';
import { forgetWarm, startWarm, takeWarm } from '../../src/api/warmCalls';
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

describe('the home calls started with the sign-in answer (src/api/warmCalls.ts, issue 26)', () => {
  const utilitiesPath = '/tenant/v1/buildings/b-1/utility-buttons';
  const tagsPath = '/tenant/v2/buildings/b-1/sanitized-tags';
  const contentPath = (uuid: string) => `/tenant/v2/buildings/b-1/categories/${uuid}/content`;

  it('starts the feed, utilities and topics at once, the feed categories’ contents once the categories answer, and the home takes each answer once', async () => {
    forgetWarm();
    const api = fakeApi();
    const firstImage = warmHome('b-1', 'en', 'v2');
    await Promise.resolve();
    expect(api.sent).toEqual([promotedPath, categoriesPath, utilitiesPath, tagsPath]);
    api.answer(promotedPath, [
      { uuid: 'c-0', image_url: null },
      { uuid: 'c-1', image_url: '/media/first.svg' },
    ]);
    expect(await firstImage).toBe('/media/first.svg');
    api.answer(categoriesPath, [
      { uuid: 'cat-1', name: 'Events', group: 'spotlight', active: true },
      { uuid: 'cat-2', name: 'Old', group: 'spotlight', active: false },
      { uuid: 'cat-3', name: 'Audience', group: 'audience', active: true },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Only the categories the feed shows.
    expect(api.sent.slice(4)).toEqual([contentPath('cat-1')]);

    // The home's own calls leave nothing new: they take the answers.
    const { loadFeed, loadSection } = feedCalls();
    const seeds = await loadFeed('b-1', 'v2');
    expect(seeds.map((seed) => seed.id)).toEqual(['promoted', 'cat-1']);
    const section = loadSection('b-1', { version: 'v2', categoryUuid: 'cat-1' }, 'Events');
    api.answer(contentPath('cat-1'), [{ uuid: 'e-1', title: 'Yoga' }]);
    expect((await section)[0]?.contents.map((item) => item.uuid)).toEqual(['e-1']);
    await loadSection('b-1', { version: 'v2', group: 'promoted' }, 'promoted');
    expect(api.sent).toHaveLength(5);

    // Taken once: asked again, they leave again.
    void loadSection('b-1', { version: 'v2', categoryUuid: 'cat-1' }, 'Events');
    await Promise.resolve();
    expect(api.sent.slice(5)).toEqual([contentPath('cat-1')]);
  });

  it('keeps an answer a minute, keeps one call under way rather than asking twice, and forgets all on signing out', async () => {
    forgetWarm();
    let now = 0;
    let calls = 0;
    const call = () => Promise.resolve(++calls);
    startWarm('k', call, () => now);
    startWarm('k', call, () => now);
    expect(calls).toBe(1);
    now = 59_000;
    expect(await takeWarm('k', call, () => now)).toBe(1);
    startWarm('k', call, () => now);
    now = 120_000;
    expect(await takeWarm('k', call, () => now)).toBe(3);
    startWarm('k', call, () => now);
    forgetWarm();
    expect(await takeWarm('k', call, () => now)).toBe(5);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, assign, createActor, fromPromise, sendParent, setup, waitFor, type ActorRefFrom } from 'xstate';
import {
  HOME_ID,
  TAB_JUMP_MS,
  homeMachine,
  sectionActorId,
  type ClickEvent,
  type FollowedLink,
  type HomeInput,
} from '../../machines/home/home.machine';
import { feedSectionMachine, type FeedSectionInput, type FeedSectionReport, type FeedSectionStatus } from '../../machines/home/feedSection.machine';
import { HASH_SCROLL_DELAY_MS, type FeedCategory, type FeedTile, type SectionSeed, type SectionSource } from '../../machines/home/feed';
import type { UtilityButton, UtilityTile } from '../../machines/home/utilities';
import { linkOutFrameMachine } from '../../machines/linkOut/linkOutFrame.machine';
import { deferred, flush, type Deferred } from '../fixtures/async';
import { feedCategory, feedTile, utilityButton } from '../fixtures/home';

const ORIGIN = 'https://tenant.atrium.test';

type FeedInput = { buildingUuid: string; version: 'v1' | 'v2' };
type UtilitiesInput = { buildingUuid: string };
type SectionInput = { buildingUuid: string; source: SectionSource; name: string };

const input = (overrides: Partial<HomeInput> = {}): HomeInput => ({
  buildingUuid: 'b-1',
  origin: ORIGIN,
  miniApps: ['/mfe-survey/', '/mfe-visitors/', 'https://surveys.other.test/mfe-survey/'],
  framesAllowed: true,
  version: 'v1',
  safety: false,
  hashTarget: null,
  ...overrides,
});

const seed = (id: string, overrides: Partial<SectionSeed> = {}): SectionSeed => ({
  id,
  group: 'discover',
  name: id,
  source: { version: 'v2', categoryUuid: id },
  categories: null,
  error: null,
  ...overrides,
});

const V1_SEEDS: SectionSeed[] = [
  seed('promoted', { group: 'promoted', source: { version: 'v1', group: 'promoted' }, categories: [feedCategory('p')] }),
  seed('spotlight', { group: 'spotlight', source: { version: 'v1', group: 'spotlight' }, categories: [] }),
  seed('discover', { group: 'discover', source: { version: 'v1', group: 'discover' }, categories: null, error: 'Service Unavailable' }),
];

const asTile = (button: UtilityButton, subLabel: UtilityTile['subLabel'] = null): UtilityTile => ({ ...button, subLabel });

interface HomeOptions {
  input?: Partial<HomeInput>;
  loadFeed?: (input: FeedInput) => Promise<SectionSeed[]>;
  loadUtilities?: (input: UtilitiesInput) => Promise<UtilityButton[]>;
  loadSection?: (input: SectionInput) => Promise<FeedCategory[]>;
  loadTopics?: (input: { buildingUuid: string }) => Promise<string[]>;
  /** followLink opens the linkOut child on frame links, as the app does (src/app/linkOut.ts). */
  wireFrame?: boolean;
}

const never = <T>() => new Promise<T>(() => {});

/** The home screen with stubbed calls, spied actions and a simulated clock. */
function home(options: HomeOptions = {}) {
  const clock = new SimulatedClock();
  const spies = {
    loadFeed: vi.fn(options.loadFeed ?? (() => Promise.resolve(V1_SEEDS))),
    loadUtilities: vi.fn(options.loadUtilities ?? (() => Promise.resolve<UtilityButton[]>([]))),
    loadSection: vi.fn(options.loadSection ?? (() => never<FeedCategory[]>())),
    loadTopics: vi.fn(options.loadTopics ?? (() => Promise.resolve<string[]>([]))),
    followLink: vi.fn<(link: FollowedLink) => void>(),
    trackClick: vi.fn<(click: ClickEvent) => void>(),
    scrollToSection: vi.fn<(params: { id: string }) => void>(),
    writeHash: vi.fn<(params: { id: string }) => void>(),
    fetchPage: vi.fn(async (url: string) => `<html>${url}</html>`),
  };
  const machine = homeMachine.provide({
    actors: {
      loadFeed: fromPromise<SectionSeed[], FeedInput>(({ input }) => spies.loadFeed(input)),
      loadUtilities: fromPromise<UtilityButton[], UtilitiesInput>(({ input }) => spies.loadUtilities(input)),
      loadTopics: fromPromise<string[], { buildingUuid: string }>(({ input }) => spies.loadTopics(input)),
      section: feedSectionMachine.provide({
        actors: { loadSection: fromPromise<FeedCategory[], SectionInput>(({ input }) => spies.loadSection(input)) },
      }),
      linkOut: linkOutFrameMachine.provide({
        actors: { fetchPage: fromPromise<string, { url: string }>(({ input }) => spies.fetchPage(input.url)) },
      }),
    },
    actions: {
      followLink: ({ self }, link) => {
        spies.followLink(link);
        if (options.wireFrame && link.kind === 'frame')
          self.getSnapshot().children.linkOut?.send({ type: 'linkOut.open', url: link.url, kind: link.frame });
      },
      trackClick: (_, click) => spies.trackClick(click),
      scrollToSection: (_, params) => spies.scrollToSection(params),
      writeHash: (_, params) => spies.writeHash(params),
    },
  });
  const actor = createActor(machine, { input: input(options.input), clock }).start();
  return { actor, spies, clock };
}

type HomeActor = ReturnType<typeof home>['actor'];
const feedReady = (actor: HomeActor) => waitFor(actor, (s) => s.hasTag('feed:ready'));
const sectionIds = (actor: HomeActor) => actor.getSnapshot().context.sections.map((s) => s.id);
/** The child a section runs as (`section:<id>`). */
const sectionChild = (actor: HomeActor, id: string) =>
  actor.getSnapshot().children[sectionActorId(id)] as ActorRefFrom<typeof feedSectionMachine> | undefined;
const linkOutChild = (actor: HomeActor) => actor.getSnapshot().children.linkOut as ActorRefFrom<typeof linkOutFrameMachine> | undefined;

const scroll = (tops: { id: string; top: number }[], headerOffset = 64, atEnd = false) => ({
  type: 'scroll.observed' as const,
  tops,
  headerOffset,
  atEnd,
});
const TOPS_AT_SPOTLIGHT = [
  { id: 'spotlight', top: 60 },
  { id: 'discover', top: 700 },
];
const TOPS_AT_DISCOVER = [
  { id: 'spotlight', top: -600 },
  { id: 'discover', top: 50 },
];

/** A home whose feed is in and whose tabs track the scroll (no hash target). */
async function tracking(options: HomeOptions = {}) {
  const result = home(options);
  await feedReady(result.actor);
  expect(result.actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
  return result;
}

describe('homeMachine: start', () => {
  it('starts with its input, loading the feed and the utilities, the tabs waiting', () => {
    const { actor, spies } = home({
      loadFeed: never,
      loadUtilities: never,
      input: { buildingUuid: 'b-5', version: 'v2', safety: true, hashTarget: 'discover' },
    });
    const snapshot = actor.getSnapshot();
    expect(HOME_ID).toBe('home');
    expect(snapshot.value).toEqual({ feed: 'loading', utilities: 'loading', topics: 'loading', tabs: 'waiting' });
    expect(snapshot.hasTag('feed:loading')).toBe(true);
    expect(snapshot.hasTag('utilities:loading')).toBe(true);
    expect(snapshot.context).toEqual({
      ...input({ buildingUuid: 'b-5', version: 'v2', safety: true, hashTarget: 'discover' }),
      sections: [],
      utilities: [],
      activeTab: null,
      error: null,
      topics: [],
      topic: null,
      discoverHidden: false,
    });
    expect(spies.loadFeed).toHaveBeenCalledTimes(1);
    expect(spies.loadFeed).toHaveBeenCalledWith({ buildingUuid: 'b-5', version: 'v2' });
    expect(spies.loadUtilities).toHaveBeenCalledTimes(1);
    expect(spies.loadUtilities).toHaveBeenCalledWith({ buildingUuid: 'b-5' });
  });

  it.each(['v1', 'v2'] as const)('asks the feed for the %s version', (version) => {
    const { spies } = home({ loadFeed: never, input: { version } });
    expect(spies.loadFeed.mock.calls[0]?.[0].version).toBe(version);
  });

  it('invokes the link-out frame as the linkOut child, hidden', () => {
    const { actor } = home({ loadFeed: never, loadUtilities: never });
    const child = linkOutChild(actor);
    expect(child).toBeDefined();
    expect(child!.getSnapshot().value).toBe('hidden');
  });
});

describe('homeMachine: feed', () => {
  it('is ready with one section actor per seed, named section:<id>, in the seeds’ order', async () => {
    const { actor } = home();
    await feedReady(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ feed: 'ready' })).toBe(true);
    expect(snapshot.hasTag('feed:loading')).toBe(false);
    expect(snapshot.context.error).toBeNull();
    expect(sectionIds(actor)).toEqual(['promoted', 'spotlight', 'discover']);
    const children = snapshot.children as Record<string, unknown>;
    for (const id of ['section:promoted', 'section:spotlight', 'section:discover']) expect(children[id]).toBeDefined();
  });

  it('gives each section its seed and the building', async () => {
    const { actor } = home({ input: { buildingUuid: 'b-9' } });
    await feedReady(actor);
    const [promoted, spotlight, discover] = ['promoted', 'spotlight', 'discover'].map((id) => sectionChild(actor, id));
    expect(promoted!.getSnapshot().context).toEqual({
      id: 'promoted',
      group: 'promoted',
      name: 'promoted',
      buildingUuid: 'b-9',
      source: { version: 'v1', group: 'promoted' },
      categories: [feedCategory('p')],
      needsContent: false,
      error: null,
    });
    expect(promoted!.getSnapshot().value).toBe('loaded');
    expect(spotlight!.getSnapshot().value).toBe('loaded');
    expect(discover!.getSnapshot().value).toBe('failed');
    expect(discover!.getSnapshot().context.error).toBe('Service Unavailable');
  });

  it('v2 sections load their own content, with the building, source and name', async () => {
    const seeds = [seed('promoted', { group: 'promoted', source: { version: 'v2', group: 'promoted' } }), seed('cat-1', { name: 'Events' })];
    const { actor, spies } = home({
      loadFeed: () => Promise.resolve(seeds),
      loadSection: (i) => Promise.resolve([feedCategory(i.name)]),
      input: { version: 'v2', buildingUuid: 'b-2' },
    });
    await feedReady(actor);
    expect(spies.loadSection).toHaveBeenCalledTimes(2);
    expect(spies.loadSection).toHaveBeenCalledWith({ buildingUuid: 'b-2', source: { version: 'v2', group: 'promoted' }, name: 'promoted' });
    expect(spies.loadSection).toHaveBeenCalledWith({ buildingUuid: 'b-2', source: { version: 'v2', categoryUuid: 'cat-1' }, name: 'Events' });
    const events = sectionChild(actor, 'cat-1')!;
    await waitFor(events, (s) => s.matches('loaded'));
    expect(events.getSnapshot().context.categories).toEqual([feedCategory('Events')]);
    // Its report is in the home's chart.
    await waitFor(actor, (s) => s.context.sections[1]!.status === 'loaded');
    expect(actor.getSnapshot().context.sections[1]!.categories).toEqual([feedCategory('Events')]);
  });

  it('a section’s failure and retry stay in that section; the feed stays ready', async () => {
    const answers: Deferred<FeedCategory[]>[] = [deferred(), deferred()];
    let call = 0;
    const { actor } = home({ loadFeed: () => Promise.resolve([seed('a'), seed('b')]), loadSection: () => answers[call++]!.promise });
    await feedReady(actor);
    const [a, b] = ['a', 'b'].map((id) => sectionChild(actor, id));
    answers[0]!.reject(new Error('a failed'));
    answers[1]!.resolve([feedCategory('b')]);
    await waitFor(a!, (s) => s.matches('failed'));
    await waitFor(b!, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().matches({ feed: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('is ready with no sections when the feed has none', async () => {
    const { actor } = home({ loadFeed: () => Promise.resolve([]) });
    await feedReady(actor);
    expect(actor.getSnapshot().context.sections).toEqual([]);
  });

  it('fails with the message when the feed cannot load, and offers a retry that loads again', async () => {
    const answers: Deferred<SectionSeed[]>[] = [deferred(), deferred()];
    let call = 0;
    const { actor, spies } = home({ loadFeed: () => answers[call++]!.promise, input: { buildingUuid: 'b-4', version: 'v2' } });
    answers[0]!.reject(new Error('Bad Gateway'));
    await waitFor(actor, (s) => s.hasTag('feed:failed'));
    expect(actor.getSnapshot().matches({ feed: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Bad Gateway');
    expect(actor.getSnapshot().context.sections).toEqual([]);
    expect(actor.getSnapshot().matches({ tabs: 'waiting' })).toBe(true);

    actor.send({ type: 'feed.retry' });
    expect(actor.getSnapshot().hasTag('feed:loading')).toBe(true);
    expect(spies.loadFeed).toHaveBeenCalledTimes(2);
    expect(spies.loadFeed).toHaveBeenLastCalledWith({ buildingUuid: 'b-4', version: 'v2' });
    answers[1]!.resolve(V1_SEEDS);
    await feedReady(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(sectionIds(actor)).toEqual(['promoted', 'spotlight', 'discover']);
    expect(actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
  });

  it('keeps a thrown non-Error as text', async () => {
    const { actor } = home({ loadFeed: () => Promise.reject('offline') });
    await waitFor(actor, (s) => s.hasTag('feed:failed'));
    expect(actor.getSnapshot().context.error).toBe('offline');
  });

  it('ignores feed.retry while loading or once ready', async () => {
    const answer = deferred<SectionSeed[]>();
    const { actor, spies } = home({ loadFeed: () => answer.promise });
    actor.send({ type: 'feed.retry' });
    expect(spies.loadFeed).toHaveBeenCalledTimes(1);
    answer.resolve(V1_SEEDS);
    await feedReady(actor);
    actor.send({ type: 'feed.retry' });
    await flush();
    expect(actor.getSnapshot().matches({ feed: 'ready' })).toBe(true);
    expect(spies.loadFeed).toHaveBeenCalledTimes(1);
    expect(sectionIds(actor)).toHaveLength(3);
  });
});

describe('homeMachine: utilities', () => {
  const buttons = () => ({
    concierge: utilityButton({ name: 'concierge', order: 3 }),
    amenities: utilityButton({ name: 'amenities', utility_name: 'AMENITIES', type: 'NATIVE', url: null, route: 'amenities', order: 1 }),
    wallet: utilityButton({ name: 'wallet', utility_name: 'WALLET', type: 'NATIVELINK', url: null, order: 2 }),
    safety: utilityButton({ name: 'safety', utility_name: 'SAFETY', url: 'https://safety.example.com', order: 4 }),
    lutron: utilityButton({ name: 'lutron', utility_name: 'LUTRON', type: 'NATIVELINK', url: null, order: 0 }),
    excluded: utilityButton({ name: 'excluded', excluded: true, order: 5 }),
    thanx: utilityButton({ name: 'thanx', utility_name: 'LOYALTY', type: 'MICROFRONTEND', url: 'https://app.thanx.com/x', order: 6 }),
    ritual: utilityButton({ name: 'ritual', utility_name: 'FOOD', url: 'https://ritual.co/o?embed=1&s=1', order: 7, sign_in_required: true }),
  });

  it('keeps the visible utilities, sorted, labelled for the signed-in person, without the safety button when its flag is off', async () => {
    const b = buttons();
    const { actor } = home({ loadUtilities: () => Promise.resolve(Object.values(b)) });
    await waitFor(actor, (s) => s.matches({ utilities: 'loaded' }));
    expect(actor.getSnapshot().context.utilities).toEqual([
      asTile(b.amenities),
      asTile(b.wallet, 'mobile_only'),
      asTile(b.concierge),
      // It needs sign-in, and the person is signed in: no 'Sign-in required' under it.
      { ...asTile(b.ritual), url: 'https://ritual.co/o?s=1' },
    ]);
  });

  it('shows the safety button when its flag is on', async () => {
    const b = buttons();
    const { actor } = home({ loadUtilities: () => Promise.resolve(Object.values(b)), input: { safety: true } });
    await waitFor(actor, (s) => s.matches({ utilities: 'loaded' }));
    expect(actor.getSnapshot().context.utilities.map((u) => u.name)).toEqual(['amenities', 'wallet', 'concierge', 'safety', 'ritual']);
  });

  it('in kiosk (lobby) mode leaves out the utilities that frame a mini-app with the person’s token', async () => {
    const b = buttons();
    const visitors = utilityButton({ name: 'visitors', utility_name: 'VISITOR_REGISTRATION_MINIAPP', type: 'MICROFRONTEND', url: '/mfe-visitors/' });
    const load = () => Promise.resolve([...Object.values(b), visitors]);
    const lobby = home({ loadUtilities: load, input: { lobby: true, miniApps: ['/mfe-visitors/'], framesAllowed: true } });
    await waitFor(lobby.actor, (s) => s.matches({ utilities: 'loaded' }));
    expect(lobby.actor.getSnapshot().context.utilities.map((u) => u.name)).not.toContain('visitors');
    expect(lobby.actor.getSnapshot().context.utilities.map((u) => u.name)).toContain('amenities');
    const shared = home({ loadUtilities: load, input: { miniApps: ['/mfe-visitors/'], framesAllowed: true } });
    await waitFor(shared.actor, (s) => s.matches({ utilities: 'loaded' }));
    expect(shared.actor.getSnapshot().context.utilities.map((u) => u.name)).toContain('visitors');
  });

  it('fails on its own (the feed goes on) and loads again on utilities.retry', async () => {
    const answers: Deferred<UtilityButton[]>[] = [deferred(), deferred()];
    let call = 0;
    const { actor, spies } = home({ loadUtilities: () => answers[call++]!.promise, input: { buildingUuid: 'b-3' } });
    answers[0]!.reject(new Error('down'));
    await waitFor(actor, (s) => s.hasTag('utilities:failed'));
    await feedReady(actor);
    expect(actor.getSnapshot().context.utilities).toEqual([]);
    expect(actor.getSnapshot().context.error).toBeNull();

    actor.send({ type: 'utilities.retry' });
    expect(actor.getSnapshot().hasTag('utilities:loading')).toBe(true);
    expect(spies.loadUtilities).toHaveBeenCalledTimes(2);
    expect(spies.loadUtilities).toHaveBeenLastCalledWith({ buildingUuid: 'b-3' });
    const concierge = utilityButton({ name: 'concierge' });
    answers[1]!.resolve([concierge]);
    await waitFor(actor, (s) => s.matches({ utilities: 'loaded' }));
    expect(actor.getSnapshot().context.utilities).toEqual([asTile(concierge)]);
  });

  it('ignores utilities.retry once loaded', async () => {
    const { actor, spies } = home();
    await waitFor(actor, (s) => s.matches({ utilities: 'loaded' }));
    actor.send({ type: 'utilities.retry' });
    expect(actor.getSnapshot().matches({ utilities: 'loaded' })).toBe(true);
    expect(spies.loadUtilities).toHaveBeenCalledTimes(1);
  });

  it('a failed feed does not stop the utilities', async () => {
    const { actor } = home({
      loadFeed: () => Promise.reject(new Error('x')),
      loadUtilities: () => Promise.resolve([utilityButton({ name: 'only' })]),
    });
    await waitFor(actor, (s) => s.hasTag('feed:failed') && s.matches({ utilities: 'loaded' }));
    expect(actor.getSnapshot().context.utilities.map((u) => u.name)).toEqual(['only']);
  });
});

describe('homeMachine: tabs before the feed is in', () => {
  it('waits while the feed loads: scrolls are ignored, no hash is written', async () => {
    const { actor, spies, clock } = home({ loadFeed: never, input: { hashTarget: 'discover' } });
    actor.send(scroll(TOPS_AT_DISCOVER));
    clock.increment(HASH_SCROLL_DELAY_MS * 5);
    await flush();
    expect(actor.getSnapshot().matches({ tabs: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.activeTab).toBeNull();
    expect(spies.writeHash).not.toHaveBeenCalled();
    expect(spies.scrollToSection).not.toHaveBeenCalled();
  });

  it('without a hash target, goes straight to tracking once the feed is in, without scrolling', async () => {
    const { actor, spies, clock } = await tracking();
    clock.increment(HASH_SCROLL_DELAY_MS);
    expect(spies.scrollToSection).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.activeTab).toBeNull();
  });

  it('with a hash target, scrolls to it 1000 ms after the feed is in, then tracks', async () => {
    const { actor, spies, clock } = home({ input: { hashTarget: 'cat-7' } });
    await feedReady(actor);
    expect(actor.getSnapshot().matches({ tabs: 'settling' })).toBe(true);
    clock.increment(HASH_SCROLL_DELAY_MS - 1);
    expect(spies.scrollToSection).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ tabs: 'settling' })).toBe(true);
    clock.increment(1);
    expect(spies.scrollToSection).toHaveBeenCalledTimes(1);
    expect(spies.scrollToSection).toHaveBeenCalledWith({ id: 'cat-7' });
    expect(actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
    clock.increment(HASH_SCROLL_DELAY_MS * 3);
    expect(spies.scrollToSection).toHaveBeenCalledTimes(1);
  });

  it('counts the hash delay from the moment the feed is in, not from the start', async () => {
    const answer = deferred<SectionSeed[]>();
    const { actor, spies, clock } = home({ loadFeed: () => answer.promise, input: { hashTarget: 'discover' } });
    clock.increment(HASH_SCROLL_DELAY_MS * 2);
    answer.resolve(V1_SEEDS);
    await feedReady(actor);
    expect(spies.scrollToSection).not.toHaveBeenCalled();
    clock.increment(HASH_SCROLL_DELAY_MS);
    expect(spies.scrollToSection).toHaveBeenCalledWith({ id: 'discover' });
  });

  it('waits for every section to load or fail before the hash delay starts', async () => {
    const content = deferred<FeedCategory[]>();
    const seeds = [
      seed('cat-1', { source: { version: 'v2', categoryUuid: 'cat-1' }, categories: null }),
      seed('cat-2', { source: { version: 'v2', categoryUuid: 'cat-2' }, categories: null }),
    ];
    let call = 0;
    const { actor, spies, clock } = home({
      loadFeed: () => Promise.resolve(seeds),
      loadSection: () => (call++ === 0 ? Promise.resolve([]) : content.promise),
      input: { hashTarget: 'cat-2' },
    });
    await feedReady(actor);
    await flush();
    expect(actor.getSnapshot().matches({ tabs: 'waiting' })).toBe(true);
    clock.increment(HASH_SCROLL_DELAY_MS * 2);
    expect(spies.scrollToSection).not.toHaveBeenCalled();
    content.reject(new Error('down'));
    await waitFor(actor, (s) => s.matches({ tabs: 'settling' }));
    clock.increment(HASH_SCROLL_DELAY_MS - 1);
    expect(spies.scrollToSection).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.scrollToSection).toHaveBeenCalledWith({ id: 'cat-2' });
  });

  it('with a hash target after a failed feed, waits for the retry to succeed', async () => {
    const answers: Deferred<SectionSeed[]>[] = [deferred(), deferred()];
    let call = 0;
    const { actor, spies, clock } = home({ loadFeed: () => answers[call++]!.promise, input: { hashTarget: 'spotlight' } });
    answers[0]!.reject(new Error('x'));
    await waitFor(actor, (s) => s.hasTag('feed:failed'));
    clock.increment(HASH_SCROLL_DELAY_MS);
    expect(spies.scrollToSection).not.toHaveBeenCalled();
    actor.send({ type: 'feed.retry' });
    answers[1]!.resolve(V1_SEEDS);
    await feedReady(actor);
    clock.increment(HASH_SCROLL_DELAY_MS);
    expect(spies.scrollToSection).toHaveBeenCalledWith({ id: 'spotlight' });
  });

  it('ignores scrolls while settling before the hash scroll', async () => {
    const { actor, spies } = home({ input: { hashTarget: 'discover' } });
    await feedReady(actor);
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    expect(actor.getSnapshot().context.activeTab).toBeNull();
    expect(spies.writeHash).not.toHaveBeenCalled();
  });
});

describe('homeMachine: tracking the scroll', () => {
  it('sets the active tab to the section nearest the top and writes it to the hash', async () => {
    const { actor, spies } = await tracking();
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    expect(actor.getSnapshot().context.activeTab).toBe('spotlight');
    expect(spies.writeHash).toHaveBeenCalledTimes(1);
    expect(spies.writeHash).toHaveBeenLastCalledWith({ id: 'spotlight' });

    actor.send(scroll(TOPS_AT_DISCOVER));
    expect(actor.getSnapshot().context.activeTab).toBe('discover');
    expect(spies.writeHash).toHaveBeenCalledTimes(2);
    expect(spies.writeHash).toHaveBeenLastCalledWith({ id: 'discover' });
    expect(spies.scrollToSection).not.toHaveBeenCalled();
  });

  it('writes the hash only when the active section changes', async () => {
    const { actor, spies } = await tracking();
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    actor.send(
      scroll([
        { id: 'spotlight', top: 20 },
        { id: 'discover', top: 500 },
      ]),
    );
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    expect(spies.writeHash).toHaveBeenCalledTimes(1);
    actor.send(scroll(TOPS_AT_DISCOVER));
    actor.send(scroll(TOPS_AT_DISCOVER));
    expect(spies.writeHash).toHaveBeenCalledTimes(2);
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    expect(spies.writeHash).toHaveBeenCalledTimes(3);
    expect(spies.writeHash.mock.calls.map(([p]) => p.id)).toEqual(['spotlight', 'discover', 'spotlight']);
  });

  it('uses the header offset with its 10 px slack', async () => {
    const { actor } = await tracking();
    const tops = [
      { id: 'a', top: 0 },
      { id: 'b', top: 110 },
    ];
    actor.send(scroll(tops, 99));
    expect(actor.getSnapshot().context.activeTab).toBe('a');
    actor.send(scroll(tops, 100));
    expect(actor.getSnapshot().context.activeTab).toBe('b');
  });

  it('takes the last section at the end of the page', async () => {
    const { actor, spies } = await tracking();
    actor.send(
      scroll(
        [
          { id: 'a', top: -500 },
          { id: 'b', top: 200 },
          { id: 'c', top: 500 },
        ],
        64,
        true,
      ),
    );
    expect(actor.getSnapshot().context.activeTab).toBe('c');
    expect(spies.writeHash).toHaveBeenCalledWith({ id: 'c' });
  });

  it('ignores a scroll with no sections measured', async () => {
    const { actor, spies } = await tracking();
    actor.send(scroll(TOPS_AT_DISCOVER));
    actor.send(scroll([]));
    actor.send(scroll([], 64, true));
    expect(actor.getSnapshot().context.activeTab).toBe('discover');
    expect(spies.writeHash).toHaveBeenCalledTimes(1);
  });
});

describe('homeMachine: selecting a tab', () => {
  it('sets the active tab, scrolls to the section and writes the hash', async () => {
    const { actor, spies } = await tracking();
    actor.send({ type: 'tab.selected', id: 'cat-3' });
    expect(actor.getSnapshot().context.activeTab).toBe('cat-3');
    expect(spies.scrollToSection).toHaveBeenCalledTimes(1);
    expect(spies.scrollToSection).toHaveBeenCalledWith({ id: 'cat-3' });
    expect(spies.writeHash).toHaveBeenCalledTimes(1);
    expect(spies.writeHash).toHaveBeenCalledWith({ id: 'cat-3' });
    expect(actor.getSnapshot().matches({ tabs: 'jumping' })).toBe(true);
  });

  it('ignores the scroll for 800 ms while the page jumps, then follows it again', async () => {
    const { actor, spies, clock } = await tracking();
    actor.send({ type: 'tab.selected', id: 'discover' });
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    clock.increment(TAB_JUMP_MS - 1);
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    expect(actor.getSnapshot().context.activeTab).toBe('discover');
    expect(spies.writeHash).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ tabs: 'jumping' })).toBe(true);

    clock.increment(1);
    expect(actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
    actor.send(scroll(TOPS_AT_SPOTLIGHT));
    expect(actor.getSnapshot().context.activeTab).toBe('spotlight');
    expect(spies.writeHash).toHaveBeenCalledTimes(2);
    expect(spies.writeHash).toHaveBeenLastCalledWith({ id: 'spotlight' });
  });

  it('the jump lasts 800 ms', () => {
    expect(TAB_JUMP_MS).toBe(800);
  });

  it('a scroll landing on the selected section after the jump writes no hash again', async () => {
    const { actor, spies, clock } = await tracking();
    actor.send({ type: 'tab.selected', id: 'discover' });
    clock.increment(TAB_JUMP_MS);
    actor.send(scroll(TOPS_AT_DISCOVER));
    expect(spies.writeHash).toHaveBeenCalledTimes(1);
  });

  it('another tab during a jump starts the 800 ms again', async () => {
    const { actor, spies, clock } = await tracking();
    actor.send({ type: 'tab.selected', id: 'spotlight' });
    clock.increment(500);
    actor.send({ type: 'tab.selected', id: 'discover' });
    expect(actor.getSnapshot().context.activeTab).toBe('discover');
    expect(spies.scrollToSection.mock.calls.map(([p]) => p.id)).toEqual(['spotlight', 'discover']);
    expect(spies.writeHash.mock.calls.map(([p]) => p.id)).toEqual(['spotlight', 'discover']);
    clock.increment(TAB_JUMP_MS - 1);
    expect(actor.getSnapshot().matches({ tabs: 'jumping' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
  });

  it('a tab chosen before the hash scroll wins over it', async () => {
    const { actor, spies, clock } = home({ input: { hashTarget: 'discover' } });
    await feedReady(actor);
    actor.send({ type: 'tab.selected', id: 'spotlight' });
    clock.increment(HASH_SCROLL_DELAY_MS * 2);
    expect(spies.scrollToSection.mock.calls.map(([p]) => p.id)).toEqual(['spotlight']);
    expect(actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
    expect(actor.getSnapshot().context.activeTab).toBe('spotlight');
  });
});

describe('homeMachine: topics (the sanitized tags)', () => {
  it('loads the building’s topics beside the feed and narrows to a known one, or back to everything', async () => {
    const { actor, spies } = home({ input: { buildingUuid: 'b-6' }, loadTopics: async () => ['fitness', 'food'] });
    expect(actor.getSnapshot().hasTag('topics:loading')).toBe(true);
    await waitFor(actor, (s) => s.matches({ topics: 'ready' }));
    expect(spies.loadTopics).toHaveBeenCalledWith({ buildingUuid: 'b-6' });
    expect(actor.getSnapshot().context.topics).toEqual(['fitness', 'food']);
    actor.send({ type: 'user.chooseTopic', topic: 'food' });
    expect(actor.getSnapshot().context.topic).toBe('food');
    // A topic the building does not have changes nothing.
    expect(actor.getSnapshot().can({ type: 'user.chooseTopic', topic: 'music' })).toBe(false);
    actor.send({ type: 'user.chooseTopic', topic: 'music' });
    expect(actor.getSnapshot().context.topic).toBe('food');
    actor.send({ type: 'user.chooseTopic', topic: null });
    expect(actor.getSnapshot().context.topic).toBeNull();
  });

  it('without its topics (a failed call) shows everything and offers none', async () => {
    const { actor } = home({ loadTopics: async () => Promise.reject(new Error('503')) });
    await waitFor(actor, (s) => s.matches({ topics: 'unavailable' }));
    expect(actor.getSnapshot().context).toMatchObject({ topics: [], topic: null });
    expect(actor.getSnapshot().can({ type: 'user.chooseTopic', topic: null })).toBe(false);
  });
});

describe('homeMachine: links', () => {
  const web = (url: string): FeedTile['navigation_command'] => ({ type: 'WEBVIEW', value: '', options: { url } });

  it('a tile without navigation opens its content screen', async () => {
    const { actor, spies } = home({ input: { buildingUuid: 'b-6' } });
    actor.send({ type: 'tile.open', tile: feedTile({ uuid: 'c-1' }) });
    expect(spies.followLink).toHaveBeenCalledTimes(1);
    expect(spies.followLink).toHaveBeenCalledWith(expect.objectContaining({ kind: 'route', to: '/building/b-6/content/c-1' }));
  });

  it('counts a tile’s click as content_clicked and the promoted banner’s as banner_clicked, then follows the link', () => {
    const { actor, spies } = home({ input: { buildingUuid: 'b-6' } });
    actor.send({ type: 'tile.open', tile: feedTile({ uuid: 'c-1', type: 'EVENT_POST' }) });
    actor.send({ type: 'banner.open', tile: feedTile({ uuid: 'c-2', type: 'OFFER' }) });
    expect(spies.trackClick.mock.calls.map(([click]) => click)).toEqual([
      { event: 'content_clicked', properties: { content_uuid: 'c-1', content_type: 'EVENT_POST', building_uuid: 'b-6', placement: 'feed' } },
      { event: 'banner_clicked', properties: { content_uuid: 'c-2', content_type: 'OFFER', building_uuid: 'b-6', placement: 'promoted' } },
    ]);
    expect(spies.followLink.mock.calls.map(([link]) => link)).toEqual([
      expect.objectContaining({ kind: 'route', to: '/building/b-6/content/c-1' }),
      expect.objectContaining({ kind: 'route', to: '/building/b-6/content/c-2' }),
    ]);
    // A tile that leads nowhere is still a click.
    actor.send({ type: 'tile.open', tile: feedTile({ uuid: 'c-3', navigation_command: { type: 'WEBVIEW', value: '', options: {} } }) });
    expect(spies.trackClick).toHaveBeenCalledTimes(3);
    expect(spies.followLink).toHaveBeenCalledTimes(2);
  });

  it('a NATIVE tile opens its screen', () => {
    const { actor, spies } = home();
    actor.send({
      type: 'tile.open',
      tile: feedTile({ uuid: 'e-1', navigation_command: { type: 'NATIVE', value: 'EVENT_POSTS', options: { building_uuid: 'b-8' } } }),
    });
    expect(spies.followLink).toHaveBeenCalledWith(expect.objectContaining({ kind: 'route', to: '/building/b-8/event-posts/e-1' }));
  });

  it('a WEBVIEW tile to another site opens a new tab', () => {
    const { actor, spies } = home();
    actor.send({ type: 'tile.open', tile: feedTile({ navigation_command: web('https://other.test/x') }) });
    expect(spies.followLink).toHaveBeenCalledWith({ kind: 'newTab', url: 'https://other.test/x' });
  });

  it('a WEBVIEW tile to this site opens the page frame when frames are allowed, else a new tab', () => {
    const url = `${ORIGIN}/mfe-offers/`;
    const allowed = home();
    allowed.actor.send({ type: 'tile.open', tile: feedTile({ navigation_command: web(url) }) });
    expect(allowed.spies.followLink).toHaveBeenCalledWith({ kind: 'frame', url, frame: 'page' });
    const notAllowed = home({ input: { framesAllowed: false } });
    notAllowed.actor.send({ type: 'tile.open', tile: feedTile({ navigation_command: web(url) }) });
    expect(notAllowed.spies.followLink).toHaveBeenCalledWith({ kind: 'newTab', url });
  });

  it('a tile that leads nowhere follows nothing', () => {
    const { actor, spies } = home();
    actor.send({ type: 'tile.open', tile: feedTile({ navigation_command: { type: 'WEBVIEW', value: '', options: {} } }) });
    expect(spies.followLink).not.toHaveBeenCalled();
  });

  it('utilities open their screens, the mobile-only page, or the frame', () => {
    const { actor, spies } = home({ input: { buildingUuid: 'b-2' } });
    const base = asTile(utilityButton());
    actor.send({ type: 'utility.open', utility: { ...base, utility_name: 'AMENITIES', type: 'NATIVE', url: null } });
    actor.send({ type: 'utility.open', utility: { ...base, utility_name: 'COMPANIES', type: 'NATIVE', url: null, company_types: 'tenant,retail' } });
    actor.send({ type: 'utility.open', utility: { ...base, utility_name: 'WALLET', type: 'NATIVELINK', subLabel: 'mobile_only' } });
    actor.send({ type: 'utility.open', utility: { ...base, utility_name: 'VISITORS', type: 'MICROFRONTEND', url: '/mfe-visitors/' } });
    actor.send({ type: 'utility.open', utility: { ...base, type: 'WEBVIEW', url: 'https://concierge.example.com' } });
    actor.send({ type: 'utility.open', utility: { ...base, type: 'WEBVIEW', url: '/mfe-survey/?s=1' } });
    expect(spies.followLink.mock.calls.map(([link]) => link)).toEqual([
      { kind: 'route', to: '/building/b-2/amenities' },
      { kind: 'route', to: '/building/b-2/companies?company_types=tenant%2Cretail' },
      { kind: 'route', to: '/mobile-only?from=%2Fbuilding%2Fb-2' },
      { kind: 'frame', url: '/mfe-visitors/', frame: 'page' },
      { kind: 'newTab', url: 'https://concierge.example.com' },
      { kind: 'frame', url: '/mfe-survey/?s=1', frame: 'survey' },
    ]);
  });

  it('a utility with neither url nor route follows nothing', () => {
    const { actor, spies } = home();
    actor.send({ type: 'utility.open', utility: { ...asTile(utilityButton()), utility_name: 'CONCIERGE', type: 'NATIVE', url: null, route: null } });
    expect(spies.followLink).not.toHaveBeenCalled();
  });

  it('links work in every state of the feed (loading, failed)', async () => {
    const { actor, spies } = home({ loadFeed: () => Promise.reject(new Error('x')) });
    actor.send({ type: 'tile.open', tile: feedTile({ uuid: 'a' }) });
    await waitFor(actor, (s) => s.hasTag('feed:failed'));
    actor.send({ type: 'tile.open', tile: feedTile({ uuid: 'b' }) });
    expect(spies.followLink.mock.calls.map(([link]) => link)).toEqual([
      expect.objectContaining({ kind: 'route', to: '/building/b-1/content/a' }),
      expect.objectContaining({ kind: 'route', to: '/building/b-1/content/b' }),
    ]);
  });

  it('a frame link can open the linkOut child, as the app wires it', async () => {
    const { actor, spies } = home({ wireFrame: true });
    actor.send({ type: 'tile.open', tile: feedTile({ navigation_command: web('https://surveys.other.test/mfe-survey/?id=1') }) });
    const child = linkOutChild(actor)!;
    expect(child.getSnapshot().hasTag('frame:survey')).toBe(true);
    expect(child.getSnapshot().context.url).toBe('https://surveys.other.test/mfe-survey/?id=1');

    child.send({ type: 'linkOut.close' });
    actor.send({ type: 'tile.open', tile: feedTile({ navigation_command: web(`${ORIGIN}/mfe-offers/`) }) });
    await waitFor(child, (s) => s.hasTag('frame:page'));
    expect(spies.fetchPage).toHaveBeenCalledWith(`${ORIGIN}/mfe-offers/`);
    expect(child.getSnapshot().context.html).toBe(`<html>${ORIGIN}/mfe-offers/</html>`);
  });
});

describe('the discover layout (content document, section 9; the discover-layout flag)', () => {
  const measure = (spotlightTop: number | null, discoverHeight: number | null, atEnd = false) =>
    ({ type: 'layout.observed', spotlightTop, discoverHeight, headerOffset: 49, atEnd }) as const;

  it('hides discover while the spotlight top is below discover height + header offset + 50 px, shows it from there', () => {
    const { actor } = home({ loadFeed: never, loadUtilities: never, input: { discoverLayout: true } });
    actor.send(measure(900, 600));
    expect(actor.getSnapshot().context.discoverHidden).toBe(true);
    // 600 + 49 + 50 = 699: at 699 it shows, one pixel further down it hides.
    actor.send(measure(699, 600));
    expect(actor.getSnapshot().context.discoverHidden).toBe(false);
    actor.send(measure(700, 600));
    expect(actor.getSnapshot().context.discoverHidden).toBe(true);
    // At the end of the page, or without a spotlight, it shows.
    actor.send(measure(900, 600, true));
    expect(actor.getSnapshot().context.discoverHidden).toBe(false);
    actor.send(measure(900, 600));
    actor.send(measure(null, 600));
    expect(actor.getSnapshot().context.discoverHidden).toBe(false);
  });

  it('without the layout, discover never hides', () => {
    const { actor } = home({ loadFeed: never, loadUtilities: never, input: { discoverLayout: false } });
    actor.send(measure(5000, 100));
    expect(actor.getSnapshot().context.discoverHidden).toBe(false);
  });
});

/**
 * A stand-in for a feed section: it reports to the home what the test tells it to (`test.report`, through the same
 * `section.changed` a real section sends its parent) and counts the retries the home hands it.
 */
type FakeSectionEvent = { type: 'test.report'; status: FeedSectionStatus; categories?: FeedCategory[] } | { type: 'section.retry' };
const fakeSection = setup({
  types: {} as { input: FeedSectionInput; context: { input: FeedSectionInput; retries: number }; events: FakeSectionEvent },
}).createMachine({
  context: ({ input }) => ({ input, retries: 0 }),
  on: {
    'test.report': {
      actions: sendParent(({ context, event }) => {
        const { status, categories = [] } = event as Extract<FakeSectionEvent, { type: 'test.report' }>;
        const { id, group, name, source } = context.input;
        return { type: 'section.changed', section: { id, group, name, version: source.version, status, categories } } satisfies FeedSectionReport;
      }),
    },
    'section.retry': { actions: assign({ retries: ({ context }) => context.retries + 1 }) },
  },
});

/** A home whose sections are stand-ins, its feed two v2 categories. */
async function homeWithFakeSections() {
  const machine = homeMachine.provide({
    actors: {
      loadFeed: fromPromise<SectionSeed[], FeedInput>(() => Promise.resolve([seed('a', { group: 'spotlight' }), seed('b')])),
      loadUtilities: fromPromise<UtilityButton[], UtilitiesInput>(() => Promise.resolve([])),
      loadTopics: fromPromise<string[], { buildingUuid: string }>(() => Promise.resolve([])),
      // A stand-in of another shape: the home only spawns it and hears its reports.
      section: fakeSection as unknown as typeof feedSectionMachine,
    },
  });
  const actor = createActor(machine, { input: input({ version: 'v2' }) }).start();
  await waitFor(actor, (s) => s.hasTag('feed:ready'));
  const child = (id: string) => actor.getSnapshot().children[sectionActorId(id)] as unknown as ActorRefFrom<typeof fakeSection>;
  return { actor, child };
}

describe('homeMachine: the sections report to the chart', () => {
  it('holds each section unanswered until it reports, then what it reported; the tabs wait for every answer', async () => {
    const { actor, child } = await homeWithFakeSections();
    expect(actor.getSnapshot().context.sections.map((s) => [s.id, s.group, s.status])).toEqual([
      ['a', 'spotlight', 'unanswered'],
      ['b', 'discover', 'unanswered'],
    ]);
    child('a').send({ type: 'test.report', status: 'loaded', categories: [feedCategory('a')] });
    expect(actor.getSnapshot().context.sections[0]).toEqual({
      id: 'a',
      group: 'spotlight',
      name: 'a',
      version: 'v2',
      status: 'loaded',
      categories: [feedCategory('a')],
    });
    expect(actor.getSnapshot().matches({ tabs: 'waiting' })).toBe(true);
    child('b').send({ type: 'test.report', status: 'failed' });
    expect(actor.getSnapshot().context.sections[1]!.status).toBe('failed');
    expect(actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
  });

  it('a section asked again counts as loading again until its next report', async () => {
    const { actor, child } = await homeWithFakeSections();
    child('a').send({ type: 'test.report', status: 'loaded' });
    child('b').send({ type: 'test.report', status: 'retrying' });
    expect(actor.getSnapshot().matches({ tabs: 'waiting' })).toBe(true);
    child('b').send({ type: 'test.report', status: 'loaded' });
    expect(actor.getSnapshot().matches({ tabs: 'tracking' })).toBe(true);
  });

  it('hands a retry to the failed section it names, and to no other', async () => {
    const { actor, child } = await homeWithFakeSections();
    child('a').send({ type: 'test.report', status: 'loaded' });
    child('b').send({ type: 'test.report', status: 'failed' });
    expect(actor.getSnapshot().can({ type: 'section.retry', id: 'a' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'section.retry', id: 'nowhere' })).toBe(false);
    actor.send({ type: 'section.retry', id: 'a' });
    actor.send({ type: 'section.retry', id: 'b' });
    expect(child('a').getSnapshot().context.retries).toBe(0);
    expect(child('b').getSnapshot().context.retries).toBe(1);
  });
});

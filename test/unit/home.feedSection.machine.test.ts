import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { feedSectionMachine, type FeedSectionInput, type FeedSectionReport, type FeedSectionStatus } from '../../machines/home/feedSection.machine';
import type { FeedCategory, SectionSource } from '../../machines/home/feed';
import { deferred, flush, type Deferred } from '../fixtures/async';
import { feedCategory, feedTile } from '../fixtures/home';

type LoadInput = { buildingUuid: string; source: SectionSource; name: string };

/** A category of `tiles` numbered tiles. */
const category = (uuid: string, tiles = 1) =>
  feedCategory(
    uuid,
    Array.from({ length: tiles }, (_, i) => feedTile({ uuid: `${uuid}-${i}`, title: `Tile ${i}` })),
  );

const input = (overrides: Partial<FeedSectionInput> = {}): FeedSectionInput => ({
  id: 'spotlight',
  group: 'spotlight',
  name: 'spotlight',
  source: { version: 'v1', group: 'spotlight' },
  categories: [category('a')],
  error: null,
  buildingUuid: 'b-1',
  ...overrides,
});

/** A section whose loadSection answers through `load` (a spy); its reports to the home are recorded (`reports`). */
function section(load: (input: LoadInput) => Promise<FeedCategory[]>, sectionInput: FeedSectionInput) {
  const spy = vi.fn(load);
  const reports: FeedSectionStatus[] = [];
  const machine = feedSectionMachine.provide({
    actors: { loadSection: fromPromise<FeedCategory[], LoadInput>(({ input }) => spy(input)) },
    actions: { report: (_, params) => void reports.push(params.status) },
  });
  const actor = createActor(machine, { input: sectionInput }).start();
  return { actor, load: spy, reports };
}

/** A loadSection answering from hand-settled promises, one per call. */
function scripted(count: number) {
  const answers: Deferred<FeedCategory[]>[] = Array.from({ length: count }, () => deferred<FeedCategory[]>());
  let call = 0;
  return {
    answers,
    load: () => {
      const answer = answers[call++];
      if (!answer) throw new Error('more calls than scripted');
      return answer.promise;
    },
  };
}

const never = () => new Promise<FeedCategory[]>(() => {});

describe('feedSectionMachine: arriving', () => {
  it('arrives loaded with the categories it was given, without a call', () => {
    const categories = [category('a'), category('b', 3)];
    const { actor, load } = section(never, input({ categories }));
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.hasTag('loaded')).toBe(true);
    expect(snapshot.hasTag('loading')).toBe(false);
    expect(snapshot.context).toEqual({
      id: 'spotlight',
      group: 'spotlight',
      name: 'spotlight',
      buildingUuid: 'b-1',
      source: { version: 'v1', group: 'spotlight' },
      categories,
      needsContent: false,
      error: null,
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('arrives loaded with an empty list of categories (an empty group is content, not a pending load)', () => {
    const { actor, load } = section(never, input({ categories: [] }));
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.categories).toEqual([]);
    expect(actor.getSnapshot().context.needsContent).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('arrives failed with the error it was given, without a call', () => {
    const { actor, load } = section(never, input({ categories: null, error: 'Service Unavailable' }));
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.hasTag('failed')).toBe(true);
    expect(snapshot.context.error).toBe('Service Unavailable');
    expect(snapshot.context.categories).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });

  it('a given error wins over given categories', () => {
    const { actor } = section(never, input({ categories: [category('a')], error: 'boom' }));
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('loads its content itself when it arrives with none', () => {
    const { actor, load } = section(
      never,
      input({
        id: 'cat-1',
        name: 'Events',
        group: 'discover',
        source: { version: 'v2', categoryUuid: 'cat-1' },
        categories: null,
        buildingUuid: 'b-7',
      }),
    );
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loading');
    expect(snapshot.hasTag('loading')).toBe(true);
    expect(snapshot.context.needsContent).toBe(true);
    expect(snapshot.context.categories).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith({ buildingUuid: 'b-7', source: { version: 'v2', categoryUuid: 'cat-1' }, name: 'Events' });
  });

  it('passes the v2 promoted source to the call', () => {
    const { load } = section(
      never,
      input({ id: 'promoted', name: 'promoted', group: 'promoted', source: { version: 'v2', group: 'promoted' }, categories: null }),
    );
    expect(load).toHaveBeenCalledWith({ buildingUuid: 'b-1', source: { version: 'v2', group: 'promoted' }, name: 'promoted' });
  });
});

describe('feedSectionMachine: loading', () => {
  it('keeps the loaded categories and is loaded', async () => {
    const categories = [category('cat-1', 2)];
    const { actor } = section(() => Promise.resolve(categories), input({ categories: null, source: { version: 'v2', categoryUuid: 'cat-1' } }));
    await waitFor(actor, (s) => s.matches('loaded'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.categories).toEqual(categories);
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.hasTag('loaded')).toBe(true);
    expect(snapshot.hasTag('loading')).toBe(false);
  });

  it('fails with the message of the error', async () => {
    const { actor } = section(() => Promise.reject(new Error('Bad Gateway')), input({ categories: null }));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Bad Gateway');
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.categories).toEqual([]);
  });

  it('fails with a thrown value that is not an Error, as text', async () => {
    const { actor } = section(() => Promise.reject('offline'), input({ categories: null }));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('offline');
  });

  it('is unanswered only until its first answer: a retry after a failure keeps the place it was given', async () => {
    const { answers, load } = scripted(2);
    const { actor } = section(load, input({ categories: null, source: { version: 'v2', categoryUuid: 'c-1' } }));
    expect(actor.getSnapshot().hasTag('unanswered')).toBe(true);
    answers[0]!.reject(new Error('boom'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().hasTag('unanswered')).toBe(false);
    actor.send({ type: 'section.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('unanswered')).toBe(false);
    answers[1]!.resolve([]);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().hasTag('unanswered')).toBe(false);
  });

  it('arrives answered when it comes with its categories or its failure', () => {
    expect(section(never, input()).actor.getSnapshot().hasTag('unanswered')).toBe(false);
    expect(
      section(never, input({ categories: null, error: 'boom' }))
        .actor.getSnapshot()
        .hasTag('unanswered'),
    ).toBe(false);
  });

  it('ignores a retry while it is loading', async () => {
    const { actor, load } = section(never, input({ categories: null }));
    expect(actor.getSnapshot().can({ type: 'section.retry' })).toBe(false);
    actor.send({ type: 'section.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ignores a retry once loaded', () => {
    const { actor, load } = section(never, input());
    expect(actor.getSnapshot().can({ type: 'section.retry' })).toBe(false);
    actor.send({ type: 'section.retry' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('feedSectionMachine: retry', () => {
  it('a section that arrived failed loads on retry, with its input, and is loaded', async () => {
    const { answers, load } = scripted(1);
    const source: SectionSource = { version: 'v1', group: 'discover' };
    const { actor, load: spy } = section(
      load,
      input({ id: 'discover', group: 'discover', name: 'discover', source, categories: null, error: 'Internal Server Error', buildingUuid: 'b-3' }),
    );
    expect(actor.getSnapshot().can({ type: 'section.retry' })).toBe(true);
    actor.send({ type: 'section.retry' });
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith({ buildingUuid: 'b-3', source, name: 'discover' });
    const categories = [category('d-1'), category('d-2')];
    answers[0]!.resolve(categories);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.categories).toEqual(categories);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed load retries: fails again with the new message, then loads and clears the error', async () => {
    const { answers, load } = scripted(3);
    const { actor, load: spy } = section(load, input({ categories: null, source: { version: 'v2', categoryUuid: 'c-9' }, name: 'News' }));
    answers[0]!.reject(new Error('first'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('first');

    actor.send({ type: 'section.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    answers[1]!.reject(new Error('second'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('second');

    actor.send({ type: 'section.retry' });
    const categories = [category('c-9', 4)];
    answers[2]!.resolve(categories);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.categories).toEqual(categories);
    expect(spy).toHaveBeenCalledTimes(3);
    for (const call of spy.mock.calls) expect(call[0]).toEqual({ buildingUuid: 'b-1', source: { version: 'v2', categoryUuid: 'c-9' }, name: 'News' });
  });

  it('keeps its identity (id, group, name, source) through failures and retries', async () => {
    const { answers, load } = scripted(1);
    const { actor } = section(
      load,
      input({ id: 'x', group: 'promoted', name: 'Promoted', source: { version: 'v2', group: 'promoted' }, categories: null }),
    );
    answers[0]!.reject(new Error('nope'));
    await waitFor(actor, (s) => s.matches('failed'));
    const { id, group, name, source, buildingUuid } = actor.getSnapshot().context;
    expect({ id, group, name, source, buildingUuid }).toEqual({
      id: 'x',
      group: 'promoted',
      name: 'Promoted',
      source: { version: 'v2', group: 'promoted' },
      buildingUuid: 'b-1',
    });
  });
});

describe('feedSectionMachine: its reports to the home', () => {
  it('reports each state it enters: arrived, failed, asked again, loaded', async () => {
    const { answers, load } = scripted(2);
    const { actor, reports } = section(load, input({ categories: null }));
    expect(reports).toEqual(['unanswered']);
    answers[0]!.reject(new Error('down'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'section.retry' });
    answers[1]!.resolve([category('a')]);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(reports).toEqual(['unanswered', 'failed', 'retrying', 'loaded']);
  });

  it('a section that arrives with its content or its failure reports that at once', () => {
    expect(section(never, input()).reports).toEqual(['loaded']);
    expect(section(never, input({ categories: null, error: 'Bad Gateway' })).reports).toEqual(['failed']);
  });

  it('sends its parent `section.changed` with what the page draws of it', async () => {
    const received: FeedSectionReport[] = [];
    const machine = feedSectionMachine.provide({ actors: { loadSection: fromPromise(() => Promise.resolve([category('b', 2)])) } });
    const parent = createMachine({
      invoke: {
        src: machine,
        input: input({ id: 'cat-1', group: 'discover', name: 'Events', source: { version: 'v2', categoryUuid: 'cat-1' }, categories: null }),
      },
      on: { 'section.changed': { actions: ({ event }) => void received.push(event as FeedSectionReport) } },
    });
    const actor = createActor(parent).start();
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received).toEqual([
      { type: 'section.changed', section: { id: 'cat-1', group: 'discover', name: 'Events', version: 'v2', status: 'unanswered', categories: [] } },
      {
        type: 'section.changed',
        section: { id: 'cat-1', group: 'discover', name: 'Events', version: 'v2', status: 'loaded', categories: [category('b', 2)] },
      },
    ]);
    actor.stop();
  });
});

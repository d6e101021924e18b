import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { FeedCategory, FeedGroup, SectionSeed, SectionSource } from './feed';
import { toAppError } from '../../contracts/errors';

export interface FeedSectionContext {
  id: string;
  group: FeedGroup;
  name: string;
  buildingUuid: string;
  source: SectionSource;
  categories: FeedCategory[];
  /** Its content is still to be loaded (a v2 category, or a section asked again). */
  needsContent: boolean;
  error: string | null;
}

export type FeedSectionInput = SectionSeed & { buildingUuid: string };

/**
 * Where a section is, as the page needs it: `unanswered` before its first answer (the page gives it no place yet),
 * `retrying` when asked again after a failure (a placeholder in its place), `loaded` or `failed`.
 */
export type FeedSectionStatus = 'unanswered' | 'retrying' | 'loaded' | 'failed';

/** `loading` on the first load and on a retry; `unanswered` only before the first answer. */
export type FeedSectionTag = 'loading' | 'unanswered' | 'loaded' | 'failed';

/** A section as the home holds it and the page draws it: what the section reports of itself on every change. */
export interface FeedSectionView {
  id: string;
  group: FeedGroup;
  name: string;
  version: SectionSource['version'];
  status: FeedSectionStatus;
  categories: FeedCategory[];
}

/** The report a section sends its parent (the home) as it enters each of its states. */
export interface FeedSectionReport {
  type: 'section.changed';
  section: FeedSectionView;
}

const viewOf = (context: FeedSectionContext, status: FeedSectionStatus): FeedSectionView => ({
  id: context.id,
  group: context.group,
  name: context.name,
  version: context.source.version,
  status,
  categories: context.categories,
});

/**
 * One part of the home feed (a v1 group or a v2 category): it arrives with its content, with its failure, or loads
 * its content itself; a failure shows in its place only, with a retry. Until its first answer it is `unanswered`: the
 * page gives it no place yet (`drawnSections` in feed.ts). It reports every state it enters to its parent, the home
 * (`report`: the home's chart holds the sections, the page renders only the home).
 */
export const feedSectionMachine = setup({
  types: { context: {} as FeedSectionContext, input: {} as FeedSectionInput, events: {} as { type: 'section.retry' }, tags: {} as FeedSectionTag },
  actors: {
    loadSection: fromPromise<FeedCategory[], { buildingUuid: string; source: SectionSource; name: string }>(() =>
      Promise.reject(new Error('loadSection is not provided')),
    ),
  },
  actions: {
    /** Tells the home where this section is now (`section.changed`). */
    report: sendParent(({ context }: { context: FeedSectionContext }, params: { status: FeedSectionStatus }) => ({
      type: 'section.changed',
      section: viewOf(context, params.status),
    })),
    setCategories: assign({ categories: (_, params: { categories: FeedCategory[] }) => params.categories, error: null }),
    setError: assign({ error: (_, params: { error: unknown }) => toAppError(params.error, String(params.error)).message }),
  },
  guards: {
    arrivedFailed: ({ context }) => context.error !== null,
    needsContent: ({ context }) => context.needsContent,
  },
}).createMachine({
  id: 'feedSection',
  context: ({ input }) => ({
    id: input.id,
    group: input.group,
    name: input.name,
    buildingUuid: input.buildingUuid,
    source: input.source,
    categories: input.categories ?? [],
    needsContent: input.categories === null,
    error: input.error,
  }),
  initial: 'arriving',
  states: {
    arriving: {
      description: 'A v1 group arrives with its categories or its failure; a v2 category has its content still to load.',
      always: [{ guard: 'arrivedFailed', target: 'failed' }, { guard: 'needsContent', target: 'loading' }, { target: 'loaded' }],
    },
    loading: {
      description: 'Its first answer is still to come: the page does not know yet whether it has anything to show.',
      tags: ['loading', 'unanswered'],
      entry: { type: 'report', params: { status: 'unanswered' } },
      invoke: {
        src: 'loadSection',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, source: context.source, name: context.name }),
        onDone: { target: 'loaded', actions: { type: 'setCategories', params: ({ event }) => ({ categories: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { tags: ['loaded'], entry: { type: 'report', params: { status: 'loaded' } } },
    failed: { tags: ['failed'], entry: { type: 'report', params: { status: 'failed' } }, on: { 'section.retry': 'retrying' } },
    retrying: {
      description: 'Asked again after its failure, in the place the page gave it.',
      tags: ['loading'],
      entry: { type: 'report', params: { status: 'retrying' } },
      invoke: {
        src: 'loadSection',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, source: context.source, name: context.name }),
        onDone: { target: 'loaded', actions: { type: 'setCategories', params: ({ event }) => ({ categories: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type FeedSectionRef = ActorRefFrom<typeof feedSectionMachine>;

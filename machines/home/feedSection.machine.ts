import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
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
 * One part of the home feed (a v1 group or a v2 category): it arrives with its content, with its failure, or loads
 * its content itself; a failure shows in its place only, with a retry. Until its first answer it is `unanswered`: the
 * page gives it no place yet (`drawnSections` in feed.ts).
 */
export const feedSectionMachine = setup({
  types: { context: {} as FeedSectionContext, input: {} as FeedSectionInput, events: {} as { type: 'section.retry' } },
  actors: {
    loadSection: fromPromise<FeedCategory[], { buildingUuid: string; source: SectionSource; name: string }>(() =>
      Promise.reject(new Error('loadSection is not provided')),
    ),
  },
  actions: {
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
      invoke: {
        src: 'loadSection',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, source: context.source, name: context.name }),
        onDone: { target: 'loaded', actions: { type: 'setCategories', params: ({ event }) => ({ categories: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { tags: ['loaded'] },
    failed: { tags: ['failed'], on: { 'section.retry': 'retrying' } },
    retrying: {
      description: 'Asked again after its failure, in the place the page gave it.',
      tags: ['loading'],
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

import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { FeedCategory, FeedGroup, SectionSeed, SectionSource } from './feed';

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
 * its content itself; a failure shows in its place only, with a retry.
 */
export const feedSectionMachine = setup({
  types: { context: {} as FeedSectionContext, input: {} as FeedSectionInput, events: {} as { type: 'section.retry' } },
  actors: {
    loadSection: fromPromise<FeedCategory[], { buildingUuid: string; source: SectionSource; name: string }>(() =>
      Promise.reject(new Error('loadSection is not provided')),
    ),
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
      tags: ['loading'],
      invoke: {
        src: 'loadSection',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, source: context.source, name: context.name }),
        onDone: { target: 'loaded', actions: assign({ categories: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    loaded: { tags: ['loaded'] },
    failed: { tags: ['failed'], on: { 'section.retry': 'loading' } },
  },
});

export type FeedSectionRef = ActorRefFrom<typeof feedSectionMachine>;

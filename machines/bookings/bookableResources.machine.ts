import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failedState, loadFailed } from '../shared/loadOne';
import { keepError } from '../shared/failure';
import type { AppError } from '../../contracts/errors';
import type { Resource, ResourceKind } from './bookResource.types';

export const BOOKABLE_RESOURCES_ID = 'bookableResources';

export interface BookableResourcesInput {
  buildingUuid: string;
}

export interface BookableResourcesContext extends BookableResourcesInput {
  resources: Resource[];
  /** The kind shown (null: all, grouped by kind). */
  kind: ResourceKind | null;
  error: AppError | null;
}

export type BookableResourcesEvent = { type: 'user.retry' } | { type: 'user.filter'; kind: ResourceKind | null };

export type BookableResourcesTag = 'loading' | 'failed' | 'ready' | 'empty';

/**
 * The building's bookable resources (issue 26): rooms, desks and amenities, read once; the person filters them by
 * kind (all, grouped, by default). Nothing to book is its own state, so the page says so.
 */
export const bookableResourcesMachine = setup({
  types: {
    context: {} as BookableResourcesContext,
    events: {} as BookableResourcesEvent,
    input: {} as BookableResourcesInput,
    tags: {} as BookableResourcesTag,
  },
  actors: {
    load: fromPromise<Resource[], BookableResourcesInput>(() => Promise.reject(new Error('load is not provided'))),
  },
  actions: {
    setError: assign(keepError),
    setResources: assign((_, resources: Resource[]) => ({ resources, error: null })),
    setKind: assign((_, { kind }: { kind: ResourceKind | null }) => ({ kind })),
  },
  guards: {
    nothing: (_, resources: Resource[]) => resources.length === 0,
  },
}).createMachine({
  id: BOOKABLE_RESOURCES_ID,
  context: ({ input }) => ({ ...input, resources: [], kind: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
        onDone: [
          { guard: { type: 'nothing', params: ({ event }) => event.output }, target: 'empty' },
          { target: 'ready', actions: { type: 'setResources', params: ({ event }) => event.output } },
        ],
        onError: loadFailed,
      },
    },
    failed: failedState('The resources could not be read; the page offers to try again.'),
    empty: { description: 'The building has nothing to book.', tags: ['empty'] },
    ready: {
      tags: ['ready'],
      on: { 'user.filter': { actions: { type: 'setKind', params: ({ event }) => event } } },
    },
  },
});

export type BookableResourcesRef = ActorRefFrom<typeof bookableResourcesMachine>;

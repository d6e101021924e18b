import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { categoriesWithAmenities } from './directory.rules';
import { type AmenityCategory, type LoadError } from './directory.types';
import { failedState, loadFailed } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export interface AmenitiesInput {
  buildingUuid: string;
}

export interface AmenitiesContext extends AmenitiesInput {
  /** The categories that hold amenities, in the building's order. */
  categories: AmenityCategory[];
  /** The category whose tab is marked: the first one, then the last one chosen. */
  activeCategory: string | null;
  error: LoadError | null;
}

/** `failed` is the shared load's (machines/shared/loadOne.ts). */
export type AmenitiesTag = 'loading' | 'failed' | 'empty';

export type AmenitiesEvent = { type: 'user.retry' } | { type: 'user.selectCategory'; categoryUuid: string };

export const AMENITIES_ID = 'amenities';

/**
 * The amenities page: loads the building's amenities by category; a category tab marks its tab and scrolls to the
 * category's section (`scrollToCategory`, supplied by the app).
 */
export const amenitiesMachine = setup({
  types: { context: {} as AmenitiesContext, events: {} as AmenitiesEvent, input: {} as AmenitiesInput, tags: {} as AmenitiesTag },
  actors: {
    loadAmenities: fromPromise<AmenityCategory[], { buildingUuid: string }>(() => Promise.reject(new Error('loadAmenities is not provided'))),
  },
  actions: {
    setError: assign(keepError),
    scrollToCategory: (_, _params: { categoryUuid: string }) => {},
  },
  guards: {
    hasAmenities: (_, params: { categories: AmenityCategory[] }) => categoriesWithAmenities(params.categories).length > 0,
    isListedCategory: ({ context }, params: { categoryUuid: string }) => context.categories.some((c) => c.category_uuid === params.categoryUuid),
  },
}).createMachine({
  id: AMENITIES_ID,
  context: ({ input }) => ({ ...input, categories: [], activeCategory: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadAmenities',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
        onDone: [
          {
            guard: { type: 'hasAmenities', params: ({ event }) => ({ categories: event.output }) },
            target: 'ready',
            actions: assign(({ event }) => {
              const categories = categoriesWithAmenities(event.output);
              return { categories, activeCategory: categories[0]!.category_uuid, error: null };
            }),
          },
          { target: 'empty', actions: assign({ categories: [], activeCategory: null, error: null }) },
        ],
        onError: loadFailed,
      },
    },
    failed: failedState('The amenities could not be loaded; the error is kept and the page offers to try again.'),
    empty: { description: 'The building lists no amenities.', tags: ['empty'] },
    ready: {
      on: {
        'user.selectCategory': {
          guard: { type: 'isListedCategory', params: ({ event }) => ({ categoryUuid: event.categoryUuid }) },
          actions: [
            assign({ activeCategory: ({ event }) => event.categoryUuid }),
            { type: 'scrollToCategory', params: ({ event }) => ({ categoryUuid: event.categoryUuid }) },
          ],
        },
      },
    },
  },
});

export type AmenitiesRef = ActorRefFrom<typeof amenitiesMachine>;

import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type SmartBuildingError, type SmartFloor } from './smartBuilding.types';
import { failedState, loadFailed } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export interface FloorsInput {
  buildingUuid: string;
  /** The brand's help desk, which the empty state's contact-support link writes to. */
  helpDeskEmail: string | null;
}

export interface FloorsContext extends FloorsInput {
  floors: SmartFloor[];
  error: SmartBuildingError | null;
}

export type FloorsEvent = { type: 'user.retry' };
export type FloorsTag = 'loading' | 'failed' | 'empty' | 'ready';

export const FLOORS_ID = 'smartFloors';

/**
 * The smart building's floors list (content document, sections 2 and 4): a floors request resets what was loaded;
 * none found shows the empty state with the contact-support link; a failure keeps its error and offers a retry.
 */
export const floorsMachine = setup({
  types: { context: {} as FloorsContext, events: {} as FloorsEvent, input: {} as FloorsInput, tags: {} as FloorsTag },
  actors: {
    loadFloors: fromPromise<SmartFloor[], { buildingUuid: string }>(() => Promise.reject(new Error('loadFloors is not provided'))),
  },
  actions: {
    setError: assign(keepError),
  },
  guards: {
    none: (_, params: { floors: SmartFloor[] }) => params.floors.length === 0,
  },
}).createMachine({
  id: FLOORS_ID,
  context: ({ input }) => ({ ...input, floors: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ floors: [], error: null }),
      invoke: {
        src: 'loadFloors',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
        onDone: [
          { guard: { type: 'none', params: ({ event }) => ({ floors: event.output }) }, target: 'empty' },
          { target: 'ready', actions: assign({ floors: ({ event }) => event.output }) },
        ],
        onError: loadFailed,
      },
    },
    ready: { tags: ['ready'] },
    empty: { description: 'No floor with smart suites: none found, contact support if the issue persists.', tags: ['empty'] },
    failed: failedState('The floors could not be loaded; the error is kept and the page offers to try again.'),
  },
});

export type FloorsRef = ActorRefFrom<typeof floorsMachine>;

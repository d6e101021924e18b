import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type SmartBuildingError, type SmartFloor, type SmartSuite } from './smartBuilding.types';
import { failedState, isMissing, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export interface SuitesInput {
  buildingUuid: string;
  floorId: string;
  helpDeskEmail: string | null;
}

/** A floor's suites, with the floor itself (its name) when the building lists it. */
export interface FloorSuites {
  floor: SmartFloor | null;
  suites: SmartSuite[];
}

export interface SuitesContext extends SuitesInput {
  floor: SmartFloor | null;
  suites: SmartSuite[];
  error: SmartBuildingError | null;
}

export type SuitesEvent = { type: 'user.retry' };
export type SuitesTag = 'loading' | 'failed' | 'empty' | 'notFound' | 'ready';

export const SUITES_ID = 'smartSuites';

/**
 * A floor's suites (selecting a floor loads its suites: content document, section 4). The floor's name comes from the
 * floors call made beside the suites call (not after it). A floor the building does not have is not found (404).
 */
export const suitesMachine = setup({
  types: { context: {} as SuitesContext, events: {} as SuitesEvent, input: {} as SuitesInput, tags: {} as SuitesTag },
  actors: {
    loadSuites: fromPromise<FloorSuites, { buildingUuid: string; floorId: string }>(() => Promise.reject(new Error('loadSuites is not provided'))),
  },
  actions: {
    setError: assign(keepError),
  },
  guards: {
    none: (_, params: { suites: SmartSuite[] }) => params.suites.length === 0,
    notFound: isMissing,
  },
}).createMachine({
  id: SUITES_ID,
  context: ({ input }) => ({ ...input, floor: null, suites: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ suites: [], error: null }),
      invoke: {
        src: 'loadSuites',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, floorId: context.floorId }),
        onDone: [
          {
            guard: { type: 'none', params: ({ event }) => ({ suites: event.output.suites }) },
            target: 'empty',
            actions: assign({ floor: ({ event }) => event.output.floor }),
          },
          { target: 'ready', actions: assign({ floor: ({ event }) => event.output.floor, suites: ({ event }) => event.output.suites }) },
        ],
        onError: loadFailedOrNotFound,
      },
    },
    ready: { tags: ['ready'] },
    empty: { description: 'The floor has no suites: none available, contact support if the issue persists.', tags: ['empty'] },
    notFound: notFoundState('The building has no floor of this id.'),
    failed: failedState('The suites could not be loaded; the error is kept and the page offers to try again.'),
  },
});

export type SuitesRef = ActorRefFrom<typeof suitesMachine>;

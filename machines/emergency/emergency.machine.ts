import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { EmergencyContext, EmergencyEvent, EmergencyInfo, EmergencyInput, EmergencyTag } from './emergency.types';
import { failedState, loadFailed } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export const EMERGENCY_ID = 'emergency';

/**
 * The emergency-management screen (content document, section 2's EmergencyManagement route): loads the building's
 * emergency contacts and procedures; none of either is the empty state; a failure keeps its error and offers a retry.
 */
export const emergencyMachine = setup({
  types: { context: {} as EmergencyContext, events: {} as EmergencyEvent, input: {} as EmergencyInput, tags: {} as EmergencyTag },
  actors: {
    loadEmergency: fromPromise<EmergencyInfo, { buildingUuid: string }>(() => Promise.reject(new Error('loadEmergency is not provided'))),
  },
  actions: {
    setError: assign(keepError),
  },
  guards: {
    nothing: (_, params: { info: EmergencyInfo }) => params.info.contacts.length === 0 && params.info.procedures.length === 0,
  },
}).createMachine({
  id: EMERGENCY_ID,
  context: ({ input }) => ({ ...input, info: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadEmergency',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
        onDone: [
          { guard: { type: 'nothing', params: ({ event }) => ({ info: event.output }) }, target: 'empty' },
          { target: 'ready', actions: assign({ info: ({ event }) => event.output }) },
        ],
        onError: loadFailed,
      },
    },
    ready: { tags: ['ready'] },
    empty: { description: 'The building has written no emergency contacts or procedures.', tags: ['empty'] },
    failed: failedState('The emergency information could not be loaded; the error is kept and the page offers to try again.'),
  },
});

export type EmergencyRef = ActorRefFrom<typeof emergencyMachine>;

import { assign, setup } from 'xstate';

/**
 * A pure test model of a service request's screen (no invoke). It starts by one of two `start.*` events: a request
 * with a photo or one without. The server answers the load (`api.*`: the request, a failure, or not found) and the
 * photo reader answers for the photo (`photo.*`: read and shown, or not). The context says whether there is a photo
 * and how it shows.
 */
export type ServiceRequestDetailModelEvent =
  | { type: 'start.withPhoto' }
  | { type: 'start.noPhoto' }
  | { type: 'api.loaded' }
  | { type: 'api.loadFailed' }
  | { type: 'api.notFound' }
  | { type: 'user.retry' }
  | { type: 'photo.shown' }
  | { type: 'photo.unshown' };

export type ServiceRequestDetailModelState = 'start' | 'loading' | 'failed' | 'notFound' | 'ready';

export interface ServiceRequestDetailModelContext {
  hasPhoto: boolean;
  /** How the photo shows: being read, shown, or not. */
  photo: 'loading' | 'shown' | 'unshown';
}

export const serviceRequestDetailModel = setup({
  types: { context: {} as ServiceRequestDetailModelContext, events: {} as ServiceRequestDetailModelEvent },
  guards: { photoBeingRead: ({ context }) => context.hasPhoto && context.photo === 'loading' },
}).createMachine({
  id: 'serviceRequestDetailModel',
  context: { hasPhoto: false, photo: 'loading' },
  initial: 'start',
  states: {
    start: {
      on: {
        'start.withPhoto': { target: 'loading', actions: assign({ hasPhoto: true }) },
        'start.noPhoto': { target: 'loading', actions: assign({ hasPhoto: false }) },
      },
    },
    loading: {
      on: {
        'api.loaded': { target: 'ready', actions: assign({ photo: 'loading' }) },
        'api.loadFailed': 'failed',
        'api.notFound': 'notFound',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    ready: {
      on: {
        'photo.shown': { guard: 'photoBeingRead', actions: assign({ photo: 'shown' }) },
        'photo.unshown': { guard: 'photoBeingRead', actions: assign({ photo: 'unshown' }) },
      },
    },
  },
});

import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failedState, isMissing, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { keepError } from '../shared/failure';
import type {
  RequestPhoto,
  ServiceRequestDetail,
  ServiceRequestDetailContext,
  ServiceRequestDetailEvent,
  ServiceRequestDetailInput,
  ServiceRequestDetailTag,
} from './serviceRequestDetail.types';

export const SERVICE_REQUEST_DETAIL_ID = 'serviceRequestDetail';

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/**
 * One service request's screen (issue 26): loads the request with its status timeline and its photos' links (only
 * its owner may: another person's reads as not found), then shows its photos. A photo is private: it is read with
 * the person's bearer by `showPhotos`, which answers a local address for each (`photo.shown`) or says it could not
 * (`photo.unshown`), and releases the addresses when the screen closes.
 */
export const serviceRequestDetailMachine = setup({
  types: {
    context: {} as ServiceRequestDetailContext,
    events: {} as ServiceRequestDetailEvent,
    input: {} as ServiceRequestDetailInput,
    tags: {} as ServiceRequestDetailTag,
  },
  actors: {
    load: fromPromise<ServiceRequestDetail, ServiceRequestDetailInput>(notProvided('load')),
    showPhotos: fromCallback<ServiceRequestDetailEvent, { photos: readonly RequestPhoto[] }>(() => () => {}),
  },
  actions: {
    setError: assign(keepError),
    setRequest: assign((_, request: ServiceRequestDetail) => ({ request, shown: {}, unshown: [], error: null })),
    showPhoto: assign(({ context, event }) => (event.type === 'photo.shown' ? { shown: { ...context.shown, [event.id]: event.url } } : {})),
    markUnshown: assign(({ context, event }) => (event.type === 'photo.unshown' ? { unshown: [...context.unshown, event.id] } : {})),
  },
  guards: { notFound: isMissing },
}).createMachine({
  id: SERVICE_REQUEST_DETAIL_ID,
  context: ({ input }) => ({ ...input, request: null, shown: {}, unshown: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, requestUuid: context.requestUuid }),
        onDone: { target: 'ready', actions: { type: 'setRequest', params: ({ event }) => event.output } },
        onError: loadFailedOrNotFound,
      },
    },
    failed: failedState('The request could not be loaded; the error is kept and the page offers to try again.'),
    notFound: notFoundState('No request of this person with this id in this building (another person’s reads the same).'),
    ready: {
      description: 'The request, its timeline and its photos, each shown once it is read.',
      tags: ['ready'],
      invoke: { src: 'showPhotos', input: ({ context }) => ({ photos: context.request!.photos }) },
      on: {
        'photo.shown': { actions: 'showPhoto' },
        'photo.unshown': { actions: 'markUnshown' },
      },
    },
  },
});

export type ServiceRequestDetailRef = ActorRefFrom<typeof serviceRequestDetailMachine>;

import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { NOTIFICATIONS_ID, type NotificationsEvent } from '../notifications/notifications.machine';
import { notifyFailure, type FailureNotice } from '../notifications/notifyFailure';
import { answersToSend, appendRequest, isFormValid, nextStatuses, replaceRequest, startingAnswers, takePhotos } from './serviceRequests.rules';
import type {
  ChosenPhoto,
  ServiceRequest,
  ServiceRequestAnswers,
  ServiceRequestForm,
  ServiceRequestsContext,
  ServiceRequestsEvent,
  ServiceRequestsInput,
  ServiceRequestStatus,
  ServiceRequestsTag,
} from './serviceRequests.types';
import { toAppError } from '../../contracts/errors';
import { fieldEvents, withTouched, withValue } from '../shared/formFields';

export const SERVICE_REQUESTS_ID = 'serviceRequests';

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/**
 * A building's service requests (content document, sections 2, 3 and 4; decisions 057 and 111): the list (with its
 * empty state) and the create form's metadata load together; the form is built from the metadata (its fields, the
 * required ones, the options, the defaults it starts with), takes photos (images within the limits; the others are
 * refused with their reason) and is sent only when every answer passes its rules. Creating appends the new request;
 * a status change (a tenant may cancel a Pending or Submitted request) is confirmed first, and its answer replaces
 * the item with the same id. Behind the `service-requests` flag: off, the screen sends the person home.
 */
export const serviceRequestsMachine = setup({
  types: {
    context: {} as ServiceRequestsContext,
    events: {} as ServiceRequestsEvent,
    input: {} as ServiceRequestsInput,
    tags: {} as ServiceRequestsTag,
  },
  actors: {
    load: fromPromise<{ requests: ServiceRequest[]; form: ServiceRequestForm }, { buildingUuid: string }>(notProvided('load')),
    create: fromPromise<ServiceRequest, { buildingUuid: string; answers: ServiceRequestAnswers; photos: readonly ChosenPhoto[] }>(
      notProvided('create'),
    ),
    updateStatus: fromPromise<ServiceRequest, { buildingUuid: string; id: string; status: ServiceRequestStatus }>(notProvided('updateStatus')),
  },
  actions: {
    /** The flag is off: the screen does not exist here, the person goes to the building's home (wired by the app). */
    leave: (_, _params: { buildingUuid: string }) => {},
    /** The shared failure notification (machines/notifications/notifyFailure.ts). */
    notifyFailure: (args, params: FailureNotice) => notifyFailure(args, params),
    /** A toast through the app's notifications actor (systemId `notifications`). */
    notify: enqueueActions(({ enqueue, system }, params: { tone: 'success' | 'error'; id: string; values?: Record<string, string> }) => {
      const notifications = system.get(NOTIFICATIONS_ID);
      const event: NotificationsEvent = {
        type: 'notify.show',
        tone: params.tone,
        message: params.values ? { id: params.id, values: params.values } : { id: params.id },
      };
      if (notifications) enqueue.sendTo(notifications, event);
    }),
    setErrorFromEvent: assign((_, params: { error: unknown }) => ({ error: toAppError(params.error) })),
    clearError: assign({ error: null }),
    /** A new form: the metadata's defaults (priority: Normal), nothing touched, no photos. */
    resetAnswers: assign(({ context }) => ({ answers: startingAnswers(context.form), touched: {}, photos: [], refused: [], error: null })),
    addPhotos: assign(({ context, event }) => (event.type === 'user.addPhotos' ? takePhotos(context.photos, event.photos) : {})),
    removePhoto: assign(({ context, event }) =>
      event.type === 'user.removePhoto' ? { photos: context.photos.filter((_, i) => i !== event.index), refused: [] } : {},
    ),
    assignAnswer: assign(({ context, event }) =>
      event.type === 'user.change' ? { answers: withValue(context.answers, event.name, event.value) } : {},
    ),
    assignTouched: assign(({ context, event }) => (event.type === 'user.blur' ? { touched: withTouched(context.touched, event.name) } : {})),
    appendCreated: assign({ requests: ({ context }, params: { created: ServiceRequest }) => appendRequest(context.requests, params.created) }),
    replaceUpdated: assign({ requests: ({ context }, params: { updated: ServiceRequest }) => replaceRequest(context.requests, params.updated) }),
    assignPending: assign({ pending: ({ event }) => (event.type === 'user.changeStatus' ? { id: event.id, status: event.status } : null) }),
    clearPending: assign({ pending: null }),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    formValid: ({ context }) => isFormValid(context.form, context.answers),
    /** The request is the person's and this is a change they may make (decision 057: only a cancel). */
    statusAllowed: ({ context, event }) => {
      if (event.type !== 'user.changeStatus') return false;
      const request = context.requests.find((r) => r.id === event.id);
      return !!request && nextStatuses(request).includes(event.status);
    },
  },
}).createMachine({
  id: SERVICE_REQUESTS_ID,
  context: ({ input }) => ({ ...input, requests: [], form: null, answers: {}, touched: {}, photos: [], refused: [], pending: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'enabled', target: 'loading' }, { target: 'off' }],
    },
    off: {
      description: 'The service-requests flag is off for this person: the screen sends them to the building home.',
      tags: ['off'],
      entry: { type: 'leave', params: ({ context }) => ({ buildingUuid: context.buildingUuid }) },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
        onDone: {
          target: 'ready',
          actions: assign({ requests: ({ event }) => event.output.requests, form: ({ event }) => event.output.form, error: null }),
        },
        onError: { target: 'failed', actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The list or the form could not be loaded; the error is kept and the page offers to try again.',
      tags: ['failed'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'user.openCreate': { target: 'creating', actions: 'resetAnswers' },
            'user.changeStatus': { guard: 'statusAllowed', target: 'confirmingStatus', actions: 'assignPending' },
          },
        },
        creating: {
          description:
            'The create form, built from the metadata (starting at its defaults), with the photos attached; it keeps them until it is sent or closed.',
          tags: ['creating'],
          initial: 'editing',
          states: {
            editing: {
              on: {
                ...fieldEvents('assignAnswer', 'assignTouched'),
                'user.addPhotos': { actions: 'addPhotos' },
                'user.removePhoto': { actions: 'removePhoto' },
                'user.submit': { guard: 'formValid', target: 'submitting' },
                'user.closeCreate': '#serviceRequests.ready.browsing',
              },
            },
            submitting: {
              tags: ['submitting'],
              entry: 'clearError',
              invoke: {
                src: 'create',
                input: ({ context }) => ({
                  buildingUuid: context.buildingUuid,
                  answers: answersToSend(context.form!, context.answers),
                  photos: context.photos,
                }),
                onDone: {
                  target: '#serviceRequests.ready.browsing',
                  actions: [
                    { type: 'appendCreated', params: ({ event }) => ({ created: event.output }) },
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        tone: 'success',
                        id: 'notifications.serviceRequestCreated',
                        values: { reference: event.output.reference },
                      }),
                    },
                  ],
                },
                onError: { target: 'editing', actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        confirmingStatus: {
          description: 'The person asked to change a request\'s status (cancel it): "are you sure?" first.',
          tags: ['confirmStatus'],
          on: {
            'user.confirmStatus': 'updating',
            'user.keepStatus': { target: 'browsing', actions: 'clearPending' },
          },
        },
        updating: {
          tags: ['updating'],
          invoke: {
            src: 'updateStatus',
            input: ({ context }) => ({ buildingUuid: context.buildingUuid, id: context.pending!.id, status: context.pending!.status }),
            onDone: {
              target: 'browsing',
              actions: [
                { type: 'replaceUpdated', params: ({ event }) => ({ updated: event.output }) },
                'clearPending',
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success',
                    id: 'notifications.serviceRequestUpdated',
                    values: { reference: event.output.reference },
                  }),
                },
              ],
            },
            onError: {
              target: 'browsing',
              actions: [
                'clearPending',
                {
                  type: 'notifyFailure',
                  params: ({ event }) => ({
                    message: { id: 'notifications.serviceRequestUpdateFailed', values: { message: toAppError(event.error).message } },
                    error: event.error,
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

export type ServiceRequestsRef = ActorRefFrom<typeof serviceRequestsMachine>;

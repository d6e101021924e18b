import { assign, setup } from 'xstate';

/**
 * A pure test model of a building's service requests (no invoke). It starts by one of three `start.*` events: the
 * flag on with the demo list (one Submitted request the person may cancel, one Accepted), the flag on with an empty
 * list, or the flag off. Events are what the person does (`user.*`) and how the server answers (`api.*`). The context
 * counts the listed requests and the ones that can still be cancelled, says whether the form's answers pass, whether
 * the last create failed, how many photos are attached and whether the last choice was refused (a file that is no
 * photo). The model creates while fewer than two requests can be cancelled and fewer than three are listed, attaches
 * one photo at most, and chooses a file that is no photo only on an empty form (a finite model).
 */
export type ServiceRequestsModelEvent =
  | { type: 'start.demo' }
  | { type: 'start.empty' }
  | { type: 'start.off' }
  | { type: 'api.loaded' }
  | { type: 'api.loadFailed' }
  | { type: 'user.retry' }
  | { type: 'user.openCreate' }
  | { type: 'user.fillForm' }
  | { type: 'user.addPhoto' }
  | { type: 'user.addNotAPhoto' }
  | { type: 'user.removePhoto' }
  | { type: 'user.closeCreate' }
  | { type: 'user.submit' }
  | { type: 'api.created' }
  | { type: 'api.createFailed' }
  | { type: 'user.cancelRequest' }
  | { type: 'user.keep' }
  | { type: 'user.confirm' }
  | { type: 'api.updated' }
  | { type: 'api.updateFailed' };

export type ServiceRequestsModelState = 'start' | 'off' | 'loading' | 'failed' | 'browsing' | 'editing' | 'submitting' | 'confirming' | 'updating';

export interface ServiceRequestsModelContext {
  /** What the list call answers: the demo list or nothing. */
  list: 'demo' | 'empty';
  listed: number;
  cancelable: number;
  valid: boolean;
  createFailed: boolean;
  /** Photos attached to the new request (0 or 1). */
  photos: number;
  /** The last file chosen was refused (no photo). */
  refused: boolean;
}

export const serviceRequestsModel = setup({
  types: { context: {} as ServiceRequestsModelContext, events: {} as ServiceRequestsModelEvent },
  guards: {
    valid: ({ context }) => context.valid,
    roomToCreate: ({ context }) => context.cancelable < 2 && context.listed < 3,
    cancelable: ({ context }) => context.cancelable > 0,
    noPhoto: ({ context }) => context.photos === 0,
    hasPhoto: ({ context }) => context.photos > 0,
    untouchedForm: ({ context }) => context.photos === 0 && !context.valid,
  },
}).createMachine({
  id: 'serviceRequestsModel',
  context: { list: 'demo', listed: 0, cancelable: 0, valid: false, createFailed: false, photos: 0, refused: false },
  initial: 'start',
  states: {
    start: {
      on: {
        'start.demo': { target: 'loading', actions: assign({ list: 'demo' }) },
        'start.empty': { target: 'loading', actions: assign({ list: 'empty' }) },
        'start.off': 'off',
      },
    },
    off: {},
    loading: {
      on: {
        'api.loaded': {
          target: 'browsing',
          actions: assign(({ context }) => (context.list === 'demo' ? { listed: 2, cancelable: 1 } : { listed: 0, cancelable: 0 })),
        },
        'api.loadFailed': 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    browsing: {
      on: {
        'user.openCreate': {
          guard: 'roomToCreate',
          target: 'editing',
          actions: assign({ valid: false, createFailed: false, photos: 0, refused: false }),
        },
        'user.cancelRequest': { guard: 'cancelable', target: 'confirming' },
      },
    },
    editing: {
      on: {
        'user.fillForm': { actions: assign({ valid: true }) },
        'user.addPhoto': { guard: 'noPhoto', actions: assign({ photos: 1, refused: false }) },
        'user.addNotAPhoto': { guard: 'untouchedForm', actions: assign({ refused: true }) },
        'user.removePhoto': { guard: 'hasPhoto', actions: assign({ photos: 0, refused: false }) },
        'user.closeCreate': 'browsing',
        'user.submit': { guard: 'valid', target: 'submitting' },
      },
    },
    submitting: {
      entry: assign({ createFailed: false }),
      on: {
        'api.created': {
          target: 'browsing',
          actions: assign(({ context }) => ({ listed: context.listed + 1, cancelable: context.cancelable + 1 })),
        },
        'api.createFailed': { target: 'editing', actions: assign({ createFailed: true }) },
      },
    },
    confirming: { on: { 'user.keep': 'browsing', 'user.confirm': 'updating' } },
    updating: {
      on: {
        'api.updated': { target: 'browsing', actions: assign(({ context }) => ({ cancelable: context.cancelable - 1 })) },
        'api.updateFailed': 'browsing',
      },
    },
  },
});

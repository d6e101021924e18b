import { assign, setup } from 'xstate';

/**
 * A pure test model of a building's service requests (no invoke). It starts by one of three `start.*` events: the
 * flag on with the demo list (one Submitted request the person may cancel, one Accepted), the flag on with an empty
 * list, or the flag off. Events are what the person does (`user.*`) and how the server answers (`api.*`). The context
 * counts the listed requests and the ones that can still be cancelled, says whether the form's answers pass and
 * whether the last create failed. The model creates while fewer than two requests can be cancelled and fewer than three are listed (a finite model).
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
}

export const serviceRequestsModel = setup({
  types: { context: {} as ServiceRequestsModelContext, events: {} as ServiceRequestsModelEvent },
  guards: {
    valid: ({ context }) => context.valid,
    roomToCreate: ({ context }) => context.cancelable < 2 && context.listed < 3,
    cancelable: ({ context }) => context.cancelable > 0,
  },
}).createMachine({
  id: 'serviceRequestsModel',
  context: { list: 'demo', listed: 0, cancelable: 0, valid: false, createFailed: false },
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
        'user.openCreate': { guard: 'roomToCreate', target: 'editing', actions: assign({ valid: false, createFailed: false }) },
        'user.cancelRequest': { guard: 'cancelable', target: 'confirming' },
      },
    },
    editing: {
      on: {
        'user.fillForm': { actions: assign({ valid: true }) },
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

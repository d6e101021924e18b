import { assign, setup } from 'xstate';

/**
 * A pure test model of the account's notification switches: they load (`api.loaded`) or fail (`api.failed`, then
 * `user.retry`); the person turns one kind off or on (`user.toggle`, always the first kind: "Booking requests sent"),
 * which saves at once; the server stores it (`api.saved`) or fails (`api.saveFailed`: the switch stays as the server
 * has it, and a notice says why).
 */
export type NotificationPreferencesModelEvent =
  | { type: 'api.loaded' }
  | { type: 'api.failed' }
  | { type: 'user.retry' }
  | { type: 'user.toggle' }
  | { type: 'api.saved' }
  | { type: 'api.saveFailed' };

export type NotificationPreferencesModelState = 'loading' | 'failed' | 'ready' | 'saving';

export interface NotificationPreferencesModelContext {
  /** The first kind as the server has it. */
  on: boolean;
  failures: 0 | 1;
}

export const notificationPreferencesModel = setup({
  types: { context: {} as NotificationPreferencesModelContext, events: {} as NotificationPreferencesModelEvent },
}).createMachine({
  id: 'notificationPreferencesModel',
  context: { on: true, failures: 0 },
  initial: 'loading',
  states: {
    loading: { on: { 'api.loaded': 'ready', 'api.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    ready: { on: { 'user.toggle': 'saving' } },
    saving: {
      on: {
        'api.saved': { target: 'ready', actions: assign({ on: ({ context }) => !context.on, failures: 0 }) },
        'api.saveFailed': { target: 'ready', actions: assign({ failures: 1 }) },
      },
    },
  },
});

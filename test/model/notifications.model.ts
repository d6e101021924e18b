import { assign, setup } from 'xstate';

/**
 * A pure test model of the app's toasts: flows show a confirmation (`app.confirm`) or an error (`app.fail`); the
 * person dismisses the oldest confirmation or the error (`user.dismissConfirmation`, `user.dismissError`), points at
 * the toasts (`user.pause`) and away (`user.resume`); time passes (`time.passes`: every confirmation leaves, unless
 * the toasts are paused; an error stays until dismissed). At most two confirmations and one error at once here, under
 * the list's limit of three.
 */
export type NotificationsModelEvent =
  | { type: 'app.confirm' }
  | { type: 'app.fail' }
  | { type: 'user.dismissConfirmation' }
  | { type: 'user.dismissError' }
  | { type: 'user.pause' }
  | { type: 'user.resume' }
  | { type: 'time.passes' };

export type NotificationsModelState = 'idle' | 'showing';

export interface NotificationsModelContext {
  confirmations: 0 | 1 | 2;
  errors: 0 | 1;
  paused: boolean;
}

type C = NotificationsModelContext;
const none = ({ context }: { context: C }) => context.confirmations + context.errors === 0;

export const notificationsModel = setup({
  types: { context: {} as C, events: {} as NotificationsModelEvent },
  guards: {
    roomForConfirmation: ({ context }) => context.confirmations < 2,
    noError: ({ context }) => context.errors === 0,
    confirmationShown: ({ context }) => context.confirmations > 0,
    errorShown: ({ context }) => context.errors > 0,
    notPaused: ({ context }) => !context.paused,
    paused: ({ context }) => context.paused,
    expiring: ({ context }) => !context.paused && context.confirmations > 0,
  },
}).createMachine({
  id: 'notificationsModel',
  context: { confirmations: 0, errors: 0, paused: false },
  initial: 'idle',
  on: {
    'app.confirm': {
      guard: 'roomForConfirmation',
      target: '.showing',
      actions: assign({ confirmations: ({ context }) => (context.confirmations + 1) as 1 | 2 }),
    },
    'app.fail': { guard: 'noError', target: '.showing', actions: assign({ errors: 1 }) },
  },
  states: {
    // Nothing shows; whoever pointed at the toasts is no longer on any.
    idle: { entry: assign({ paused: false }) },
    showing: {
      always: { guard: none, target: 'idle' },
      on: {
        'user.dismissConfirmation': {
          guard: 'confirmationShown',
          actions: assign({ confirmations: ({ context }) => (context.confirmations - 1) as 0 | 1 }),
        },
        'user.dismissError': { guard: 'errorShown', actions: assign({ errors: 0 }) },
        'user.pause': { guard: 'notPaused', actions: assign({ paused: true }) },
        'user.resume': { guard: 'paused', actions: assign({ paused: false }) },
        'time.passes': { guard: 'expiring', actions: assign({ confirmations: 0 }) },
      },
    },
  },
});

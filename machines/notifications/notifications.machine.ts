import { assign, enqueueActions, not, setup } from 'xstate';

export const NOTIFICATIONS_ID = 'notifications';

/** A catalogue id (with its values) in the person's language, or the server's own words. */
export type NotificationMessage = { id: string; values?: Record<string, string | number> } | { text: string };

export type NotificationTone = 'success' | 'info' | 'error';

export interface Notification {
  key: number;
  tone: NotificationTone;
  message: NotificationMessage;
  /** A failure's error as it was given (the server's response body, see notifyFailure.ts); kept, not shown. */
  error?: unknown;
}

export interface NotificationsContext {
  notifications: Notification[];
  nextKey: number;
  /** The pointer or the keyboard is on a toast: nothing leaves while the person may be reading it. */
  paused: boolean;
}

export type NotificationsEvent =
  /** From any flow, addressed by systemId `notifications`. */
  | { type: 'notify.show'; tone: NotificationTone; message: NotificationMessage; error?: unknown }
  | { type: 'user.dismiss'; key: number }
  | { type: 'user.pause' }
  | { type: 'user.resume' }
  | { type: 'notification.expire'; key: number };

/** At most this many toasts show; an older one gives way to a new one. */
export const MAX_NOTIFICATIONS = 3;

/** Errors stay until dismissed; confirmations leave on their own. */
export const expires = (notification: Pick<Notification, 'tone'>) => notification.tone !== 'error';

const timerId = (key: number) => `notification.expire.${key}`;

/**
 * The app's toasts: any flow sends `notify.show` to the actor registered as `notifications` (a long-lived child of
 * the app); the view shows them in a polite live region. A confirmation leaves after a while (not while the pointer
 * or the focus is on it: the timers start again when it leaves); an error stays until it is dismissed.
 */
export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent, tags: {} as 'visible' },
  delays: { toastTimeout: 6000 },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== 'notify.show') return {};
      const added: Notification = {
        key: context.nextKey,
        tone: event.tone,
        message: event.message,
        ...(event.error !== undefined ? { error: event.error } : {}),
      };
      return { notifications: [...context.notifications, added].slice(-MAX_NOTIFICATIONS), nextKey: context.nextKey + 1 };
    }),
    remove: assign({
      notifications: ({ context }, params: { key: number }) => context.notifications.filter((n) => n.key !== params.key),
    }),
    startTimer: enqueueActions(({ enqueue, context }, params: { key: number }) => {
      const notification = context.notifications.find((n) => n.key === params.key);
      if (!notification || !expires(notification) || context.paused) return;
      enqueue.raise({ type: 'notification.expire', key: params.key }, { id: timerId(params.key), delay: 'toastTimeout' });
    }),
    stopTimer: enqueueActions(({ enqueue }, params: { key: number }) => enqueue.cancel(timerId(params.key))),
    stopTimers: enqueueActions(({ enqueue, context }) => {
      for (const n of context.notifications) enqueue.cancel(timerId(n.key));
    }),
    restartTimers: enqueueActions(({ enqueue, context }) => {
      for (const n of context.notifications)
        if (expires(n)) enqueue.raise({ type: 'notification.expire', key: n.key }, { id: timerId(n.key), delay: 'toastTimeout' });
    }),
  },
  guards: {
    empty: ({ context }) => context.notifications.length === 0,
    paused: ({ context }) => context.paused,
  },
}).createMachine({
  id: NOTIFICATIONS_ID,
  context: { notifications: [], nextKey: 1, paused: false },
  initial: 'idle',
  on: {
    'notify.show': {
      target: '.showing',
      actions: ['add', { type: 'startTimer', params: ({ context }) => ({ key: context.nextKey - 1 }) }],
    },
  },
  states: {
    idle: {
      description: 'No toast: the live region is empty.',
      entry: assign({ paused: false }),
    },
    showing: {
      tags: ['visible'],
      always: { guard: 'empty', target: 'idle' },
      on: {
        'user.dismiss': {
          actions: [
            { type: 'stopTimer', params: ({ event }) => ({ key: event.key }) },
            { type: 'remove', params: ({ event }) => ({ key: event.key }) },
          ],
        },
        'notification.expire': { actions: { type: 'remove', params: ({ event }) => ({ key: event.key }) } },
        'user.pause': { guard: not('paused'), actions: ['stopTimers', assign({ paused: true })] },
        'user.resume': { guard: 'paused', actions: [assign({ paused: false }), 'restartTimers'] },
      },
    },
  },
});

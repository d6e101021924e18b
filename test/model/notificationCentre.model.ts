import { assign, setup } from 'xstate';

/**
 * A pure test model of the notification centre with its list page open (no invoke, no after, as createTestModel
 * needs). The stream's state is context (the real machine runs it as a region beside the list); the page being open,
 * what it shows is seen as it shows it, so a first page with new notifications, or one more from the stream, is saved
 * as seen at once (`saving`). Events: the app's (`start.building`, `app.*`), the server's answers (`api.*`), the
 * stream's reports (`stream.*`), another tab's (`tabs.readAll`) and the person's (`user.*`).
 *
 * Fixed data: the first page holds two unseen unread notifications (the newest without a page of its own, so it is
 * marked read with its button) and says older ones follow; the older page holds one read notification.
 */
export type NotificationCentreModelEvent =
  | { type: 'start.building' }
  | { type: 'app.otherBuilding' }
  | { type: 'app.signedOut' }
  | { type: 'api.loaded' }
  | { type: 'api.failed' }
  | { type: 'api.moreLoaded' }
  | { type: 'api.moreFailed' }
  | { type: 'api.saved' }
  | { type: 'api.saveFailed' }
  | { type: 'stream.opened' }
  | { type: 'stream.notification' }
  | { type: 'stream.replayed' }
  | { type: 'stream.reload' }
  | { type: 'stream.closed' }
  | { type: 'tabs.readAll' }
  | { type: 'user.retry' }
  | { type: 'user.loadMore' }
  | { type: 'user.open' }
  | { type: 'user.readAll' };

export type NotificationCentreModelState = 'off' | 'connecting' | 'loading' | 'failed' | 'ready' | 'loadingMore' | 'saving';

export interface NotificationCentreModelContext {
  /** The bell's count as the page shows it. */
  unread: number;
  /** Notifications listed. */
  listed: number;
  more: boolean;
  stream: 'opening' | 'live';
  /** The stream gave an event id (a reconnection replays after it instead of loading the list again). */
  eventId: boolean;
  /** Reconnections so far (the stream is asked for again each time). */
  reconnects: number;
  /** Writes that failed (each one's notice). */
  failures: number;
  /** The replay after the reconnection brought the newest again (shown once). */
  replayed: boolean;
}

const FRESH: NotificationCentreModelContext = {
  unread: 0,
  listed: 0,
  more: false,
  stream: 'opening',
  eventId: false,
  reconnects: 0,
  failures: 0,
  replayed: false,
};

export const notificationCentreModel = setup({
  types: { context: {} as NotificationCentreModelContext, events: {} as NotificationCentreModelEvent },
  guards: {
    opening: ({ context }) => context.stream === 'opening',
    firstTry: ({ context }) => context.reconnects === 0,
    openingWithoutReplay: ({ context }) => context.stream === 'opening' && !context.eventId,
    openingWithReplay: ({ context }) => context.stream === 'opening' && context.eventId,
    /** One new notification per path, on a quiet list (the paths stay few). */
    firstNotification: ({ context }) =>
      context.stream === 'live' && !context.eventId && context.more && context.failures === 0 && context.unread === 2,
    /** The stream drops once, after it gave an event id (so the reconnection replays). */
    canReconnect: ({ context }) => context.stream === 'live' && context.eventId && context.reconnects === 0,
    /** After the reconnection, the replay brings the newest again. */
    replay: ({ context }) => context.stream === 'live' && context.eventId && context.reconnects === 1 && !context.replayed,
    reloadable: ({ context }) => context.stream === 'live' && !context.eventId && context.more && context.unread === 2,
    quiet: ({ context }) => context.failures === 0 && context.reconnects === 0 && !context.eventId && context.more && context.unread === 2,
    hasMore: ({ context }) => context.more && context.failures === 0 && !context.eventId && context.unread === 2,
    firstOpen: ({ context }) => context.unread === 2 && context.failures === 0 && !context.eventId,
    readAllOnce: ({ context }) => context.unread > 0 && context.unread < 3,
    tabsOnce: ({ context }) => context.unread === 1,
    firstFailure: ({ context }) => context.failures === 0 && !context.eventId && context.unread === 2,
  },
}).createMachine({
  id: 'notificationCentreModel',
  context: FRESH,
  initial: 'off',
  states: {
    off: { on: { 'start.building': { target: 'connecting', actions: assign(() => FRESH) } } },
    // The list loads once the stream listens, or once it could not (it then tries again).
    connecting: {
      on: {
        'stream.opened': { target: 'loading', actions: assign({ stream: 'live' }) },
        'stream.closed': { guard: 'firstTry', target: 'loading', actions: assign({ reconnects: 1 }) },
      },
    },
    loading: {
      on: {
        'api.loaded': { target: 'saving', actions: assign({ unread: 2, listed: 2, more: true }) },
        'api.failed': 'failed',
        'stream.opened': { guard: 'opening', actions: assign({ stream: 'live' }) },
      },
    },
    failed: {
      on: {
        'user.retry': 'loading',
        'stream.opened': { guard: 'openingWithoutReplay', target: 'loading', actions: assign({ stream: 'live' }) },
      },
    },
    saving: {
      on: {
        'api.saved': 'ready',
        'api.saveFailed': { guard: 'firstFailure', target: 'ready', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
    },
    ready: {
      on: {
        'stream.opened': [
          { guard: 'openingWithoutReplay', target: 'loading', actions: assign({ stream: 'live' }) },
          { guard: 'openingWithReplay', actions: assign({ stream: 'live' }) },
        ],
        'stream.notification': {
          guard: 'firstNotification',
          target: 'saving',
          actions: assign({ unread: ({ context }) => context.unread + 1, listed: ({ context }) => context.listed + 1, eventId: true }),
        },
        'stream.replayed': { guard: 'replay', actions: assign({ replayed: true }) },
        'stream.reload': { guard: 'reloadable', target: 'loading' },
        'stream.closed': {
          guard: 'canReconnect',
          actions: assign({ stream: 'opening', reconnects: ({ context }) => context.reconnects + 1 }),
        },
        'tabs.readAll': { guard: 'tabsOnce', actions: assign({ unread: 0 }) },
        'user.loadMore': { guard: 'hasMore', target: 'loadingMore' },
        'user.open': { guard: 'firstOpen', target: 'saving', actions: assign({ unread: ({ context }) => context.unread - 1 }) },
        'user.readAll': { guard: 'readAllOnce', target: 'saving', actions: assign({ unread: 0 }) },
        'app.otherBuilding': { guard: 'quiet', target: 'connecting', actions: assign(() => FRESH) },
        'app.signedOut': { guard: 'quiet', target: 'off', actions: assign(() => FRESH) },
      },
    },
    loadingMore: {
      on: {
        'api.moreLoaded': { target: 'ready', actions: assign({ more: false, listed: ({ context }) => context.listed + 1 }) },
        'api.moreFailed': { target: 'ready' },
      },
    },
  },
});

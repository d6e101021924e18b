import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { notifyFailure, type FailureNotice } from '../notifications/notifyFailure';
import { toAppError } from '../../contracts/errors';
import { applyWrite, backoffMs, countsAfter, withNew, withOlder } from './notificationCentre.rules';
import type {
  NotificationCentreContext,
  NotificationCentreEvent,
  NotificationCentreTag,
  NotificationCounts,
  NotificationPage,
  NotificationWrite,
  StreamEvent,
  TabsEvent,
  TabsMessage,
} from './notificationCentre.types';

export const NOTIFICATION_CENTRE_ID = 'notificationCentre';

const empty = (buildingUuid: string | null): NotificationCentreContext => ({
  buildingUuid,
  items: [],
  counts: { unseen: 0, unread: 0 },
  more: false,
  error: null,
  lastEventId: null,
  retries: 0,
  writes: [],
});

const now = () => new Date().toISOString();

/**
 * The notification centre (issue 26; decision 225-notification-centre): the person's notifications in the current
 * building, unseen → seen → read. Off until the app names a building; then three regions side by side: the `list`
 * (the first page, older pages, a reload when the stream says it missed some), the `stream` (new ones live; when it
 * drops, a wait that doubles up to 30 s, then it reconnects with the last event's id so the server replays what was
 * missed) and the `writes` (seen, read, all read: shown at once, then sent one at a time; each answer's counts are the
 * server's, and the other tabs hear of it through `tabs`, so a read in one tab clears the count in the others).
 */
export const notificationCentreMachine = setup({
  types: {
    context: {} as NotificationCentreContext,
    events: {} as NotificationCentreEvent,
    tags: {} as NotificationCentreTag,
  },
  actors: {
    loadPage: fromPromise<NotificationPage, { buildingUuid: string; before: string | null }>(() =>
      Promise.reject(new Error('loadPage is not provided')),
    ),
    saveWrite: fromPromise<NotificationCounts, { buildingUuid: string; write: NotificationWrite }>(() =>
      Promise.reject(new Error('saveWrite is not provided')),
    ),
    /** Reads the building's stream for as long as it is open, reporting stream.* events; ends with stream.closed. */
    stream: fromCallback<{ type: 'noop' }, { buildingUuid: string; lastEventId: string | null }, StreamEvent>(() => () => {}),
    /** The other tabs of this browser: reports tabs.changed, posts what it is sent (tabs.post). */
    tabs: fromCallback<TabsMessage, void, TabsEvent>(() => () => {}),
  },
  actions: {
    notifyFailure: (args, params: FailureNotice) => notifyFailure(args, params),
    queueWrite: assign(({ context }, params: { write: NotificationWrite }) => ({
      items: applyWrite(context.items, params.write, now()),
      counts: countsAfter(context.items, context.counts, params.write),
      writes: [...context.writes, params.write],
    })),
    tellTabs: sendTo('tabs', ({ context }, params: { write: NotificationWrite; counts: NotificationCounts }): TabsMessage => ({
      type: 'tabs.post',
      buildingUuid: context.buildingUuid!,
      ...params,
    })),
  },
  guards: {
    otherBuilding: ({ context, event }) => event.type === 'centre.building' && event.buildingUuid !== context.buildingUuid,
    hasMore: ({ context }) => context.more,
    hasUnseen: ({ context }) => context.items.some((n) => !n.seen_at),
    isUnread: ({ context, event }) => event.type === 'user.open' && context.items.some((n) => n.id === event.id && !n.read_at),
    hasUnread: ({ context }) => context.counts.unread > 0 || context.items.some((n) => !n.read_at),
    hasWrites: ({ context }) => context.writes.length > 0,
    /** A first connection (or one after a reload): what happened before it is in the list only if it loads again. */
    withoutReplay: ({ context }) => context.lastEventId === null,
    isNew: ({ context, event }) =>
      event.type === 'stream.notification' &&
      event.notification.building_uuid === context.buildingUuid &&
      !context.items.some((n) => n.id === event.notification.id),
    isThisBuilding: ({ context, event }) => event.type === 'tabs.changed' && event.buildingUuid === context.buildingUuid,
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.retries),
  },
}).createMachine({
  id: NOTIFICATION_CENTRE_ID,
  context: empty(null),
  initial: 'off',
  on: {
    'centre.building': { guard: 'otherBuilding', target: '.on', reenter: true, actions: assign(({ event }) => empty(event.buildingUuid)) },
    'centre.clear': { target: '.off', actions: assign(() => empty(null)) },
  },
  states: {
    off: { description: 'No building: nothing to show, no stream.' },
    on: {
      type: 'parallel',
      invoke: { src: 'tabs', id: 'tabs' },
      on: {
        'stream.notification': [
          {
            guard: 'isNew',
            actions: assign(({ context, event }) => ({
              items: withNew(context.items, event.notification),
              counts: { unseen: context.counts.unseen + 1, unread: context.counts.unread + 1 },
              lastEventId: event.eventId,
            })),
          },
          { actions: assign({ lastEventId: ({ event }) => event.eventId }) },
        ],
        'list.viewed': {
          guard: 'hasUnseen',
          actions: { type: 'queueWrite', params: ({ context }) => ({ write: { type: 'seen', upTo: context.items[0]!.id } }) },
        },
        'user.open': {
          guard: 'isUnread',
          actions: { type: 'queueWrite', params: ({ event }) => ({ write: { type: 'read', id: event.id } }) },
        },
        'user.readAll': { guard: 'hasUnread', actions: { type: 'queueWrite', params: { write: { type: 'readAll' } } } },
        'tabs.changed': {
          guard: 'isThisBuilding',
          description: 'Another tab marked them: the same marks here, and the counts the server gave it.',
          actions: assign(({ context, event }) => ({ items: applyWrite(context.items, event.write, now()), counts: event.counts })),
        },
      },
      states: {
        list: {
          initial: 'connecting',
          on: { 'stream.reload': { target: '.loading', description: 'The stream could not replay what was missed.' } },
          states: {
            connecting: {
              tags: ['loading'],
              description: 'The list loads once the stream listens (or could not), so nothing between the two is missed and it loads once.',
              on: { 'stream.opened': 'loading', 'stream.closed': 'loading' },
            },
            loading: {
              tags: ['loading'],
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ buildingUuid: context.buildingUuid!, before: null }),
                onDone: {
                  target: 'ready',
                  actions: assign(({ event }) => ({ items: event.output.items, counts: event.output.counts, more: event.output.more, error: null })),
                },
                onError: { target: 'failed', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
              },
            },
            failed: {
              tags: ['failed'],
              on: { 'user.retry': 'loading', 'stream.opened': { guard: 'withoutReplay', target: 'loading' } },
            },
            ready: {
              tags: ['ready'],
              on: {
                'user.loadMore': { guard: 'hasMore', target: 'loadingMore' },
                'stream.opened': { guard: 'withoutReplay', target: 'loading', description: 'What happened before the stream opened loads again.' },
              },
            },
            loadingMore: {
              tags: ['ready', 'loadingMore'],
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ buildingUuid: context.buildingUuid!, before: context.items.at(-1)?.id ?? null }),
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => ({ items: withOlder(context.items, event.output.items), more: event.output.more })),
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'notifyFailure',
                    params: ({ event }) => ({
                      message: { id: 'notifications.notificationsFailed', values: { message: toAppError(event.error).message } },
                      error: event.error,
                    }),
                  },
                },
              },
            },
          },
        },
        stream: {
          initial: 'connected',
          states: {
            connected: {
              invoke: { src: 'stream', input: ({ context }) => ({ buildingUuid: context.buildingUuid!, lastEventId: context.lastEventId }) },
              initial: 'opening',
              on: { 'stream.closed': { target: 'waiting', actions: assign({ retries: ({ context }) => context.retries + 1 }) } },
              states: {
                opening: { on: { 'stream.opened': { target: 'live', actions: assign({ retries: 0 }) } } },
                live: { tags: ['live'] },
              },
            },
            waiting: {
              tags: ['reconnecting'],
              description: 'The stream dropped: it reconnects after a wait that doubles with each try (30 s at most).',
              after: { backoff: 'connected' },
            },
          },
        },
        writes: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasWrites', target: 'saving' } },
            saving: {
              tags: ['saving'],
              invoke: {
                src: 'saveWrite',
                input: ({ context }) => ({ buildingUuid: context.buildingUuid!, write: context.writes[0]! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'tellTabs', params: ({ context, event }) => ({ write: context.writes[0]!, counts: event.output }) },
                    assign(({ context, event }) => ({ counts: event.output, writes: context.writes.slice(1) })),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'notifyFailure',
                      params: ({ event }) => ({
                        message: { id: 'notifications.notificationsFailed', values: { message: toAppError(event.error).message } },
                        error: event.error,
                      }),
                    },
                    assign(({ context }) => ({ writes: context.writes.slice(1) })),
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

import { fromCallback, fromPromise } from 'xstate';
import { notificationCentreMachine } from '../../machines/notificationCentre/notificationCentre.machine';
import type {
  NotificationCounts,
  NotificationWrite,
  TabsEvent,
  TabsMessage,
  StreamEvent,
} from '../../machines/notificationCentre/notificationCentre.types';

const callsOf = () => import('../api/notifications');

/** The channel every tab of this origin shares for the centre's marks. */
export const NOTIFICATION_TABS_CHANNEL = 'atrium-notification-centre';

const isTabsEvent = (data: unknown): data is TabsEvent =>
  !!data && typeof data === 'object' && (data as { type?: unknown }).type === 'tabs.changed' && typeof (data as TabsEvent).buildingUuid === 'string';

/**
 * The notification centre's real implementations: the list and the marks through the API, the stream read with fetch
 * (the bearer in a header), and the other tabs through a BroadcastChannel (none where the browser has none).
 */
export const notificationCentreLogic = () =>
  notificationCentreMachine.provide({
    actors: {
      // The calls load with the first building, not with the sign-in page (its first load's budget).
      loadPage: fromPromise(async ({ input }) => (await callsOf()).notificationPage(input.buildingUuid, input.before)),
      saveWrite: fromPromise<NotificationCounts, { buildingUuid: string; write: NotificationWrite }>(async ({ input }) =>
        (await callsOf()).saveNotificationWrite(input.buildingUuid, input.write),
      ),
      stream: fromCallback<{ type: 'noop' }, { buildingUuid: string; lastEventId: string | null }, StreamEvent>(({ input, sendBack }) => {
        const controller = new AbortController();
        void callsOf().then((calls) => calls.watchNotifications(input.buildingUuid, input.lastEventId, sendBack, controller.signal));
        return () => controller.abort();
      }),
      tabs: fromCallback<TabsMessage, void, TabsEvent>(({ sendBack, receive }) => {
        if (typeof BroadcastChannel === 'undefined') return () => {};
        const channel = new BroadcastChannel(NOTIFICATION_TABS_CHANNEL);
        channel.onmessage = (message: MessageEvent<unknown>) => {
          if (isTabsEvent(message.data)) sendBack(message.data);
        };
        receive((message) => {
          const event: TabsEvent = { type: 'tabs.changed', buildingUuid: message.buildingUuid, write: message.write, counts: message.counts };
          channel.postMessage(event);
        });
        return () => channel.close();
      }),
    },
  });

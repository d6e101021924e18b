import { expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { notificationCentreMachine } from '../../machines/notificationCentre/notificationCentre.machine';
import type {
  NotificationCounts,
  NotificationPage,
  NotificationWrite,
  StreamEvent,
  TabsEvent,
} from '../../machines/notificationCentre/notificationCentre.types';
import { NotificationsScreen } from '../../src/ui/notificationCentre/NotificationsPage';
import { englishCatalogue } from '../../src/i18n/locales';
import centreMessages from '../../src/i18n/areas/notificationCentre/en.json';
import { deferred, type Deferred } from '../fixtures/async';
import { makeNotification, makePage } from '../fixtures/notifications';
import {
  notificationCentreModel,
  type NotificationCentreModelContext,
  type NotificationCentreModelEvent,
  type NotificationCentreModelState,
} from './notificationCentre.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

/** The centre with its calls, its stream and the other tabs played by the test; the failure notice a spy. */
function start(rendering: boolean, inspect?: (event: InspectionEvent) => void) {
  const loads: { before: string | null; call: Deferred<NotificationPage> }[] = [];
  const saves: { write: NotificationWrite; call: Deferred<NotificationCounts> }[] = [];
  const streams: { buildingUuid: string; lastEventId: string | null; sendBack: (event: StreamEvent) => void }[] = [];
  const tabs: { sendBack: ((event: TabsEvent) => void) | null; posted: unknown[] } = { sendBack: null, posted: [] };
  const notified = vi.fn();
  const actor = createActor(
    notificationCentreMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => {
          const call = deferred<NotificationPage>();
          loads.push({ before: input.before, call });
          return call.promise;
        }),
        saveWrite: fromPromise(({ input }) => {
          const call = deferred<NotificationCounts>();
          saves.push({ write: input.write, call });
          return call.promise;
        }),
        stream: fromCallback(({ input, sendBack }) => {
          streams.push({ ...input, sendBack });
          return () => {};
        }),
        tabs: fromCallback(({ sendBack, receive }) => {
          tabs.sendBack = sendBack;
          receive((message) => tabs.posted.push(message));
          return () => {};
        }),
      },
      actions: { notifyFailure: (_, params) => notified(params) },
      // The wait before a reconnection is the rules' (unit-tested); here the stream is asked for again at once.
      delays: { backoff: 0 },
    }),
    inspect ? { inspect } : {},
  ).start();
  actor.send({ type: 'centre.building', buildingUuid: 'b-1' });
  return { actor, loads, saves, streams, tabs, notified, rendering, eventSerial: 0 };
}
type Flow = ReturnType<typeof start>;
type Model = { context: NotificationCentreModelContext };

const stream = (flow: Flow) => flow.streams.at(-1)!;
/** What the page does on its own when it shows the list (the machine runs have no page). */
const viewed = (flow: Flow) => {
  if (!flow.rendering) flow.actor.send({ type: 'list.viewed' });
};
const firstUnread = (flow: Flow) => flow.actor.getSnapshot().context.items.find((n) => !n.read_at)!;

function world(flow: Flow, event: NotificationCentreModelEvent, before: { context: NotificationCentreModelContext }) {
  switch (event.type) {
    case 'api.loaded':
      flow.loads.at(-1)!.call.resolve(makePage([makeNotification(), makeNotification()], true));
      return flow.loads.at(-1)!.call.promise.then(() => viewed(flow));
    case 'api.failed':
      return flow.loads.at(-1)!.call.reject({ status: 503, message: 'The service is down for maintenance' });
    case 'api.moreLoaded':
      return flow.loads
        .at(-1)!
        .call.resolve(makePage([makeNotification({ seen_at: '2026-11-01T08:00:00.000Z', read_at: '2026-11-01T08:00:00.000Z' })]));
    case 'api.moreFailed':
      return flow.loads.at(-1)!.call.reject({ status: 0, message: 'No connection' });
    case 'api.saved':
      return flow.saves.at(-1)!.call.resolve({ unseen: 0, unread: before.context.unread });
    case 'api.saveFailed':
      return flow.saves.at(-1)!.call.reject({ status: 503, message: 'The service is down for maintenance' });
    case 'stream.opened':
      return stream(flow).sendBack({ type: 'stream.opened' });
    case 'stream.notification': {
      flow.eventSerial += 1;
      stream(flow).sendBack({
        type: 'stream.notification',
        notification: makeNotification({ kind: 'service_request_status' }),
        eventId: `${flow.eventSerial}-0`,
      });
      return viewed(flow);
    }
    case 'stream.replayed': {
      // The newest again, as a replay after a reconnection may bring it: shown once.
      flow.eventSerial += 1;
      const newest = flow.actor.getSnapshot().context.items[0]!;
      return stream(flow).sendBack({ type: 'stream.notification', notification: newest, eventId: `${flow.eventSerial}-0` });
    }
    case 'stream.reload':
      return stream(flow).sendBack({ type: 'stream.reload' });
    case 'stream.closed':
      return stream(flow).sendBack({ type: 'stream.closed' });
    case 'tabs.readAll':
      return flow.tabs.sendBack!({ type: 'tabs.changed', buildingUuid: 'b-1', write: { type: 'readAll' }, counts: { unseen: 0, unread: 0 } });
    case 'app.otherBuilding':
      return flow.actor.send({ type: 'centre.building', buildingUuid: 'b-2' });
    case 'app.signedOut':
      return flow.actor.send({ type: 'centre.clear' });
    default:
      throw new Error(`not the world's: ${event.type}`);
  }
}

const items = () => screen.queryAllByTestId('notification');
const unreadShown = () => items().filter((i) => i.dataset.state !== 'read').length;

/** Where the stream is, as the model says: asked for and not yet open, or open. */
const streamIs = (flow: Flow, c: NotificationCentreModelContext) =>
  c.stream === 'live' ? flow.actor.getSnapshot().hasTag('live') : flow.actor.getSnapshot().matches({ on: { stream: { connected: 'opening' } } });

const listed = (flow: Flow, c: NotificationCentreModelContext) =>
  flow.actor.getSnapshot().context.counts.unread === c.unread && flow.actor.getSnapshot().context.items.length === c.listed && streamIs(flow, c);

modelSuite<typeof notificationCentreModel, Flow, NotificationCentreModelState>({
  name: 'notification centre',
  model: notificationCentreModel,
  lens: {
    viewKey: ({ value, context }) => {
      const c = context as NotificationCentreModelContext;
      return `${String(value)} unread:${c.unread > 0} more:${c.more}`;
    },
  },
  start: (_, { inspect, rendering }) => start(rendering, inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" messages={{ ...englishCatalogue, ...centreMessages }}>
        <NotificationsScreen centre={actor} timeZone="UTC" />
      </IntlProvider>,
    ),
  world: (flow, event, before) => world(flow, event, before as Model),
  send: (flow, event) => {
    if (event.type === 'user.open') flow.actor.send({ type: 'user.open', id: firstUnread(flow).id });
    else flow.actor.send({ type: event.type } as Parameters<Flow['actor']['send']>[0]);
  },
  press: (_, event) => {
    if (event.type === 'user.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    else if (event.type === 'user.loadMore') fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    else if (event.type === 'user.readAll') fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    else if (event.type === 'user.open') fireEvent.click(screen.getAllByRole('button', { name: 'Mark as read' })[0]!);
  },
  machineState: {
    off: ({ actor }) => actor.getSnapshot().matches('off') && actor.getSnapshot().context.items.length === 0,
    connecting: (flow) => flow.actor.getSnapshot().matches({ on: { list: 'connecting' } }) && flow.actor.getSnapshot().hasTag('loading'),
    loading: (flow, { context }: Model) => flow.actor.getSnapshot().matches({ on: { list: 'loading' } }) && streamIs(flow, context),
    failed: (flow, { context }: Model) => flow.actor.getSnapshot().hasTag('failed') && streamIs(flow, context),
    ready: (flow, { context }: Model) =>
      flow.actor.getSnapshot().hasTag('ready') &&
      !flow.actor.getSnapshot().hasTag('loadingMore') &&
      !flow.actor.getSnapshot().hasTag('saving') &&
      flow.actor.getSnapshot().context.more === context.more &&
      listed(flow, context),
    loadingMore: (flow, { context }: Model) =>
      flow.actor.getSnapshot().hasTag('loadingMore') && flow.loads.at(-1)!.before !== null && listed(flow, context),
    saving: (flow, { context }: Model) => flow.actor.getSnapshot().hasTag('saving') && listed(flow, context),
  },
  viewState: {
    off: () => expect(screen.getByRole('list', { name: 'Notifications' }).getAttribute('aria-busy')).toBe('true'),
    connecting: () => expect(screen.getByRole('list', { name: 'Notifications' }).getAttribute('aria-busy')).toBe('true'),
    loading: () => expect(screen.getByRole('list', { name: 'Notifications' }).getAttribute('aria-busy')).toBe('true'),
    failed: () => {
      screen.getByText('Your notifications could not be loaded.');
      screen.getByRole('button', { name: 'Try again' });
    },
    ready: (_, { context }: Model) => {
      expect(items()).toHaveLength(context.listed);
      expect(unreadShown()).toBe(context.unread);
      expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(context.unread === 0);
      expect(screen.queryByRole('button', { name: 'Show older' }) !== null).toBe(context.more);
    },
    loadingMore: () => expect((screen.getByRole('button', { name: 'Show older' }) as HTMLButtonElement).disabled).toBe(true),
    saving: (_, { context }: Model) => {
      expect(items()).toHaveLength(context.listed);
      expect(unreadShown()).toBe(context.unread);
    },
  },
  // Each failed write says so once; each reconnection asks again after the last event's id; each saved write reaches the other tabs.
  finally: (flow, events) => {
    expect(flow.notified).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.saveFailed' || e.type === 'api.moreFailed').length);
    const reconnects = events.filter((e) => e.type === 'stream.closed').length;
    const switches = events.filter((e) => e.type === 'app.otherBuilding').length;
    expect(flow.streams.length).toBe(1 + reconnects + switches);
    // A reconnection names the last event it had, so the server replays what came after it.
    const afterAnEvent = events.findIndex((e) => e.type === 'stream.notification');
    if (afterAnEvent >= 0 && events.slice(afterAnEvent).some((e) => e.type === 'stream.closed'))
      expect(flow.streams.at(-1)!.lastEventId).toMatch(/^\d+-0$/);
    expect(flow.tabs.posted).toHaveLength(events.filter((e) => e.type === 'api.saved').length);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [notificationCentreMachine],
  everyMachineTransition: true,
});

it('notification centre: the test model loads, fails, pages, marks and follows the stream', () =>
  expect(modelGraph(notificationCentreModel).edges.length).toBeGreaterThan(20));

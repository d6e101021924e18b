import { expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createActor, type InspectionEvent } from 'xstate';
import { NOTIFICATIONS_ID, notificationsMachine } from '../../machines/notifications/notifications.machine';
import { NotificationList } from '../../src/ui/shell/Notifications';
import { notificationsModel, type NotificationsModelContext, type NotificationsModelState } from './notifications.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { renderInApp, standInApp } from './appStandIn.harness';

const CONFIRMATION = 'Your changes were saved';
const ERROR = 'The service is down for maintenance';
const TOAST_MS = 6000;

/** The toasts' actor with a clock the test runs: time passes only when the model says so. */
function start(inspect?: (event: InspectionEvent) => void) {
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  const clock = {
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
      timers.set(++next, { fn, ms });
      return next;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
  };
  const actor = createActor(notificationsMachine, { clock, ...(inspect ? { inspect } : {}) }).start();
  const runTimers = () => {
    for (const [id, timer] of [...timers]) {
      expect(timer.ms).toBe(TOAST_MS);
      timers.delete(id);
      timer.fn();
    }
  };
  return { actor, runTimers, timers };
}
type Flow = ReturnType<typeof start>;
type Model = { context: NotificationsModelContext };

const shown = (flow: Flow) => flow.actor.getSnapshot().context.notifications;
const count = (flow: Flow, tone: string) => shown(flow).filter((n) => n.tone === tone).length;
const viewport = () => document.querySelector('section')!;
/** A toast's card: the element that holds its text and its Dismiss button. */
const toasts = (text: string) => screen.queryAllByText(text).map((t) => t.closest('[data-tone]') as HTMLElement);

modelSuite<typeof notificationsModel, Flow, NotificationsModelState>({
  name: 'notifications',
  model: notificationsModel,
  areas: ['shell'],
  lens: {
    viewKey: ({ value, context }) => {
      const { confirmations, errors, paused } = context as NotificationsModelContext;
      return `${String(value)} confirmations:${confirmations} errors:${errors} paused:${paused}`;
    },
  },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) => renderInApp(standInApp({ [NOTIFICATIONS_ID]: actor }), <NotificationList />),
  world: (flow, event) => {
    if (event.type === 'app.confirm') return flow.actor.send({ type: 'notify.show', tone: 'success', message: { text: CONFIRMATION } });
    if (event.type === 'app.fail') return flow.actor.send({ type: 'notify.show', tone: 'error', message: { text: ERROR }, error: { status: 503 } });
    return flow.runTimers();
  },
  send: (flow, event) => {
    const oldest = (tone: string) => shown(flow).find((n) => n.tone === tone)!.key;
    if (event.type === 'user.dismissConfirmation') return flow.actor.send({ type: 'user.dismiss', key: oldest('success') });
    if (event.type === 'user.dismissError') return flow.actor.send({ type: 'user.dismiss', key: oldest('error') });
    return flow.actor.send({ type: event.type as 'user.pause' | 'user.resume' });
  },
  press: (_, event) => {
    if (event.type === 'user.dismissConfirmation') return fireEvent.click(within(toasts(CONFIRMATION)[0]!).getByRole('button', { name: 'Dismiss' }));
    if (event.type === 'user.dismissError') return fireEvent.click(within(toasts(ERROR)[0]!).getByRole('button', { name: 'Dismiss' }));
    if (event.type === 'user.pause') return fireEvent.mouseEnter(viewport());
    return fireEvent.mouseLeave(viewport());
  },
  machineState: {
    idle: (flow) => flow.actor.getSnapshot().matches('idle') && shown(flow).length === 0 && !flow.actor.getSnapshot().context.paused,
    showing: (flow, { context }: Model) =>
      flow.actor.getSnapshot().hasTag('visible') &&
      count(flow, 'success') === context.confirmations &&
      count(flow, 'error') === context.errors &&
      flow.actor.getSnapshot().context.paused === context.paused &&
      // A confirmation's timer runs unless the toasts are paused; an error never has one.
      flow.timers.size === (context.paused ? 0 : context.confirmations),
  },
  viewState: {
    idle: () => {
      expect(toasts(CONFIRMATION)).toEqual([]);
      expect(toasts(ERROR)).toEqual([]);
    },
    showing: (_, { context }: Model) => {
      expect(toasts(CONFIRMATION).length).toBe(context.confirmations);
      expect(toasts(ERROR).length).toBe(context.errors);
    },
  },
  stop: ({ actor }) => actor.stop(),
  machines: [notificationsMachine],
  everyMachineTransition: true,
});

it('notifications: the test model has every count of toasts, paused and not', () =>
  expect(modelGraph(notificationsModel).states.size).toBeGreaterThan(10));

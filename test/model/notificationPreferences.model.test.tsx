import { expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { notificationPreferencesMachine } from '../../machines/account/notificationPreferences.machine';
import type { NotificationPreferences } from '../../machines/account/notificationPreferences.types';
import { NOTIFICATION_KINDS } from '../../contracts/notifications';
import { NotificationSwitches } from '../../src/ui/account/NotificationSettings';
import { englishCatalogue } from '../../src/i18n/locales';
import accountMessages from '../../src/i18n/areas/account/en.json';
import { deferred, type Deferred } from '../fixtures/async';
import {
  notificationPreferencesModel,
  type NotificationPreferencesModelContext,
  type NotificationPreferencesModelState,
} from './notificationPreferences.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const LABEL = 'Booking requests sent';
const every = (on: boolean): NotificationPreferences =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, kind === 'booking_requested' ? on : true])) as NotificationPreferences;

/** The switches' machine with the load and the saves settled by the test; the failure notice a spy. */
function start(inspect?: (event: InspectionEvent) => void) {
  const loads: Deferred<NotificationPreferences>[] = [];
  const saves: { enabled: boolean; call: Deferred<NotificationPreferences> }[] = [];
  const notified = vi.fn();
  const actor = createActor(
    notificationPreferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(() => {
          const call = deferred<NotificationPreferences>();
          loads.push(call);
          return call.promise;
        }),
        savePreference: fromPromise(({ input }) => {
          const call = deferred<NotificationPreferences>();
          saves.push({ enabled: input.enabled, call });
          return call.promise;
        }),
      },
      actions: { notifyFailure: (_, p) => notified(p) },
    }),
    inspect ? { inspect } : {},
  ).start();
  return { actor, loads, saves, notified, on: true };
}
type Flow = ReturnType<typeof start>;
type Model = { context: NotificationPreferencesModelContext };

const toggle = () => screen.getByRole('switch', { name: LABEL });

modelSuite<typeof notificationPreferencesModel, Flow, NotificationPreferencesModelState>({
  name: 'notification preferences',
  model: notificationPreferencesModel,
  lens: { viewKey: ({ value, context }) => `${String(value)} on:${(context as NotificationPreferencesModelContext).on}` },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" messages={{ ...englishCatalogue, ...accountMessages }}>
        <NotificationSwitches preferences={actor} />
      </IntlProvider>,
    ),
  world: (flow, event, before) => {
    const on = (before as Model).context.on;
    if (event.type === 'api.loaded') return flow.loads.at(-1)!.resolve(every(on));
    if (event.type === 'api.failed') return flow.loads.at(-1)!.reject({ status: 503, message: 'The service is down for maintenance' });
    const save = flow.saves.at(-1)!;
    if (event.type === 'api.saved') return save.call.resolve(every(save.enabled));
    return save.call.reject({ status: 503, message: 'The service is down for maintenance' });
  },
  send: ({ actor }, event) => {
    if (event.type === 'user.retry') return actor.send({ type: 'user.retry' });
    const on = actor.getSnapshot().context.preferences!.booking_requested;
    actor.send({ type: 'user.toggle', kind: 'booking_requested', enabled: !on });
  },
  press: (_, event) => {
    if (event.type === 'user.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    else fireEvent.click(toggle());
  },
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().hasTag('loading'),
    failed: ({ actor }) => actor.getSnapshot().hasTag('failed') && actor.getSnapshot().context.error !== null,
    ready: ({ actor }, { context }: Model) =>
      actor.getSnapshot().matches('ready') && actor.getSnapshot().context.preferences?.booking_requested === context.on,
    saving: ({ actor, saves }, { context }: Model) =>
      actor.getSnapshot().hasTag('submitting') &&
      saves.at(-1)!.enabled === !context.on &&
      !actor.getSnapshot().can({ type: 'user.toggle', kind: 'announcement', enabled: false }),
  },
  viewState: {
    loading: () => expect(screen.getByTestId('notification-settings').getAttribute('aria-busy')).toBe('true'),
    failed: () => screen.getByText('Your notification settings could not be loaded.'),
    ready: (_, { context }: Model) => {
      expect(toggle().getAttribute('aria-checked')).toBe(String(context.on));
      expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length);
    },
    // The switch shows what was asked for while it is saved; the others wait.
    saving: (_, { context }: Model) => {
      expect(toggle().getAttribute('aria-checked')).toBe(String(!context.on));
      expect((screen.getByRole('switch', { name: 'Building announcements' }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
  finally: ({ notified }, events) => expect(notified).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.saveFailed').length),
  stop: ({ actor }) => actor.stop(),
  machines: [notificationPreferencesMachine],
  everyMachineTransition: true,
});

it('notification preferences: the test model loads, fails, saves and fails to save', () =>
  expect(modelGraph(notificationPreferencesModel).edges.length).toBeGreaterThan(5));

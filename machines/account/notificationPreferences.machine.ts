import { assign, fromPromise, setup } from 'xstate';
import { notifyFailure, type FailureNotice } from '../notifications/notifyFailure';
import { toAppError } from '../../contracts/errors';
import type { NotificationKind } from '../../contracts/notifications';
import type {
  NotificationPreferences,
  NotificationPreferencesContext,
  NotificationPreferencesEvent,
  NotificationPreferencesTag,
} from './notificationPreferences.types';

export const NOTIFICATION_PREFERENCES_ID = 'notificationPreferences';

/**
 * The notification switches of the account's settings (issue 26): which kinds of notification the person hears of, in
 * the app and by email (a kind turned off is neither shown nor mailed). They load, then each switch saves at once; while
 * a save is in flight its switch shows the asked-for value and the others wait; a failed save leaves them as the server
 * has them and says why through the shared failure notification.
 */
export const notificationPreferencesMachine = setup({
  types: {
    context: {} as NotificationPreferencesContext,
    events: {} as NotificationPreferencesEvent,
    tags: {} as NotificationPreferencesTag,
  },
  actors: {
    loadPreferences: fromPromise<NotificationPreferences>(() => Promise.reject(new Error('loadPreferences is not provided'))),
    savePreference: fromPromise<NotificationPreferences, { kind: NotificationKind; enabled: boolean }>(() =>
      Promise.reject(new Error('savePreference is not provided')),
    ),
  },
  actions: {
    notifyFailure: (args, params: FailureNotice) => notifyFailure(args, params),
  },
  guards: {
    isChange: ({ context, event }) => event.type === 'user.toggle' && context.preferences?.[event.kind] !== event.enabled,
  },
}).createMachine({
  id: NOTIFICATION_PREFERENCES_ID,
  context: { preferences: null, requested: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPreferences',
        onDone: { target: 'ready', actions: assign({ preferences: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
      },
    },
    failed: { tags: ['failed'], on: { 'user.retry': 'loading' } },
    ready: {
      tags: ['ready'],
      on: {
        'user.toggle': {
          guard: 'isChange',
          target: 'saving',
          actions: assign({ requested: ({ event }) => (event.type === 'user.toggle' ? { kind: event.kind, enabled: event.enabled } : null) }),
        },
      },
    },
    saving: {
      tags: ['ready', 'submitting'],
      invoke: {
        src: 'savePreference',
        input: ({ context }) => context.requested!,
        onDone: { target: 'ready', actions: assign({ preferences: ({ event }) => event.output, requested: null }) },
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'notifyFailure',
              params: ({ event }) => ({
                message: { id: 'notifications.preferenceFailed', values: { message: toAppError(event.error).message } },
                error: event.error,
              }),
            },
            assign({ requested: null }),
          ],
        },
      },
    },
  },
});

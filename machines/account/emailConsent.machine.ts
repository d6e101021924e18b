import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { SESSION_ID } from '../session/session.machine';
import { notifyFailure, type FailureNotice } from '../notifications/notifyFailure';
import type { SessionEvent, SessionUser } from '../session/session.types';
import { DEFAULT_ERROR_MESSAGE, toAppError } from '../../contracts/errors';

export const EMAIL_CONSENT_ID = 'emailConsent';

export interface EmailConsentContext {
  /** The consent as the server has it. */
  accepted: boolean;
  /** The value being saved, while a save is in flight. */
  requested: boolean | null;
  error: { status: number; message: string } | null;
}

export type EmailConsentEvent = { type: 'user.toggle'; accepted: boolean };

/**
 * The marketing-email consent of the settings tab (`is_email_accepted`, optional, section 5): a toggle saves it at
 * once. While the save is in flight the toggle shows the requested value and takes no other change; a failed save
 * leaves the consent as the server has it and says why through the shared failure notification.
 */
export const emailConsentMachine = setup({
  types: {
    context: {} as EmailConsentContext,
    events: {} as EmailConsentEvent,
    input: {} as { accepted: boolean },
    tags: {} as 'submitting',
  },
  actors: {
    saveConsent: fromPromise<SessionUser, { accepted: boolean }>(() => Promise.reject(new Error('saveConsent is not provided'))),
  },
  actions: {
    /** The shared failure notification (machines/notifications/notifyFailure.ts). */
    notifyFailure: (args, params: FailureNotice) => notifyFailure(args, params),
    /** Hands the server's user to the session (by its systemId in the app's system). */
    userUpdated: enqueueActions(({ enqueue, system }, params: { user: SessionUser }) => {
      const session = system.get(SESSION_ID);
      const event: SessionEvent = { type: 'session.userUpdated', user: params.user };
      if (session) enqueue.sendTo(session, event);
    }),
  },
  guards: {
    isChange: ({ context, event }) => event.accepted !== context.accepted,
  },
}).createMachine({
  id: EMAIL_CONSENT_ID,
  context: ({ input }) => ({ accepted: input.accepted, requested: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.toggle': { guard: 'isChange', target: 'saving', actions: assign({ requested: ({ event }) => event.accepted, error: null }) },
      },
    },
    saving: {
      tags: ['submitting'],
      invoke: {
        src: 'saveConsent',
        input: ({ context }) => ({ accepted: context.requested! }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ accepted: ({ event }) => event.output.email_accepted, requested: null }),
            { type: 'userUpdated', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notifyFailure',
              params: ({ event }) => ({
                message: { id: 'notifications.consentFailed', values: { message: toAppError(event.error).message } },
                error: event.error,
              }),
            },
            assign({
              requested: null,
              error: ({ event }) => toAppError(event.error, DEFAULT_ERROR_MESSAGE),
            }),
          ],
        },
      },
    },
  },
});

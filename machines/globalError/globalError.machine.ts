import { assign, enqueueActions, setup } from 'xstate';
import type { ErrorRaisedEvent, GlobalError, GlobalErrorContext, GlobalErrorEvent, GlobalErrorTag } from './globalError.types';

export const GLOBAL_ERROR_ID = 'globalError';

const errorOf = (event: ErrorRaisedEvent): GlobalError => ({
  source: event.source,
  status: event.status,
  message: event.message ?? null,
  retry: event.retry,
});

/**
 * The global error modal: a failed action opens it; "Try again" re-sends the failed action's event to its owner;
 * when the same action fails again right after a retry, the button becomes "Go back", which closes the modal and
 * leaves the page. A failure of another action replaces the one shown and starts counting again.
 */
export const globalErrorMachine = setup({
  types: {
    context: {} as GlobalErrorContext,
    events: {} as GlobalErrorEvent,
    tags: {} as GlobalErrorTag,
  },
  actions: {
    /** Leaves the page that keeps failing (the app: history back). */
    goBack: () => {},
    assignError: assign({ error: ({ event }) => errorOf(event as ErrorRaisedEvent) }),
    clearError: assign({ error: null }),
    /**
     * Re-dispatches the failed action to its owner. An owner that is no longer running (its route was left) cannot
     * retry: that counts as the action failing again, so the person is offered "Go back" rather than a retry that
     * would never answer.
     */
    resend: enqueueActions(({ context, enqueue, system }) => {
      const error = context.error;
      if (!error) return;
      const owner = typeof error.retry.to === 'string' ? system.get(error.retry.to) : error.retry.to;
      if (owner && owner.getSnapshot().status === 'active') enqueue.sendTo(owner, error.retry.event);
      else
        enqueue.raise({
          type: 'error.raised',
          source: error.source,
          status: error.status,
          ...(error.message ? { message: error.message } : {}),
          retry: error.retry,
        });
    }),
  },
  guards: {
    sameSource: ({ context, event }) => 'source' in event && context.error?.source === event.source,
  },
}).createMachine({
  id: GLOBAL_ERROR_ID,
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'error.raised': { target: 'showing', actions: 'assignError' } },
    },
    showing: {
      description: 'The modal is open: "Something went wrong", with one button.',
      tags: ['modal:globalError'],
      initial: 'retryable',
      on: {
        'error.raised': [
          // The same action reported again without a retry in between (e.g. two calls in flight): still one failure.
          { guard: 'sameSource', actions: 'assignError' },
          { target: '.retryable', actions: 'assignError' },
        ],
        'error.resolved': { guard: 'sameSource', target: 'idle', actions: 'clearError' },
        'error.cleared': { target: 'idle', actions: 'clearError' },
      },
      states: {
        retryable: {
          description: 'The button reads "Try again".',
          on: { 'user.retry': { target: 'retrying', actions: 'resend' } },
        },
        retrying: {
          description: 'The failed action was re-sent; its owner answers with error.raised or error.resolved.',
          tags: ['retrying'],
          on: {
            'error.raised': [
              { guard: 'sameSource', target: 'failedTwice', actions: 'assignError' },
              { target: 'retryable', actions: 'assignError' },
            ],
          },
        },
        failedTwice: {
          description: 'The same action failed twice in a row: the button reads "Go back".',
          on: { 'user.goBack': { target: '#globalError.idle', actions: ['clearError', 'goBack'] } },
        },
      },
    },
  },
});

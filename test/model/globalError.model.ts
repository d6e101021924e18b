import { assign, not, setup } from 'xstate';

/**
 * A pure test model of the global error modal. Two owners can fail: `a` and `b` (two different actions). Events are
 * what an owner reports (`fail.*`, `resolve.*`), what the app does (`app.clear`) and what the person does (`user.*`).
 * `reportedAgain` marks the failure shown reported a second time while its modal is up (two calls in flight): nothing
 * a person sees changes, but the step is one the machine takes, so the model keeps it as a state of its own (once).
 */
export type Owner = 'a' | 'b';

export type GlobalErrorModelEvent =
  | { type: 'fail.a' }
  | { type: 'fail.b' }
  | { type: 'resolve.a' }
  | { type: 'resolve.b' }
  | { type: 'app.clear' }
  | { type: 'user.retry' }
  | { type: 'user.goBack' };

export type GlobalErrorModelState = 'idle' | 'retryable' | 'retrying' | 'failedTwice';

const ownerOf = (type: string): Owner => (type.endsWith('.a') ? 'a' : 'b');

export const globalErrorModel = setup({
  types: { context: {} as { shown: Owner | null; reportedAgain: boolean }, events: {} as GlobalErrorModelEvent },
  actions: {
    show: assign({ shown: ({ event }) => ownerOf(event.type), reportedAgain: false }),
    close: assign({ shown: null, reportedAgain: false }),
    markReportedAgain: assign({ reportedAgain: true }),
  },
  guards: {
    shown: ({ context, event }) => context.shown === ownerOf(event.type),
    reportedAgain: ({ context }) => context.reportedAgain,
  },
}).createMachine({
  id: 'globalErrorModel',
  context: { shown: null, reportedAgain: false },
  initial: 'idle',
  states: {
    idle: { on: { 'fail.a': { target: 'retryable', actions: 'show' }, 'fail.b': { target: 'retryable', actions: 'show' } } },
    retryable: {
      on: {
        'user.retry': 'retrying',
        'fail.a': [
          { guard: not('shown'), target: 'retryable', actions: 'show' },
          { guard: not('reportedAgain'), actions: 'markReportedAgain' },
        ],
        'fail.b': [
          { guard: not('shown'), target: 'retryable', actions: 'show' },
          { guard: not('reportedAgain'), actions: 'markReportedAgain' },
        ],
        'resolve.a': { guard: 'shown', target: 'idle', actions: 'close' },
        'resolve.b': { guard: 'shown', target: 'idle', actions: 'close' },
        'app.clear': { target: 'idle', actions: 'close' },
      },
    },
    retrying: {
      on: {
        'fail.a': [
          { guard: 'shown', target: 'failedTwice' },
          { target: 'retryable', actions: 'show' },
        ],
        'fail.b': [
          { guard: 'shown', target: 'failedTwice' },
          { target: 'retryable', actions: 'show' },
        ],
        'resolve.a': { guard: 'shown', target: 'idle', actions: 'close' },
        'resolve.b': { guard: 'shown', target: 'idle', actions: 'close' },
        'app.clear': { target: 'idle', actions: 'close' },
      },
    },
    failedTwice: {
      on: {
        'user.goBack': { target: 'idle', actions: 'close' },
        'fail.a': [
          { guard: not('shown'), target: 'retryable', actions: 'show' },
          { guard: not('reportedAgain'), actions: 'markReportedAgain' },
        ],
        'fail.b': [
          { guard: not('shown'), target: 'retryable', actions: 'show' },
          { guard: not('reportedAgain'), actions: 'markReportedAgain' },
        ],
        'resolve.a': { guard: 'shown', target: 'idle', actions: 'close' },
        'resolve.b': { guard: 'shown', target: 'idle', actions: 'close' },
        'app.clear': { target: 'idle', actions: 'close' },
      },
    },
  },
});

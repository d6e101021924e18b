import { assign, not, setup } from 'xstate';

/**
 * A pure test model of the global error modal. Two owners can fail: `a` and `b` (two different actions). Events are
 * what an owner reports (`fail.*`, `resolve.*`), what the app does (`app.clear`) and what the person does (`user.*`).
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
  types: { context: {} as { shown: Owner | null }, events: {} as GlobalErrorModelEvent },
  actions: {
    show: assign({ shown: ({ event }) => ownerOf(event.type) }),
    close: assign({ shown: null }),
  },
  guards: {
    shown: ({ context, event }) => context.shown === ownerOf(event.type),
  },
}).createMachine({
  id: 'globalErrorModel',
  context: { shown: null },
  initial: 'idle',
  states: {
    idle: { on: { 'fail.a': { target: 'retryable', actions: 'show' }, 'fail.b': { target: 'retryable', actions: 'show' } } },
    retryable: {
      on: {
        'user.retry': 'retrying',
        'fail.a': { guard: not('shown'), target: 'retryable', actions: 'show' },
        'fail.b': { guard: not('shown'), target: 'retryable', actions: 'show' },
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
        'fail.a': { guard: not('shown'), target: 'retryable', actions: 'show' },
        'fail.b': { guard: not('shown'), target: 'retryable', actions: 'show' },
        'resolve.a': { guard: 'shown', target: 'idle', actions: 'close' },
        'resolve.b': { guard: 'shown', target: 'idle', actions: 'close' },
        'app.clear': { target: 'idle', actions: 'close' },
      },
    },
  },
});

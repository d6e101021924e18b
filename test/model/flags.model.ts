import { assign, setup } from 'xstate';

/**
 * A pure test model of the feature flags: they load for nobody at start; the app identifies the person when they sign
 * in and nobody when they sign out (`app.signIn`, `app.signOut`), and the flag service says its values changed
 * (`service.changed`), at any time, a load in flight too. Each load comes in (`api.values`: the values for whoever
 * is identified) or fails (`api.failed`: the values in force stay). Here the person has the header logo off, nobody
 * has the default (on).
 */
export type FlagsModelEvent =
  { type: 'app.signIn' } | { type: 'app.signOut' } | { type: 'service.changed' } | { type: 'api.values' } | { type: 'api.failed' };

export type FlagsModelState = 'loading' | 'ready';

export interface FlagsModelContext {
  /** Who the flags are evaluated for. */
  who: 'nobody' | 'person';
  /** Whose values are in force (the defaults until a load came in). */
  inForce: 'defaults' | 'nobody' | 'person';
}

export const flagsModel = setup({ types: { context: {} as FlagsModelContext, events: {} as FlagsModelEvent } }).createMachine({
  id: 'flagsModel',
  context: { who: 'nobody', inForce: 'defaults' },
  initial: 'loading',
  on: {
    'app.signIn': { target: '.loading', actions: assign({ who: 'person' }) },
    'app.signOut': { target: '.loading', actions: assign({ who: 'nobody' }) },
    'service.changed': { target: '.loading' },
  },
  states: {
    loading: {
      on: {
        'api.values': { target: 'ready', actions: assign({ inForce: ({ context }) => context.who }) },
        'api.failed': 'ready',
      },
    },
    ready: {},
  },
});

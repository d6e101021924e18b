import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { reportTarget, reportToOf, type ReportTarget, type ReportsTo } from '../shared/reports';
import { FLAG_DEFAULTS, type FlagUser, type FlagValues } from '../../contracts/flags';

export const FLAGS_ID = 'flags';

/** Who flags are evaluated for; `anonymous` when nobody is signed in. */
export type { FlagUser };

export type FlagsEvent = { type: 'flags.identify'; user: FlagUser } | { type: 'flags.changed' };

/** `ready`: the values in force may be read (the defaults at first). */
export type FlagsTag = 'loading' | 'ready';

/** What the flags tell the app (its parent): the values now in force, each time they are loaded. */
export type FlagsReport = { type: 'flags.updated'; values: FlagValues };

/**
 * Feature flags: start with the defaults for an anonymous user, become ready, then load the values for whoever
 * is identified, and again whenever the flag service reports a change (`watchFlags` sends `flags.changed`).
 */
export const flagsMachine = setup({
  types: {
    context: {} as { values: FlagValues; user: FlagUser | null; reportTo: ReportTarget<FlagsReport> | null },
    events: {} as FlagsEvent,
    input: {} as ReportsTo<FlagsReport> | undefined,
    tags: {} as FlagsTag,
  },
  actors: {
    loadFlags: fromPromise<Partial<FlagValues>, { user: FlagUser | null }>(async () => ({})),
    /** Listens to the flag service for as long as the machine runs and sends `flags.changed` back on a change. */
    watchFlags: fromCallback<FlagsEvent>(() => () => {}),
  },
  actions: {
    /** Tells the app the values in force: it forwards the kiosk exit, re-runs the routing rules and restarts screens. */
    reportValues: sendTo(
      ({ context, self }) => reportTarget(context, self),
      ({ context }): FlagsReport => ({ type: 'flags.updated', values: context.values }),
    ),
  },
}).createMachine({
  id: FLAGS_ID,
  context: ({ input }) => ({ values: { ...FLAG_DEFAULTS }, user: null, reportTo: reportToOf(input) }),
  initial: 'loading',
  invoke: { src: 'watchFlags', id: 'watchFlags' },
  on: {
    'flags.identify': { target: '.loading', actions: assign({ user: ({ event }) => event.user }) },
    'flags.changed': { target: '.loading' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadFlags',
        input: ({ context }) => ({ user: context.user }),
        onDone: { target: 'ready', actions: [assign({ values: ({ event }) => ({ ...FLAG_DEFAULTS, ...event.output }) }), 'reportValues'] },
        // The defaults keep the app usable when the flag service cannot be reached.
        onError: { target: 'ready' },
      },
    },
    ready: { tags: ['ready'] },
  },
});

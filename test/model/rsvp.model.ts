import { assign, setup } from 'xstate';

/**
 * A pure test model of the RSVP flow (no invoke, no always, as createTestModel needs). `start.*` events pick what
 * the event looks like when the page opens (room left, full, already attending, RSVPs taken at an external link,
 * ended with the person attending);
 * `user.*` are what the person does on the RSVP block; `api.*` how the server answers the pending call.
 *
 * Context: what the counts the flow holds say (`attending`, `full`), and what the next refresh will read
 * (`refreshReads`), which the server's previous answer decided.
 */
export type RsvpModelEvent =
  | { type: 'start.room' }
  | { type: 'start.full' }
  | { type: 'start.attending' }
  | { type: 'start.external' }
  | { type: 'start.attended' }
  | { type: 'user.rsvp' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  | { type: 'user.done' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'api.attended' }
  | { type: 'api.full' }
  | { type: 'api.already' }
  | { type: 'api.failed' }
  | { type: 'api.recalled' }
  | { type: 'api.refreshed' }
  | { type: 'api.refreshFailed' };

export type RsvpModelState =
  | 'opening'
  | 'available'
  | 'external'
  | 'confirming'
  | 'attendingCall'
  | 'confirmed'
  | 'attending'
  | 'attended'
  | 'cancelConfirm'
  | 'recalling'
  | 'refreshing'
  | 'soldOut'
  | 'failed';

export interface RsvpModelContext {
  attending: boolean;
  full: boolean;
  /** The counts the next refresh answers: the server's state after the last call. */
  refreshReads: { attending: boolean; full: boolean };
  /** The answer that led to a refresh and stays shown: rsvp_full or already_rsvpd. */
  notice: 'full' | 'already' | null;
  /** The RSVP button of an event taken at an external link opened that link (a new tab, or the host's browser). */
  linkOpened: boolean;
}

const settle = { guard: 'attending', target: 'attending' } as const;

export const rsvpModel = setup({
  types: { context: {} as RsvpModelContext, events: {} as RsvpModelEvent },
  guards: {
    attending: ({ context }) => context.attending,
    full: ({ context }) => context.full,
  },
}).createMachine({
  id: 'rsvpModel',
  context: { attending: false, full: false, refreshReads: { attending: false, full: false }, notice: null, linkOpened: false },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'start.room': 'available',
        'start.full': { target: 'soldOut', actions: assign({ full: true, refreshReads: { attending: false, full: true } }) },
        'start.attending': { target: 'attending', actions: assign({ attending: true, refreshReads: { attending: true, full: false } }) },
        'start.external': 'external',
        // The event has ended with the person attending: what happened stays (decision 143).
        'start.attended': { target: 'attended', actions: assign({ attending: true, refreshReads: { attending: true, full: false } }) },
      },
    },
    external: {
      description: 'The button opens the external link and the flow stays put.',
      on: { 'user.rsvp': { target: 'external', actions: assign({ linkOpened: true }) } },
    },
    available: { on: { 'user.rsvp': { target: 'confirming', actions: assign({ notice: null }) } } },
    confirming: { on: { 'user.confirm': 'attendingCall', 'user.dismiss': 'available' } },
    attendingCall: {
      on: {
        'api.attended': { target: 'confirmed', actions: assign({ attending: true, refreshReads: { attending: true, full: false } }) },
        'api.full': { target: 'refreshing', actions: assign({ notice: 'full', refreshReads: { attending: false, full: true } }) },
        'api.already': { target: 'refreshing', actions: assign({ notice: 'already', refreshReads: { attending: true, full: false } }) },
        'api.failed': 'failed',
      },
    },
    confirmed: { on: { 'user.done': 'attending' } },
    attending: { on: { 'user.cancel': { target: 'cancelConfirm', actions: assign({ notice: null }) } } },
    cancelConfirm: { on: { 'user.confirm': 'recalling', 'user.dismiss': 'attending' } },
    recalling: {
      on: {
        'api.recalled': { target: 'refreshing', actions: assign({ attending: false, refreshReads: { attending: false, full: false } }) },
        'api.failed': 'failed',
      },
    },
    refreshing: {
      on: {
        'api.refreshed': [
          {
            guard: ({ context }) => context.refreshReads.attending,
            target: 'attending',
            actions: assign(({ context }) => ({ ...context.refreshReads })),
          },
          { guard: ({ context }) => context.refreshReads.full, target: 'soldOut', actions: assign(({ context }) => ({ ...context.refreshReads })) },
          { target: 'available', actions: assign(({ context }) => ({ ...context.refreshReads })) },
        ],
        'api.refreshFailed': [settle, { guard: 'full', target: 'soldOut' }, { target: 'available' }],
      },
    },
    attended: {},
    soldOut: {},
    failed: { on: { 'user.retry': [{ guard: 'attending', target: 'recalling' }, { target: 'attendingCall' }] } },
  },
});

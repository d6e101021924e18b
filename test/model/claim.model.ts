import { assign, setup } from 'xstate';

/**
 * A pure test model of the claim flow (no invoke, no always, as createTestModel needs). `start.*` picks the offer
 * as the page opens (room left, claimed by this person, fully claimed, for another company, outside its claim
 * window, ended without or with this person's claim); `user.*` are what the person does on the claim block; `api.*` how the server answers the pending call.
 */
export type ClaimModelEvent =
  | { type: 'start.room' }
  | { type: 'start.claimed' }
  | { type: 'start.full' }
  | { type: 'start.notEligible' }
  | { type: 'start.closed' }
  | { type: 'start.ended' }
  | { type: 'start.endedClaimed' }
  | { type: 'user.claim' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  | { type: 'user.done' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'api.claimed' }
  | { type: 'api.full' }
  | { type: 'api.already' }
  | { type: 'api.failed' }
  | { type: 'api.cancelled' }
  | { type: 'api.refreshed' }
  | { type: 'api.refreshFailed' };

export type ClaimModelState =
  | 'opening'
  | 'available'
  | 'closed'
  | 'confirming'
  | 'claiming'
  | 'confirmed'
  | 'claimed'
  | 'cancelConfirm'
  | 'cancelling'
  | 'refreshing'
  | 'full'
  | 'notEligible'
  | 'ended'
  | 'kept'
  | 'failed';

export interface ClaimModelContext {
  /** What the counts the flow holds say. */
  claimed: boolean;
  /** What the next refresh reads: the server's state after the last answer. */
  refreshReads: 'room' | 'claimed' | 'full';
  notice: 'full' | 'already' | null;
}

export const claimModel = setup({
  types: { context: {} as ClaimModelContext, events: {} as ClaimModelEvent },
  guards: { claimed: ({ context }) => context.claimed },
}).createMachine({
  id: 'claimModel',
  context: { claimed: false, refreshReads: 'room', notice: null },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'start.room': 'available',
        'start.claimed': { target: 'claimed', actions: assign({ claimed: true, refreshReads: 'claimed' }) },
        'start.full': 'full',
        'start.notEligible': 'notEligible',
        'start.closed': 'closed',
        // The offer has left the feed (decision 143): with a claim, it stands; without, none is taken.
        'start.ended': 'ended',
        'start.endedClaimed': { target: 'kept', actions: assign({ claimed: true, refreshReads: 'claimed' }) },
      },
    },
    closed: { description: 'Outside the claim window: the button shows and takes no claim.' },
    available: { on: { 'user.claim': { target: 'confirming', actions: assign({ notice: null }) } } },
    confirming: { on: { 'user.confirm': 'claiming', 'user.dismiss': 'available' } },
    claiming: {
      on: {
        'api.claimed': { target: 'confirmed', actions: assign({ claimed: true, refreshReads: 'claimed' }) },
        'api.full': { target: 'refreshing', actions: assign({ notice: 'full', refreshReads: 'full' }) },
        'api.already': { target: 'refreshing', actions: assign({ notice: 'already', refreshReads: 'claimed' }) },
        'api.failed': 'failed',
      },
    },
    confirmed: { on: { 'user.done': 'claimed' } },
    claimed: { on: { 'user.cancel': { target: 'cancelConfirm', actions: assign({ notice: null }) } } },
    cancelConfirm: { on: { 'user.confirm': 'cancelling', 'user.dismiss': 'claimed' } },
    cancelling: {
      on: {
        'api.cancelled': { target: 'available', actions: assign({ claimed: false, refreshReads: 'room' }) },
        'api.failed': 'failed',
      },
    },
    refreshing: {
      on: {
        'api.refreshed': [
          { guard: ({ context }) => context.refreshReads === 'claimed', target: 'claimed', actions: assign({ claimed: true }) },
          { guard: ({ context }) => context.refreshReads === 'full', target: 'full' },
          { target: 'available' },
        ],
        'api.refreshFailed': [{ guard: 'claimed', target: 'claimed' }, { target: 'available' }],
      },
    },
    full: {},
    notEligible: {},
    ended: {},
    kept: {},
    failed: { on: { 'user.retry': [{ guard: 'claimed', target: 'cancelling' }, { target: 'claiming' }] } },
  },
});

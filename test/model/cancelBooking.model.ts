import { assign, setup } from 'xstate';

/**
 * A pure test model of cancelling a booking on its receipt (no invoke, no always, as createTestModel needs).
 * `start.*` picks the booking as the receipt opens (open and within its window, open but past its window, already
 * closed), or the receipt's first read failing (the server down, or no booking of this person there); `user.*` are
 * what the person does; `api.*` how the server answers the pending call (the receipt's read after a retry, which
 * finds the open booking or fails again; the cancel; then the receipt's read of the booking after a successful cancel).
 */
export type CancelBookingModelEvent =
  | { type: 'start.open' }
  | { type: 'start.late' }
  | { type: 'start.closed' }
  | { type: 'start.unreadable' }
  | { type: 'start.notFound' }
  | { type: 'user.retry' }
  | { type: 'api.loaded' }
  | { type: 'api.loadFailed' }
  | { type: 'user.cancel' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  | { type: 'user.close' }
  | { type: 'api.cancelled' }
  | { type: 'api.failed' }
  | { type: 'api.tooLate' }
  | { type: 'api.reloaded' }
  | { type: 'api.reloadFailed' };

export type CancelBookingModelState =
  | 'opening'
  | 'unreadable'
  | 'loading'
  | 'notFound'
  | 'available'
  | 'confirming'
  | 'cancelling'
  | 'failed'
  | 'reloading'
  | 'cancelled'
  | 'tooLate'
  | 'closed';

export interface CancelBookingModelContext {
  /** The receipt's title as it must read (none while no booking was read). */
  title: 'requested' | 'booked' | 'denied' | 'cancelled' | null;
}

export const cancelBookingModel = setup({
  types: { context: {} as CancelBookingModelContext, events: {} as CancelBookingModelEvent },
}).createMachine({
  id: 'cancelBookingModel',
  context: { title: 'requested' },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'start.open': 'available',
        'start.late': { target: 'tooLate', actions: assign({ title: 'booked' }) },
        'start.closed': { target: 'closed', actions: assign({ title: 'denied' }) },
        'start.unreadable': { target: 'unreadable', actions: assign({ title: null }) },
        'start.notFound': { target: 'notFound', actions: assign({ title: null }) },
      },
    },
    unreadable: { description: 'The booking could not be read: the receipt offers to try again.', on: { 'user.retry': 'loading' } },
    loading: {
      description: 'The receipt reads the booking again.',
      on: { 'api.loaded': { target: 'available', actions: assign({ title: 'requested' }) }, 'api.loadFailed': 'unreadable' },
    },
    notFound: { description: 'No booking of this person at this address (another person’s reads the same).' },
    available: { on: { 'user.cancel': 'confirming' } },
    confirming: { on: { 'user.confirm': 'cancelling', 'user.dismiss': 'available' } },
    cancelling: {
      on: {
        'api.cancelled': { target: 'reloading', actions: assign({ title: 'cancelled' }) },
        'api.failed': 'failed',
        'api.tooLate': 'tooLate',
      },
    },
    failed: { description: 'The booking error modal.', on: { 'user.close': 'available' } },
    reloading: {
      description: 'The cancel succeeded: its confirmation shows while the receipt reads the booking again.',
      on: { 'api.reloaded': 'cancelled', 'api.reloadFailed': 'cancelled' },
    },
    cancelled: { description: 'Cancelled here: the confirmation stays, with no cancel and no cancellation policy.' },
    tooLate: { description: "'you_can_no_longer_cancel'; the cancel button is disabled and the policy gone." },
    closed: { description: 'Opened cancelled or denied: no cancel, no policy, no confirmation.' },
  },
});

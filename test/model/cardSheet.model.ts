import { assign, setup } from 'xstate';

/**
 * A pure test model of a mini-app's card sheet (tokenizeCard for a new card). The host asks (`host.request`), may ask
 * again while it is open (`host.requestAgain`: answered busy) or give up (`host.withdraw`: the call's time ran out);
 * the card form's code loads or fails (`api.loaded`, `api.loadFailed`); the form tells of a stored card
 * (`entry.stored`) or of a refused one (`entry.refused`: the sheet stays); the person closes the sheet
 * (`user.cancel`). The context keeps the last request's end, as the host's call reads it.
 */
export type CardSheetModelEvent =
  | { type: 'host.request' }
  | { type: 'host.requestAgain' }
  | { type: 'host.withdraw' }
  | { type: 'api.loaded' }
  | { type: 'api.loadFailed' }
  | { type: 'entry.stored' }
  | { type: 'entry.refused' }
  | { type: 'user.cancel' };

export type CardSheetModelState = 'closed' | 'loading' | 'entering';

export interface CardSheetModelContext {
  outcome: 'none' | 'added' | 'cancelled' | 'unavailable';
  /** Whether a second request was answered busy while this one was open. */
  busy: boolean;
}

export const cardSheetModel = setup({
  types: { context: {} as CardSheetModelContext, events: {} as CardSheetModelEvent },
}).createMachine({
  id: 'cardSheetModel',
  context: { outcome: 'none', busy: false },
  initial: 'closed',
  states: {
    closed: { on: { 'host.request': { target: 'loading', actions: assign({ outcome: 'none', busy: false }) } } },
    loading: {
      on: {
        'api.loaded': 'entering',
        'api.loadFailed': { target: 'closed', actions: assign({ outcome: 'unavailable' }) },
        'user.cancel': { target: 'closed', actions: assign({ outcome: 'cancelled' }) },
        'host.withdraw': { target: 'closed', actions: assign({ outcome: 'cancelled' }) },
      },
    },
    entering: {
      on: {
        'entry.stored': { target: 'closed', actions: assign({ outcome: 'added' }) },
        'entry.refused': {},
        'host.requestAgain': { actions: assign({ busy: true }) },
        'user.cancel': { target: 'closed', actions: assign({ outcome: 'cancelled' }) },
        'host.withdraw': { target: 'closed', actions: assign({ outcome: 'cancelled' }) },
      },
    },
  },
});

import { assign, setup } from 'xstate';

/**
 * A pure test model of card entry (no invoke, as createTestModel needs). `api.*` are the provider's and the API's
 * answers (the fake provider's initialize and tokenize), `fields.*` what the card frame tells the page, `user.*` what
 * the person does on the form. `filled` and `complete` say whether the page's fields and the frame's are valid;
 * `touched` that the person left the page's fields (empty ones then say what they need); `frameErrors` that the card
 * frame reported its fields' errors, which the flow keeps silently (content document, section 8). The person leaves
 * the fields, and the frame reports errors, only on the ready form here (the graph stays small; the flow takes both
 * in any of its entry states).
 */
export type CardEntryModelEvent =
  | { type: 'api.initialized' }
  | { type: 'api.initFailed' }
  | { type: 'user.retry' }
  | { type: 'fields.ready' }
  | { type: 'user.fill' }
  | { type: 'user.blur' }
  | { type: 'fields.errors' }
  | { type: 'fields.complete' }
  | { type: 'user.submit' }
  | { type: 'api.tokenized' }
  | { type: 'api.tokenizeFailed' }
  | { type: 'user.addAnother' };

export type CardEntryModelState = 'initializing' | 'unavailable' | 'waiting' | 'ready' | 'tokenizing' | 'errors' | 'added';

export interface CardEntryModelContext {
  filled: boolean;
  complete: boolean;
  touched: boolean;
  frameErrors: boolean;
}

const canSubmit = ({ context }: { context: CardEntryModelContext }) => context.filled && context.complete;

export const cardEntryModel = setup({
  types: { context: {} as CardEntryModelContext, events: {} as CardEntryModelEvent },
  guards: { canSubmit },
}).createMachine({
  id: 'cardEntryModel',
  context: { filled: false, complete: false, touched: false, frameErrors: false },
  initial: 'initializing',
  states: {
    initializing: { on: { 'api.initialized': 'waiting', 'api.initFailed': 'unavailable' } },
    unavailable: { on: { 'user.retry': 'initializing' } },
    waiting: { on: { 'fields.ready': 'ready' } },
    ready: {
      on: {
        'user.fill': { actions: assign({ filled: true }) },
        'fields.complete': { actions: assign({ complete: true }) },
        'user.blur': { actions: assign({ touched: true }) },
        'fields.errors': { actions: assign({ frameErrors: true }) },
        'user.submit': { guard: 'canSubmit', target: 'tokenizing' },
      },
    },
    tokenizing: { on: { 'api.tokenized': 'added', 'api.tokenizeFailed': 'errors' } },
    errors: { on: { 'user.submit': { guard: 'canSubmit', target: 'tokenizing' } } },
    // A stored card empties the form (its fields untouched again); new secure fields have no errors yet.
    added: {
      on: { 'user.addAnother': { target: 'initializing', actions: assign({ filled: false, complete: false, touched: false, frameErrors: false }) } },
    },
  },
});

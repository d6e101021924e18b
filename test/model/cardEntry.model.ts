import { assign, setup } from 'xstate';

/**
 * A pure test model of card entry (no invoke, as createTestModel needs). `api.*` are the provider's and the API's
 * answers (the fake provider's initialize and tokenize), `fields.*` what the card frame tells the page, `user.*` what
 * the person does on the form. `filled` and `complete` say whether the page's fields and the frame's are valid.
 */
export type CardEntryModelEvent =
  | { type: 'api.initialized' }
  | { type: 'api.initFailed' }
  | { type: 'user.retry' }
  | { type: 'fields.ready' }
  | { type: 'user.fill' }
  | { type: 'fields.complete' }
  | { type: 'user.submit' }
  | { type: 'api.tokenized' }
  | { type: 'api.tokenizeFailed' }
  | { type: 'user.addAnother' };

export type CardEntryModelState = 'initializing' | 'unavailable' | 'waiting' | 'ready' | 'tokenizing' | 'errors' | 'added';

export interface CardEntryModelContext {
  filled: boolean;
  complete: boolean;
}

const canSubmit = ({ context }: { context: CardEntryModelContext }) => context.filled && context.complete;

export const cardEntryModel = setup({
  types: { context: {} as CardEntryModelContext, events: {} as CardEntryModelEvent },
  guards: { canSubmit },
}).createMachine({
  id: 'cardEntryModel',
  context: { filled: false, complete: false },
  initial: 'initializing',
  states: {
    initializing: { on: { 'api.initialized': 'waiting', 'api.initFailed': 'unavailable' } },
    unavailable: { on: { 'user.retry': 'initializing' } },
    waiting: { on: { 'fields.ready': 'ready' } },
    ready: {
      on: {
        'user.fill': { actions: assign({ filled: true }) },
        'fields.complete': { actions: assign({ complete: true }) },
        'user.submit': { guard: 'canSubmit', target: 'tokenizing' },
      },
    },
    tokenizing: { on: { 'api.tokenized': 'added', 'api.tokenizeFailed': 'errors' } },
    errors: { on: { 'user.submit': { guard: 'canSubmit', target: 'tokenizing' } } },
    added: { on: { 'user.addAnother': { target: 'initializing', actions: assign({ filled: false, complete: false }) } } },
  },
});

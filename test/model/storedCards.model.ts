import { assign, setup } from 'xstate';

/**
 * A pure test model of the stored cards (no invoke, as createTestModel needs). `api.*` are the server's answers to the
 * pending call (the list, then a change), `user.*` what the person does. The person has two cards, the Visa ending
 * 4242 (their default) and the Mastercard ending 4444, listed oldest first; `user.makeDefault` chooses the first card
 * that is not the default, `user.remove` the first card listed. `cards` and `defaultCard` are what the list shows.
 * `form.added` is the card form's word that it stored a third card, the Amex ending 0005 (once, from the list at
 * rest): the list shows it at once and is read again, the server's list then holding it too (`added`).
 */
export type StoredCardsModelEvent =
  | { type: 'form.added' }
  | { type: 'api.loaded' }
  | { type: 'api.loadFailed' }
  | { type: 'user.makeDefault' }
  | { type: 'user.remove' }
  | { type: 'user.cancel' }
  | { type: 'user.confirm' }
  | { type: 'api.changed' }
  | { type: 'api.refused' };

export type StoredCardsModelState = 'loading' | 'idle' | 'makingDefault' | 'confirmingRemoval' | 'removing' | 'failed';

export interface StoredCardsModelContext {
  /** Last fours, oldest first. */
  cards: string[];
  defaultCard: string | null;
  /** The card form stored the Amex ending 0005. */
  added: boolean;
}

export const SERVER_CARDS = ['4242', '4444'];
/** The card the form stores. */
export const ADDED_CARD = '0005';
/** The server's list as read: the two cards, and the added one once the form stored it. */
export const serverCards = (c: StoredCardsModelContext) => (c.added ? [...SERVER_CARDS, ADDED_CARD] : SERVER_CARDS);

type C = { context: StoredCardsModelContext };
/** The card `user.makeDefault` chooses. */
export const nextDefault = (c: StoredCardsModelContext) => c.cards.find((card) => card !== c.defaultCard) ?? null;
/** The list once the first card is removed: the oldest left becomes the default if the default went. */
export const afterRemoval = (c: StoredCardsModelContext): StoredCardsModelContext => {
  const cards = c.cards.slice(1);
  return { ...c, cards, defaultCard: c.defaultCard === c.cards[0] ? (cards[0] ?? null) : c.defaultCard };
};

const change = {
  'user.makeDefault': { guard: 'hasOtherCard', target: 'makingDefault' },
  'user.remove': { guard: 'hasCard', target: 'confirmingRemoval' },
} as const;

export const storedCardsModel = setup({
  types: { context: {} as StoredCardsModelContext, events: {} as StoredCardsModelEvent },
  guards: {
    hasOtherCard: ({ context }: C) => nextDefault(context) !== null,
    hasCard: ({ context }: C) => context.cards.length > 0,
    notAdded: ({ context }: C) => !context.added,
  },
}).createMachine({
  id: 'storedCardsModel',
  context: { cards: [], defaultCard: null, added: false },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'api.loaded': { target: 'idle', actions: assign(({ context }) => ({ cards: serverCards(context), defaultCard: SERVER_CARDS[0]! })) },
        'api.loadFailed': 'idle',
      },
    },
    idle: {
      on: {
        ...change,
        'form.added': {
          guard: 'notAdded',
          target: 'loading',
          actions: assign(({ context }) => ({ cards: [...context.cards, ADDED_CARD], added: true })),
        },
      },
    },
    makingDefault: {
      on: {
        'api.changed': { target: 'idle', actions: assign({ defaultCard: ({ context }) => nextDefault(context) }) },
        'api.refused': 'failed',
      },
    },
    confirmingRemoval: { on: { 'user.cancel': 'idle', 'user.confirm': 'removing' } },
    removing: {
      on: {
        'api.changed': { target: 'idle', actions: assign(({ context }) => afterRemoval(context)) },
        'api.refused': 'failed',
      },
    },
    failed: { on: change },
  },
});

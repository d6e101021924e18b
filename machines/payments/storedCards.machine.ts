import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { type StoredCard, type StoredCardsContext, type StoredCardsEvent, type StoredCardsTag } from './storedCards.types';
import { toAppError } from '../../contracts/errors';

export const STORED_CARDS_ID = 'storedCards';

/** The card an event or the context names, when the person has it. */
export const cardOf = (cards: StoredCard[], cardId: string | null) => cards.find((c) => c.id === cardId) ?? null;

/**
 * The person's stored cards (issue item 16): the list, making a card the default, and removing one after a confirm
 * step. Reads of the list fail silently (content document, section 8: the list stays as it was); a refused change
 * shows until the next one. The card form runs it as its child and tells it when a card was stored (`cards.added`).
 */
export const storedCardsMachine = setup({
  types: {} as { context: StoredCardsContext; events: StoredCardsEvent; tags: StoredCardsTag },
  actors: {
    loadPaymentMethods: fromPromise<StoredCard[], void>(() => Promise.reject(new Error('loadPaymentMethods is not provided'))),
    /** Removes a card; answers the cards left. */
    removeCard: fromPromise<StoredCard[], { cardId: string }>(() => Promise.reject(new Error('removeCard is not provided'))),
    /** Makes a card the default; answers the cards. */
    makeDefaultCard: fromPromise<StoredCard[], { cardId: string }>(() => Promise.reject(new Error('makeDefaultCard is not provided'))),
  },
  actions: {
    setCards: assign((_, params: { cards: StoredCard[] }) => ({ cards: params.cards })),
    setCardId: assign((_, params: { cardId: string | null }) => ({ cardId: params.cardId })),
    setError: assign((_, params: { error: unknown }) => ({ error: toAppError(params.error) })),
    clearError: assign({ error: null }),
    /** Shows a stored card at once, whether or not the list's read that follows succeeds. */
    showAddedCard: assign(({ context }, params: { card: StoredCard }) => ({
      cards: [...context.cards.filter((c) => c.id !== params.card.id), params.card],
    })),
  },
  guards: {
    /** A card of the list that is not the default already. */
    canMakeDefault: ({ context }, params: { cardId: string }) => {
      const card = cardOf(context.cards, params.cardId);
      return !!card && !card.is_default;
    },
    /** A card of the list. */
    hasCard: ({ context }, params: { cardId: string }) => !!cardOf(context.cards, params.cardId),
  },
}).createMachine({
  id: STORED_CARDS_ID,
  context: { cards: [], cardId: null, error: null },
  on: {
    'cards.added': { target: '.loading', actions: { type: 'showAddedCard', params: ({ event }) => ({ card: event.card }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The list is read (again); a failed read leaves it as it was, silently.',
      tags: ['loading'],
      invoke: {
        src: 'loadPaymentMethods',
        onDone: { target: 'idle', actions: { type: 'setCards', params: ({ event }) => ({ cards: event.output }) } },
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: {
        'user.makeDefault': {
          guard: { type: 'canMakeDefault', params: ({ event }) => ({ cardId: event.cardId }) },
          target: 'makingDefault',
          actions: { type: 'setCardId', params: ({ event }) => ({ cardId: event.cardId }) },
        },
        'user.remove': {
          guard: { type: 'hasCard', params: ({ event }) => ({ cardId: event.cardId }) },
          target: 'confirmingRemoval',
          actions: { type: 'setCardId', params: ({ event }) => ({ cardId: event.cardId }) },
        },
      },
    },
    confirmingRemoval: {
      description: 'The confirm step: "Remove card ending 4242?" with Cancel and Remove; Escape cancels.',
      tags: ['confirmRemoval'],
      on: {
        'user.confirm': 'removing',
        'user.cancel': { target: 'idle', actions: { type: 'setCardId', params: { cardId: null } } },
      },
    },
    removing: {
      description: 'The confirmed removal is under way; the confirm step stays until the answer.',
      tags: ['confirmRemoval', 'busy'],
      invoke: {
        src: 'removeCard',
        input: ({ context }) => ({ cardId: context.cardId! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setCards', params: ({ event }) => ({ cards: event.output }) },
            { type: 'setCardId', params: { cardId: null } },
          ],
        },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    makingDefault: {
      tags: ['busy'],
      invoke: {
        src: 'makeDefaultCard',
        input: ({ context }) => ({ cardId: context.cardId! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setCards', params: ({ event }) => ({ cards: event.output }) },
            { type: 'setCardId', params: { cardId: null } },
          ],
        },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'A change was refused: its message shows until the person tries another (or the same) change.',
      tags: ['failed'],
      exit: ['clearError', { type: 'setCardId', params: { cardId: null } }],
      on: {
        'user.makeDefault': {
          guard: { type: 'canMakeDefault', params: ({ event }) => ({ cardId: event.cardId }) },
          target: 'makingDefault',
          actions: { type: 'setCardId', params: ({ event }) => ({ cardId: event.cardId }) },
        },
        'user.remove': {
          guard: { type: 'hasCard', params: ({ event }) => ({ cardId: event.cardId }) },
          target: 'confirmingRemoval',
          actions: { type: 'setCardId', params: ({ event }) => ({ cardId: event.cardId }) },
        },
      },
    },
  },
});

export type StoredCardsRef = ActorRefFrom<typeof storedCardsMachine>;

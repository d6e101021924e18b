import type { StoredCard } from '../../contracts/cardFrame';
import type { AppError } from '../../contracts/errors';

export type { StoredCard };

/** A refused change as the machine keeps it: the API layer's error shape (src/api/client.ts `ApiError`). */
export type CardChangeError = AppError;

export interface StoredCardsContext {
  cards: StoredCard[];
  /** The card the person asked to remove (the confirm names it) or that a change is under way for. */
  cardId: string | null;
  /** The last refused change, kept while `failed` shows it. */
  error: CardChangeError | null;
}

export type StoredCardsEvent =
  | { type: 'user.makeDefault'; cardId: string }
  | { type: 'user.remove'; cardId: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  /** From the card form: a card was stored; the list is read again (and shows the card if that read fails). */
  | { type: 'cards.added'; card: StoredCard };

export type StoredCardsTag = 'loading' | 'busy' | 'confirmRemoval' | 'failed';

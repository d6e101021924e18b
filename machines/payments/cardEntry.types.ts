import type { CardBilling, CardFieldError, CardValidation, StoredCard, TokenizeError } from '../../contracts/cardFrame';
import type { YearMonth } from './cardEntry.rules';

export type { CardBilling, CardFieldError, CardValidation, StoredCard, TokenizeError };

/** The secure fields of a provider, as the page renders them: the frame's address and the channel it talks on. */
export interface CardFields {
  frameUrl: string;
  channel: string;
}

/** The payment method data the specification keeps after a tokenize: the token and the stored card. */
export interface PaymentMethodData {
  token: string;
  paymentMethod: StoredCard;
}

export interface CountryOption {
  code: string;
  name: string;
}

export interface CardEntryInput {
  locale: string;
  /** This month, for the expiry check. */
  today: YearMonth;
}

export interface CardEntryContext extends CardEntryInput {
  first_name: string;
  last_name: string;
  /** MM/YY as shown. */
  expiry: string;
  country: string;
  countries: CountryOption[];
  /** Fields the person left, whose errors show (section 5: errors show after blur). */
  touched: { first_name: boolean; last_name: boolean; expiry: boolean };
  fields: CardFields | null;
  empty: boolean;
  complete: boolean;
  validation: CardValidation;
  /**
   * The validation as it was when Add card was pressed (complete, valid): what the host is told about the stored card.
   * The frame clears its fields once the vault stored the card, and its reset validation reaches the page first.
   */
  acceptedValidation: CardValidation;
  fieldErrors: CardFieldError[];
  paymentMethodData: PaymentMethodData | null;
  errors: TokenizeError[];
}

export type CardEntryEvent =
  | { type: 'user.edit'; field: 'first_name' | 'last_name' | 'expiry' | 'country'; value: string }
  | { type: 'user.blur'; field: 'first_name' | 'last_name' | 'expiry' }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'user.addAnother' }
  | { type: 'fields.ready' }
  | { type: 'fields.empty'; empty: boolean }
  | { type: 'fields.complete'; complete: boolean; validation: CardValidation }
  | { type: 'fields.brand'; brand: string | null }
  | { type: 'fields.errors'; errors: CardFieldError[] };

export type CardEntryTag = 'initializing' | 'unavailable' | 'ready' | 'tokenizing' | 'errors' | 'added';

/** What the form posts to a native host (access document, mini-app bridge). */
export interface HostCardMessage {
  errors: TokenizeError[];
  validation: CardValidation;
  paymentMethodData: PaymentMethodData | null;
}

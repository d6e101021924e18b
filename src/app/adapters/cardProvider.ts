import type { CardBilling, CardFields, CardEntryEvent, PaymentMethodData } from '../../../machines/payments/cardEntry.types';

/**
 * A card provider (decision 120): secure fields the page frames but cannot read, and a tokenize that turns what was
 * typed into a stored card's token. The card-entry machine reaches it only through its named actors; the embedded
 * provider (embeddedCardProvider.ts) is the default, and a hosted one (a payment company's fields) fits the same shape.
 */
export interface CardProvider {
  /** New secure fields in the page's language and the brand's colours. */
  initialize(options: CardFieldsOptions): Promise<CardFields>;
  /** The fields' events on a channel, as the machine's `fields.*` events; returns the unsubscribe. */
  listen(channel: string, onEvent: (event: CardEntryEvent) => void): () => void;
  /** Stores the typed card with the billing details: the token and the card, or rejects with the errors list. */
  tokenize(channel: string, billing: CardBilling): Promise<PaymentMethodData>;
}

export interface CardFieldsOptions {
  locale: string;
  labels: { number: string; cvv: string; errorNumber: string; errorCvv: string };
  colors: { accent: string; text: string; border: string; background: string; error: string };
}

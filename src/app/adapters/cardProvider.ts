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
  /**
   * The provider's environment key (runtime configuration `cardProviderKey`, from `CARD_PROVIDER_KEY`; access document,
   * section 9, and content document, section 7), or null. A hosted provider initialises its fields with it; the
   * embedded vault needs none and works without it.
   */
  environmentKey: string | null;
  labels: { number: string; cvv: string; errorNumber: string; errorCvv: string };
  colors: { accent: string; text: string; border: string; background: string; error: string };
}

/**
 * The messages between the app's page and the card frame (decision 120). The frame tells the page only what the
 * form needs to know (ready, empty, complete with the validation, the brand, the errors) and, when asked to tokenize,
 * the vault's token and the stored card without its number. Every message carries the channel the page chose for the
 * frame it made, so a message of an older frame is ignored; both sides also check the window and the exact origin.
 */
export const CARD_FRAME_KIND = 'atrium-card-frame';

/** The iframe's id in the app's page: the provider finds the frame's window by it when it needs it. */
export const CARD_FRAME_ELEMENT_ID = 'card-fields-frame';

export type CardField = 'number' | 'cvv';

/** A field's problem, as a code the page translates. */
export interface CardFieldError {
  field: CardField;
  code: 'invalid' | 'incomplete';
}

/** What the frame knows of the typed card, without the card: the specification's validation object. */
export interface CardValidation {
  cardType: string | null;
  validNumber: boolean;
  validCvv: boolean;
  numberLength: number;
  cvvLength: number;
}

/** A stored card as the vault answers it: never the number or the code. */
export interface StoredCard {
  id: string;
  card_brand: string;
  card_last_four: string;
  exp_month: number;
  exp_year: number;
  payment_token: string;
  first_name: string;
  last_name: string;
  country: string;
  /** The person's default card (exactly one of their cards). */
  is_default: boolean;
}

/** The billing details the page's own form holds (names, expiry, country), sent with a tokenize request. */
export interface CardBilling {
  first_name: string;
  last_name: string;
  exp_month: number;
  exp_year: number;
  country: string;
}

/** A problem with a tokenize request (the vault's code and message, or the frame's own). */
export interface TokenizeError {
  code: string;
  message: string;
}

export type FrameToPage =
  | { kind: typeof CARD_FRAME_KIND; channel: string; event: 'ready' }
  | { kind: typeof CARD_FRAME_KIND; channel: string; event: 'empty'; empty: boolean }
  | { kind: typeof CARD_FRAME_KIND; channel: string; event: 'complete'; complete: boolean; validation: CardValidation }
  | { kind: typeof CARD_FRAME_KIND; channel: string; event: 'brand'; brand: string | null }
  | { kind: typeof CARD_FRAME_KIND; channel: string; event: 'errors'; errors: CardFieldError[] }
  | { kind: typeof CARD_FRAME_KIND; channel: string; event: 'token'; requestId: string; token: string; paymentMethod: StoredCard }
  | { kind: typeof CARD_FRAME_KIND; channel: string; event: 'tokenizeFailed'; requestId: string; errors: TokenizeError[] };

export type PageToFrame = {
  kind: typeof CARD_FRAME_KIND;
  channel: string;
  command: 'tokenize';
  requestId: string;
  /** The one-time card-frame session the app asked the API for. */
  session: string;
  billing: CardBilling;
};

/** The frame page's query: who its parent is, its channel, and the texts and colours the page gives it. */
export interface CardFrameQuery {
  parent: string;
  channel: string;
  /** Texts in the page's language: labels and field errors. */
  labelNumber: string;
  labelCvv: string;
  errorNumber: string;
  errorCvv: string;
  lang: string;
  /** Colours of the brand (#rrggbb) and the page's colour scheme. */
  accent: string;
  text: string;
  border: string;
  background: string;
  error: string;
  /** The card provider's environment key when one is configured (`CARD_PROVIDER_KEY`); the embedded vault needs none. */
  environmentKey?: string;
}

export const isFrameToPage = (data: unknown): data is FrameToPage =>
  !!data &&
  typeof data === 'object' &&
  (data as { kind?: unknown }).kind === CARD_FRAME_KIND &&
  typeof (data as { event?: unknown }).event === 'string';

export const isPageToFrame = (data: unknown): data is PageToFrame =>
  !!data &&
  typeof data === 'object' &&
  (data as { kind?: unknown }).kind === CARD_FRAME_KIND &&
  (data as { command?: unknown }).command === 'tokenize';

import { assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { DEFAULT_CARD_COUNTRY } from './cardEntry.screen';
import { storedCardsMachine, STORED_CARDS_ID } from './storedCards.machine';
import { parseExpiry, validExpiry, validName } from './cardEntry.rules';
import type {
  CardBilling,
  CardEntryContext,
  CardEntryEvent,
  CardEntryInput,
  CardEntryTag,
  CardFields,
  CountryOption,
  HostCardMessage,
  PaymentMethodData,
  TokenizeError,
} from './cardEntry.types';

export const CARD_ENTRY_ID = 'cardEntry';

const EMPTY_VALIDATION = { cardType: null, validNumber: false, validCvv: false, numberLength: 0, cvvLength: 0 };

/** A failed tokenize as the list the specification keeps. */
export const toTokenizeErrors = (error: unknown): TokenizeError[] => {
  if (Array.isArray(error)) return error as TokenizeError[];
  const e = error as { code?: string; message?: string } | undefined;
  return [{ code: e?.code ?? 'unknown', message: e?.message ?? '' }];
};

export const billingOf = (context: Pick<CardEntryContext, 'first_name' | 'last_name' | 'expiry' | 'country'>): CardBilling => {
  const expiry = parseExpiry(context.expiry);
  return {
    first_name: context.first_name.trim(),
    last_name: context.last_name.trim(),
    exp_month: expiry?.month ?? 0,
    exp_year: expiry?.year ?? 0,
    country: context.country,
  };
};

/** Every rule of section 5: names, the expiry, a country, and the secure fields complete. */
export const formValid = (c: CardEntryContext) =>
  validName(c.first_name) && validName(c.last_name) && validExpiry(c.expiry, c.today) && /^[A-Z]{2}$/.test(c.country) && c.complete;

/**
 * Card entry (content document, section 4): initialize the provider's secure fields, wait for them to say ready,
 * tokenize (which clears the payment data and errors), then the payment method or the errors list. The provider
 * comes through the named actors (src/app/adapters/cardProvider.ts); its failures and the list's stay silent.
 */
export const cardEntryMachine = setup({
  types: {} as { context: CardEntryContext; events: CardEntryEvent; input: CardEntryInput; tags: CardEntryTag },
  actors: {
    /** The provider's new secure fields (a reload gives new ones). */
    initializeFields: fromPromise<CardFields, { locale: string }>(() => Promise.reject(new Error('initializeFields is not provided'))),
    /** The fields' events, as `fields.*` events, for the channel's lifetime. */
    listenToFields: fromCallback<CardEntryEvent, { channel: string }>(() => () => {}),
    /** Asks the fields to tokenize: the token and stored card, or rejects with the errors list. */
    tokenizeCard: fromPromise<PaymentMethodData, { channel: string; billing: CardBilling }>(() =>
      Promise.reject(new Error('tokenizeCard is not provided')),
    ),
    /** The stored cards: the list, the default, removing one (the child this form tells of a stored card). */
    storedCards: storedCardsMachine,
    loadTokenizedPaymentMethod: fromPromise<unknown, { cardId: string }>(() =>
      Promise.reject(new Error('loadTokenizedPaymentMethod is not provided')),
    ),
    loadCountries: fromPromise<CountryOption[], { locale: string }>(() => Promise.reject(new Error('loadCountries is not provided'))),
  },
  actions: {
    /** In a native web view: posts {errors, validation, paymentMethodData} to the host (a no-op elsewhere). */
    notifyHost: (_, _message: HostCardMessage) => {},
    /** Keeps the frame's validation as the card is accepted for tokenizing. */
    acceptValidation: assign({ acceptedValidation: ({ context }) => context.validation }),
    tellStoredCards: sendTo(STORED_CARDS_ID, (_, params: { card: PaymentMethodData['paymentMethod'] }) => ({
      type: 'cards.added' as const,
      card: params.card,
    })),
  },
  guards: {
    canSubmit: ({ context }) => formValid(context),
  },
}).createMachine({
  id: CARD_ENTRY_ID,
  context: ({ input }) => ({
    ...input,
    first_name: '',
    last_name: '',
    expiry: '',
    country: DEFAULT_CARD_COUNTRY,
    countries: [],
    touched: { first_name: false, last_name: false, expiry: false },
    fields: null,
    empty: true,
    complete: false,
    validation: EMPTY_VALIDATION,
    acceptedValidation: EMPTY_VALIDATION,
    fieldErrors: [],
    paymentMethodData: null,
    errors: [],
  }),
  invoke: [
    { src: 'storedCards', id: STORED_CARDS_ID },
    {
      src: 'loadCountries',
      input: ({ context }) => ({ locale: context.locale }),
      onDone: { actions: assign({ countries: ({ event }) => event.output }) },
    },
  ],
  on: {
    'user.edit': { actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })) },
    'user.blur': { actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }) },
  },
  initial: 'initializing',
  states: {
    initializing: {
      description: 'Init or reload: new secure fields, not ready until they say so.',
      tags: ['initializing'],
      entry: assign({ fields: null, empty: true, complete: false, validation: EMPTY_VALIDATION, fieldErrors: [] }),
      invoke: {
        src: 'initializeFields',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: { target: 'entry', actions: assign({ fields: ({ event }) => event.output }) },
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'The card provider could not start (its errors are silent); the page offers to try again.',
      tags: ['unavailable'],
      on: { 'user.retry': 'initializing' },
    },
    entry: {
      invoke: { src: 'listenToFields', input: ({ context }) => ({ channel: context.fields!.channel }) },
      on: {
        'fields.empty': { actions: assign({ empty: ({ event }) => event.empty }) },
        'fields.complete': { actions: assign({ complete: ({ event }) => event.complete, validation: ({ event }) => event.validation }) },
        'fields.brand': { actions: assign({ validation: ({ context, event }) => ({ ...context.validation, cardType: event.brand }) }) },
        'fields.errors': { actions: assign({ fieldErrors: ({ event }) => event.errors }) },
      },
      initial: 'waiting',
      states: {
        waiting: { tags: ['initializing'], on: { 'fields.ready': 'ready' } },
        ready: {
          tags: ['ready'],
          on: { 'user.submit': { guard: 'canSubmit', target: 'tokenizing', actions: 'acceptValidation' } },
        },
        tokenizing: {
          tags: ['tokenizing'],
          entry: assign({ paymentMethodData: null, errors: [] }),
          invoke: {
            src: 'tokenizeCard',
            input: ({ context }) => ({ channel: context.fields!.channel, billing: billingOf(context) }),
            onDone: { target: 'paymentMethod', actions: assign({ paymentMethodData: ({ event }) => event.output }) },
            onError: { target: 'errors', actions: assign({ errors: ({ event }) => toTokenizeErrors(event.error) }) },
          },
        },
        errors: {
          description: 'The tokenize failed: its errors list shows; the person may correct and add again.',
          tags: ['ready', 'errors'],
          entry: {
            type: 'notifyHost',
            params: ({ context }) => ({ errors: context.errors, validation: context.validation, paymentMethodData: null }),
          },
          on: { 'user.submit': { guard: 'canSubmit', target: 'tokenizing', actions: 'acceptValidation' } },
        },
        paymentMethod: {
          description:
            'The card is stored: the host hears it with the validation it was accepted with, the stored cards read their list again, and the tokenized payment method is fetched (both silently).',
          tags: ['added'],
          entry: [
            {
              type: 'notifyHost',
              params: ({ context }) => ({ errors: [], validation: context.acceptedValidation, paymentMethodData: context.paymentMethodData }),
            },
            { type: 'tellStoredCards', params: ({ context }) => ({ card: context.paymentMethodData!.paymentMethod }) },
            assign({ first_name: '', last_name: '', expiry: '', touched: { first_name: false, last_name: false, expiry: false } }),
          ],
          invoke: { src: 'loadTokenizedPaymentMethod', input: ({ context }) => ({ cardId: context.paymentMethodData!.paymentMethod.id }) },
          on: { 'user.addAnother': '#cardEntry.initializing' },
        },
      },
    },
  },
});

export type CardEntryRef = ActorRefFrom<typeof cardEntryMachine>;
export type CardEntryLogic = typeof cardEntryMachine;

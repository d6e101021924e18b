import { assign, fromPromise, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { CardEntryLogic, CardEntryRef } from './cardEntry.machine';
import type { CardEntryInput, HostCardMessage } from './cardEntry.types';

export const CARD_SHEET_ID = 'cardSheet';

/** A mini-app's tokenizeCard for a new card: who asks (shown on the sheet), and the card form's input. */
export interface CardSheetRequest {
  id: string;
  appName: string;
  entry: CardEntryInput;
}

/** How a request ended: a card stored (its id), the person closed the sheet, another sheet was open, or the form could not load. */
export type CardSheetOutcome =
  | { id: string; kind: 'added'; cardId: string }
  | { id: string; kind: 'cancelled' }
  | { id: string; kind: 'busy' }
  | { id: string; kind: 'unavailable' };

export interface CardSheetContext {
  request: CardSheetRequest | null;
  /** The last request's end; the host's call waits for the one with its id. */
  outcome: CardSheetOutcome | null;
  /** The card form's actor while the sheet shows it (spawned from the loaded logic, stopped by this ref). */
  entry: CardEntryRef | null;
}

export type CardSheetEvent =
  | { type: 'sheet.request'; request: CardSheetRequest }
  /** The call gave up (its time ran out): the sheet closes if it is still this request's. */
  | { type: 'sheet.withdraw'; id: string }
  | { type: 'user.cancel' }
  /** What the card form tells its host: on a stored card, its payment method. */
  | { type: 'entry.notified'; message: HostCardMessage };

export type CardSheetTag = 'open' | 'loading';

/**
 * The host's own card sheet for a mini-app's tokenizeCard without a stored card (issue 23): the person types the
 * card into the app's card form, whose secure fields are the card frame's (decision 120), so the mini-app never sees
 * a number; once the card is stored the host answers the mini-app with its payment token. Closing the sheet answers
 * USER_CANCELLED. One sheet at a time: a second request while one is open is answered busy. The form's code loads
 * when a sheet is first asked for.
 */
export const cardSheetMachine = setup({
  types: {
    context: {} as CardSheetContext,
    events: {} as CardSheetEvent,
    tags: {} as CardSheetTag,
  },
  actors: {
    /** The card form's logic, its host notices sent to this sheet as `entry.notified` (the app provides it). */
    loadEntry: fromPromise<CardEntryLogic>(() => Promise.reject(new Error('loadEntry is not provided'))),
  },
  guards: {
    stored: ({ event }) => event.type === 'entry.notified' && event.message.paymentMethodData !== null,
    sameRequest: ({ context, event }) => event.type === 'sheet.withdraw' && context.request?.id === event.id,
  },
  actions: {
    end: assign({ outcome: ({ context }, params: { kind: 'cancelled' | 'unavailable' }) => ({ id: context.request!.id, kind: params.kind }) }),
    answerBusy: assign({
      outcome: ({ event }) => ({ id: (event as Extract<CardSheetEvent, { type: 'sheet.request' }>).request.id, kind: 'busy' as const }),
    }),
  },
}).createMachine({
  id: CARD_SHEET_ID,
  context: { request: null, outcome: null, entry: null },
  initial: 'closed',
  states: {
    closed: {
      entry: [stopChild(({ context }) => context.entry ?? ''), assign({ request: null, entry: null })],
      on: { 'sheet.request': { target: 'showing', actions: assign({ request: ({ event }) => event.request }) } },
    },
    showing: {
      description: "The sheet is over the mini-app: the card form, and the mini-app's name as the one asking.",
      tags: ['open'],
      on: {
        'user.cancel': { target: 'closed', actions: { type: 'end', params: { kind: 'cancelled' } } },
        'sheet.withdraw': { guard: 'sameRequest', target: 'closed', actions: { type: 'end', params: { kind: 'cancelled' } } },
        'sheet.request': { actions: 'answerBusy' },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadEntry',
            onDone: {
              target: 'entering',
              actions: assign({
                entry: ({ spawn, event, context }) => spawn(event.output, { input: context.request!.entry }),
              }),
            },
            onError: { target: '#cardSheet.closed', actions: { type: 'end', params: { kind: 'unavailable' } } },
          },
        },
        entering: {
          on: {
            'entry.notified': {
              guard: 'stored',
              target: '#cardSheet.closed',
              actions: assign({
                outcome: ({ context, event }) => ({
                  id: context.request!.id,
                  kind: 'added' as const,
                  cardId: event.message.paymentMethodData!.paymentMethod.id,
                }),
              }),
            },
          },
        },
      },
    },
  },
});

export type CardSheetRef = ActorRefFrom<typeof cardSheetMachine>;

import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { failedState, isMissing, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { errorParams, keepError, setError } from '../shared/failure';
import type { Booking } from './bookings.types';
import {
  answerErrors,
  answersBody,
  blankAnswers,
  bookableDays,
  dayIn,
  fittingLength,
  lengthChoices,
  localDayOf,
  refusalOf,
  startChoices,
} from './bookResource.rules';
import type {
  Availability,
  BookingRequest,
  BookResourceContext,
  BookResourceEvent,
  BookResourceInput,
  BookResourceTag,
  ResourceRead,
} from './bookResource.types';

export const BOOK_RESOURCE_ID = 'bookResource';

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** A new attempt's Idempotency-Key (a UUID where the platform has one). */
export const newAttemptKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

type Ctx = BookResourceContext;

/** Whether a booking can start at `start` on the day as read. */
const bookableStart = (context: Ctx, start: string) =>
  !!context.resource &&
  !!context.availability &&
  startChoices(context.resource, context.availability).some((c) => c.bookable && c.start_at === start);

const lengthsFrom = (context: Ctx, start: string | null) =>
  start && context.resource && context.availability ? lengthChoices(context.resource, context.availability, start) : [];

const without = (errors: Ctx['fieldErrors'], ...fields: string[]) => Object.fromEntries(Object.entries(errors).filter(([f]) => !fields.includes(f)));
const withoutTimeErrors = (errors: Ctx['fieldErrors']) => Object.fromEntries(Object.entries(errors).filter(([f]) => f.startsWith('answers.')));

/**
 * Booking a resource (issue 26): the resource is read, then a day of the building's calendar (its today first, up to
 * the horizon); a free start and a length within the resource's rules are chosen and its questions answered. Confirm
 * checks the answers here first, then posts with an Idempotency-Key made once for the attempt, so a retry after a
 * failure that reached no answer cannot book twice. A 409 slot_taken shows the server's message and offers its
 * `next_free` (one tap chooses it); a 422 puts the broken rules beside their fields and keeps what was typed; success
 * is the receipt (confirmed, or a request the building will confirm).
 */
export const bookResourceMachine = setup({
  types: {
    context: {} as BookResourceContext,
    events: {} as BookResourceEvent,
    input: {} as BookResourceInput,
    tags: {} as BookResourceTag,
  },
  actors: {
    loadResource: fromPromise<ResourceRead, BookResourceInput>(notProvided('loadResource')),
    loadDay: fromPromise<Availability, BookResourceInput & { date: string }>(notProvided('loadDay')),
    createBooking: fromPromise<Booking, BookingRequest>(notProvided('createBooking')),
  },
  actions: {
    setError: assign(keepError),
    setResource: assign((_, { resource, readAt }: ResourceRead) => {
      const today = dayIn(resource.timezone, readAt);
      const days = bookableDays(today, resource.rules.bookable_until);
      return { resource, today, days, date: days[0] ?? today, answers: blankAnswers(resource.questions), error: null };
    }),
    /** The day as read: the chosen start stays while it is still free there, with a length that still fits. */
    setAvailability: assign(({ context }, availability: Availability) => {
      const next = { ...context, availability };
      const start = context.start && bookableStart(next, context.start) ? context.start : null;
      return { availability, start, minutes: fittingLength(lengthsFrom(next, start), context.minutes), error: null };
    }),
    pickDay: assign(({ context }, { date }: { date: string }) => ({
      date,
      start: null,
      minutes: null,
      availability: null,
      idempotencyKey: null,
      conflict: null,
      fieldErrors: withoutTimeErrors(context.fieldErrors),
    })),
    pickStart: assign(({ context }, { start }: { start: string }) => ({
      start,
      minutes: fittingLength(lengthsFrom(context, start), context.minutes),
      idempotencyKey: null,
      conflict: null,
      fieldErrors: withoutTimeErrors(context.fieldErrors),
    })),
    pickLength: assign(({ context }, { minutes }: { minutes: number }) => ({
      minutes,
      idempotencyKey: null,
      fieldErrors: without(context.fieldErrors, 'duration_minutes', 'end_at'),
    })),
    setAnswer: assign(({ context }, { id, value }: { id: string; value: string | boolean | null }) => ({
      answers: { ...context.answers, [id]: value },
      fieldErrors: without(context.fieldErrors, `answers.${id}`),
    })),
    showAnswerErrors: assign(({ context }) => ({
      fieldErrors: {
        ...(context.start ? {} : { start_at: { code: 'choose_time', message: '' } }),
        ...answerErrors(context.resource?.questions ?? [], context.answers),
      },
    })),
    /** One key per attempt: made on the first confirm of a choice, kept by its retries. */
    startAttempt: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? newAttemptKey(), fieldErrors: {}, error: null })),
    setBooking: assign((_, booking: Booking) => ({ booking, error: null })),
    setConflict: assign((_, params: { error: unknown }) => {
      const refusal = refusalOf(params.error);
      return refusal.kind === 'slotTaken' ? { conflict: { message: refusal.message, nextFree: refusal.nextFree }, idempotencyKey: null } : {};
    }),
    setFieldErrors: assign((_, params: { error: unknown }) => {
      const refusal = refusalOf(params.error);
      return refusal.kind === 'rules' ? { fieldErrors: refusal.fields, idempotencyKey: null } : {};
    }),
    takeNextFree: assign(({ context }) => {
      const next = context.conflict?.nextFree;
      if (!next) return {};
      const date = localDayOf(next.start_at);
      return {
        date,
        days: context.days.includes(date) ? context.days : [...context.days, date].sort(),
        start: next.start_at,
        minutes: Math.round((Date.parse(next.end_at) - Date.parse(next.start_at)) / 60_000),
        availability: null,
        conflict: null,
        idempotencyKey: null,
      };
    }),
    dropChoice: assign({ start: null, minutes: null, conflict: null, idempotencyKey: null, availability: null }),
  },
  guards: {
    notFound: isMissing,
    dayOffered: ({ context }, { date }: { date: string }) => context.days.includes(date),
    startBookable: ({ context }, { start }: { start: string }) => bookableStart(context, start),
    lengthAllowed: ({ context }, { minutes }: { minutes: number }) => lengthsFrom(context, context.start).includes(minutes),
    readyToBook: ({ context }) =>
      !!context.start && context.minutes !== null && Object.keys(answerErrors(context.resource?.questions ?? [], context.answers)).length === 0,
    slotTaken: (_, params: { error: unknown }) => refusalOf(params.error).kind === 'slotTaken',
    rulesBroken: (_, params: { error: unknown }) => refusalOf(params.error).kind === 'rules',
    hasNextFree: ({ context }) => !!context.conflict?.nextFree,
  },
}).createMachine({
  id: BOOK_RESOURCE_ID,
  context: ({ input }) => ({
    ...input,
    resource: null,
    today: null,
    days: [],
    date: null,
    availability: null,
    start: null,
    minutes: null,
    answers: {},
    fieldErrors: {},
    idempotencyKey: null,
    conflict: null,
    booking: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadResource',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, resourceUuid: context.resourceUuid }),
        onDone: { target: 'ready', actions: { type: 'setResource', params: ({ event }) => event.output } },
        onError: loadFailedOrNotFound,
      },
    },
    failed: failedState('The resource could not be read; the error is kept and the page offers to try again.'),
    notFound: notFoundState('No bookable resource with this id in this building (or booking is off there).'),
    ready: {
      description: 'The resource is read: its summary shows while a day, a start, a length and the answers are chosen.',
      tags: ['ready'],
      initial: 'loadingDay',
      states: {
        loadingDay: {
          tags: ['day:loading'],
          invoke: {
            src: 'loadDay',
            input: ({ context }) => ({ buildingUuid: context.buildingUuid, resourceUuid: context.resourceUuid, date: context.date! }),
            onDone: { target: 'choosing', actions: { type: 'setAvailability', params: ({ event }) => event.output } },
            onError: { target: 'dayFailed', actions: setError },
          },
        },
        dayFailed: {
          description: 'The day could not be read: the days stay, and the page offers to read it again.',
          tags: ['day:failed'],
          on: {
            'user.retry': 'loadingDay',
            'user.pickDay': {
              guard: { type: 'dayOffered', params: ({ event }) => event },
              target: 'loadingDay',
              actions: { type: 'pickDay', params: ({ event }) => event },
            },
          },
        },
        choosing: {
          description: 'The day’s free and taken starts, the lengths from the chosen start, the questions, and Confirm.',
          tags: ['choosing'],
          on: {
            'user.pickDay': {
              guard: { type: 'dayOffered', params: ({ event }) => event },
              target: 'loadingDay',
              actions: { type: 'pickDay', params: ({ event }) => event },
            },
            'user.pickSlot': {
              guard: { type: 'startBookable', params: ({ event }) => event },
              actions: { type: 'pickStart', params: ({ event }) => event },
            },
            'user.pickLength': {
              guard: { type: 'lengthAllowed', params: ({ event }) => event },
              actions: { type: 'pickLength', params: ({ event }) => event },
            },
            'user.answer': { actions: { type: 'setAnswer', params: ({ event }) => event } },
            'user.confirm': [
              { guard: 'readyToBook', target: 'submitting', actions: 'startAttempt' },
              { description: 'Something is missing or wrong: the answers’ errors show beside their fields.', actions: 'showAnswerErrors' },
            ],
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            src: 'createBooking',
            input: ({ context }) => ({
              buildingUuid: context.buildingUuid,
              resourceUuid: context.resourceUuid,
              idempotencyKey: context.idempotencyKey!,
              startAt: context.start!,
              minutes: context.minutes!,
              answers: answersBody(context.resource!.questions, context.answers),
            }),
            onDone: { target: '#bookResource.booked', actions: { type: 'setBooking', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'slotTaken', params: errorParams }, target: 'taken', actions: { type: 'setConflict', params: errorParams } },
              {
                description: 'Broken rules: each beside its field, the answers kept; the next confirm is a new attempt.',
                guard: { type: 'rulesBroken', params: errorParams },
                target: 'choosing',
                actions: { type: 'setFieldErrors', params: errorParams },
              },
              { target: 'submitFailed', actions: setError },
            ],
          },
        },
        submitFailed: {
          description: 'The create reached no answer (or an unexpected one): a retry sends the same attempt with the same key.',
          tags: ['submitFailed'],
          on: { 'user.retry': 'submitting', 'user.dismiss': 'choosing' },
        },
        taken: {
          description: 'Someone else took the time first (409): the message, and the next free time of the same length if any is left.',
          tags: ['taken'],
          on: {
            'user.takeNextFree': { guard: 'hasNextFree', target: 'loadingDay', actions: 'takeNextFree' },
            'user.dismiss': { target: 'loadingDay', actions: 'dropChoice' },
          },
        },
      },
    },
    booked: {
      description: 'The receipt: confirmed, or a request the building will confirm.',
      tags: ['booked'],
    },
  },
});

export type BookResourceRef = ActorRefFrom<typeof bookResourceMachine>;

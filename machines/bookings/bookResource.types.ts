import type { components, paths } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';
import type { Booking } from './bookings.types';

type ResourcePath = paths['/tenant/v1/buildings/{id}/resources/{resourceUuid}'];
type AvailabilityPath = paths['/tenant/v1/buildings/{id}/resources/{resourceUuid}/availability'];

/** A bookable resource (a room, a desk, an amenity) with its rules and questions (decision 214). */
export type Resource = ResourcePath['get']['responses'][200]['content']['application/json']['data'];
export type ResourceKind = Resource['kind'];
export type ResourceQuestion = Resource['questions'][number];
/** One day's availability: opening hours, the grid's slots, the free ranges and the bookings that hold it. */
export type Availability = AvailabilityPath['get']['responses'][200]['content']['application/json']['data'];
export type SlotStatus = Availability['slots'][number]['status'];
/** A refusal of a create as the server words it: 409 slot_taken with next_free, 422 with every broken rule. */
export type BookingRefusal = components['schemas']['BookingError'];
export interface TimeRange {
  start_at: string;
  end_at: string;
}

/** An answer as typed: a yes/no as a boolean (null: not chosen), a number or a text as its text. */
export type TypedAnswer = string | boolean | null;

/** What the booking screen posts: the attempt's key, the chosen start and length, the answers in the API's shape. */
export interface BookingRequest {
  buildingUuid: string;
  resourceUuid: string;
  idempotencyKey: string;
  startAt: string;
  minutes: number;
  answers: Record<string, string | boolean | number>;
}

/** A field's error: the code (the app words it) and the server's message when it came from the server. */
export interface FieldError {
  code: string;
  message: string;
}

export interface BookResourceInput {
  buildingUuid: string;
  resourceUuid: string;
}

export interface BookResourceContext extends BookResourceInput {
  resource: Resource | null;
  /** The building's today when the resource was read (YYYY-MM-DD). */
  today: string | null;
  /** The days offered as chips: today to the horizon, at most two weeks. */
  days: string[];
  date: string | null;
  availability: Availability | null;
  /** The chosen start (ISO 8601 as the availability gave it), kept across the day's reloads while it stays free. */
  start: string | null;
  /** The chosen length in minutes. */
  minutes: number | null;
  answers: Record<string, TypedAnswer>;
  /** Errors by field (`start_at`, `duration_minutes`, `answers.<id>` …), from the app's own check or the server's 422. */
  fieldErrors: Record<string, FieldError>;
  /** The attempt's Idempotency-Key: made on confirm, kept for its retries, dropped when the choice changes. */
  idempotencyKey: string | null;
  /** The 409 slot_taken: the server's message and the next free time of the same length (null: none left). */
  conflict: { message: string; nextFree: TimeRange | null } | null;
  booking: Booking | null;
  error: AppError | null;
}

export type BookResourceEvent =
  | { type: 'user.retry' }
  | { type: 'user.pickDay'; date: string }
  | { type: 'user.pickSlot'; start: string }
  | { type: 'user.pickLength'; minutes: number }
  | { type: 'user.answer'; id: string; value: TypedAnswer }
  | { type: 'user.confirm' }
  /** After a 409: take the next free time it offered (one tap). */
  | { type: 'user.takeNextFree' }
  /** After a 409 or a failed create: back to choosing (the day read again). */
  | { type: 'user.dismiss' };

/**
 * `loading`: the resource; `day:loading`: a day's availability; `choosing`: slots, length and questions can be
 * changed; `submitting`: the create is on its way; `taken`: a 409 is shown; `submitFailed`: the create did not reach
 * an answer (retry keeps everything); `booked`: the receipt.
 */
export type BookResourceTag =
  'loading' | 'failed' | 'notFound' | 'ready' | 'day:loading' | 'day:failed' | 'choosing' | 'submitting' | 'taken' | 'submitFailed' | 'booked';

/** What one load of the resource answers: the resource and the moment it was read (its today is the building's). */
export interface ResourceRead {
  resource: Resource;
  readAt: string;
}

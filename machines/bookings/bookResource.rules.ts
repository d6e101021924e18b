import { normaliseError } from '../../contracts/errors';
import type { Availability, BookingRefusal, FieldError, Resource, ResourceQuestion, SlotStatus, TimeRange, TypedAnswer } from './bookResource.types';

/**
 * The booking flow's pure rules (issue 26): which days are offered, which starts and lengths can be chosen on a day's
 * availability, the app's own check of the answers, and how a refused create reads. The server's rules
 * (server/lib/bookingRules.ts) stay the judge: these only offer what it would accept.
 */

const MINUTE = 60_000;
/** The day chips: at most two weeks, however far the horizon is. */
export const MAX_DAYS = 14;
/** Without a grid, starts are offered every half hour. */
export const FREE_TIME_STEP = 30;
/** The longest text answer when the question does not say (the server's default). */
export const DEFAULT_MAX_LENGTH = 500;

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(timeZone: string, instant: string | number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar day after `date` (YYYY-MM-DD), counted on the calendar, not in hours. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The days a person can pick: the building's today to the resource's last bookable day, at most `MAX_DAYS`. */
export function bookableDays(today: string, bookableUntil: string, max = MAX_DAYS): string[] {
  const days: string[] = [];
  for (let day = today; day <= bookableUntil && days.length < max; day = nextDay(day)) days.push(day);
  return days;
}

/** The local day of an ISO 8601 time with the building's offset (as the server answers times). */
export const localDayOf = (iso: string) => iso.slice(0, 10);

const ms = (iso: string) => Date.parse(iso);

/** The free range a booking from `start` lies in, if any. */
const rangeFrom = (free: readonly TimeRange[], start: number) => free.find((r) => ms(r.start_at) <= start && start < ms(r.end_at));

/** One start on the day's picker: its time, how it shows and whether a booking can start there. */
export interface StartChoice {
  start_at: string;
  end_at: string;
  status: SlotStatus;
  bookable: boolean;
}

/**
 * The starts of a day. With a grid: its slots, each bookable when a booking of the shortest length from it lies in a
 * free range. Without a grid: every half hour of the opening hours, free when such a booking fits there.
 */
export function startChoices(resource: Pick<Resource, 'rules'>, day: Availability): StartChoice[] {
  const min = resource.rules.min_minutes;
  const fits = (start: number) => {
    const range = rangeFrom(day.free, start);
    return !!range && start + min * MINUTE <= ms(range.end_at);
  };
  if (day.slot_minutes) return day.slots.map((s) => ({ ...s, bookable: s.status === 'free' && fits(ms(s.start_at)) }));
  const choices: StartChoice[] = [];
  for (const window of day.opening_hours) {
    for (let t = ms(window.start_at); t + min * MINUTE <= ms(window.end_at); t += FREE_TIME_STEP * MINUTE) {
      const bookable = fits(t);
      const past = !bookable && !day.free.some((r) => ms(r.end_at) > t) && day.taken.every((b) => ms(b.end_at) <= t);
      choices.push({
        start_at: new Date(t).toISOString(),
        end_at: new Date(t + FREE_TIME_STEP * MINUTE).toISOString(),
        status: bookable ? 'free' : past ? 'past' : 'taken',
        bookable,
      });
    }
  }
  return choices;
}

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** The hour (0–23) of an instant on the building's clock. */
export function hourIn(timeZone: string, instant: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
  return Number.parseInt(hour, 10);
}

/** The part of the day a start is in, on the building's clock: before noon, before 17:00, or later. */
export const dayPartOf = (timeZone: string, instant: string): DayPart => {
  const hour = hourIn(timeZone, instant);
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
};

/** The starts grouped by part of the day, in order, leaving out an empty part. */
export function groupByDayPart<T extends { start_at: string }>(timeZone: string, choices: readonly T[]): { part: DayPart; choices: T[] }[] {
  const groups = new Map<DayPart, T[]>();
  for (const choice of choices) {
    const part = dayPartOf(timeZone, choice.start_at);
    groups.set(part, [...(groups.get(part) ?? []), choice]);
  }
  return (['morning', 'afternoon', 'evening'] as const).filter((p) => groups.has(p)).map((part) => ({ part, choices: groups.get(part)! }));
}

/**
 * The lengths a booking from `start` can have: from the shortest to the longest the resource allows, in whole slots
 * (half hours without a grid), as far as the free range it starts in goes.
 */
export function lengthChoices(resource: Pick<Resource, 'rules'>, day: Availability, start: string): number[] {
  const { min_minutes: min, max_minutes: max, slot_minutes: slot } = resource.rules;
  const from = ms(start);
  const range = rangeFrom(day.free, from);
  if (!range) return [];
  const room = (ms(range.end_at) - from) / MINUTE;
  const step = slot ?? FREE_TIME_STEP;
  const lengths: number[] = [];
  for (let length = min; length <= Math.min(max, room); length += step) lengths.push(length);
  return lengths;
}

/** The length kept when the start changes: the one chosen if it still fits, else the shortest. */
export const fittingLength = (lengths: readonly number[], chosen: number | null): number | null =>
  chosen !== null && lengths.includes(chosen) ? chosen : (lengths[0] ?? null);

/** The answers as the form starts: nothing chosen or typed. */
export const blankAnswers = (questions: readonly ResourceQuestion[]): Record<string, TypedAnswer> =>
  Object.fromEntries(questions.map((q) => [q.id, q.type === 'yes_no' ? null : '']));

const isBlank = (value: TypedAnswer | undefined) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The app's own check of the answers, by field (`answers.<id>`), with the server's codes. */
export function answerErrors(questions: readonly ResourceQuestion[], answers: Record<string, TypedAnswer>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const q of questions) {
    const value = answers[q.id];
    const field = `answers.${q.id}`;
    if (isBlank(value)) {
      if (q.required) errors[field] = { code: 'missing_answer', message: '' };
      continue;
    }
    if (q.type === 'number') {
      const text = String(value).trim();
      const n = Number(text);
      if (!/^-?\d+$/.test(text) || (q.min !== undefined && n < q.min) || (q.max !== undefined && n > q.max))
        errors[field] = { code: 'invalid_answer', message: '' };
    } else if (q.type === 'text' && String(value).trim().length > (q.max_length ?? DEFAULT_MAX_LENGTH)) {
      errors[field] = { code: 'answer_too_long', message: '' };
    }
  }
  return errors;
}

/** The answers in the create's shape: yes/no as booleans, numbers as numbers, texts trimmed; blank ones left out. */
export function answersBody(questions: readonly ResourceQuestion[], answers: Record<string, TypedAnswer>): Record<string, string | boolean | number> {
  const body: Record<string, string | boolean | number> = {};
  for (const q of questions) {
    const value = answers[q.id];
    if (isBlank(value)) continue;
    body[q.id] = q.type === 'yes_no' ? value === true : q.type === 'number' ? Number(String(value).trim()) : String(value).trim();
  }
  return body;
}

/** A refused create as the flow reads it: another person took the time, rules broken by field, or another failure. */
export type CreateRefusal =
  { kind: 'slotTaken'; message: string; nextFree: TimeRange | null } | { kind: 'rules'; fields: Record<string, FieldError> } | { kind: 'failed' };

/** Reads a failed create's error (the API layer's shape, its body as the server sent it). */
export function refusalOf(error: unknown): CreateRefusal {
  const { status, message, body } = normaliseError(error);
  const refusal = (body && typeof body === 'object' ? body : {}) as Partial<BookingRefusal>;
  if (status === 409 && refusal.code === 'slot_taken') return { kind: 'slotTaken', message, nextFree: refusal.next_free ?? null };
  if (status === 422 && Array.isArray(refusal.fields) && refusal.fields.length) {
    const fields: Record<string, FieldError> = {};
    for (const f of refusal.fields) fields[f.field] ??= { code: f.code, message: f.message };
    return { kind: 'rules', fields };
  }
  return { kind: 'failed' };
}

/** The field errors the view shows beside the time (all but the answers'). */
export const timeErrors = (fields: Record<string, FieldError>): FieldError[] =>
  Object.entries(fields)
    .filter(([field]) => !field.startsWith('answers.'))
    .map(([, e]) => e);

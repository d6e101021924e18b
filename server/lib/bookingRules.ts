import { addDays, instantOf, isoInZone, localDateOf, localMinutesOf, weekdayOf } from './zonedTime.js';

/**
 * The rules of a bookable resource, in one place (decision NEXT-booking-resources-and-availability): its opening
 * hours in the building's time zone, the slot grid, the shortest and longest booking, the buffer kept free after each
 * booking, how far ahead it can be booked, and its questions. Pure functions of the resource, the bookings that hold
 * it and the time: the availability answer, the check of a request and the next free time are all computed here, so
 * they cannot disagree. Instants are epoch milliseconds.
 */

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One opening window of a weekday, local wall-clock times `HH:MM` (close after open; `24:00` is midnight). */
export type OpeningWindow = { day: Weekday; open: string; close: string };

export const QUESTION_TYPES = ['yes_no', 'text', 'number'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A question the resource asks when it is booked; the answer goes into the booking's form_responses. */
export type Question = {
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  /** text: the longest answer (500 when not given). */
  max_length?: number;
  /** number: the smallest and largest answer. */
  min?: number;
  max?: number;
};

export type ResourceRules = {
  timezone: string;
  opening_hours: OpeningWindow[];
  /** The slot grid: bookings start on it (from a window's opening) and last a whole number of slots; null: any minute. */
  slot_minutes: number | null;
  min_minutes: number;
  max_minutes: number;
  /** Kept free after every booking (cleaning, turnover): the next booking may start this long after one ends. */
  buffer_minutes: number;
  /** Bookable up to this many days after today (the building's today), that last day included. */
  horizon_days: number;
  questions: Question[];
};

/** A booking that holds the resource: from its start to its end plus the buffer it was made with. */
export type Hold = { start: number; end: number; blockedUntil: number; mine?: boolean };

export type Range = { start: number; end: number };
export type SlotStatus = 'free' | 'taken' | 'past';

const MINUTE = 60_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
export const DEFAULT_TEXT_LENGTH = 500;

/** Minutes after midnight of `HH:MM`; null when it is not one. */
export function minutesOf(time: string): number | null {
  if (!TIME.test(time)) return null;
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** The opening windows of a local day, as instants, in order (a window that does not parse is no window). */
export function windowsOn(rules: Pick<ResourceRules, 'timezone' | 'opening_hours'>, date: string): Range[] {
  const day = WEEKDAYS[weekdayOf(date)];
  return rules.opening_hours
    .filter((w) => w.day === day)
    .map((w) => ({ open: minutesOf(w.open), close: minutesOf(w.close) }))
    .filter((w): w is { open: number; close: number } => w.open !== null && w.close !== null && w.close > w.open)
    .map((w) => ({ start: instantOf(rules.timezone, date, w.open), end: instantOf(rules.timezone, date, w.close) }))
    .filter((w) => w.end > w.start)
    .sort((a, b) => a.start - b.start);
}

/** The building's today plus the horizon: the last local day a booking may start on. */
export const lastBookableDate = (rules: Pick<ResourceRules, 'timezone' | 'horizon_days'>, now: number) =>
  addDays(localDateOf(rules.timezone, now), rules.horizon_days);

/**
 * Whether a booking of [start, end) would clash with a hold: the two overlap once each is lengthened by its buffer
 * (the hold by the buffer it was made with, the new one by the resource's buffer now). The database's exclusion
 * constraint on resource_bookings is the same test, so what this says free the database accepts.
 */
export const clashes = (start: number, end: number, buffer: number, hold: Hold) => start < hold.blockedUntil && hold.start < end + buffer * MINUTE;

/** The grid slots of a local day, each free, taken (it clashes with a booking or its buffer) or past (it has begun). */
export function slotsOn(rules: ResourceRules, date: string, holds: Hold[], now: number): { start: number; end: number; status: SlotStatus }[] {
  if (!rules.slot_minutes) return [];
  const step = rules.slot_minutes * MINUTE;
  const slots: { start: number; end: number; status: SlotStatus }[] = [];
  for (const window of windowsOn(rules, date)) {
    for (let start = window.start; start + step <= window.end; start += step) {
      const end = start + step;
      const status: SlotStatus = start < now ? 'past' : holds.some((h) => clashes(start, end, rules.buffer_minutes, h)) ? 'taken' : 'free';
      slots.push({ start, end, status });
    }
  }
  return slots;
}

const ceilTo = (value: number, origin: number, step: number) => origin + Math.ceil((value - origin) / step) * step;
const floorTo = (value: number, origin: number, step: number) => origin + Math.floor((value - origin) / step) * step;

/**
 * The free ranges of a local day: where a booking may lie wholly (inside opening hours, not begun, clear of every
 * booking and buffer, on the grid), each long enough for the shortest booking. Any booking inside one, of an allowed
 * length (and on the grid), is accepted.
 */
export function freeRangesOn(rules: ResourceRules, date: string, holds: Hold[], now: number): Range[] {
  const buffer = rules.buffer_minutes * MINUTE;
  const step = (rules.slot_minutes ?? 1) * MINUTE;
  const ranges: Range[] = [];
  for (const window of windowsOn(rules, date)) {
    // Not before now, on the grid (a window without one: on the minute).
    let pieces: Range[] = [{ start: Math.max(window.start, ceilTo(now, window.start, step)), end: window.end }];
    for (const hold of holds) {
      // A booking may not end within the buffer before a hold, nor start before the hold's own buffer is over.
      const from = hold.start - buffer;
      const to = hold.blockedUntil;
      pieces = pieces.flatMap((p) =>
        to <= p.start || from >= p.end
          ? [p]
          : [...(from > p.start ? [{ start: p.start, end: from }] : []), ...(to < p.end ? [{ start: to, end: p.end }] : [])],
      );
    }
    for (const piece of pieces) {
      const start = ceilTo(piece.start, window.start, step);
      const end = floorTo(piece.end, window.start, step);
      if (end - start >= rules.min_minutes * MINUTE) ranges.push({ start, end });
    }
  }
  return ranges;
}

/** A broken rule, with the field of the request it is about. */
export type RuleError = { field: string; code: string; message: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
export const minutesText = (minutes: number) =>
  minutes % 60 === 0
    ? plural(minutes / 60, 'hour')
    : minutes > 60
      ? `${plural(Math.floor(minutes / 60), 'hour')} ${plural(minutes % 60, 'minute')}`
      : plural(minutes, 'minute');
const hoursText = (rules: ResourceRules, date: string) => {
  const windows = windowsOn(rules, date);
  if (!windows.length) return 'It is closed that day.';
  const time = (at: number) => isoInZone(rules.timezone, at).slice(11, 16);
  return `It is open ${windows.map((w) => `${time(w.start)}–${localMinutesOf(rules.timezone, w.end) === 0 ? '24:00' : time(w.end)}`).join(', ')} that day.`;
};

/**
 * The time rules a request for [start, end) breaks, in order of importance: whole minutes, an end after the start, not
 * begun, within the horizon, an allowed length, inside one opening window, on the grid. `lengthField` is the field the
 * length came from (end_at or duration_minutes). Empty when the request keeps them all.
 */
export function timeRuleErrors(rules: ResourceRules, start: number, end: number, now: number, lengthField = 'end_at'): RuleError[] {
  if (start % MINUTE !== 0 || end % MINUTE !== 0)
    return [
      { field: start % MINUTE !== 0 ? 'start_at' : lengthField, code: 'not_whole_minutes', message: 'Times must be whole minutes (no seconds).' },
    ];
  if (end <= start) return [{ field: lengthField, code: 'invalid_period', message: 'The end must be after the start.' }];
  if (start < now) return [{ field: 'start_at', code: 'in_the_past', message: 'The start is in the past.' }];
  const date = localDateOf(rules.timezone, start);
  const last = lastBookableDate(rules, now);
  if (date > last)
    return [
      {
        field: 'start_at',
        code: 'beyond_horizon',
        message: `This resource can be booked up to ${plural(rules.horizon_days, 'day')} ahead (until ${last}).`,
      },
    ];
  const errors: RuleError[] = [];
  const minutes = (end - start) / MINUTE;
  if (minutes < rules.min_minutes)
    errors.push({ field: lengthField, code: 'too_short', message: `A booking lasts at least ${minutesText(rules.min_minutes)}.` });
  if (minutes > rules.max_minutes)
    errors.push({ field: lengthField, code: 'too_long', message: `A booking lasts at most ${minutesText(rules.max_minutes)}.` });
  const window = windowsOn(rules, date).find((w) => w.start <= start && end <= w.end);
  if (!window) {
    errors.push({
      field: 'start_at',
      code: 'outside_opening_hours',
      message: `The booking must be within the opening hours. ${hoursText(rules, date)}`,
    });
  } else if (
    rules.slot_minutes &&
    ((start - window.start) % (rules.slot_minutes * MINUTE) !== 0 || (end - start) % (rules.slot_minutes * MINUTE) !== 0)
  ) {
    errors.push({
      field: (start - window.start) % (rules.slot_minutes * MINUTE) !== 0 ? 'start_at' : lengthField,
      code: 'off_grid',
      message: `Bookings start on the ${minutesText(rules.slot_minutes)} grid from the opening time and last whole slots of ${minutesText(rules.slot_minutes)}.`,
    });
  }
  return errors;
}

/** An answer as the booking body gives it. */
export type Answer = string | number | boolean;
export type FormResponseOut = { question: string; answer: string; type: 'Yes/No' | 'text' };

/**
 * The answers checked against the questions: none unknown, every required one given, a yes/no one yes or no (true,
 * false, "Yes", "No"), a number an integer in its range, text within its length. Answers the form responses to store,
 * in the questions' order (the spec's shape: the question's label, the answer, type Yes/No or text), and the errors.
 */
export function checkAnswers(questions: Question[], answers: Record<string, Answer>): { responses: FormResponseOut[]; errors: RuleError[] } {
  const errors: RuleError[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(answers)) {
    if (!known.has(id))
      errors.push({
        field: `answers.${id}`,
        code: 'unknown_question',
        message: questions.length
          ? `This resource asks no question "${id}". Its questions are: ${questions.map((q) => q.id).join(', ')}.`
          : `This resource asks no questions ("${id}" was answered).`,
      });
  }
  const responses: FormResponseOut[] = [];
  for (const q of questions) {
    const field = `answers.${q.id}`;
    const given = Object.prototype.hasOwnProperty.call(answers, q.id) ? answers[q.id] : undefined;
    const blank = given === undefined || (typeof given === 'string' && given.trim() === '');
    if (blank) {
      if (q.required) errors.push({ field, code: 'missing_answer', message: `Please answer: ${q.label}` });
      continue;
    }
    if (q.type === 'yes_no') {
      const word = typeof given === 'boolean' ? (given ? 'yes' : 'no') : typeof given === 'string' ? given.trim().toLowerCase() : '';
      if (word !== 'yes' && word !== 'no') errors.push({ field, code: 'invalid_answer', message: `${q.label} Answer yes or no.` });
      else responses.push({ question: q.label, answer: word === 'yes' ? 'Yes' : 'No', type: 'Yes/No' });
    } else if (q.type === 'number') {
      const value = typeof given === 'number' ? given : typeof given === 'string' && /^\s*-?\d{1,9}\s*$/.test(given) ? Number(given) : Number.NaN;
      const min = q.min ?? 0;
      const max = q.max ?? 1_000_000;
      if (!Number.isInteger(value) || value < min || value > max)
        errors.push({ field, code: 'invalid_answer', message: `${q.label} Answer a whole number from ${min} to ${max}.` });
      else responses.push({ question: q.label, answer: String(value), type: 'text' });
    } else {
      const max = q.max_length ?? DEFAULT_TEXT_LENGTH;
      if (typeof given !== 'string') errors.push({ field, code: 'invalid_answer', message: `${q.label} Answer with text.` });
      else if (given.trim().length > max) errors.push({ field, code: 'answer_too_long', message: `${q.label} Answer in at most ${max} characters.` });
      else responses.push({ question: q.label, answer: given.trim(), type: 'text' });
    }
  }
  return { responses, errors };
}

/**
 * The first free time of the given length at or after `from` (and not begun), up to the horizon: on the grid, inside
 * opening hours, clear of the holds. `holds` must cover the days searched. Null when there is none.
 */
export function nextFree(rules: ResourceRules, from: number, minutes: number, holds: Hold[], now: number): Range | null {
  const length = minutes * MINUTE;
  if (minutes < rules.min_minutes || minutes > rules.max_minutes) return null;
  if (rules.slot_minutes && minutes % rules.slot_minutes !== 0) return null;
  const earliest = Math.max(from, now);
  const last = lastBookableDate(rules, now);
  for (let date = localDateOf(rules.timezone, earliest); date <= last; date = addDays(date, 1)) {
    for (const range of freeRangesOn(rules, date, holds, now)) {
      const step = (rules.slot_minutes ?? 1) * MINUTE;
      // The range's start is on the grid; so is every step from it.
      const start = range.start >= earliest ? range.start : range.start + Math.ceil((earliest - range.start) / step) * step;
      if (start + length <= range.end) return { start, end: start + length };
    }
  }
  return null;
}

import { describe, expect, it } from 'vitest';
import {
  answerErrors,
  answersBody,
  bookableDays,
  dayIn,
  fittingLength,
  groupByDayPart,
  lengthChoices,
  refusalOf,
  startChoices,
} from '../../machines/bookings/bookResource.rules';
import { availability, resource } from '../fixtures/bookings';

const ZONE = 'America/New_York';

describe('the days offered', () => {
  it('run from the building’s today to the last bookable day, at most two weeks, across a month’s end', () => {
    expect(bookableDays('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(bookableDays('2026-11-01', '2027-01-01')).toHaveLength(14);
    expect(bookableDays('2026-11-29', '2026-11-28')).toEqual([]);
  });

  it('start on the building’s day, not the device’s: 03:00 UTC is still the evening before in New York', () => {
    expect(dayIn(ZONE, '2026-11-24T03:00:00Z')).toBe('2026-11-23');
    expect(dayIn('Europe/Oslo', '2026-11-23T23:30:00Z')).toBe('2026-11-24');
  });
});

describe('the starts of a day', () => {
  it('are the grid’s slots, bookable where the shortest booking fits in a free range', () => {
    const starts = startChoices(resource(), availability());
    expect(starts.map((s) => [s.start_at.slice(11, 16), s.status, s.bookable])).toEqual([
      ['09:00', 'taken', false],
      ['10:00', 'free', true],
      ['11:00', 'free', true],
    ]);
    // Two hours at least: only 10:00 leaves room before the close.
    const long = resource({ rules: { ...resource().rules, min_minutes: 120 } });
    expect(
      startChoices(long, availability())
        .filter((s) => s.bookable)
        .map((s) => s.start_at.slice(11, 16)),
    ).toEqual(['10:00']);
  });

  it('without a grid are every half hour of the opening hours', () => {
    const free = resource({ rules: { ...resource().rules, slot_minutes: null, min_minutes: 30 } });
    const day = availability({ slot_minutes: null, slots: [] });
    const starts = startChoices(free, day);
    expect(starts).toHaveLength(6);
    expect(starts.filter((s) => s.bookable).map((s) => s.start_at)).toEqual([
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:30:00.000Z',
      '2026-11-23T16:00:00.000Z',
      '2026-11-23T16:30:00.000Z',
    ]);
  });

  it('group into morning, afternoon and evening on the building’s clock, leaving out an empty part', () => {
    const at = (iso: string) => ({ start_at: iso });
    const groups = groupByDayPart(ZONE, [at('2026-11-23T11:30:00-05:00'), at('2026-11-23T12:00:00-05:00'), at('2026-11-23T17:00:00-05:00')]);
    expect(groups.map((g) => [g.part, g.choices.length])).toEqual([
      ['morning', 1],
      ['afternoon', 1],
      ['evening', 1],
    ]);
    expect(groupByDayPart(ZONE, [at('2026-11-23T14:00:00Z')]).map((g) => g.part)).toEqual(['morning']);
  });
});

describe('the lengths', () => {
  it('go in whole slots from the shortest to the longest, as far as the free range goes', () => {
    expect(lengthChoices(resource(), availability(), '2026-11-23T10:00:00-05:00')).toEqual([60, 120]);
    expect(lengthChoices(resource(), availability(), '2026-11-23T11:00:00-05:00')).toEqual([60]);
    expect(lengthChoices(resource(), availability(), '2026-11-23T09:00:00-05:00')).toEqual([]);
  });

  it('keep the chosen one when it still fits, else the shortest', () => {
    expect(fittingLength([60, 120], 120)).toBe(120);
    expect(fittingLength([60], 120)).toBe(60);
    expect(fittingLength([], 60)).toBeNull();
  });
});

describe('the answers', () => {
  const { questions } = resource({
    questions: [
      { id: 'projector', label: 'Projector?', type: 'yes_no', required: true },
      { id: 'people', label: 'People', type: 'number', required: false, min: 1, max: 4 },
      { id: 'note', label: 'Note', type: 'text', required: false, max_length: 5 },
    ],
  });

  it.each([
    [{ projector: null, people: '', note: '' }, { 'answers.projector': 'missing_answer' }],
    [{ projector: false, people: '5', note: '' }, { 'answers.people': 'invalid_answer' }],
    [
      { projector: true, people: '2.5', note: 'too long' },
      { 'answers.people': 'invalid_answer', 'answers.note': 'answer_too_long' },
    ],
    [{ projector: false, people: ' 3 ', note: 'ok' }, {}],
  ])('%j are checked as the server would: %j', (answers, expected) => {
    const errors = answerErrors(questions, answers);
    expect(Object.fromEntries(Object.entries(errors).map(([f, e]) => [f, e.code]))).toEqual(expected);
  });

  it('go to the server typed, trimmed, blank ones left out', () => {
    expect(answersBody(questions, { projector: false, people: ' 3 ', note: ' hi ' })).toEqual({ projector: false, people: 3, note: 'hi' });
    expect(answersBody(questions, { projector: true, people: '', note: '' })).toEqual({ projector: true });
  });
});

describe('a refused create', () => {
  it('reads 409 slot_taken with its next free time, 422 by field, anything else as a failure', () => {
    const next = { start_at: '2026-11-23T11:00:00-05:00', end_at: '2026-11-23T12:00:00-05:00' };
    expect(refusalOf({ status: 409, message: 'taken', body: { code: 'slot_taken', next_free: next } })).toEqual({
      kind: 'slotTaken',
      message: 'taken',
      nextFree: next,
    });
    expect(refusalOf({ status: 409, message: 'taken', body: { code: 'slot_taken', next_free: null } })).toMatchObject({ nextFree: null });
    expect(
      refusalOf({
        status: 422,
        message: 'x',
        body: { code: 'missing_answer', fields: [{ field: 'answers.projector', code: 'missing_answer', message: 'Answer it' }] },
      }),
    ).toEqual({ kind: 'rules', fields: { 'answers.projector': { code: 'missing_answer', message: 'Answer it' } } });
    expect(refusalOf({ status: 422, message: 'x', body: { code: 'idempotency_key_reused' } })).toEqual({ kind: 'failed' });
    expect(refusalOf({ status: 0, message: 'offline' })).toEqual({ kind: 'failed' });
  });
});

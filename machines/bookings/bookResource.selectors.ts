import type { SnapshotFrom } from 'xstate';
import type { bookResourceMachine } from './bookResource.machine';
import { lengthChoices, startChoices, type StartChoice } from './bookResource.rules';

type BookSnapshot = Pick<SnapshotFrom<typeof bookResourceMachine>, 'context'>;

/** The day's starts as the picker shows them (none while the day loads). */
export const selectStarts = (s: BookSnapshot): StartChoice[] =>
  s.context.resource && s.context.availability ? startChoices(s.context.resource, s.context.availability) : [];

/** The lengths a booking from the chosen start can have. */
export const selectLengths = (s: BookSnapshot): number[] =>
  s.context.resource && s.context.availability && s.context.start ? lengthChoices(s.context.resource, s.context.availability, s.context.start) : [];

/** The chosen booking's end (ISO), from its start and length. */
export const selectEnd = (s: BookSnapshot): string | null =>
  s.context.start && s.context.minutes ? new Date(Date.parse(s.context.start) + s.context.minutes * 60_000).toISOString() : null;

/** Whether a start lies inside the chosen booking (its slots are marked together). */
export const inChosenRange = (s: BookSnapshot, start: string): boolean => {
  const end = selectEnd(s);
  if (!s.context.start || !end) return false;
  const t = Date.parse(start);
  return t >= Date.parse(s.context.start) && t < Date.parse(end);
};

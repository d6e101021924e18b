import { useIntl, type IntlShape } from 'react-intl';
import type { FieldProblem, Visit, VisitsError } from '../../../../machines/visitors/visitorPasses.types';
import { failureKind } from '../../../../machines/visitors/visitorPasses.selectors';
import type { VisitorsMessageId } from '../i18n';

/** The mini-app's messages by id, typed by its English catalogue. */
export function useT() {
  const intl = useIntl();
  return (id: VisitorsMessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

/**
 * A visit's day as the person's language writes it (the day is the building's: formatted as a calendar date), with
 * its year only when that is not this year's.
 */
export const dayText = (intl: IntlShape, date: string, today: string) =>
  intl.formatDate(new Date(`${date}T12:00:00Z`), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(date.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });

/** A building's HH:MM as the person's language writes a time. */
export const timeText = (intl: IntlShape, time: string) =>
  intl.formatTime(new Date(`1970-01-01T${time}:00Z`), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** "Tue, Dec 2, 9:00 AM–10:30 AM" */
export const whenText = (intl: IntlShape, visit: Pick<Visit, 'date' | 'start_time' | 'end_time'>, today: string) =>
  intl.formatMessage(
    { id: 'visitors.when' },
    { day: dayText(intl, visit.date, today), start: timeText(intl, visit.start_time), end: timeText(intl, visit.end_time) },
  );

const PROBLEMS: Record<FieldProblem, VisitorsMessageId> = {
  required: 'visitors.problem.required',
  invalidEmail: 'visitors.problem.invalidEmail',
  inPast: 'visitors.problem.inPast',
  endBeforeStart: 'visitors.problem.endBeforeStart',
  tooLong: 'visitors.problem.tooLong',
  tooFarAhead: 'visitors.problem.tooFarAhead',
  refused: 'visitors.problem.refused',
};
export const problemText = (intl: IntlShape, problem: FieldProblem) => intl.formatMessage({ id: PROBLEMS[problem] });

/** A failure that is not one field's, in the person's words. */
export const failureText = (intl: IntlShape, error: VisitsError | null) =>
  intl.formatMessage({ id: `visitors.failure.${failureKind(error) ?? 'other'}` satisfies VisitorsMessageId });

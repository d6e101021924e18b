import type { FieldErrors, FieldProblem, Visit, VisitField, VisitFields, VisitLists, VisitsError } from './visitorPasses.types';
import { toAppError } from '../../contracts/errors';

/** As the server's limits (server/routes/visits.ts). */
export const MAX_GUEST_NAME = 200;
export const MAX_VISIT_NOTE = 500;
export const VISIT_FIELDS: readonly VisitField[] = ['guest_name', 'guest_email', 'date', 'start_time', 'end_time', 'note'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const emptyFields = (): VisitFields => ({ guest_name: '', guest_email: '', date: '', start_time: '', end_time: '', note: '' });

/** The form prefilled with a visit (an edit). */
export const fieldsOf = (visit: Visit): VisitFields => ({
  guest_name: visit.guest_name,
  guest_email: visit.guest_email,
  date: visit.date,
  start_time: visit.start_time,
  end_time: visit.end_time,
  note: visit.note ?? '',
});

/** Whether a YYYY-MM-DD text names a real day. */
const realDay = (text: string) => {
  if (!DAY.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/** One field's problem, as the browser can tell it (the server has the last word: the building's clock and zone). */
export function fieldProblem(fields: VisitFields, field: VisitField, today: string): FieldProblem | null {
  const value = fields[field].trim();
  switch (field) {
    case 'guest_name':
      return !value ? 'required' : value.length > MAX_GUEST_NAME ? 'tooLong' : null;
    case 'guest_email':
      return !value ? 'required' : EMAIL.test(value) && value.length <= 254 ? null : 'invalidEmail';
    case 'date':
      return !value ? 'required' : !realDay(value) ? 'refused' : value < today ? 'inPast' : null;
    case 'start_time':
      return !value ? 'required' : TIME.test(value) ? null : 'refused';
    case 'end_time':
      if (!value) return 'required';
      if (!TIME.test(value)) return 'refused';
      return TIME.test(fields.start_time) && value <= fields.start_time ? 'endBeforeStart' : null;
    case 'note':
      return value.length > MAX_VISIT_NOTE ? 'tooLong' : null;
  }
}

/** Every field's problem. */
export const fieldErrors = (fields: VisitFields, today: string): FieldErrors =>
  Object.fromEntries(VISIT_FIELDS.map((f) => [f, fieldProblem(fields, f, today)]).filter(([, p]) => p !== null));

export const isValid = (fields: VisitFields, today: string) => Object.keys(fieldErrors(fields, today)).length === 0;

/** What a visit's edit changes (trimmed; an email compared without case), as the PATCH sends it. */
export function changesOf(visit: Visit, fields: VisitFields): Partial<VisitFields> {
  const now = trimmed(fields);
  const before = fieldsOf(visit);
  const changes: Partial<VisitFields> = {};
  for (const field of VISIT_FIELDS) {
    const same = field === 'guest_email' ? now[field].toLowerCase() === before[field].toLowerCase() : now[field] === before[field];
    if (!same) changes[field] = now[field];
  }
  return changes;
}

/** Whether an edit gives the guest a new pass (a new day, time or address), as the server decides it. */
export const givesNewPass = (visit: Visit, fields: VisitFields) => {
  const changes = changesOf(visit, fields);
  return ['date', 'start_time', 'end_time', 'guest_email'].some((f) => f in changes);
};

export const trimmed = (fields: VisitFields): VisitFields => ({
  guest_name: fields.guest_name.trim(),
  guest_email: fields.guest_email.trim(),
  date: fields.date.trim(),
  start_time: fields.start_time.trim(),
  end_time: fields.end_time.trim(),
  note: fields.note.trim(),
});

export const isUnauthorised = (error: unknown) => toAppError(error).status === 401;

/** The field a server's refusal is about, and how to say it; null when it is the whole form's. */
export function serverFieldOf(error: VisitsError): { field: VisitField; problem: FieldProblem } | null {
  switch (error.code) {
    case 'invalid_window':
      return { field: 'end_time', problem: 'endBeforeStart' };
    case 'visit_in_past':
      return { field: 'date', problem: 'inPast' };
    case 'too_far_ahead':
      return { field: 'date', problem: 'tooFarAhead' };
    case 'invalid_date':
      return { field: 'date', problem: 'refused' };
  }
  if (error.status !== 400) return null;
  // A schema refusal names the property: "Invalid request: body/guest_email must match format "email"".
  const named = VISIT_FIELDS.find((f) => new RegExp(`\\b${f}\\b`).test(error.message));
  if (!named) return null;
  const problem: FieldProblem = named === 'guest_email' ? 'invalidEmail' : named === 'note' ? 'tooLong' : 'refused';
  return { field: named, problem };
}

/** The lists with a visit put where it now belongs: upcoming (by start) while expected or arrived, else first in past. */
export function withVisit(lists: VisitLists, visit: Visit): VisitLists {
  const upcoming = lists.upcoming.filter((v) => v.uuid !== visit.uuid);
  const past = lists.past.filter((v) => v.uuid !== visit.uuid);
  if (visit.state === 'expected' || visit.state === 'arrived')
    return { upcoming: [...upcoming, visit].sort((a, b) => a.starts_at.localeCompare(b.starts_at)), past };
  return { upcoming, past: [visit, ...past] };
}

export const findVisit = (lists: VisitLists, uuid: string) => lists.upcoming.find((v) => v.uuid === uuid) ?? null;

/** Only an expected visit can be changed or cancelled (the server answers 409 for the others). */
export const isChangeable = (visit: Visit | null) => visit !== null && visit.state === 'expected';

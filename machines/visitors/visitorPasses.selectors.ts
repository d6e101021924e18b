import { fieldProblem, givesNewPass, serverFieldOf } from './visitorPasses.rules';
import type { FieldProblem, VisitField, VisitorPassesContext } from './visitorPasses.types';

type FormContext = Pick<VisitorPassesContext, 'fields' | 'touched' | 'today' | 'serverField' | 'editing'>;

/** A field's problem to show: the server's refusal of it, else the browser's once the person has left the field. */
export function shownProblem(context: FormContext, field: VisitField): FieldProblem | null {
  if (context.serverField?.field === field) return serverFieldOf(context.serverField.error)?.problem ?? 'refused';
  return context.touched[field] ? fieldProblem(context.fields, field, context.today) : null;
}

/** Whether the edit as typed gives the guest a new pass (the form says so before it is sent). */
export const editGivesNewPass = (context: FormContext) => context.editing !== null && givesNewPass(context.editing, context.fields);

/** What kind of whole-form or list failure to say: the view has a text for each. */
export type FailureKind = 'offline' | 'session' | 'notChangeable' | 'tooMany' | 'notFound' | 'other';

export function failureKind(error: { status: number; code?: string } | null): FailureKind | null {
  if (!error) return null;
  if (error.status === 0) return 'offline';
  if (error.status === 401 || error.status === 403) return 'session';
  if (error.status === 409) return 'notChangeable';
  if (error.status === 404) return 'notFound';
  if (error.status === 429) return 'tooMany';
  return 'other';
}

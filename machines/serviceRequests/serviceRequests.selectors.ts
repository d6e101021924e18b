import { answerProblem, formProblems } from './serviceRequests.rules';
import type { FormProblems, ServiceRequestField, ServiceRequestsContext } from './serviceRequests.types';

/** A create-form field's problem to show: only once the person has left it. */
export const shownAnswerProblem = (context: Pick<ServiceRequestsContext, 'answers' | 'touched'>, field: ServiceRequestField) =>
  context.touched[field.name] ? answerProblem(field, context.answers[field.name]) : null;

/** What a request is about in one line: its category and location when the form has them, else its first answer. */
export function requestTitle(answers: Record<string, string>): string {
  const parts = [answers.category, answers.location].filter(Boolean);
  return parts.length ? parts.join(' · ') : (Object.values(answers)[0] ?? '');
}

/** What the submit's summary names: the labels of the fields still missing and of those to correct, in the form's order. */
export const submitProblems = (context: Pick<ServiceRequestsContext, 'form' | 'answers'>): { missing: string[]; invalid: string[] } => {
  const { missing, invalid }: FormProblems = formProblems(context.form, context.answers);
  return { missing: missing.map((f) => f.label), invalid: invalid.map((f) => f.label) };
};

/** Two summaries name the same fields (the view re-renders only when they change). */
export const sameProblems = (a: { missing: string[]; invalid: string[] }, b: { missing: string[]; invalid: string[] }) =>
  a.missing.join('\n') === b.missing.join('\n') && a.invalid.join('\n') === b.invalid.join('\n');

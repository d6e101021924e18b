import { answerProblem } from './serviceRequests.rules';
import type { ServiceRequestField, ServiceRequestsContext } from './serviceRequests.types';

/** A create-form field's problem to show: only once the person has left it. */
export const shownAnswerProblem = (context: Pick<ServiceRequestsContext, 'answers' | 'touched'>, field: ServiceRequestField) =>
  context.touched[field.name] ? answerProblem(field, context.answers[field.name]) : null;

/** What a request is about in one line: its category and location when the form has them, else its first answer. */
export function requestTitle(answers: Record<string, string>): string {
  const parts = [answers.category, answers.location].filter(Boolean);
  return parts.length ? parts.join(' · ') : (Object.values(answers)[0] ?? '');
}

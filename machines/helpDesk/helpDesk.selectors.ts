import { fieldProblem } from './helpDesk.rules';
import type { HelpDeskContext, HelpDeskField } from './helpDesk.types';

/** A field's problem to show: only once the person has left the field. */
export const shownProblem = (context: Pick<HelpDeskContext, 'fields' | 'touched'>, field: HelpDeskField) =>
  context.touched[field] ? fieldProblem(context.fields, field) : null;

/** The server's own words for a refused request (which file, which limit), for a 4xx other than a sign-in problem. */
export const serverReason = (context: Pick<HelpDeskContext, 'error'>) =>
  context.error && context.error.status >= 400 && context.error.status < 500 && context.error.status !== 401 && context.error.message
    ? context.error.message
    : null;

/** A file's size as people read it: KB under a megabyte, MB with one decimal above. */
export const readableSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

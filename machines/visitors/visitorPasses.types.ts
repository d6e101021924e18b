import type { paths } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

/**
 * The visitor passes mini-app (issue 23): a tenant invites guests, sees their visits and edits or cancels one. The
 * shapes are the visits API's (server/routes/visits.ts); the mini-app reaches it with its bridge token.
 */

type VisitsAnswer = paths['/tenant/v1/visits']['get']['responses'][200]['content']['application/json']['data'];

/** The person's visits as the visits API answers them: upcoming (by start) and past (newest first). */
export type VisitLists = VisitsAnswer;
/** A visit as the visits API answers it (its day and times are the building's). */
export type Visit = VisitsAnswer['upcoming'][number];
export type VisitState = Visit['state'];

/** The form's fields, as typed. */
export interface VisitFields {
  guest_name: string;
  guest_email: string;
  date: string;
  start_time: string;
  end_time: string;
  note: string;
}
export type VisitField = keyof VisitFields;

/** Why a field is refused (the view says it in the person's language). */
export type FieldProblem = 'required' | 'invalidEmail' | 'inPast' | 'endBeforeStart' | 'tooLong' | 'tooFarAhead' | 'refused';
export type FieldErrors = Partial<Record<VisitField, FieldProblem>>;

/** A failed call, as the mini-app's API layer reports it (the server's `{statusCode, message, code}`). */
export type VisitsError = AppError;

/** The host's theme (getTheme, themeChanged). */
export interface HostTheme {
  primary_color: string;
  secondary_color: string;
  primary_font_color: string | null;
  font: string | null;
  color_scheme: 'light' | 'dark';
}

/** What the bridge said once connected: the host's language and theme. */
export interface HostFacts {
  locale: string;
  theme: HostTheme | null;
}

/** One call to the visits API, with the token it goes with. */
export type VisitsRequest =
  | { kind: 'list' }
  | { kind: 'create'; visit: VisitFields }
  | { kind: 'update'; uuid: string; changes: Partial<VisitFields> }
  | { kind: 'cancel'; uuid: string };

export interface VisitsCall {
  token: string;
  request: VisitsRequest;
}

export interface VisitorPassesInput {
  /** The mini-app's registered uuid (the frame's `appUuid`). */
  appUuid: string;
  /** The host's language as the frame's address told it, until the bridge says. */
  locale: string;
  /** Today, YYYY-MM-DD (the composition root's clock): a visit cannot be on an earlier day. */
  today: string;
}

/** What the confirmation says. */
export interface Confirmation {
  kind: 'invited' | 'updated' | 'updatedNewPass';
  visit: Visit;
}

export interface VisitorPassesContext {
  appUuid: string;
  locale: string;
  theme: HostTheme | null;
  today: string;
  token: string | null;
  /** Whether the current call was already retried once with a new token (after a 401). */
  renewed: boolean;
  visits: VisitLists;
  /** The visit being edited (null: a new invitation). */
  editing: Visit | null;
  fields: VisitFields;
  /** Fields the person has left, or all of them after a refused submit: their errors show. */
  touched: Partial<Record<VisitField, boolean>>;
  /** The server's refusal of one field (shown under it until that field changes). */
  serverField: { field: VisitField; error: VisitsError } | null;
  /** The last failure that is not one field's: the list's load, the form's submit, a cancellation. */
  error: VisitsError | null;
  /** The visit asked to be cancelled. */
  cancelling: Visit | null;
  confirmation: Confirmation | null;
}

export type VisitorPassesEvent =
  | { type: 'user.retry' }
  | { type: 'user.invite' }
  | { type: 'user.edit'; uuid: string }
  | { type: 'user.change'; field: VisitField; value: string }
  | { type: 'user.blur'; field: VisitField }
  | { type: 'user.submit' }
  | { type: 'user.back' }
  | { type: 'user.done' }
  | { type: 'user.cancelVisit'; uuid: string }
  | { type: 'user.keep' }
  | { type: 'user.confirmCancel' }
  | { type: 'host.languageChanged'; locale: string }
  | { type: 'host.themeChanged'; theme: HostTheme }
  | { type: 'host.buildingChanged' }
  | { type: 'host.kioskReset' };

export type VisitorPassesTag =
  'connecting' | 'unavailable' | 'loading' | 'loadFailed' | 'list' | 'confirmCancel' | 'cancelling' | 'form' | 'saving' | 'done';

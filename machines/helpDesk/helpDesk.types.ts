import type { HelpDeskNature } from '../../contracts/helpDesk';

/**
 * A file the person chose: the browser's File satisfies it. The machine keeps it as it was chosen (the API layer
 * sends it), and reads only its name, size and type.
 */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** Why a chosen file was not attached. */
export type FileRefusal = 'tooMany' | 'tooLarge' | 'wrongType' | 'empty';

export interface RefusedFile {
  name: string;
  reason: FileRefusal;
}

/** The form's text fields. `nature` is '' until one is chosen. */
export interface HelpDeskFields {
  nature: HelpDeskNature | '';
  subject: string;
  description: string;
}

export type HelpDeskField = keyof HelpDeskFields;

/** What the person asked for help about and who they are, as the form starts. */
export interface HelpDeskInput {
  /** The building the request is about (the current one), or null. */
  buildingUuid: string | null;
  /** A subject to start from (the amenity the request is about). */
  subject?: string;
  /** A nature to start from (an amenity: the building). */
  nature?: HelpDeskNature;
  /** The signed-in person, sent with the request so the help desk can answer. */
  requester: { name: string; email: string; companyName: string | null } | null;
}

/** What the submit call sends (the device fields are added by the app's adapter, not here). */
export interface HelpDeskRequest {
  nature: HelpDeskNature;
  subject: string;
  description: string;
  files: ChosenFile[];
  buildingUuid: string | null;
  requester: HelpDeskInput['requester'];
}

/** A failed call as the API client reports it. */
export interface HelpDeskError {
  status: number;
  message: string;
  code?: string;
}

export interface HelpDeskContext extends Omit<HelpDeskInput, 'subject' | 'nature'> {
  fields: HelpDeskFields;
  /** The fields the person has left (or tried to submit past): their "required" errors may show. */
  touched: Partial<Record<HelpDeskField, boolean>>;
  files: ChosenFile[];
  /** The files of the last choice that were not attached, and why. */
  refused: RefusedFile[];
  /** The last submit's failure; kept while the error dialog shows and after it (the form says so). */
  error: HelpDeskError | null;
}

export type HelpDeskEvent =
  | { type: 'user.change'; field: 'nature'; value: HelpDeskNature | '' }
  | { type: 'user.change'; field: 'subject' | 'description'; value: string }
  | { type: 'user.blur'; field: HelpDeskField }
  | { type: 'user.addFiles'; files: readonly ChosenFile[] }
  | { type: 'user.removeFile'; index: number }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.confirmCancel' }
  | { type: 'user.keepEditing' }
  | { type: 'user.retry' }
  | { type: 'user.dismiss' }
  | { type: 'user.done' };

export type HelpDeskTag = 'editing' | 'confirmCancel' | 'submitting' | 'success' | 'failure' | 'closed';

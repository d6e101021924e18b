import type { HelpDeskCategory, HelpDeskIssueType, HelpDeskNature } from '../../contracts/helpDesk';
import type { AppError } from '../../contracts/errors';

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

/** The form's text fields. `nature` (the issue type: a nature, or the portfolio's category) is '' until one is chosen. */
export interface HelpDeskFields {
  nature: HelpDeskIssueType | '';
  subject: string;
  description: string;
}

export type HelpDeskField = keyof HelpDeskFields;

/** The building a request is about, as a support request names it (access document, section 3: Building). */
export interface HelpDeskBuilding {
  name: string;
  portfolioUuid: string;
  assetUuid: string;
}

/** What the form needs of the building's portfolio (`GET /admin/v1/portfolios/{id}`): the categories it uses, if any. */
export interface HelpDeskPortfolio {
  help_desk_categories: readonly HelpDeskCategory[] | null;
}

/** What the person asked for help about and who they are, as the form starts. */
export interface HelpDeskInput {
  /** The building the request is about (the current one), or null. */
  buildingUuid: string | null;
  /** That building's name, portfolio and asset; its portfolio says natures or categories. Null: the natures. */
  building?: HelpDeskBuilding | null;
  /**
   * The app runs inside a host's navigation (a native app's web view, or a host frame): ending the form closes that
   * navigation instead of going home (content document, section 4).
   */
  inHostNavigation?: boolean;
  /** A subject to start from (the amenity the request is about). */
  subject?: string;
  /** A nature to start from (an amenity: the building); dropped when the portfolio uses categories. */
  nature?: HelpDeskNature;
  /** The signed-in person, sent with the request so the help desk can answer. */
  requester: { name: string; email: string; companyName: string | null } | null;
}

/** What the submit call sends (the device fields are added by the app's adapter, not here). */
export interface HelpDeskRequest {
  nature: HelpDeskIssueType;
  subject: string;
  description: string;
  files: ChosenFile[];
  buildingUuid: string | null;
  /** The building's asset and portfolio; its name only for the portfolio that uses categories (content document, section 3). */
  assetUuid: string | null;
  portfolioUuid: string | null;
  buildingName: string | null;
  requester: HelpDeskInput['requester'];
}

/** A failed call as the API client reports it. */
export type HelpDeskError = AppError;

export interface HelpDeskContext extends Omit<HelpDeskInput, 'subject' | 'nature' | 'building' | 'inHostNavigation'> {
  building: HelpDeskBuilding | null;
  inHostNavigation: boolean;
  /** What the nature field offers: the natures, or the categories of the building's portfolio once it is read. */
  issueTypes: readonly HelpDeskIssueType[];
  /** The portfolio uses categories instead of natures. */
  usesCategories: boolean;
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
  | { type: 'user.change'; field: 'nature'; value: HelpDeskIssueType | '' }
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

export type HelpDeskTag = 'preparing' | 'unprepared' | 'editing' | 'confirmCancel' | 'submitting' | 'success' | 'failure' | 'closed';

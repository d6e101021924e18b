import type { paths } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

type ListAnswer = paths['/service-request/buildings/{id}/requests']['get']['responses'][200]['content']['application/json'];
type MetadataAnswer = paths['/service-request/buildings/{id}/metadata']['get']['responses'][200]['content']['application/json'];

/** A service request as the list, the create and the update answer it (content document, section 3). */
export type ServiceRequest = ListAnswer['data'][number];
/** The statuses of the specification: Pending, Submitted, Denied_Available, Denied_Unavailable, Denied, Accepted, Canceled. */
export type ServiceRequestStatus = ServiceRequest['status'];
/** The create form as the metadata call answers it: its fields (required ones, options) and the statuses. */
export type ServiceRequestForm = MetadataAnswer['data'];
export type ServiceRequestField = ServiceRequestForm['fields'][number];

/** The answers typed into the create form, by field name. */
export type ServiceRequestAnswers = Record<string, string>;

/**
 * A photo the person chose (or took with the phone's camera): the browser's File satisfies it. The machine keeps it as
 * it was chosen (the API layer sends it), and reads only its name, size and type.
 */
export interface ChosenPhoto {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** Why a chosen file was not attached: no photo, empty, over the size limit, or one too many. */
export type PhotoRefusal = 'notAPhoto' | 'empty' | 'tooLarge' | 'tooMany';

export interface RefusedPhoto {
  name: string;
  reason: PhotoRefusal;
}

/** What keeps the form from being sent, field by field (the submit's summary names them). */
export interface FormProblems {
  /** Required fields left empty. */
  missing: ServiceRequestField[];
  /** Fields whose answer is not one the form takes (an option, a length, a date). */
  invalid: ServiceRequestField[];
}

/** A failed call as the API client reports it. */
export type ServiceRequestError = AppError;

export interface ServiceRequestsInput {
  buildingUuid: string;
  /** The `service-requests` flag: off, the screen does not exist and the person goes home. */
  enabled: boolean;
}

export interface ServiceRequestsContext extends ServiceRequestsInput {
  requests: ServiceRequest[];
  form: ServiceRequestForm | null;
  /** The create form's answers, and the fields the person has left (their "required" errors may show). */
  answers: ServiceRequestAnswers;
  touched: Record<string, boolean>;
  /** The photos attached to the new request, and the files of the last choice that were not, with why. */
  photos: ChosenPhoto[];
  refused: RefusedPhoto[];
  /** The status change the person asked for, while it is confirmed and sent. */
  pending: { id: string; status: ServiceRequestStatus } | null;
  /** The load's failure, or the last create's (shown in the form). */
  error: ServiceRequestError | null;
}

export type ServiceRequestsEvent =
  | { type: 'user.retry' }
  | { type: 'user.openCreate' }
  | { type: 'user.closeCreate' }
  | { type: 'user.change'; name: string; value: string }
  | { type: 'user.blur'; name: string }
  | { type: 'user.addPhotos'; photos: readonly ChosenPhoto[] }
  | { type: 'user.removePhoto'; index: number }
  | { type: 'user.submit' }
  | { type: 'user.changeStatus'; id: string; status: ServiceRequestStatus }
  | { type: 'user.confirmStatus' }
  | { type: 'user.keepStatus' };

export type ServiceRequestsTag = 'loading' | 'failed' | 'ready' | 'off' | 'creating' | 'submitting' | 'confirmStatus' | 'updating';

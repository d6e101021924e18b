import { looksLikePhoto, MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../contracts/serviceRequests';
import type {
  ChosenPhoto,
  FormProblems,
  RefusedPhoto,
  ServiceRequest,
  ServiceRequestAnswers,
  ServiceRequestField,
  ServiceRequestForm,
  ServiceRequestStatus,
} from './serviceRequests.types';

/**
 * Service-request rules (content document, sections 3 and 4; decisions 057 and 111): the create form checked as the
 * server checks it (its metadata), the status changes a tenant may make, and how the list changes.
 */

/** The statuses of the specification, in its order. */
export const SERVICE_REQUEST_STATUSES: readonly ServiceRequestStatus[] = [
  'Pending',
  'Submitted',
  'Denied_Available',
  'Denied_Unavailable',
  'Denied',
  'Accepted',
  'Canceled',
];

/** A tenant may move their own Pending or Submitted request to Canceled; every other change is the staff's. */
const TENANT_CHANGES: Partial<Record<ServiceRequestStatus, readonly ServiceRequestStatus[]>> = {
  Pending: ['Canceled'],
  Submitted: ['Canceled'],
};

/** The statuses the person may move a request to (none once it is decided or canceled). */
export const nextStatuses = (request: Pick<ServiceRequest, 'status'>): readonly ServiceRequestStatus[] => TENANT_CHANGES[request.status] ?? [];

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why an answer keeps the form from being sent, or null: the metadata's rules (required, options, length, date). */
export function answerProblem(
  field: ServiceRequestField,
  value: string | undefined,
): 'required' | 'invalidOption' | 'tooLong' | 'invalidDate' | null {
  const text = (value ?? '').trim();
  if (!text) return field.required ? 'required' : null;
  if (field.options && !field.options.some((o) => o.value === text)) return 'invalidOption';
  if (field.maxLength && text.length > field.maxLength) return 'tooLong';
  if (field.type === 'date') {
    const match = isoDate.exec(text);
    const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (!day || day.toISOString().slice(0, 10) !== text) return 'invalidDate';
  }
  return null;
}

/** The form can be sent when every field's answer passes. */
export const isFormValid = (form: ServiceRequestForm | null, answers: ServiceRequestAnswers) =>
  !!form && form.fields.every((field) => answerProblem(field, answers[field.name]) === null);

/** What keeps the form from being sent, in the form's order: the required fields left empty, the answers it does not take. */
export function formProblems(form: ServiceRequestForm | null, answers: ServiceRequestAnswers): FormProblems {
  const problems: FormProblems = { missing: [], invalid: [] };
  for (const field of form?.fields ?? []) {
    const problem = answerProblem(field, answers[field.name]);
    if (problem === 'required') problems.missing.push(field);
    else if (problem) problems.invalid.push(field);
  }
  return problems;
}

/** The answers a new form starts with: each field's default, where the metadata gives one (priority: Normal). */
export function startingAnswers(form: ServiceRequestForm | null): ServiceRequestAnswers {
  const answers: ServiceRequestAnswers = {};
  for (const field of form?.fields ?? []) if (field.default) answers[field.name] = field.default;
  return answers;
}

/**
 * Adds a choice of files to the attached photos: each photo (by the type the browser gives, else the name) that is
 * not empty and within the size is attached while there is room; the others are refused with their reason. A photo
 * already attached (same name and size) is not added twice. The server decides again, by the content.
 */
export function takePhotos(attached: readonly ChosenPhoto[], chosen: readonly ChosenPhoto[]): { photos: ChosenPhoto[]; refused: RefusedPhoto[] } {
  const photos = [...attached];
  const refused: RefusedPhoto[] = [];
  for (const file of chosen) {
    if (photos.some((p) => p.name === file.name && p.size === file.size)) continue;
    if (!looksLikePhoto(file)) refused.push({ name: file.name, reason: 'notAPhoto' });
    else if (file.size === 0) refused.push({ name: file.name, reason: 'empty' });
    else if (file.size > MAX_PHOTO_BYTES) refused.push({ name: file.name, reason: 'tooLarge' });
    else if (photos.length >= MAX_PHOTOS) refused.push({ name: file.name, reason: 'tooMany' });
    else photos.push(file);
  }
  return { photos, refused };
}

/** The create body: the trimmed answers of the form's fields, without the empty optional ones. */
export function answersToSend(form: ServiceRequestForm, answers: ServiceRequestAnswers): ServiceRequestAnswers {
  const body: ServiceRequestAnswers = {};
  for (const field of form.fields) {
    const text = (answers[field.name] ?? '').trim();
    if (text) body[field.name] = text;
  }
  return body;
}

/** Creating appends the new request to the list (content document, section 3). */
export const appendRequest = (requests: readonly ServiceRequest[], created: ServiceRequest) => [
  ...requests.filter((r) => r.id !== created.id),
  created,
];

/** Updating replaces the item with the same id. */
export const replaceRequest = (requests: readonly ServiceRequest[], updated: ServiceRequest) =>
  requests.map((r) => (r.id === updated.id ? updated : r));

/** The list as it shows: newest first (the store keeps the specification's order: created ones appended). */
export const newestFirst = (requests: readonly ServiceRequest[]) =>
  requests.toSorted((a, b) => (a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? 1 : -1));

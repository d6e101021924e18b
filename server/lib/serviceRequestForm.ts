import { httpError } from './errors.js';

/**
 * The service-request create form (content document, sections 3 and 7: "metadata"): its fields, which are required,
 * the options of the selects and the lengths. The server answers it as the form's metadata and checks every create
 * against it (decision 057), so the app and the server cannot disagree about what a valid request is.
 */

export const SERVICE_REQUEST_STATUSES = ['Pending', 'Submitted', 'Denied_Available', 'Denied_Unavailable', 'Denied', 'Accepted', 'Canceled'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** The statuses a tenant may still cancel from; every other change is the building staff's (decision 057). */
export const CANCELABLE_STATUSES: readonly ServiceRequestStatus[] = ['Pending', 'Submitted'];

export type FieldType = 'text' | 'textarea' | 'select' | 'date';

export type FormField = {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  options?: { value: string; label: string }[];
  maxLength?: number;
  placeholder?: string;
  /** The answer the form starts with, and the one a create without an answer gets. */
  default?: string;
};

const choices = (...values: string[]) => values.map((value) => ({ value, label: value }));

export const SERVICE_REQUEST_FIELDS: FormField[] = [
  {
    name: 'category',
    label: 'Category',
    type: 'select',
    required: true,
    options: choices('HVAC', 'Cleaning', 'Electrical', 'Plumbing', 'Security', 'Other'),
  },
  { name: 'location', label: 'Location or floor', type: 'text', required: true, maxLength: 120, placeholder: 'e.g. Floor 12, kitchen' },
  // Most requests are neither urgent nor idle: the form starts at Normal (issue 26), and a create without one gets it.
  { name: 'priority', label: 'Priority', type: 'select', required: true, options: choices('Low', 'Normal', 'High', 'Urgent'), default: 'Normal' },
  { name: 'description', label: 'Description', type: 'textarea', required: true, maxLength: 2000 },
  { name: 'preferred_date', label: 'Preferred date', type: 'date', required: false },
];

export type ServiceRequestAnswers = Record<string, string>;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A create body checked against the form: no field the form does not have, every required field given (not blank;
 * a field with a default takes it when left out),
 * a select's value one of its options, text within its length, a date a real YYYY-MM-DD day from yesterday (time
 * zones) to a year ahead. Answers the trimmed answers, without the empty optional ones; a 400 naming the field otherwise.
 */
export function checkAnswers(body: Record<string, unknown>, now: Date, fields: FormField[] = SERVICE_REQUEST_FIELDS): ServiceRequestAnswers {
  const known = new Map(fields.map((f) => [f.name, f]));
  for (const name of Object.keys(body)) {
    if (!known.has(name))
      throw httpError(400, `Unknown field "${name}". The form's fields are: ${fields.map((f) => f.name).join(', ')}`, 'unknown_field');
  }
  const answers: ServiceRequestAnswers = {};
  for (const field of fields) {
    const given = body[field.name];
    const typed = typeof given === 'string' ? given.trim() : given === null || given === undefined ? '' : null;
    if (typed === null) throw httpError(400, `${field.label} must be text`, 'invalid_field');
    const value = typed || field.default || '';
    if (!value) {
      if (field.required) throw httpError(400, `${field.label} is required`, 'missing_field');
      continue;
    }
    if (field.options && !field.options.some((o) => o.value === value))
      throw httpError(400, `${field.label} must be one of: ${field.options.map((o) => o.value).join(', ')}`, 'invalid_option');
    if (field.maxLength && value.length > field.maxLength)
      throw httpError(400, `${field.label} must be at most ${field.maxLength} characters`, 'field_too_long');
    if (field.type === 'date') {
      const match = isoDate.exec(value);
      const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
      if (!day || day.toISOString().slice(0, 10) !== value) throw httpError(400, `${field.label} must be a date as YYYY-MM-DD`, 'invalid_date');
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      if (day.getTime() < today - DAY_MS || day.getTime() > today + 366 * DAY_MS)
        throw httpError(400, `${field.label} must be between today and a year from now`, 'date_out_of_range');
    }
    answers[field.name] = value;
  }
  return answers;
}

import { hasAllowedExtension, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MAX_DESCRIPTION_LENGTH, MAX_SUBJECT_LENGTH } from '../../contracts/helpDesk';
import type { ChosenFile, HelpDeskField, HelpDeskFields, RefusedFile } from './helpDesk.types';

/**
 * The help-desk form's rules (content document, section 5): nature, subject and description required; up to five
 * attachments of the allowed types, 5 MB each (decision 058). The server checks them again, and the type by content.
 */

/** Why a field keeps the form from being sent, or null. */
export function fieldProblem(fields: HelpDeskFields, field: HelpDeskField): 'required' | 'tooLong' | null {
  const value = fields[field].trim();
  if (!value) return 'required';
  if (field === 'subject' && value.length > MAX_SUBJECT_LENGTH) return 'tooLong';
  if (field === 'description' && value.length > MAX_DESCRIPTION_LENGTH) return 'tooLong';
  return null;
}

export const HELP_DESK_FIELDS: readonly HelpDeskField[] = ['nature', 'subject', 'description'];

/** Submit is possible only with every required field filled (and within its length). */
export const isFormComplete = (fields: HelpDeskFields) => HELP_DESK_FIELDS.every((field) => fieldProblem(fields, field) === null);

/** Whether anything has been typed or chosen (cancelling then asks first). */
export const hasInput = (fields: HelpDeskFields, files: readonly ChosenFile[], start: HelpDeskFields) =>
  files.length > 0 || HELP_DESK_FIELDS.some((field) => fields[field].trim() !== start[field].trim());

/**
 * Adds a choice of files to the attached ones: each file of an allowed type and size is attached while there is
 * room; the others are refused with their reason. A file already attached (same name and size) is not added twice.
 */
export function takeFiles(attached: readonly ChosenFile[], chosen: readonly ChosenFile[]): { files: ChosenFile[]; refused: RefusedFile[] } {
  const files = [...attached];
  const refused: RefusedFile[] = [];
  for (const file of chosen) {
    if (files.some((f) => f.name === file.name && f.size === file.size)) continue;
    if (!hasAllowedExtension(file.name)) refused.push({ name: file.name, reason: 'wrongType' });
    else if (file.size === 0) refused.push({ name: file.name, reason: 'empty' });
    else if (file.size > MAX_ATTACHMENT_BYTES) refused.push({ name: file.name, reason: 'tooLarge' });
    else if (files.length >= MAX_ATTACHMENTS) refused.push({ name: file.name, reason: 'tooMany' });
    else files.push(file);
  }
  return { files, refused };
}

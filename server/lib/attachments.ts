import { fileTypeFromBuffer } from 'file-type';
import { httpError } from './errors.js';
import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, extensionOf } from '../../contracts/helpDesk.js';

/**
 * Help-desk attachments (content document, section 5; decision 058): at most 5 files, each at most 5 MB, of the
 * listed types. The type is read from the file's content (file-type's magic numbers, and for docx and xlsx the zip's
 * content types), and must agree with the name's extension: an executable renamed `.pdf` is refused, and so is a PNG
 * named `.pdf`. Old Word files (.doc) are Compound File Binary containers, which file-type reports as `cfb`
 * without telling Word from Excel or Outlook: a CFB file is taken only under a `.doc` name.
 */
export { MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES };

/** Extension of the name → the types file-type may find in the content. */
const ALLOWED: Record<(typeof ATTACHMENT_EXTENSIONS)[number], string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  doc: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  mov: ['mov'],
  mpg: ['mpg'],
};

const MIME_OF_CFB_DOC = 'application/msword';

export const ALLOWED_EXTENSIONS = Object.keys(ALLOWED);

export type Attachment = { filename: string; mimeType: string; size: number; content: Buffer };

/** A file's name as it may be shown and mailed: no folders, no control characters, at most 200 characters. */
export function cleanFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-200) || 'attachment';
}

/** The attachment with the type found in its content; a 415 naming the file when it is not an allowed type. */
export async function checkedAttachment(filename: string, content: Buffer): Promise<Attachment> {
  const name = cleanFilename(filename);
  const extension = extensionOf(name);
  const accepted = (ALLOWED as Record<string, string[] | undefined>)[extension];
  const refuse = (why: string) => httpError(415, `"${name}" ${why}. Allowed types: ${ALLOWED_EXTENSIONS.join(', ')}`, 'unsupported_file_type');
  if (!accepted) throw refuse('is not an allowed type');
  if (content.length === 0) throw httpError(400, `"${name}" is empty`, 'empty_file');
  const found = await fileTypeFromBuffer(content);
  if (!found || !accepted.includes(found.ext))
    throw refuse(`is not a ${extension} file (its content ${found ? `is ${found.ext}` : 'is of no known type'})`);
  return { filename: name, mimeType: found.ext === 'cfb' ? MIME_OF_CFB_DOC : found.mime, size: content.length, content };
}

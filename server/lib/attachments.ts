import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { httpError } from './errors.js';
import type { AttachmentStorage } from './attachmentStorage.js';
import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, extensionOf } from '../../contracts/helpDesk.js';

/**
 * Help-desk attachments (content document, section 5; decision 058): at most 5 files, each at most 5 MB, of the
 * listed types. The type is read from the file's content (file-type's magic numbers, and for docx and xlsx the zip's
 * content types), and must agree with the name's extension: an executable renamed `.pdf` is refused, and so is a PNG
 * named `.pdf`. Old Word files (.doc) are Compound File Binary containers, which file-type reports as `cfb`
 * without telling Word from Excel or Outlook: a CFB file is taken only under a `.doc` name.
 *
 * A file is streamed to disk as it arrives (decision 156-streamed-attachments): its name is checked before a byte is
 * read, its type on its first bytes, its size and SHA-256 as the bytes pass; a refusal stops it there and removes what
 * was written.
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

/** A received file: its bytes are in the attachment storage under `key`. */
export type Attachment = { filename: string; mimeType: string; size: number; sha256: string; key: string };

/**
 * The bytes whose type decides a file's when the file is longer (file-type's own sample size): enough for every
 * allowed type's magic numbers, and for a docx or xlsx whose content types come first in the zip, as Office writes
 * them. A zip whose content types come later, or a sample of no known type, is decided again on the whole file.
 */
export const SNIFF_BYTES = 4100;

/** A file's name as it may be shown and mailed: no folders, no control characters, at most 200 characters. */
export function cleanFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-200) || 'attachment';
}

const refusal = (name: string, why: string) =>
  httpError(415, `"${name}" ${why}. Allowed types: ${ALLOWED_EXTENSIONS.join(', ')}`, 'unsupported_file_type');

export const fileTooLarge = () => httpError(413, `Each file must be at most ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB`, 'file_too_large');

/** The file's MIME type when `found` is one the name's extension takes, else a 415 naming the file. */
function typeFor(name: string, extension: string, accepted: string[], found: { ext: string; mime: string } | undefined): string {
  if (!found || !accepted.includes(found.ext))
    throw refusal(name, `is not a ${extension} file (its content ${found ? `is ${found.ext}` : 'is of no known type'})`);
  return found.ext === 'cfb' ? MIME_OF_CFB_DOC : found.mime;
}

/**
 * Passes a file's bytes on while it counts them, hashes them and types the first SNIFF_BYTES: a type the name does not
 * take fails the stream there, before the rest is read. `mimeType` is left undefined when the sample could not decide.
 */
class Inspection extends Transform {
  size = 0;
  mimeType: string | undefined;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;

  constructor(
    private readonly name: string,
    private readonly extension: string,
    private readonly accepted: string[],
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.sniffed) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done(null, chunk);
    this.sniff(false).then(() => done(null, chunk), done);
  }

  override _flush(done: TransformCallback) {
    if (this.size === 0) return done(httpError(400, `"${this.name}" is empty`, 'empty_file'));
    if (this.sniffed) return done();
    this.sniff(true).then(() => done(), done);
  }

  /** Types the sample; `whole` when it is the whole file, which then decides in every case. */
  private async sniff(whole: boolean) {
    this.sniffed = true;
    const found = await fileTypeFromBuffer(Buffer.concat(this.head).subarray(0, SNIFF_BYTES));
    this.head = [];
    if (whole || (found && found.ext !== 'zip')) this.mimeType = typeFor(this.name, this.extension, this.accepted, found);
  }

  sha256() {
    return this.hash.digest('hex');
  }
}

/**
 * Receives one file of the form into `storage`: a name of a type not taken is refused before a byte is read (415),
 * the content's type on the first bytes (415), an empty file (400), a file cut at the size limit (413). On any refusal
 * or failure nothing of it stays on disk.
 */
export async function receiveAttachment(storage: AttachmentStorage, filename: string, file: Readable & { truncated?: boolean }): Promise<Attachment> {
  const name = cleanFilename(filename);
  const extension = extensionOf(name);
  const accepted = (ALLOWED as Record<string, string[] | undefined>)[extension];
  if (!accepted) throw refusal(name, 'is not an allowed type');
  const inspection = new Inspection(name, extension, accepted);
  const key = await storage.write(file, inspection);
  try {
    // The multipart parser stops a file at the limit and marks it cut.
    if (file.truncated) throw fileTooLarge();
    const mimeType = inspection.mimeType ?? typeFor(name, extension, accepted, await fileTypeFromFile(storage.pathOf(key)));
    return { filename: name, mimeType, size: inspection.size, sha256: inspection.sha256(), key };
  } catch (error) {
    await storage.remove([key]);
    throw error;
  }
}

import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { httpError, HttpError } from './errors.js';
import type { AttachmentStorage } from './attachmentStorage.js';
import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, extensionOf } from '../../contracts/helpDesk.js';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../../contracts/serviceRequests.js';

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

declare module 'fastify' {
  interface FastifyRequest {
    /** A form's files (help-desk attachments, a service request's photos), received into the attachment storage and checked before the route's body schema runs. */
    attachments?: Attachment[];
    /** Set once the record that holds the attachments is committed: from then on their files stay. */
    attachmentsKept?: boolean;
  }
}

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
export function cleanFilename(name: string, fallback = 'attachment'): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-200) || fallback;
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

/** The type file-type found in a file's content (undefined: none it knows). */
type Found = { ext: string; mime: string } | undefined;
/** Decides a file's MIME type from what its content is, or throws the refusal (a 415 naming the file). */
type Decide = (found: Found) => string;

/**
 * Passes a file's bytes on while it counts them, hashes them and types the first SNIFF_BYTES: a type `decide` refuses
 * fails the stream there, before the rest is read. `mimeType` is left undefined when the sample could not decide.
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
    private readonly decide: Decide,
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
    if (whole || (found && found.ext !== 'zip')) this.mimeType = this.decide(found);
  }

  sha256() {
    return this.hash.digest('hex');
  }
}

/**
 * Streams one file into `storage`, checked on the way by `decide` (its type, on the first bytes, else on the whole
 * file), emptiness (400) and the multipart parser's size cut (`tooLarge`, a 413). On any refusal or failure nothing
 * of it stays on disk.
 */
async function receive(
  storage: AttachmentStorage,
  name: string,
  file: Readable & { truncated?: boolean },
  decide: Decide,
  tooLarge: () => Error,
): Promise<Attachment> {
  const inspection = new Inspection(name, decide);
  const key = await storage.write(file, inspection);
  try {
    // The multipart parser stops a file at the limit and marks it cut.
    if (file.truncated) throw tooLarge();
    const mimeType = inspection.mimeType ?? decide(await fileTypeFromFile(storage.pathOf(key)));
    return { filename: name, mimeType, size: inspection.size, sha256: inspection.sha256(), key };
  } catch (error) {
    await storage.remove([key]);
    throw error;
  }
}

/**
 * Receives one file of the help-desk form into `storage`: a name of a type not taken is refused before a byte is read
 * (415), the content's type on the first bytes (415), an empty file (400), a file cut at the size limit (413).
 */
export async function receiveAttachment(storage: AttachmentStorage, filename: string, file: Readable & { truncated?: boolean }): Promise<Attachment> {
  const name = cleanFilename(filename);
  const extension = extensionOf(name);
  const accepted = (ALLOWED as Record<string, string[] | undefined>)[extension];
  if (!accepted) throw refusal(name, 'is not an allowed type');
  return receive(storage, name, file, (found) => typeFor(name, extension, accepted, found), fileTooLarge);
}

/** The photo kinds by the names people know them by, for the refusal's text. */
const PHOTO_KINDS = 'JPEG, PNG, WebP or HEIC';

export const photoTooLarge = () => httpError(413, `Each photo must be at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB`, 'photo_too_large');

/**
 * A service request's photo (issue 26; decision NEXT-service-request-photos): its type is what its content is, and
 * only a still image is taken (JPEG, PNG, WebP, HEIC or HEIF). The name plays no part: a phone's camera names its
 * pictures as it likes, and a text renamed `.jpg` is still text (415). The name is kept, cleaned, to be shown.
 */
export async function receivePhoto(storage: AttachmentStorage, filename: string, file: Readable & { truncated?: boolean }): Promise<Attachment> {
  const name = cleanFilename(filename, 'photo');
  const decide: Decide = (found) => {
    if (found && (PHOTO_TYPES as readonly string[]).includes(found.mime)) return found.mime;
    throw httpError(
      415,
      `"${name}" is not a photo (its content ${found ? `is ${found.ext}` : 'is of no known type'}). Photos may be ${PHOTO_KINDS}`,
      'not_a_photo',
    );
  };
  return receive(storage, name, file, decide, photoTooLarge);
}

/**
 * A multipart limit or parse error as a clear 4xx (the plugin's own say "reach files limit" with a 413): too many files
 * and a file too large in the form's own words.
 */
export function multipartRefusal(error: unknown, words: { tooMany: () => Error; tooLarge: () => Error }): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return words.tooMany();
  if (code === 'FST_REQ_FILE_TOO_LARGE') return words.tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return httpError(400, 'The form has too many fields', 'too_many_fields');
  if (code === 'FST_PROTO_VIOLATION') return httpError(400, 'A field has a forbidden name', 'invalid_field');
  return httpError(400, `The multipart body could not be read: ${(error as Error).message}`, 'invalid_multipart');
}

export interface MultipartFormRules {
  /** The one field files may come in (`files`, `photos`); a file under another name is refused. */
  fileField: string;
  /** What the files are called in a refusal ("Files", "Photos"). */
  filesWord: string;
  /** The busboy limits: files, fileSize, fields, parts, fieldSize. */
  limits: { files: number; fileSize: number; fields: number; parts: number; fieldSize: number };
  /** Streams one file into the storage, checked on the way (receiveAttachment, receivePhoto). */
  receive: (storage: AttachmentStorage, filename: string, file: Readable & { truncated?: boolean }) => Promise<Attachment>;
  /** The form's own words for too many files and a file too large. */
  refusal: { tooMany: () => Error; tooLarge: () => Error };
}

/**
 * Reads a multipart form before its record is stored (help-desk requests, service requests): the text fields become
 * the body (checked next by the route's schema), every file is streamed into the attachment storage as it arrives
 * and checked on the way (`rules.receive`), so no file is held in memory or waits on the database. A field given twice,
 * too long, or a file under another field is a 400; any failure removes the files already received first, and the
 * files received are `request.attachments` (removeUnkeptAttachments removes them unless the route kept them).
 */
export async function readMultipartForm(request: FastifyRequest, storage: AttachmentStorage, rules: MultipartFormRules): Promise<void> {
  const fields: Record<string, string> = {};
  const files: Attachment[] = [];
  request.attachments = files;
  try {
    for await (const part of request.parts({ limits: rules.limits })) {
      if (part.type === 'file') {
        if (part.fieldname !== rules.fileField) {
          part.file.resume();
          throw httpError(400, `${rules.filesWord} go in the "${rules.fileField}" field, not "${part.fieldname}"`, 'invalid_field');
        }
        files.push(await rules.receive(storage, part.filename, part.file));
      } else {
        if (part.valueTruncated) throw httpError(400, `The field "${part.fieldname}" is too long`, 'field_too_long');
        if (part.fieldname in fields) throw httpError(400, `The field "${part.fieldname}" is given twice`, 'duplicate_field');
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // A file refused on its first bytes leaves the rest of the body unread: it is read and dropped, so the client, still
    // sending, gets the answer and the connection is not left hanging.
    request.raw.resume();
    await storage.remove(files.map((file) => file.key));
    files.length = 0;
    throw multipartRefusal(error, rules.refusal);
  }
  request.body = fields;
}

/** Whatever answer a request gets but its 201, the files it sent do not stay (a refused body, a foreign building, a failed insert). */
export const removeUnkeptAttachments = (storage: AttachmentStorage) =>
  async function removeUnkeptAttachments(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
    if (request.attachments?.length && !request.attachmentsKept) await storage.remove(request.attachments.map((file) => file.key));
    return payload;
  };

import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, extensionOf } from './helpDesk';

/**
 * The service-request photos' rules that the app and the reference server share (issue 26): the help desk's limits
 * (decision 058: five files, 5 MB each), images only. The app checks them as photos are chosen; the server checks them
 * again and decides the type by the file's content alone (decision NEXT-service-request-photos).
 */

/** At most this many photos on one request. */
export const MAX_PHOTOS = MAX_ATTACHMENTS;
/** Each photo is at most 5 MB (a phone camera's JPEG or HEIC is well under it). */
export const MAX_PHOTO_BYTES = MAX_ATTACHMENT_BYTES;

/** The image types a photo may be (a HEIC or HEIF still is what an iPhone's camera writes). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** Extensions of those types, for a file whose browser gave no type (desktop browsers often give none for HEIC). */
const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'];

/**
 * Whether a chosen file looks like a photo from what the browser says of it: its type, or without one its name's
 * extension. Only a first answer for the person: the server decides by the content.
 */
export const looksLikePhoto = (file: { name: string; type: string }) =>
  file.type ? (PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase()) : PHOTO_EXTENSIONS.includes(extensionOf(file.name));

import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses, ref } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { FlagStore } from '../lib/flags.js';
import { CANCELABLE_STATUSES, checkAnswers, SERVICE_REQUEST_FIELDS, SERVICE_REQUEST_STATUSES } from '../lib/serviceRequestForm.js';
import { changeStatus, createRequest, historyOf, photoFor, photosOf, requestOf, requestsOf } from '../stores/serviceRequests.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';
import { photoTooLarge, readMultipartForm, receivePhoto, removeUnkeptAttachments } from '../lib/attachments.js';
import { AttachmentStorage } from '../lib/attachmentStorage.js';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES } from '../../contracts/serviceRequests.js';

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const requestParams = { type: 'object', required: ['id', 'requestId'], properties: { id: uuidParam, requestId: uuidParam } } as const;
const statusSchema = { type: 'string', enum: SERVICE_REQUEST_STATUSES } as const;
const MB = MAX_PHOTO_BYTES / (1024 * 1024);

const requestSchema = {
  type: 'object',
  required: ['id', 'requestId', 'reference', 'status', 'answers', 'photo_count', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string', description: "The request's uuid; an update answers the request with the same id" },
    requestId: { type: 'string', description: 'The id the update path takes (the same uuid)' },
    reference: { type: 'string', description: 'A short reference to quote to the building staff, e.g. SR-00042' },
    status: statusSchema,
    answers: {
      type: 'object',
      description: "The form's answers by field name (see the metadata)",
      additionalProperties: { type: 'string' },
    },
    photo_count: { type: 'integer', description: 'How many photos were attached when it was filed' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

const detailSchema = {
  type: 'object',
  required: [...requestSchema.required, 'timeline', 'photos'],
  properties: {
    ...requestSchema.properties,
    timeline: {
      type: 'array',
      description: 'Every status the request has had, oldest first: the one it was filed with, then each change',
      items: {
        type: 'object',
        required: ['status', 'at', 'by', 'by_name', 'note'],
        properties: {
          status: statusSchema,
          at: { type: 'string', description: 'When (ISO 8601, UTC)' },
          by: {
            type: 'string',
            enum: ['requester', 'building_team'],
            description: 'The person who filed the request (they may cancel it), or the building team (a vendor, the staff)',
          },
          by_name: { type: ['string', 'null'], description: "The vendor's or staff member's name, when the change gave one" },
          note: { type: ['string', 'null'], description: 'What the building team told the tenant with the change' },
        },
      },
    },
    photos: {
      type: 'array',
      description: 'The photos attached when it was filed, in their order',
      items: {
        type: 'object',
        required: ['id', 'filename', 'type', 'size', 'url'],
        properties: {
          id: { type: 'string' },
          filename: { type: 'string' },
          type: { type: 'string', enum: PHOTO_TYPES, description: 'Read from the content' },
          size: { type: 'integer' },
          url: { type: 'string', description: "The photo's path under the API's base (read with the owner's bearer)" },
        },
      },
    },
  },
} as const;

const fieldSchema = {
  type: 'object',
  required: ['name', 'label', 'type', 'required'],
  properties: {
    name: { type: 'string' },
    label: { type: 'string' },
    type: { type: 'string', enum: ['text', 'textarea', 'select', 'date'] },
    required: { type: 'boolean' },
    options: {
      type: 'array',
      items: { type: 'object', required: ['value', 'label'], properties: { value: { type: 'string' }, label: { type: 'string' } } },
    },
    maxLength: { type: 'integer' },
    placeholder: { type: 'string' },
    default: { type: 'string', description: 'The answer the form starts with, and the one a create without an answer gets' },
  },
} as const;

/** The create form's answers by field name (see the metadata), in either body. */
const answersSchema = {
  type: 'object',
  description: "The form's answers by field name (see the metadata)",
  maxProperties: 20,
  additionalProperties: { type: ['string', 'null'], maxLength: 5000 },
} as const;

/** What reads the form: the answers as text fields, the photos as files. */
const multipartAnswersSchema = {
  type: 'object',
  description: `The form's answers by field name as text fields, and up to ${MAX_PHOTOS} photos under "photos"`,
  maxProperties: 20,
  properties: {
    photos: {
      type: 'array',
      maxItems: MAX_PHOTOS,
      items: { type: 'string', format: 'binary' },
      description: `Up to ${MAX_PHOTOS} photos of ${MB} MB at most each: JPEG, PNG, WebP or HEIC (checked by content)`,
    },
  },
  additionalProperties: { type: 'string', maxLength: 5000 },
} as const;

const photoTypes = `JPEG, PNG, WebP or HEIC, at most ${MB} MB each`;

/**
 * Reads a multipart create before the request is stored: the text fields become the body (checked next by the route's
 * schema and the metadata), every photo is streamed into the attachment storage as it arrives and checked on the way
 * (its type by its content, its size, their count: lib/attachments.ts). A JSON create passes as it is; any other body
 * is refused. Any failure answers a 4xx, the photos already received removed first.
 */
const readCreateForm = (storage: AttachmentStorage) =>
  async function readCreateForm(request: FastifyRequest) {
    if (!request.isMultipart()) {
      if (request.mediaType !== 'application/json')
        throw httpError(415, 'Send the request as JSON, or as multipart/form-data with its photos', 'unsupported_media_type');
      return;
    }
    await readMultipartForm(request, storage, {
      fileField: 'photos',
      filesWord: 'Photos',
      limits: { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES, fields: 20, parts: 30, fieldSize: 6000 },
      receive: receivePhoto,
      refusal: { tooMany: () => httpError(413, `At most ${MAX_PHOTOS} photos may be attached`, 'too_many_photos'), tooLarge: photoTooLarge },
    });
  };

/** `inline; filename="…"` with the name's non-ASCII in the RFC 5987 form; quotes and backslashes never reach the header. */
export function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Service requests (content document, sections 3, 4 and 7): a tenant's requests in a building they belong to, the
 * create form's metadata, create (with photos), a request's detail with its status timeline, its photos, and cancel.
 * Behind the `service-requests` flag evaluated for the building: when it is off there, the calls answer 404 as if the
 * feature did not exist (decision 057).
 */
export async function serviceRequestRoutes(app: Api) {
  const { db, clock, config } = app.deps;
  const flags = new FlagStore(db, clock);
  const storage = new AttachmentStorage(config.attachmentsDir);
  await app.register(multipart, { limits: { files: MAX_PHOTOS, fileSize: MAX_PHOTO_BYTES } });
  const requireFlag = async (request: FastifyRequest) => {
    const { flags: values } = await flags.evaluate({ buildingUuids: [request.member!.uuid] });
    if (!values['service-requests']) throw httpError(404, 'Service requests are not offered in this building', 'service_requests_off');
  };
  const member = { config: { member: true }, preHandler: [requireFlag] };
  const security = [{ bearer: [] }];
  const tags = ['service-requests'];
  const notYours = () => httpError(404, 'No service request of yours with this id in this building', 'unknown_service_request');

  app.get(
    '/service-request/buildings/:id/requests',
    {
      ...member,
      schema: {
        tags,
        summary: "The caller's service requests in the building, newest first",
        security,
        params: buildingParams,
        response: { 200: dataOf({ type: 'array', items: requestSchema }), ...errorResponses },
      },
    },
    async (request) => ({ data: await requestsOf(db, request.person.userId, request.member!.id) }),
  );

  app.get(
    '/service-request/buildings/:id/metadata',
    {
      ...member,
      schema: {
        tags,
        summary: "The create form's fields: names, labels, types, which are required, the options of the selects",
        security,
        params: buildingParams,
        response: {
          200: dataOf({
            type: 'object',
            required: ['fields', 'statuses'],
            properties: { fields: { type: 'array', items: fieldSchema }, statuses: { type: 'array', items: statusSchema } },
          }),
          ...errorResponses,
        },
      },
    },
    async () => ({ data: { fields: SERVICE_REQUEST_FIELDS, statuses: [...SERVICE_REQUEST_STATUSES] } }),
  );

  app.post(
    '/service-request/buildings/:id/create',
    {
      config: { member: true },
      // The person, the membership, the flag and the person's limits are checked before a byte of the form is read.
      onRequest: [requireFlag, writeLimits(app, WRITE_LIMITS.serviceRequestsMinute, WRITE_LIMITS.serviceRequestsDay)],
      preValidation: readCreateForm(storage),
      onSend: removeUnkeptAttachments(storage),
      schema: {
        tags,
        summary: 'Creates a service request, with its photos; the answers are checked against the metadata (required fields, options, lengths)',
        description:
          `JSON (the answers), or multipart/form-data (the answers as text fields and up to ${MAX_PHOTOS} photos under "photos": ` +
          `${photoTypes}, their type read from the content). Too many photos or one too large: 413; not a photo: 415; nothing is stored then.`,
        security,
        params: buildingParams,
        body: { content: { 'application/json': { schema: answersSchema }, 'multipart/form-data': { schema: multipartAnswersSchema } } },
        response: { 201: dataOf(requestSchema), ...errorResponses, 413: ref('Error'), 415: ref('Error') },
      },
    },
    async (request, reply) => {
      const answers = checkAnswers(request.body as Record<string, unknown>, clock.now());
      const photos = request.attachments ?? [];
      const created = await createRequest(db, request.person.userId, request.member!.id, answers, clock.now(), photos);
      request.attachmentsKept = true;
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/service-request/buildings/:id/service-request/:requestId',
    {
      ...member,
      schema: {
        tags,
        summary: 'One of my service requests: its answers, its status timeline (who changed it, when) and links to its photos',
        security,
        params: requestParams,
        response: { 200: dataOf(detailSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id, requestId } = request.params;
      const found = await requestOf(db, request.person.userId, request.member!.id, requestId);
      if (!found) throw notYours();
      const [timeline, photos] = await Promise.all([historyOf(db, requestId), photosOf(db, requestId)]);
      const photoPath = (photo: string) => `/service-request/buildings/${id}/service-request/${requestId}/photos/${photo}`;
      return { data: { ...found, timeline, photos: photos.map((p) => ({ ...p, url: photoPath(p.id) })) } };
    },
  );

  app.get(
    '/service-request/buildings/:id/service-request/:requestId/photos/:photoId',
    {
      ...member,
      schema: {
        tags,
        summary: "A photo of a request, for the request's owner and the building's team; anyone else gets 404",
        description: 'Served as the type found in its content, inline, with X-Content-Type-Options: nosniff.',
        security,
        params: { type: 'object', required: ['id', 'requestId', 'photoId'], properties: { id: uuidParam, requestId: uuidParam, photoId: uuidParam } },
        response: {
          200: {
            description: 'The photo',
            content: Object.fromEntries(PHOTO_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { requestId, photoId } = request.params;
      const photo = await photoFor(db, request.person.userId, request.member!.id, requestId, photoId);
      if (!photo) throw httpError(404, 'No photo of yours with this id', 'unknown_photo');
      return reply
        .header('content-type', photo.mime_type)
        .header('content-length', photo.size)
        .header('content-disposition', inlineDisposition(photo.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(storage.read(photo.storage_key));
    },
  );

  app.put(
    '/service-request/buildings/:id/service-request/:requestId',
    {
      ...member,
      preHandler: [...member.preHandler, writeLimits(app, WRITE_LIMITS.serviceRequestChanges)],
      schema: {
        tags,
        summary: "Changes a request's status: a tenant may only cancel their own Pending or Submitted request",
        security,
        params: requestParams,
        body: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: statusSchema } },
        response: { 200: dataOf(requestSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = request.person;
      const buildingId = request.member!.id;
      const { requestId } = request.params;
      const current = await requestOf(db, userId, buildingId, requestId);
      if (!current) throw notYours();
      if (request.body.status !== 'Canceled')
        throw httpError(403, "A tenant may only cancel a request; other statuses are set by the building's staff", 'status_not_allowed');
      const changed = await changeStatus(db, userId, buildingId, requestId, CANCELABLE_STATUSES, 'Canceled', clock.now());
      if (!changed) {
        const now = (await requestOf(db, userId, buildingId, requestId))?.status ?? current.status;
        throw httpError(409, `This request is ${now} and can no longer be canceled`, 'not_cancelable');
      }
      return { data: changed };
    },
  );
}

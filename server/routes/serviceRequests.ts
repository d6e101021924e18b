import type { FastifyRequest } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { FlagStore } from '../lib/flags.js';
import { CANCELABLE_STATUSES, checkAnswers, SERVICE_REQUEST_FIELDS, SERVICE_REQUEST_STATUSES } from '../lib/serviceRequestForm.js';
import { changeStatus, createRequest, requestOf, requestsOf } from '../stores/serviceRequests.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const statusSchema = { type: 'string', enum: SERVICE_REQUEST_STATUSES } as const;

const requestSchema = {
  type: 'object',
  required: ['id', 'requestId', 'reference', 'status', 'answers', 'created_at', 'updated_at'],
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
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
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
  },
} as const;

/**
 * Service requests (content document, sections 3, 4 and 7): a tenant's requests in a building they belong to, the
 * create form's metadata, create and cancel. Behind the `service-requests` flag evaluated for the building: when it
 * is off there, the calls answer 404 as if the feature did not exist (decision 057).
 */
export async function serviceRequestRoutes(app: Api) {
  const { db, clock } = app.deps;
  const flags = new FlagStore(db, clock);
  const requireFlag = async (request: FastifyRequest) => {
    const { flags: values } = await flags.evaluate({ buildingUuids: [request.member!.uuid] });
    if (!values['service-requests']) throw httpError(404, 'Service requests are not offered in this building', 'service_requests_off');
  };
  const member = { config: { member: true }, preHandler: [requireFlag] };
  const security = [{ bearer: [] }];
  const tags = ['service-requests'];

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
      ...member,
      preHandler: [...member.preHandler, writeLimits(app, WRITE_LIMITS.serviceRequestsMinute, WRITE_LIMITS.serviceRequestsDay)],
      schema: {
        tags,
        summary: 'Creates a service request; the answers are checked against the metadata (required fields, options, lengths)',
        security,
        params: buildingParams,
        body: {
          type: 'object',
          description: "The form's answers by field name (see the metadata)",
          maxProperties: 20,
          additionalProperties: { type: ['string', 'null'], maxLength: 5000 },
        },
        response: { 201: dataOf(requestSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const answers = checkAnswers(request.body, clock.now());
      const created = (await createRequest(db, request.person.userId, request.member!.id, answers, clock.now()))!;
      return reply.status(201).send({ data: created });
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
        params: { type: 'object', required: ['id', 'requestId'], properties: { id: uuidParam, requestId: uuidParam } },
        body: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: statusSchema } },
        response: { 200: dataOf(requestSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = request.person;
      const buildingId = request.member!.id;
      const { requestId } = request.params;
      const current = await requestOf(db, userId, buildingId, requestId);
      if (!current) throw httpError(404, 'No service request of yours with this id in this building', 'unknown_service_request');
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

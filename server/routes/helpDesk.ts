import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses, ref } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { sensitive } from '../lib/sensitive.js';
import { memberBuilding } from '../lib/buildings.js';
import {
  ALLOWED_EXTENSIONS,
  fileTooLarge,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  readMultipartForm,
  receiveAttachment,
  removeUnkeptAttachments,
} from '../lib/attachments.js';
import { AttachmentStorage } from '../lib/attachmentStorage.js';
import {
  HELP_DESK_CATEGORIES,
  HELP_DESK_NATURES,
  issueTypesOf,
  MAX_DESCRIPTION_LENGTH,
  MAX_SUBJECT_LENGTH,
  type HelpDeskCategory,
} from '../../contracts/helpDesk.js';
import { buildingBrand, helpDeskUser, homeBuildingId, saveHelpDeskRecord } from '../stores/helpDesk.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const ISSUE_TYPES = [...HELP_DESK_NATURES, ...HELP_DESK_CATEGORIES];
const MB = MAX_ATTACHMENT_BYTES / (1024 * 1024);

/** The support request's fields (content document, section 3); `files` are the attachments. */
const recordFields = {
  type: 'object',
  required: ['issue_type', 'subject', 'description'],
  additionalProperties: false,
  properties: {
    issue_type: {
      type: 'string',
      enum: ISSUE_TYPES,
      description:
        'The nature of the issue (web, building, app); for a building whose portfolio uses help-desk categories, one of its categories instead (GET /admin/v1/portfolios/{id})',
    },
    subject: { type: 'string', minLength: 1, maxLength: MAX_SUBJECT_LENGTH, pattern: '\\S' },
    description: { type: 'string', minLength: 1, maxLength: MAX_DESCRIPTION_LENGTH, pattern: '\\S' },
    asset_uuid: { ...uuid, description: 'The asset of the building (building_uuid): refused when it is another building’s' },
    name: text(200),
    building_uuid: {
      ...uuid,
      description: "One of the caller's buildings; its brand's help desk is mailed (else the brand of the caller's own building)",
    },
    portfolio_uuid: { ...uuid, description: 'The portfolio of the building (building_uuid): refused when it is another portfolio' },
    email_address: { type: 'string', format: 'email', maxLength: 254 },
    application_name: text(100),
    application_version: text(50),
    os_name: text(100),
    os_version: text(50),
    device_type: text(100),
    device_name: text(200),
    company_name: text(200),
    building_name: text(200),
    files: {
      type: 'array',
      maxItems: MAX_ATTACHMENTS,
      items: { type: 'string', format: 'binary' },
      description: `Up to ${MAX_ATTACHMENTS} files of ${MB} MB at most each: ${ALLOWED_EXTENSIONS.join(', ')} (checked by content)`,
    },
  },
} as const;

const DETAIL_FIELDS = [
  'asset_uuid',
  'name',
  'portfolio_uuid',
  'email_address',
  'application_name',
  'application_version',
  'os_name',
  'os_version',
  'device_type',
  'device_name',
  'company_name',
  'building_name',
] as const;

/**
 * Reads the form before the record is stored (lib/attachments.ts, readMultipartForm): every file checked on the way
 * (type on its first bytes, 5 MB at most, 5 at most). Any failure answers a 4xx, the files already received removed.
 */
const readForm = (storage: AttachmentStorage) =>
  async function readForm(request: FastifyRequest) {
    if (!request.isMultipart()) throw httpError(415, 'Send the support request as multipart/form-data', 'not_multipart');
    await readMultipartForm(request, storage, {
      fileField: 'files',
      filesWord: 'Files',
      limits: { files: MAX_ATTACHMENTS, fileSize: MAX_ATTACHMENT_BYTES, fields: 40, parts: 60, fieldSize: 20_000 },
      receive: receiveAttachment,
      refusal: { tooMany: () => httpError(400, `At most ${MAX_ATTACHMENTS} files may be attached`, 'too_many_files'), tooLarge: fileTooLarge },
    });
  };

/**
 * What a request says about its building must be that building's: its portfolio, its asset, and an issue type its
 * portfolio takes (the portfolio's categories when it uses them, else the natures; decision
 * 186-portfolio-help-desk-categories). A 400 with the list otherwise.
 */
function checkAgainstBuilding(
  body: { issue_type: string; portfolio_uuid?: string; asset_uuid?: string },
  building: { asset_uuid: string; portfolio_uuid: string; help_desk_categories: string[] | null },
) {
  const allowed = issueTypesOf(building.help_desk_categories as HelpDeskCategory[] | null);
  if (!(allowed as readonly string[]).includes(body.issue_type))
    throw httpError(400, `This building's help desk takes issue_type ${allowed.join(', ')}`, 'invalid_issue_type');
  if (body.portfolio_uuid && body.portfolio_uuid.toLowerCase() !== building.portfolio_uuid)
    throw httpError(400, 'portfolio_uuid is not the portfolio of the building', 'portfolio_mismatch');
  if (body.asset_uuid && body.asset_uuid.toLowerCase() !== building.asset_uuid)
    throw httpError(400, 'asset_uuid is not the asset of the building', 'asset_mismatch');
}

/**
 * The help-desk support request (content document, sections 3, 5 and 7; decision 058): a signed-in user's record
 * with up to five attachments, kept in the database (the files' bytes in the attachment storage: decision
 * 156-streamed-attachments) and mailed to the help-desk address of the building's brand.
 */
export async function helpDeskRoutes(app: Api) {
  const { db, clock, mailer, config } = app.deps;
  const storage = new AttachmentStorage(config.attachmentsDir);
  await app.register(multipart, { limits: { files: MAX_ATTACHMENTS, fileSize: MAX_ATTACHMENT_BYTES } });

  app.post(
    '/helpdesk-service/v1/records/create',
    {
      config: sensitive(app),
      // The token and the person's limit (decision 145) are checked before a byte of the form is read.
      onRequest: [writeLimits(app, WRITE_LIMITS.helpDeskMinute, WRITE_LIMITS.helpDeskDay)],
      preValidation: readForm(storage),
      onSend: removeUnkeptAttachments(storage),
      schema: {
        tags: ['help-desk'],
        summary: `Sends a support request with up to ${MAX_ATTACHMENTS} attachments (multipart/form-data)`,
        description:
          `Nature (issue_type), subject and description are required. Files: ${ALLOWED_EXTENSIONS.join(', ')}, at most ${MB} MB ` +
          'each, their type read from the content. Too many files: 400; a file too large: 413; a wrong type: 415; nothing is stored then.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        body: recordFields,
        response: {
          201: dataOf({
            type: 'object',
            required: ['uuid', 'files'],
            properties: {
              uuid: { type: 'string' },
              files: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['filename', 'type', 'size'],
                  properties: { filename: { type: 'string' }, type: { type: 'string' }, size: { type: 'integer' } },
                },
              },
            },
          }),
          ...errorResponses,
          413: ref('Error'),
          415: ref('Error'),
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.person;
      const body = request.body;
      const files = request.attachments ?? [];
      // The brand is the building's: the one named, else the person's own. Never the request's Host, which anyone sets.
      const building = body.building_uuid ? await memberBuilding(db, userId, { uuid: body.building_uuid }) : null;
      const brandBuildingId = building?.id ?? (await homeBuildingId(db, userId));
      const brandOfBuilding = brandBuildingId ? await buildingBrand(db, brandBuildingId) : undefined;
      if (brandOfBuilding) checkAgainstBuilding(body, brandOfBuilding);
      const helpDesk = brandOfBuilding?.help_desk_email ?? null;
      const user = (await helpDeskUser(db, userId))!;
      const details: Record<string, string> = {};
      for (const name of DETAIL_FIELDS) if (body[name]) details[name] = body[name];
      if (building && brandOfBuilding) details.building_name = brandOfBuilding.name;
      const record = await saveHelpDeskRecord(
        db,
        {
          userId,
          buildingId: building?.id ?? null,
          brandId: brandOfBuilding?.brand_id ?? null,
          issueType: body.issue_type,
          subject: body.subject.trim(),
          description: body.description.trim(),
          details,
          mailedTo: helpDesk,
          at: clock.now(),
        },
        files,
      );
      request.attachmentsKept = true;
      if (helpDesk) {
        const lines = [
          `A support request (${record.uuid}) from ${user.first_name} ${user.last_name} <${user.email}>.`,
          '',
          `Nature: ${body.issue_type}`,
          `Subject: ${body.subject.trim()}`,
          '',
          body.description.trim(),
          '',
          ...Object.entries(details).map(([name, value]) => `${name}: ${value}`),
          ...(user.company_name && !details.company_name ? [`company: ${user.company_name}`] : []),
          '',
          files.length ? `Attachments (kept with the record):` : 'No attachments.',
          ...files.map((f) => `- ${f.filename} (${f.mimeType}, ${Math.ceil(f.size / 1024)} KB)`),
        ];
        try {
          // One line: a subject's line breaks cannot add headers.
          const subject = `[Help desk] ${body.subject.replace(/\s+/g, ' ').trim().slice(0, 150)}`;
          await mailer.send({ to: helpDesk, subject, text: lines.join('\n') });
        } catch (error) {
          // The record is kept; the help desk can still read it. The sender is told it was received.
          request.log.error({ err: error, record: record.uuid }, 'help-desk mail not sent');
        }
      }
      return reply.status(201).send({
        data: { uuid: record.uuid, files: files.map((f) => ({ filename: f.filename, type: f.mimeType, size: f.size })) },
      });
    },
  );
}

import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses } from '../schemas.js';
import { requestLanguage } from '../lib/content.js';
import { emergencyContacts, emergencyProcedures } from '../stores/emergency.js';

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const langField = { type: 'string', minLength: 1, maxLength: 35 } as const;

const emergencyManagement = {
  type: 'object',
  required: ['contacts', 'procedures'],
  properties: {
    contacts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['uuid', 'name', 'phone', 'hours'],
        properties: {
          uuid: { type: 'string' },
          name: { type: 'string', description: 'Who answers: the security desk, the building manager …' },
          phone: { type: 'string', description: 'The number as dialled (a tel: link)' },
          hours: { type: ['string', 'null'], description: 'When it answers; null when not said' },
        },
      },
    },
    procedures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['uuid', 'title', 'steps'],
        properties: { uuid: { type: 'string' }, title: { type: 'string' }, steps: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
} as const;

/** The emergency-management screen's data (decision 192): for the building's members only. */
export async function emergencyRoutes(app: Api) {
  const { db } = app.deps;
  app.get(
    '/tenant/v1/buildings/:id/emergency-management',
    {
      config: { member: true },
      schema: {
        tags: ['directory'],
        summary: "The building's emergency contacts and procedures, in the asked language (else the building's first)",
        security: [{ bearer: [] }],
        params: buildingParams,
        querystring: { type: 'object', properties: { lang: langField } },
        response: { 200: dataOf(emergencyManagement), ...errorResponses },
      },
    },
    async (request) => {
      const building = request.member!;
      const lang = requestLanguage(request, building, request.query.lang);
      const languages = { lang, fallback: building.languages[0] ?? lang };
      const [contacts, procedures] = await Promise.all([
        emergencyContacts(db, building.id, languages),
        emergencyProcedures(db, building.id, languages),
      ]);
      return { data: { contacts, procedures } };
    },
  );
}

import type { Api } from '../lib/typedRoutes.js';
import { dataOf, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { floorsOf, setSuiteLighting, setSuiteTemperature, suiteOf, suitesOf, type SuiteRow } from '../stores/smartBuilding.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';

/** The specification's limits of a suite's temperature, in °F (content document, sections 5 and 9). */
export const TEMP_MIN_F = 65;
export const TEMP_MAX_F = 75;

const toFahrenheit = (celsius: number) => (celsius * 9) / 5 + 32;
const toCelsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;
/** A temperature as a suite in `unit` shows it: °F to the degree, °C to the half degree. */
const shown = (fahrenheit: number, unit: 'F' | 'C') => (unit === 'F' ? Math.round(fahrenheit) : Math.round(toCelsius(fahrenheit) * 2) / 2);

const uuidParam = { type: 'string', format: 'uuid' } as const;
const buildingParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;
const suiteParams = { type: 'object', required: ['id', 'suiteId'], properties: { id: uuidParam, suiteId: uuidParam } } as const;
const navItem = { type: 'object', required: ['id', 'navName'], properties: { id: { type: 'string' }, navName: { type: 'string' } } } as const;
const suiteDetail = {
  type: 'object',
  required: ['id', 'navName', 'temp', 'temp_unit', 'temp_equipment_name', 'lighting', 'equipment_status', 'can_control'],
  properties: {
    id: { type: 'string' },
    navName: { type: 'string' },
    temp: { type: 'number', description: "The suite's temperature in its unit" },
    temp_unit: { type: 'string', enum: ['F', 'C'] },
    temp_equipment_name: { type: 'string' },
    lighting: {
      anyOf: [{ type: 'integer', minimum: 0, maximum: 100 }, { type: 'boolean' }],
      description: 'The lighting level 0 to 100; `false` when the suite has no lighting control',
    },
    equipment_status: { type: 'string', enum: ['available', 'unavailable'] },
    can_control: {
      type: 'boolean',
      description: "Whether I may change it: a suite of my company, or one the building shares; another company's suite is read-only",
    },
  },
} as const;

const detailOf = (suite: SuiteRow) => ({
  id: suite.id,
  navName: suite.navName,
  temp: shown(suite.temp_f, suite.temp_unit),
  temp_unit: suite.temp_unit,
  temp_equipment_name: suite.temp_equipment_name,
  lighting: suite.lighting ?? false,
  equipment_status: suite.equipment_available ? ('available' as const) : ('unavailable' as const),
  can_control: suite.can_control,
});

const suiteNotFound = () => httpError(404, 'No suite with this id in this building', 'unknown_suite');
const unavailable = () => httpError(409, 'The suite’s equipment is not available right now', 'equipment_unavailable');
const readOnly = () => httpError(403, 'This suite belongs to another company: you can see it, not change it', 'suite_read_only');

/**
 * The five smart-suite calls of the specification (content document, section 7), under a building the caller belongs
 * to (requireMember); a floor or suite of another building is not found there (decision 053).
 */
export async function smartBuildingRoutes(app: Api) {
  const { db } = app.deps;
  const member = { config: { member: true } };
  // A change drives the building's equipment: counted per person and per building (decision 145).
  const changing = { config: { member: true }, preHandler: [writeLimits(app, WRITE_LIMITS.suitePerson, WRITE_LIMITS.suiteBuilding)] };
  const security = [{ bearer: [] }];
  const base = '/smart-building/v1/buildings/:id/zeller';

  app.get(
    `${base}/floors`,
    {
      ...member,
      schema: {
        tags: ['smart-building'],
        summary: "The building's floors with smart suites",
        security,
        params: buildingParams,
        response: { 200: dataOf({ type: 'array', items: navItem }), ...errorResponses },
      },
    },
    async (request) => ({ data: await floorsOf(db, request.member!.id) }),
  );

  app.get(
    `${base}/floors/:floorId/suites`,
    {
      ...member,
      schema: {
        tags: ['smart-building'],
        summary: 'The suites of a floor',
        security,
        params: { type: 'object', required: ['id', 'floorId'], properties: { id: uuidParam, floorId: uuidParam } },
        response: { 200: dataOf({ type: 'array', items: navItem }), ...errorResponses },
      },
    },
    async (request) => {
      const suites = await suitesOf(db, request.member!.id, request.params.floorId);
      if (!suites) throw httpError(404, 'No floor with this id in this building', 'unknown_floor');
      return { data: suites };
    },
  );

  app.get(
    `${base}/suites/:suiteId`,
    {
      ...member,
      schema: {
        tags: ['smart-building'],
        summary: "A suite's lighting and temperature",
        security,
        params: suiteParams,
        response: { 200: dataOf(suiteDetail), ...errorResponses },
      },
    },
    async (request) => {
      const suite = await suiteOf(db, request.member!.id, request.params.suiteId, request.person.userId);
      if (!suite) throw suiteNotFound();
      return { data: detailOf(suite) };
    },
  );

  app.put(
    `${base}/suites/:suiteId/temp/:temp/:isCelsius`,
    {
      ...changing,
      schema: {
        tags: ['smart-building'],
        summary: "Sets a suite's temperature (65 to 75 °F, or the same range in °C)",
        security,
        params: {
          type: 'object',
          required: ['id', 'suiteId', 'temp', 'isCelsius'],
          properties: { id: uuidParam, suiteId: uuidParam, temp: { type: 'number' }, isCelsius: { type: 'boolean' } },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['temp', 'isCelsius', 'current_temp', 'requested_temp', 'unit', 'equipment_name'],
            properties: {
              temp: { type: 'number' },
              isCelsius: { type: 'boolean' },
              current_temp: { type: 'number' },
              requested_temp: { type: 'number' },
              unit: { type: 'string', enum: ['F', 'C'] },
              equipment_name: { type: 'string' },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { temp, isCelsius } = request.params;
      const fahrenheit = isCelsius ? toFahrenheit(temp) : temp;
      // A tenth of a degree of slack: 18.3 °C and 23.9 °C are the limits as a °C display rounds them.
      if (fahrenheit < TEMP_MIN_F - 0.1 || fahrenheit > TEMP_MAX_F + 0.1)
        throw httpError(
          400,
          isCelsius ? 'The temperature must be between 18.5 and 23.5 °C' : `The temperature must be between ${TEMP_MIN_F} and ${TEMP_MAX_F} °F`,
          'temperature_out_of_range',
        );
      const before = await suiteOf(db, request.member!.id, request.params.suiteId, request.person.userId);
      if (!before) throw suiteNotFound();
      if (!before.can_control) throw readOnly();
      if (!before.equipment_available) throw unavailable();
      const clamped = Math.min(TEMP_MAX_F, Math.max(TEMP_MIN_F, Math.round(fahrenheit * 10) / 10));
      const after = (await setSuiteTemperature(db, request.member!.id, request.params.suiteId, clamped, request.person.userId))!;
      const unit: 'F' | 'C' = isCelsius ? 'C' : 'F';
      return {
        data: {
          temp,
          isCelsius,
          current_temp: shown(before.temp_f, unit),
          requested_temp: shown(after.temp_f, unit),
          unit,
          equipment_name: after.temp_equipment_name,
        },
      };
    },
  );

  app.put(
    `${base}/suites/:suiteId/lighting/all/:value`,
    {
      ...changing,
      schema: {
        tags: ['smart-building'],
        summary: "Sets a suite's lighting, 0 to 100",
        security,
        params: {
          type: 'object',
          required: ['id', 'suiteId', 'value'],
          properties: { id: uuidParam, suiteId: uuidParam, value: { type: 'integer', minimum: 0, maximum: 100 } },
        },
        response: { 200: dataOf(suiteDetail), ...errorResponses },
      },
    },
    async (request) => {
      const before = await suiteOf(db, request.member!.id, request.params.suiteId, request.person.userId);
      if (!before) throw suiteNotFound();
      if (!before.can_control) throw readOnly();
      if (!before.equipment_available) throw unavailable();
      if (before.lighting === null) throw httpError(409, 'This suite has no lighting control', 'no_lighting_control');
      const after = (await setSuiteLighting(db, request.member!.id, request.params.suiteId, request.params.value, request.person.userId))!;
      return { data: detailOf(after) };
    },
  );
}

import { request, type AnswerOf } from './client';

/** The five smart-suite calls (content document, section 7), under a building the person belongs to. */

const base = '/smart-building/v1/buildings/{id}/zeller' as const;

export type SmartFloor = AnswerOf<`${typeof base}/floors`, 'get'>['data'][number];
export type SmartSuite = AnswerOf<`${typeof base}/floors/{floorId}/suites`, 'get'>['data'][number];
export type SuiteDetail = AnswerOf<`${typeof base}/suites/{suiteId}`, 'get'>['data'];
export type TemperatureAnswer = AnswerOf<`${typeof base}/suites/{suiteId}/temp/{temp}/{isCelsius}`, 'put'>['data'];

/** The building's floors with smart suites. */
export const floors = async (buildingUuid: string) => (await request('get', `${base}/floors`, { params: { id: buildingUuid } })).data;

/** A floor's suites. */
export const suitesOfFloor = async (buildingUuid: string, floorId: string) =>
  (await request('get', `${base}/floors/{floorId}/suites`, { params: { id: buildingUuid, floorId } })).data;

/** A suite's lighting, temperature and equipment status. */
export const suite = async (buildingUuid: string, suiteId: string) =>
  (await request('get', `${base}/suites/{suiteId}`, { params: { id: buildingUuid, suiteId } })).data;

/** Sets a suite's temperature, in °C when `isCelsius`, else °F. */
export const setTemperature = async (buildingUuid: string, suiteId: string, temp: number, isCelsius: boolean) =>
  (
    await request('put', `${base}/suites/{suiteId}/temp/{temp}/{isCelsius}`, {
      params: { id: buildingUuid, suiteId, temp, isCelsius },
    })
  ).data;

/** Sets the level of all the suite's lights, 0 to 100; answers the suite as it is now. */
export const setLighting = async (buildingUuid: string, suiteId: string, value: number) =>
  (await request('put', `${base}/suites/{suiteId}/lighting/all/{value}`, { params: { id: buildingUuid, suiteId, value } })).data;

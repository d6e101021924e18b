import type { paths } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

type Base = '/smart-building/v1/buildings/{id}/zeller';
type Ok<P extends keyof paths, V extends 'get' | 'put'> =
  NonNullable<paths[P][V]> extends {
    responses: { 200: { content: { 'application/json': { data: infer D } } } };
  }
    ? D
    : never;

/** A floor with smart suites, as the floors call answers it (content document, section 3). */
export type SmartFloor = Ok<`${Base}/floors`, 'get'>[number];
/** A suite as a floor lists it. */
export type SmartSuite = Ok<`${Base}/floors/{floorId}/suites`, 'get'>[number];
/** A suite's detail: temperature in its unit, lighting 0–100 or `false` (no lighting control), equipment status. */
export type SuiteDetail = Ok<`${Base}/suites/{suiteId}`, 'get'>;
/** The temperature call's answer: the requested temperature in the asked unit. */
export type TemperatureAnswer = Ok<`${Base}/suites/{suiteId}/temp/{temp}/{isCelsius}`, 'put'>;

export type TemperatureUnit = 'F' | 'C';
export type ControlType = 'lighting' | 'temperature';

/** A failed call as the machines keep it (the API layer's error shape). */
export type SmartBuildingError = AppError;

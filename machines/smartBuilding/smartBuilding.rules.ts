import type { ControlType, SuiteDetail, TemperatureUnit } from './smartBuilding.types';

/** The specification's limits (content document, sections 5 and 9): 65 to 75 °F; brightness 0 to 100, step 1. */
export const TEMP_MIN_F = 65;
export const TEMP_MAX_F = 75;
/** The same limits as a °C display shows them (to the half degree, within 65–75 °F), as the server takes them. */
export const TEMP_MIN_C = 18.5;
export const TEMP_MAX_C = 23.5;
export const LIGHTING_MIN = 0;
export const LIGHTING_MAX = 100;

export const toFahrenheit = (celsius: number) => (celsius * 9) / 5 + 32;
export const toCelsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;

/** A temperature kept in °F as the unit shows it: °F to the degree, °C to the half degree. */
export const displayTemperature = (fahrenheit: number, unit: TemperatureUnit) =>
  unit === 'F' ? Math.round(fahrenheit) : Math.round(toCelsius(fahrenheit) * 2) / 2;

/** A value in `unit` in °F (what the machine keeps). */
export const fahrenheitOf = (value: number, unit: TemperatureUnit) => (unit === 'F' ? value : toFahrenheit(value));

/** One press of cooler or warmer: a degree in °F, half a degree in °C. */
export const temperatureStep = (unit: TemperatureUnit) => (unit === 'F' ? 1 : 0.5);
export const temperatureBounds = (unit: TemperatureUnit) =>
  unit === 'F' ? { min: TEMP_MIN_F, max: TEMP_MAX_F } : { min: TEMP_MIN_C, max: TEMP_MAX_C };

/** Cooler is offered above the lower limit only (disabled at or below 65 °F). */
export const canCool = (fahrenheit: number, unit: TemperatureUnit) => displayTemperature(fahrenheit, unit) > temperatureBounds(unit).min;
/** Warmer is offered below the upper limit only (disabled at or above 75 °F). */
export const canWarm = (fahrenheit: number, unit: TemperatureUnit) => displayTemperature(fahrenheit, unit) < temperatureBounds(unit).max;

/** The value one press of cooler (-1) or warmer (+1) asks for, in `unit`, held to the limits. */
export function steppedTemperature(fahrenheit: number, unit: TemperatureUnit, direction: 1 | -1): number {
  const { min, max } = temperatureBounds(unit);
  const next = displayTemperature(fahrenheit, unit) + direction * temperatureStep(unit);
  return Math.min(max, Math.max(min, next));
}

/** A suite has lighting control when its lighting is a number (a boolean means none: content document, section 3). */
export const hasLighting = (suite: Pick<SuiteDetail, 'lighting'>) => typeof suite.lighting === 'number';
/** A suite has temperature control when it reports a temperature. */
export const hasTemperature = (suite: Pick<SuiteDetail, 'temp'>) => typeof suite.temp === 'number' && Number.isFinite(suite.temp);

/** The control a suite opens on: lighting when its lighting is numeric, else temperature (section 4). */
export const defaultControl = (suite: Pick<SuiteDetail, 'lighting'>): ControlType => (hasLighting(suite) ? 'lighting' : 'temperature');

/** The control shown: the one the address asks for when the suite has it, else the suite's default. */
export function shownControl(suite: Pick<SuiteDetail, 'lighting' | 'temp'>, requested: ControlType | null): ControlType {
  if (requested === 'lighting' && hasLighting(suite)) return 'lighting';
  if (requested === 'temperature' && hasTemperature(suite)) return 'temperature';
  return defaultControl(suite);
}

/** The level the bulb and the on/off switch go to: off when any light is on, else full (section 4). */
export const toggledLighting = (level: number) => (level > LIGHTING_MIN ? LIGHTING_MIN : LIGHTING_MAX);

/** A lighting level the server takes: an integer 0 to 100. */
export const isLightingLevel = (value: number) => Number.isInteger(value) && value >= LIGHTING_MIN && value <= LIGHTING_MAX;

/** The contact-support link of the empty and unavailable states: the brand's help desk with a subject. */
export const supportMailto = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

/** A temperature unit kept in the browser, or null for none or anything else. */
export const temperatureUnitOf = (value: unknown): TemperatureUnit | null => (value === 'F' || value === 'C' ? value : null);

/** The control an address names: `.../control/lighting`, `.../control/temperature`, or none (`.../control`). */
export function controlOfPath(pathname: string): ControlType | null {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return last === 'lighting' || last === 'temperature' ? last : null;
}

/**
 * The addresses of the smart-building screens of a building (content document, section 2); inside the native app's web
 * view, the same screens under its root (`/webview` or `/webview/{locale}`), whose building is the launch's.
 */
export const smartBuildingPaths = (buildingUuid: string, webViewRoot: string | null = null) => {
  const building = webViewRoot ?? `/building/${encodeURIComponent(buildingUuid)}`;
  return {
    floors: `${building}/smart-building`,
    suites: (floorId: string) => `${building}/smart-building/floors/${encodeURIComponent(floorId)}/suites`,
    control: (suiteId: string, control?: ControlType) => `${building}/suites/${encodeURIComponent(suiteId)}/control${control ? `/${control}` : ''}`,
  };
};

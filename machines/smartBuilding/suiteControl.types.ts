import type { SmartBuildingError, SuiteDetail, TemperatureAnswer, TemperatureUnit } from './smartBuilding.types';

export interface SuiteControlInput {
  buildingUuid: string;
  suiteId: string;
  helpDeskEmail: string | null;
}

/** What opening the control loads: the suite, and the unit the person chose before (kept in the browser) or null. */
export interface LoadedSuite {
  suite: SuiteDetail;
  preferredUnit: TemperatureUnit | null;
}

/** A temperature the person asked for: the value as they saw it, in the unit they saw it in. */
export interface TemperatureRequest {
  value: number;
  unit: TemperatureUnit;
}

export interface LightingControl {
  /** The level the server last confirmed. */
  confirmed: number;
  /** The level the call in flight asks for, or null when none is. */
  sending: number | null;
  /** The newest level asked for while a call was in flight: sent after it (the newest wins; decision 101). */
  queued: number | null;
}

export interface TemperatureControl {
  /** The temperature the server last confirmed, in °F. */
  confirmedF: number;
  sending: TemperatureRequest | null;
  queued: TemperatureRequest | null;
}

export interface SuiteControlContext extends SuiteControlInput {
  suite: SuiteDetail | null;
  /** The unit temperatures show in and are sent in. */
  unit: TemperatureUnit;
  lighting: LightingControl;
  temperature: TemperatureControl;
  error: SmartBuildingError | null;
}

export type SuiteControlEvent =
  /** The slider's committed level (pointer up, touch end, a key). */
  | { type: 'user.setLighting'; value: number }
  /** The bulb or the on/off switch: 0 when on, else 100. */
  | { type: 'user.toggleLighting' }
  | { type: 'user.cooler' }
  | { type: 'user.warmer' }
  | { type: 'user.setUnit'; unit: TemperatureUnit }
  | { type: 'user.retry' };

export type SuiteControlTag =
  | 'loading'
  | 'failed'
  | 'notFound'
  | 'unavailable'
  | 'readOnly'
  | 'ready'
  | 'lightingPending'
  | 'lightingQueued'
  | 'temperaturePending'
  | 'temperatureQueued';

export interface SetLightingInput {
  buildingUuid: string;
  suiteId: string;
  value: number;
}

export interface SetTemperatureInput {
  buildingUuid: string;
  suiteId: string;
  request: TemperatureRequest;
}

export type { SuiteDetail, TemperatureAnswer };

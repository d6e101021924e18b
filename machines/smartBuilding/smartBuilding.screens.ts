import { buildingOf, defineScreen, type BuildingParams } from '../app/screen.types';
import type { FloorsInput } from './floors.machine';
import type { SuitesInput } from './suites.machine';
import type { SuiteControlInput } from './suiteControl.types';

/** The floors restart for another building (floor and suite names are the building's own, not translated). */
export const smartFloorsScreen = defineScreen<BuildingParams, FloorsInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, helpDeskEmail: facts.helpDeskEmail } : null;
  },
  restartKey: (params, facts) => buildingOf(params, facts) ?? '',
});

export interface SmartSuitesParams extends BuildingParams {
  floorId: string;
}

/** A floor's suites restart for another building or floor. */
export const smartSuitesScreen = defineScreen<SmartSuitesParams, SuitesInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, floorId: params.floorId, helpDeskEmail: facts.helpDeskEmail } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), params.floorId].join('|'),
});

export interface SuiteControlParams extends BuildingParams {
  suiteId: string;
}

/**
 * A suite's control restarts for another building or suite only: the lighting and temperature tabs (.../control,
 * .../control/lighting, .../control/temperature) are one flow, so a change in flight outlives a tab switch.
 */
export const suiteControlScreen = defineScreen<SuiteControlParams, SuiteControlInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, suiteId: params.suiteId, helpDeskEmail: facts.helpDeskEmail } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), params.suiteId].join('|'),
});

import { buildingOf, defineScreen, type BuildingParams } from '../app/screen.types';
import type { EmergencyInput } from './emergency.types';

/** Emergency management restarts for another building or language (its texts are the building's, per language). */
export const emergencyScreen = defineScreen<BuildingParams, EmergencyInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), facts.locale].join('|'),
});

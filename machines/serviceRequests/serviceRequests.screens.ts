import { buildingOf, defineScreen, type BuildingParams } from '../app/screen.types';
import type { ServiceRequestsInput } from './serviceRequests.types';

/** The list restarts for another building or when the `service-requests` flag changes (off: the person goes home). */
export const serviceRequestsScreen = defineScreen<BuildingParams, ServiceRequestsInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, enabled: facts.flags['service-requests'] } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), facts.flags['service-requests']].join('|'),
});

import { buildingOf, defineScreen, type BuildingParams } from '../app/screen.types';
import type { ServiceRequestsInput } from './serviceRequests.types';
import type { ServiceRequestDetailInput } from './serviceRequestDetail.types';

/** The list restarts for another building or when the `service-requests` flag changes (off: the person goes home). */
export const serviceRequestsScreen = defineScreen<BuildingParams, ServiceRequestsInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, enabled: facts.flags['service-requests'] } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), facts.flags['service-requests']].join('|'),
});

export interface ServiceRequestDetailParams extends BuildingParams {
  requestUuid: string;
}

/** A request's screen restarts for another building or request (its words are the app's, its answers as they were typed). */
export const serviceRequestDetailScreen = defineScreen<ServiceRequestDetailParams, ServiceRequestDetailInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, requestUuid: params.requestUuid } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), params.requestUuid].join('|'),
});

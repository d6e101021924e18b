import { fromPromise } from 'xstate';
import { serviceRequestsMachine } from '../../../machines/serviceRequests/serviceRequests.machine';
import * as serviceRequestsApi from '../../api/serviceRequests';
import { navigate } from '../adapters/navigation';

/** A building's service requests with the real API: the list and the form's metadata load side by side. */
export const serviceRequestsLogic = () =>
  serviceRequestsMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        const [requests, form] = await Promise.all([
          serviceRequestsApi.serviceRequests(input.buildingUuid),
          serviceRequestsApi.serviceRequestMetadata(input.buildingUuid),
        ]);
        return { requests, form };
      }),
      create: fromPromise(({ input }) => serviceRequestsApi.createServiceRequest(input.buildingUuid, input.answers)),
      updateStatus: fromPromise(({ input }) => serviceRequestsApi.updateServiceRequestStatus(input.buildingUuid, input.id, input.status)),
    },
    actions: { leave: (_, { buildingUuid }) => navigate(`/building/${encodeURIComponent(buildingUuid)}`) },
  });

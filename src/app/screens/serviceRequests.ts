import { fromCallback, fromPromise } from 'xstate';
import { serviceRequestsMachine } from '../../../machines/serviceRequests/serviceRequests.machine';
import { serviceRequestDetailMachine } from '../../../machines/serviceRequests/serviceRequestDetail.machine';
import type { RequestPhoto, ServiceRequestDetailEvent } from '../../../machines/serviceRequests/serviceRequestDetail.types';
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
      create: fromPromise(({ input }) => serviceRequestsApi.createServiceRequest(input.buildingUuid, input.answers, input.photos)),
      updateStatus: fromPromise(({ input }) => serviceRequestsApi.updateServiceRequestStatus(input.buildingUuid, input.id, input.status)),
    },
    actions: { leave: (_, { buildingUuid }) => navigate(`/building/${encodeURIComponent(buildingUuid)}`) },
  });

/**
 * A request's screen with the real API. Its photos are private: each is read with the person's bearer and shown by an
 * object URL, released when the screen closes (or when a photo arrives after it has).
 */
export const serviceRequestDetailLogic = () =>
  serviceRequestDetailMachine.provide({
    actors: {
      load: fromPromise(({ input }) => serviceRequestsApi.serviceRequest(input.buildingUuid, input.requestUuid)),
      showPhotos: fromCallback<ServiceRequestDetailEvent, { photos: readonly RequestPhoto[] }>(({ input, sendBack }) => {
        const urls: string[] = [];
        let closed = false;
        for (const photo of input.photos)
          serviceRequestsApi.serviceRequestPhoto(photo.url).then(
            (blob) => {
              const url = URL.createObjectURL(blob);
              if (closed) return URL.revokeObjectURL(url);
              urls.push(url);
              sendBack({ type: 'photo.shown', id: photo.id, url });
            },
            () => {
              if (!closed) sendBack({ type: 'photo.unshown', id: photo.id });
            },
          );
        return () => {
          closed = true;
          for (const url of urls) URL.revokeObjectURL(url);
        };
      }),
    },
  });

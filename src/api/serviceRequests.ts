import { request } from './client';
import type { ServiceRequestAnswers, ServiceRequestStatus } from '../../machines/serviceRequests/serviceRequests.types';

/** Service-request calls of a building (content document, section 7). */

export const serviceRequests = async (buildingUuid: string) =>
  (await request('get', '/service-request/buildings/{id}/requests', { params: { id: buildingUuid } })).data;

export const serviceRequestMetadata = async (buildingUuid: string) =>
  (await request('get', '/service-request/buildings/{id}/metadata', { params: { id: buildingUuid } })).data;

export const createServiceRequest = async (buildingUuid: string, answers: ServiceRequestAnswers) =>
  (await request('post', '/service-request/buildings/{id}/create', { params: { id: buildingUuid }, body: answers })).data;

export const updateServiceRequestStatus = async (buildingUuid: string, requestId: string, status: ServiceRequestStatus) =>
  (
    await request('put', '/service-request/buildings/{id}/service-request/{requestId}', {
      params: { id: buildingUuid, requestId },
      body: { status },
    })
  ).data;

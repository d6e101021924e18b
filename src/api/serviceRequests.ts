import { request, requestBlob } from './client';
import type { ChosenPhoto, ServiceRequestAnswers, ServiceRequestStatus } from '../../machines/serviceRequests/serviceRequests.types';

/** Service-request calls of a building (content document, section 7). */

export const serviceRequests = async (buildingUuid: string) =>
  (await request('get', '/service-request/buildings/{id}/requests', { params: { id: buildingUuid } })).data;

export const serviceRequestMetadata = async (buildingUuid: string) =>
  (await request('get', '/service-request/buildings/{id}/metadata', { params: { id: buildingUuid } })).data;

/** The multipart body of a create with photos: the answers as text fields, then every photo under `photos`. */
export function serviceRequestForm(answers: ServiceRequestAnswers, photos: readonly ChosenPhoto[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(answers)) body.append(name, value);
  // The machine keeps the browser's File objects as they were chosen.
  for (const photo of photos) body.append('photos', photo as File, photo.name);
  return body;
}

/** Files a request: its answers as JSON, or with its photos as a multipart form. */
export const createServiceRequest = async (buildingUuid: string, answers: ServiceRequestAnswers, photos: readonly ChosenPhoto[] = []) =>
  (
    await request('post', '/service-request/buildings/{id}/create', {
      params: { id: buildingUuid },
      body: photos.length ? serviceRequestForm(answers, photos) : answers,
    })
  ).data;

/** One of the person's requests with its status timeline and its photos' links. */
export const serviceRequest = async (buildingUuid: string, requestId: string) =>
  (await request('get', '/service-request/buildings/{id}/service-request/{requestId}', { params: { id: buildingUuid, requestId } })).data;

/** A photo's bytes, by the link the detail gave (it needs the person's bearer, so an image cannot load it by itself). */
export const serviceRequestPhoto = (url: string) => requestBlob(url);

export const updateServiceRequestStatus = async (buildingUuid: string, requestId: string, status: ServiceRequestStatus) =>
  (
    await request('put', '/service-request/buildings/{id}/service-request/{requestId}', {
      params: { id: buildingUuid, requestId },
      body: { status },
    })
  ).data;

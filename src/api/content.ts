import { request } from './client';

/** Content screens' calls (content document, section 7). `lang` is the language the content is asked in. */

export const content = async (buildingUuid: string, uuid: string, lang: string) =>
  (await request('get', '/tenant/v2/buildings/{id}/content/{contentUuid}', { params: { id: buildingUuid, contentUuid: uuid }, query: { lang } }))
    .data;

export const eventPost = async (uuid: string, lang: string) =>
  (await request('get', '/tenant/v1/event-posts/{id}', { params: { id: uuid }, query: { lang } })).data;

export const attend = async (buildingUuid: string, uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/buildings/{id}/event-posts/{uuid}/attend', { params: { id: buildingUuid, uuid }, query: { lang } })).data;

export const recall = async (uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/event-posts/{uuid}/recall', { params: { uuid }, query: { lang } })).data;

export const offer = async (uuid: string, lang: string) =>
  (await request('get', '/tenant/v1/offers/{id}', { params: { id: uuid }, query: { lang } })).data;

export const claimOffer = async (buildingUuid: string, uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/buildings/{id}/offers/{uuid}/claim', { params: { id: buildingUuid, uuid }, query: { lang } })).data;

export const cancelClaim = async (buildingUuid: string, uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/buildings/{id}/offers/{uuid}/cancel', { params: { id: buildingUuid, uuid }, query: { lang } })).data;

export const post = async (uuid: string, lang: string) =>
  (await request('get', '/tenant/v1/posts/{id}', { params: { id: uuid }, query: { lang } })).data;

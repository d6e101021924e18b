import { request } from './client';
import { contentQuery } from './contentQuery';

/**
 * Content screens' calls (content document, section 7). `lang` is the language the content is asked in; each carries
 * it with the content calls' ordering, as the list calls do.
 */

export const content = async (buildingUuid: string, uuid: string, lang: string) =>
  (
    await request('get', '/tenant/v2/buildings/{id}/content/{contentUuid}', {
      params: { id: buildingUuid, contentUuid: uuid },
      query: contentQuery(lang),
    })
  ).data;

export const eventPost = async (uuid: string, lang: string) =>
  (await request('get', '/tenant/v1/event-posts/{id}', { params: { id: uuid }, query: contentQuery(lang) })).data;

export const attend = async (buildingUuid: string, uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/buildings/{id}/event-posts/{uuid}/attend', { params: { id: buildingUuid, uuid }, query: contentQuery(lang) }))
    .data;

export const recall = async (uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/event-posts/{uuid}/recall', { params: { uuid }, query: contentQuery(lang) })).data;

export const offer = async (uuid: string, lang: string) =>
  (await request('get', '/tenant/v1/offers/{id}', { params: { id: uuid }, query: contentQuery(lang) })).data;

export const claimOffer = async (buildingUuid: string, uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/buildings/{id}/offers/{uuid}/claim', { params: { id: buildingUuid, uuid }, query: contentQuery(lang) })).data;

export const cancelClaim = async (buildingUuid: string, uuid: string, lang: string) =>
  (await request('put', '/tenant/v1/buildings/{id}/offers/{uuid}/cancel', { params: { id: buildingUuid, uuid }, query: contentQuery(lang) })).data;

export const post = async (uuid: string, lang: string) =>
  (await request('get', '/tenant/v1/posts/{id}', { params: { id: uuid }, query: contentQuery(lang) })).data;

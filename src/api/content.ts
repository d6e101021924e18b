import { api, type Schemas } from './client';

/** Content screens' calls (content document, section 7). `lang` is the language the content is asked in. */

const seg = encodeURIComponent;

export const content = async (buildingUuid: string, uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['Content'] }>(`/tenant/v2/buildings/${seg(buildingUuid)}/content/${seg(uuid)}`, { query: { lang } })).data;

export const eventPost = async (uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['EventPost'] }>(`/tenant/v1/event-posts/${seg(uuid)}`, { query: { lang } })).data;

export const attend = async (buildingUuid: string, uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['EventPost'] }>(`/tenant/v1/buildings/${seg(buildingUuid)}/event-posts/${seg(uuid)}/attend`, { method: 'PUT', query: { lang } })).data;

export const recall = async (uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['EventPost'] }>(`/tenant/v1/event-posts/${seg(uuid)}/recall`, { method: 'PUT', query: { lang } })).data;

export const offer = async (uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['Offer'] }>(`/tenant/v1/offers/${seg(uuid)}`, { query: { lang } })).data;

export const claimOffer = async (buildingUuid: string, uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['Offer'] }>(`/tenant/v1/buildings/${seg(buildingUuid)}/offers/${seg(uuid)}/claim`, { method: 'PUT', query: { lang } })).data;

export const cancelClaim = async (buildingUuid: string, uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['Offer'] }>(`/tenant/v1/buildings/${seg(buildingUuid)}/offers/${seg(uuid)}/cancel`, { method: 'PUT', query: { lang } })).data;

export const post = async (uuid: string, lang: string) =>
  (await api().call<{ data: Schemas['Post'] }>(`/tenant/v1/posts/${seg(uuid)}`, { query: { lang } })).data;

import { request } from './client';

/** The mini-app routes of issue 23: a mini-app's own short-lived token, and its storage per person, building and mini-app. */

/** A token for the mini-app `appUuid`, this person and `buildingUuid` (never the person's own). */
export const miniAppSession = async (appUuid: string, buildingUuid: string, baseUrl: string) =>
  (
    await request('post', '/tenant/v1/apps/{appUuid}/sessions', {
      params: { appUuid },
      body: { building_uuid: buildingUuid, base_url: baseUrl },
    })
  ).session;

/** The value a mini-app stored under `key` (null when none). */
export const miniAppStorageGet = async (appUuid: string, buildingUuid: string, key: string) =>
  (await request('get', '/tenant/v1/apps/{appUuid}/storage/{key}', { params: { appUuid, key }, query: { building_uuid: buildingUuid } })).value;

export const miniAppStorageSet = async (appUuid: string, buildingUuid: string, key: string, value: string) => {
  await request('put', '/tenant/v1/apps/{appUuid}/storage/{key}', {
    params: { appUuid, key },
    query: { building_uuid: buildingUuid },
    body: { value },
  });
};

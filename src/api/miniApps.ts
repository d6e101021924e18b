import { api } from './client';

/**
 * The mini-app routes of issue 23 (part A serves them): a mini-app's own short-lived token, and its storage per person,
 * building and mini-app. Called untyped until those routes are in the API document (contracts/api.d.ts).
 */

/** A token for the mini-app `appUuid`, this person and `buildingUuid` (never the person's own). */
export const miniAppSession = async (appUuid: string, buildingUuid: string, baseUrl: string) =>
  (
    await api().call<{ session: { token: string; expires_in: number } }>(`/tenant/v1/apps/${encodeURIComponent(appUuid)}/sessions`, {
      method: 'POST',
      body: { building_uuid: buildingUuid, base_url: baseUrl },
    })
  ).session;

const storagePath = (appUuid: string, key: string) => `/tenant/v1/apps/${encodeURIComponent(appUuid)}/storage/${encodeURIComponent(key)}`;

/** The value a mini-app stored under `key` (null when none). */
export const miniAppStorageGet = async (appUuid: string, buildingUuid: string, key: string) =>
  (await api().call<{ value: string | null }>(storagePath(appUuid, key), { query: { building_uuid: buildingUuid } })).value;

export const miniAppStorageSet = async (appUuid: string, buildingUuid: string, key: string, value: string) => {
  await api().call(storagePath(appUuid, key), { method: 'PUT', query: { building_uuid: buildingUuid }, body: { value } });
};

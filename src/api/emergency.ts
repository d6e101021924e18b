import { request } from './client';

/** The building's emergency contacts and procedures in `lang` (decision 192). */
export const emergencyManagement = async (buildingUuid: string, lang: string) =>
  (await request('get', '/tenant/v1/buildings/{id}/emergency-management', { params: { id: buildingUuid }, query: { lang } })).data;

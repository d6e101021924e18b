import { api, type Schemas } from './client';

/** Amenities and company directory calls (content document, section 7). */

const seg = encodeURIComponent;

export const amenitiesByCategory = async (buildingUuid: string, lang: string) =>
  (await api().call<{ data: Schemas['AmenityCategory'][] }>(`/tenant/v1/buildings/${seg(buildingUuid)}/amenitiesByCategory`, { query: { offset: 0, lang } })).data;

export interface CompaniesQuery {
  offset: number;
  limit: number;
  /** Comma-separated company types, or null for all. */
  companyTypes: string | null;
}

/** One page of the building's directory, by name ascending. */
export const companies = async (buildingUuid: string, { offset, limit, companyTypes }: CompaniesQuery) =>
  (
    await api().call<{
      data: { companies: Schemas['Company'][]; company_types: string[]; pagination: { offset: number; limit: number; total: number; has_more: boolean } };
    }>(`/tenant/v1/buildings/${seg(buildingUuid)}/companies`, {
      query: { orderByProperty: 'name', orderBy: 'ASC', offset, limit, ...(companyTypes ? { company_types: companyTypes } : {}) },
    })
  ).data;

export const company = async (uuid: string) => (await api().call<{ data: Schemas['Company'] }>(`/tenant/v1/companies/${seg(uuid)}`)).data;

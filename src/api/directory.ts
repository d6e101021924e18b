import { request } from './client';

/** Amenities and company directory calls (content document, section 7). */

export const amenitiesByCategory = async (buildingUuid: string, lang: string) =>
  (await request('get', '/tenant/v1/buildings/{id}/amenitiesByCategory', { params: { id: buildingUuid }, query: { offset: 0, lang } })).data;

export interface CompaniesQuery {
  offset: number;
  limit: number;
  /** Comma-separated company types, or null for all. */
  companyTypes: string | null;
  /** Words the names must contain, or null for any name. */
  query: string | null;
  /** One floor, or null for every floor. */
  floor: number | null;
}

/** One page of the building's directory, by name ascending, narrowed by the filters given. */
export const companies = async (buildingUuid: string, { offset, limit, companyTypes, query, floor }: CompaniesQuery) =>
  (
    await request('get', '/tenant/v1/buildings/{id}/companies', {
      params: { id: buildingUuid },
      query: {
        orderByProperty: 'name',
        orderBy: 'ASC',
        offset,
        limit,
        ...(companyTypes ? { company_types: companyTypes } : {}),
        ...(query ? { q: query } : {}),
        ...(floor !== null ? { floor } : {}),
      },
    })
  ).data;

export const company = async (uuid: string) => (await request('get', '/tenant/v1/companies/{id}', { params: { id: uuid } })).data;

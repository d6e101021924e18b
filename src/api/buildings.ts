import { api, type Schemas } from './client';

export type Building = Schemas['Building'];
export type BuildingTheme = Schemas['BuildingTheme'];

/** The brand scope sent with the building list: the brand when it is one of the six scoped brands, else ALL. */
export const SCOPED_BRANDS = ['atrium', 'harbor', 'summit', 'meridian', 'crescent', 'foundry'];
export const brandScope = (brand: string) => (SCOPED_BRANDS.includes(brand) ? brand : 'ALL');

export const userBuildings = async (brand: string) =>
  (
    await api().call<{ data: { buildings: Building[] } }>('/tenant/v1/users/current/buildings', {
      query: { include: 'languages', brand_scope: brandScope(brand) },
    })
  ).data.buildings;

export const building = async (uuid: string) =>
  (
    await api().call<{ data: Building }>(`/tenant/v1/buildings/${encodeURIComponent(uuid)}`, {
      query: { include: 'languages', attachPortfolioCompanyUuid: true },
    })
  ).data;

export const buildingTheme = async (uuid: string) =>
  (await api().call<{ data: BuildingTheme }>(`/buildings/${encodeURIComponent(uuid)}/theme`)).data;

/** The signed-in user's permissions in one building. */
export const permissions = async (buildingUuid: string) =>
  (
    await api().call<{ data: Record<string, string[]> }>('/user-permissions/v1', {
      query: { buildings: buildingUuid },
    })
  ).data[buildingUuid] ?? [];

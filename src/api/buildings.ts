import { brandScope } from '../../contracts/brands';
import { request, type Schemas } from './client';

export type Building = Schemas['Building'];
export type BuildingTheme = Schemas['BuildingTheme'];

export const userBuildings = async (brand: string) =>
  (await request('get', '/tenant/v1/users/current/buildings', { query: { include: 'languages', brand_scope: brandScope(brand) } })).data.buildings;

export const building = async (uuid: string) =>
  (await request('get', '/tenant/v1/buildings/{id}', { params: { id: uuid }, query: { include: 'languages', attachPortfolioCompanyUuid: true } }))
    .data;

export const buildingTheme = async (uuid: string) => (await request('get', '/buildings/{id}/theme', { params: { id: uuid } })).data;

/** The signed-in user's permissions in one building. */
export const permissions = async (buildingUuid: string) =>
  (await request('get', '/user-permissions/v1', { query: { buildings: [buildingUuid] } })).data[buildingUuid] ?? [];

export type Portfolio = Schemas['Portfolio'];

/** The portfolio of one of the person's buildings: its name, logo and help-desk categories (access document, section 7). */
export const portfolio = async (uuid: string) => (await request('get', '/admin/v1/portfolios/{id}', { params: { id: uuid } })).data.portfolio;

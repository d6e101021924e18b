import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { screenFlows, screenPath } from './screens';

/** `?company_types=tenant,retail` keeps those types in the directory; anything else is dropped. */
export const companySearch = (search: Record<string, unknown>): { company_types?: string } =>
  typeof search.company_types === 'string' && search.company_types.trim() ? { company_types: search.company_types.trim() } : {};

/** Amenities and the company directory of the building in `parent` (/building/{uuid}). */
export function directoryRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'amenities',
      component: lazyRouteComponent(() => import('../ui/directory/AmenitiesPage'), 'AmenitiesPage'),
      ...screenFlows({ amenities: ({ params }) => ({ buildingUuid: params.buildingUuid }) }),
    }),
    createRoute({
      getParentRoute: () => parent,
      component: lazyRouteComponent(() => import('../ui/directory/AmenityDetailPage'), 'AmenityDetailPage'),
      ...screenPath('amenities/$amenityUuid', {
        amenityDetail: ({ params }) => ({ buildingUuid: params.buildingUuid, amenityUuid: params.amenityUuid }),
      }),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: 'companies',
      validateSearch: companySearch,
      component: lazyRouteComponent(() => import('../ui/directory/CompaniesPage'), 'CompaniesPage'),
      ...screenFlows({
        companyDirectory: ({ params, search }) => ({ buildingUuid: params.buildingUuid, companyTypes: companySearch(search).company_types ?? null }),
      }),
    }),
    createRoute({
      getParentRoute: () => parent,
      component: lazyRouteComponent(() => import('../ui/directory/CompanyDetailPage'), 'CompanyDetailPage'),
      ...screenPath('companies/$companyUuid', {
        companyDetail: ({ params }) => ({ buildingUuid: params.buildingUuid, companyUuid: params.companyUuid }),
      }),
    }),
  ] as const;
}

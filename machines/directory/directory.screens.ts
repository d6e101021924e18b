import { buildingOf, defineScreen, type BuildingParams } from '../app/screen.types';
import type { AmenitiesInput } from './amenities.machine';
import type { AmenityDetailInput } from './amenityDetail.machine';
import type { CompanyDirectoryInput } from './companyDirectory.machine';
import type { CompanyDetailInput } from './companyDetail.machine';
import { COMPANY_PAGE_SIZE, companyTypesParam } from './companyQuery';
import { helpDeskBuildingOf } from '../helpDesk/helpDesk.screens';

/** Amenities restart for another building or language (names and descriptions are translated). */
export const amenitiesScreen = defineScreen<BuildingParams, AmenitiesInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), facts.locale].join('|'),
});

export interface AmenityDetailParams extends BuildingParams {
  amenityUuid: string;
}

/** An amenity restarts for another building, amenity or language. */
export const amenityDetailScreen = defineScreen<AmenityDetailParams, AmenityDetailInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    const requester = facts.user
      ? { name: `${facts.user.first_name} ${facts.user.last_name}`.trim(), email: facts.user.email, companyName: facts.user.company_name ?? null }
      : null;
    // It waits for its building to be the current one: its support request names the building's portfolio and asset.
    if (!buildingUuid || facts.building?.uuid !== buildingUuid) return null;
    return {
      buildingUuid,
      amenityUuid: params.amenityUuid,
      helpDeskEmail: facts.helpDeskEmail,
      requester,
      building: helpDeskBuildingOf(facts.building),
    };
  },
  restartKey: (params, facts) => [buildingOf(params, facts), params.amenityUuid, facts.locale].join('|'),
});

export interface CompanyDirectoryParams extends BuildingParams {
  /** `?company_types=` of the address, as given. */
  companyTypes: string | null;
}

/**
 * The directory restarts for another building or type filter. Company names and descriptions are the companies' own
 * (the API does not translate them), so a language change keeps the loaded pages (decision 041).
 */
export const companyDirectoryScreen = defineScreen<CompanyDirectoryParams, CompanyDirectoryInput>({
  input: (params, facts) => {
    const buildingUuid = buildingOf(params, facts);
    return buildingUuid ? { buildingUuid, companyTypes: companyTypesParam(params.companyTypes), pageSize: COMPANY_PAGE_SIZE } : null;
  },
  restartKey: (params, facts) => [buildingOf(params, facts), companyTypesParam(params.companyTypes) ?? ''].join('|'),
});

export interface CompanyDetailParams extends BuildingParams {
  companyUuid: string;
}

/** A company restarts for another building or company (not for a language: see the directory). */
export const companyDetailScreen = defineScreen<CompanyDetailParams, CompanyDetailInput>({
  input: (params, facts) => (buildingOf(params, facts) ? { companyUuid: params.companyUuid } : null),
  restartKey: (params, facts) => [buildingOf(params, facts), params.companyUuid].join('|'),
});

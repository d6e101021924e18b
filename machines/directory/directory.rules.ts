/** Pure rules of the amenities and company directory screens (content document, sections 2, 3 and 9). */
import { COMPANY_SEARCH_MAX_LENGTH } from '../../contracts/directory';
import type { Amenity, AmenityCategory, Company } from './directory.types';

/**
 * The brands whose amenities page is titled 'Building information' (the specification's "one brand"): `harbor`,
 * the same brand that gets the maintenance page's utility shortcuts (decisions 25 and 28).
 */
export const BUILDING_INFORMATION_BRANDS: readonly string[] = ['harbor'];

/** The message id of the amenities page's title for a brand. */
export const amenitiesTitleId = (brand: string | null | undefined) =>
  brand && BUILDING_INFORMATION_BRANDS.includes(brand)
    ? ('directory.amenities.titleBuildingInformation' as const)
    : ('directory.amenities.title' as const);

import { companyTypesParam } from './companyQuery';

export { COMPANY_PAGE_SIZE, companyTypesParam } from './companyQuery';

/** The categories worth a tab and a section: those with at least one amenity. */
export const categoriesWithAmenities = (categories: readonly AmenityCategory[]) => categories.filter((c) => c.amenities.length > 0);

/** The amenity of that uuid in any category (uuids compared case-insensitively), or null. */
export function findAmenity(categories: readonly AmenityCategory[], uuid: string): Amenity | null {
  const wanted = uuid.toLowerCase();
  for (const category of categories) {
    const found = category.amenities.find((a) => a.amenity_uuid.toLowerCase() === wanted);
    if (found) return found;
  }
  return null;
}

/** The DOM id of a category's section on the amenities page (the tabs scroll to it). */
export const categorySectionId = (categoryUuid: string) => `amenity-category-${categoryUuid}`;

/** `next` after `loaded`, without companies already listed (a page boundary can shift when the directory changes). */
export function appendCompanies(loaded: readonly Company[], next: readonly Company[]): Company[] {
  const seen = new Set(loaded.map((c) => c.uuid));
  return [...loaded, ...next.filter((c) => !seen.has(c.uuid))];
}

/** A load failure that means "there is nothing here for you": unknown (404) or not in your buildings (403). */
export const isNotFound = (status: number) => status === 404 || status === 403;

/** How long typing must pause before the directory asks for what was typed (one call per pause, not per key). */
export const SEARCH_PAUSE_MS = 300;

/**
 * A search as the directory asks for it: no space at either end, runs of spaces as one, at most the length the API
 * takes (contracts/directory.ts); '' for no search.
 */
export const searchWords = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').slice(0, COMPANY_SEARCH_MAX_LENGTH).trim();

/** The company types a `company_types` value names, in its order ([] for none). */
export const companyTypesOf = (value: string | null | undefined): string[] => companyTypesParam(value)?.split(',') ?? [];

/** The chosen types with `type` added, or taken away when it was chosen. */
export const toggleCompanyType = (chosen: readonly string[], type: string): string[] =>
  chosen.includes(type) ? chosen.filter((t) => t !== type) : [...chosen, type];

/** What narrows the directory: the words searched (or being typed), a floor, company types. */
export interface DirectoryFilters {
  /** The search field, as typed. */
  query: string;
  /** The words the list was asked for (`searchWords` of the query when it was asked). */
  searched: string;
  floor: number | null;
  types: readonly string[];
}

/** Whether anything narrows the directory, or is typed to: then there is something to clear. */
export const hasFilters = (filters: DirectoryFilters) =>
  searchWords(filters.query) !== '' || filters.searched !== '' || filters.floor !== null || filters.types.length > 0;

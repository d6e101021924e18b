import { describe, expect, it } from 'vitest';
import {
  amenitiesTitleId,
  appendCompanies,
  categoriesWithAmenities,
  categorySectionId,
  companyTypesOf,
  companyTypesParam,
  findAmenity,
  hasFilters,
  isNotFound,
  searchWords,
  toggleCompanyType,
} from '../../machines/directory/directory.rules';
import { COMPANY_SEARCH_MAX_LENGTH } from '../../contracts/directory';
import { CATEGORIES, company } from '../fixtures/directory';

describe('directory rules', () => {
  it("titles the amenities page 'Building information' for harbor only", () => {
    expect(amenitiesTitleId('harbor')).toBe('directory.amenities.titleBuildingInformation');
    expect(amenitiesTitleId('atrium')).toBe('directory.amenities.title');
    expect(amenitiesTitleId(null)).toBe('directory.amenities.title');
    expect(amenitiesTitleId(undefined)).toBe('directory.amenities.title');
  });

  it('keeps only categories that hold amenities, in order', () => {
    expect(categoriesWithAmenities(CATEGORIES).map((c) => c.category_uuid)).toEqual(['cat-wellness', 'cat-food']);
  });

  it('finds an amenity in any category, whatever the case of its uuid', () => {
    expect(findAmenity(CATEGORIES, 'a-cafe')?.amenity_name).toBe('Lobby café');
    expect(findAmenity(CATEGORIES, 'A-BIKES')?.amenity_name).toBe('Bike room');
    expect(findAmenity(CATEGORIES, 'nope')).toBeNull();
    expect(findAmenity([], 'a-cafe')).toBeNull();
  });

  it('names category sections by uuid', () => {
    expect(categorySectionId('cat-1')).toBe('amenity-category-cat-1');
  });

  it('normalises the company_types query', () => {
    expect(companyTypesParam(' tenant, retail ,,tenant')).toBe('tenant,retail');
    expect(companyTypesParam('')).toBeNull();
    expect(companyTypesParam(' , ')).toBeNull();
    expect(companyTypesParam(undefined)).toBeNull();
  });

  it('appends a page without repeating companies already listed', () => {
    const merged = appendCompanies([company(1), company(2)], [company(2), company(3)]);
    expect(merged.map((c) => c.uuid)).toEqual(['company-1', 'company-2', 'company-3']);
  });

  it('reads 404 and 403 as not found, anything else as a failure', () => {
    expect(isNotFound(404)).toBe(true);
    expect(isNotFound(403)).toBe(true);
    expect(isNotFound(500)).toBe(false);
    expect(isNotFound(0)).toBe(false);
  });

  it('makes a search of what was typed: trimmed, runs of spaces as one, accents composed, no longer than the API takes', () => {
    expect(searchWords('  Pine   &\tPaper ')).toBe('Pine & Paper');
    expect(searchWords('Cre\u0300me')).toBe('Crème');
    expect(searchWords('   ')).toBe('');
    expect(searchWords(`${'a'.repeat(COMPANY_SEARCH_MAX_LENGTH)}bcd`)).toHaveLength(COMPANY_SEARCH_MAX_LENGTH);
    // Cut at the limit, then trimmed again: no space left at the end.
    expect(searchWords(`${'a'.repeat(COMPANY_SEARCH_MAX_LENGTH - 1)} b`)).toBe('a'.repeat(COMPANY_SEARCH_MAX_LENGTH - 1));
  });

  it('reads company_types as a list, and toggles a type in and out of the chosen ones', () => {
    expect(companyTypesOf(' tenant, retail ,,tenant')).toEqual(['tenant', 'retail']);
    expect(companyTypesOf(null)).toEqual([]);
    expect(toggleCompanyType(['tenant'], 'retail')).toEqual(['tenant', 'retail']);
    expect(toggleCompanyType(['tenant', 'retail'], 'tenant')).toEqual(['retail']);
  });

  it('has filters to clear when words are searched or typed, a floor or a type chosen', () => {
    const none = { query: '', searched: '', floor: null, types: [] };
    expect(hasFilters(none)).toBe(false);
    expect(hasFilters({ ...none, query: '  ' })).toBe(false);
    expect(hasFilters({ ...none, query: 'a' })).toBe(true);
    expect(hasFilters({ ...none, searched: 'a' })).toBe(true);
    expect(hasFilters({ ...none, floor: 0 })).toBe(true);
    expect(hasFilters({ ...none, types: ['tenant'] })).toBe(true);
  });
});

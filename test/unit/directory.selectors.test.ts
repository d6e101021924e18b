import { describe, expect, it } from 'vitest';
import { selectEmptyReason, selectNarrowed, selectTypeChips } from '../../machines/directory/companyDirectory.selectors';
import type { CompanyDirectoryContext } from '../../machines/directory/companyDirectory.machine';

/** A directory's snapshot as the selectors read it: its context, with overrides. */
const snapshot = (context: Partial<CompanyDirectoryContext> = {}) => ({
  context: {
    buildingUuid: 'b-1',
    pageSize: 24,
    query: '',
    searched: '',
    floor: null,
    types: [],
    choices: { types: ['restaurant', 'retail', 'tenant'], floors: [2, 3] },
    companies: [],
    nextOffset: 0,
    hasMore: false,
    total: 0,
    error: null,
    ...context,
  } satisfies CompanyDirectoryContext,
});

describe('company directory selectors', () => {
  it('lists every type of the directory as a filter, chosen or not, then a chosen type it lacks', () => {
    expect(selectTypeChips(snapshot({ types: ['retail'] }))).toEqual([
      { type: 'restaurant', chosen: false },
      { type: 'retail', chosen: true },
      { type: 'tenant', chosen: false },
    ]);
    // ?company_types=spa: a type this directory does not hold can still be taken away.
    expect(selectTypeChips(snapshot({ types: ['spa'], choices: { types: ['tenant'], floors: [] } }))).toEqual([
      { type: 'tenant', chosen: false },
      { type: 'spa', chosen: true },
    ]);
    expect(selectTypeChips(snapshot({ choices: { types: [], floors: [] } }))).toEqual([]);
  });

  it('calls a list narrowed by the words searched, a floor or a type; not by words still being typed', () => {
    expect(selectNarrowed(snapshot())).toBe(false);
    expect(selectNarrowed(snapshot({ query: 'ac' }))).toBe(false);
    expect(selectNarrowed(snapshot({ query: 'ac', searched: 'ac' }))).toBe(true);
    expect(selectNarrowed(snapshot({ floor: 0 }))).toBe(true);
    expect(selectNarrowed(snapshot({ types: ['tenant'] }))).toBe(true);
  });

  it('says why a list is empty: the words searched, the filters, or an empty directory', () => {
    expect(selectEmptyReason(snapshot({ searched: 'zzz', floor: 2 }))).toBe('search');
    expect(selectEmptyReason(snapshot({ floor: 2 }))).toBe('filters');
    expect(selectEmptyReason(snapshot({ types: ['retail'] }))).toBe('filters');
    expect(selectEmptyReason(snapshot({ query: 'typing' }))).toBe('none');
    expect(selectEmptyReason(snapshot())).toBe('none');
  });
});

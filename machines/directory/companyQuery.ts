/**
 * The company directory's query: its page size and its type filter. A module of its own because the route tree (in the
 * first load of /login) reads them; the directory's other rules load with its screens.
 */

/** Companies per directory page: fills a desktop screen (8 rows of 3 tiles); a phone asks for the next page after a few screens. */
export const COMPANY_PAGE_SIZE = 24;

/** `?company_types=tenant, retail` as the list the API takes: trimmed, no empties, no repeats; null for none. */
export function companyTypesParam(value: string | null | undefined): string | null {
  const types = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  return types.length ? types.join(',') : null;
}

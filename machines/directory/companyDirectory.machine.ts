import { assign, fromPromise, raise, setup, type ActorRefFrom } from 'xstate';
import { appendCompanies, companyTypesOf, hasFilters, searchWords, SEARCH_PAUSE_MS, toggleCompanyType } from './directory.rules';
import { type Company, type CompanyPage } from './directory.types';
import { hasMorePages, pagedListStates, pageWindow, pagingAfter, FIRST_PAGE, type PagedListTag, type Paging } from '../shared/pagedList';
import { keepError } from '../shared/failure';

export interface CompanyDirectoryInput {
  buildingUuid: string;
  /** The `company_types` of the address (comma-separated): the type filters chosen at the start; null for none. */
  companyTypes: string | null;
  pageSize: number;
}

/** A paged list (machines/shared/pagedList.ts) of companies, narrowed by a search, a floor and company types. */
export interface CompanyDirectoryContext extends Paging {
  buildingUuid: string;
  pageSize: number;
  /** The search field, as typed (kept whatever the list does: a failure, a retry, a filter chosen). */
  query: string;
  /** The words the list is for: `searchWords(query)` when it was last asked for (a page more asks for the same). */
  searched: string;
  /** The floor chosen, or null for every floor. */
  floor: number | null;
  /** The company types chosen; none keeps every type. */
  types: string[];
  /** What the filters offer: every type and floor of the whole directory, from the last answer. */
  choices: { types: string[]; floors: number[] };
  /** Every company loaded so far, in the directory's order (name ascending). */
  companies: Company[];
}

export type CompanyDirectoryEvent =
  | { type: 'user.type'; text: string }
  | { type: 'user.chooseFloor'; floor: number | null }
  | { type: 'user.toggleType'; companyType: string }
  | { type: 'user.clearFilters' }
  | { type: 'list.nearEnd' }
  | { type: 'user.retry' }
  /** The machine's own: typing has paused (raised by the search region for the list region). */
  | { type: 'search.paused' };

export type CompanyDirectoryTag = PagedListTag | 'typing';

export interface CompanyPageRequest {
  buildingUuid: string;
  /** The words searched, or null for none. */
  query: string | null;
  floor: number | null;
  /** The chosen types as the API takes them (comma-separated), or null for every type. */
  companyTypes: string | null;
  offset: number;
  limit: number;
}

export const COMPANY_DIRECTORY_ID = 'companyDirectory';

const pageRequest = (context: CompanyDirectoryContext): CompanyPageRequest => ({
  buildingUuid: context.buildingUuid,
  query: context.searched || null,
  floor: context.floor,
  companyTypes: context.types.length ? context.types.join(',') : null,
  ...pageWindow(context),
});

const withPage = (context: CompanyDirectoryContext, page: CompanyPage) => ({
  companies: appendCompanies(context.companies, page.companies),
  choices: { types: page.company_types, floors: page.floors },
  ...pagingAfter(page.pagination, page.companies.length),
});

const setQuery = { type: 'setQuery', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) } as const;
const floorParams = ({ event }: { event: { floor: number | null } }) => ({ floor: event.floor });

/**
 * The company directory (issue 26): a search field, a floor and company types narrow it; the list comes a page at a
 * time. Two regions side by side:
 *  - `search` waits for typing to pause (`searchPause`) before it asks for what was typed, so a word typed is one call,
 *    not one per key; the list stays as it was meanwhile;
 *  - `list` is the paged list: the first page on start and whenever what narrows it changes (a pause in typing that
 *    changed the words, a floor, a type, everything cleared), the next page when the list's end comes near
 *    (`list.nearEnd`, from the view's scroll sentinel) while more remain. A change while a page loads drops that page.
 * A failure keeps what was typed and chosen: `user.retry` asks for the same again.
 */
export const companyDirectoryMachine = setup({
  types: {
    context: {} as CompanyDirectoryContext,
    events: {} as CompanyDirectoryEvent,
    input: {} as CompanyDirectoryInput,
    tags: {} as CompanyDirectoryTag,
  },
  actors: {
    loadPage: fromPromise<CompanyPage, CompanyPageRequest>(() => Promise.reject(new Error('loadPage is not provided'))),
  },
  actions: {
    setPage: assign(({ context }, page: CompanyPage) => withPage(context, page)),
    setError: assign(keepError),
    setQuery: assign((_, params: { text: string }) => ({ query: params.text })),
    setFloor: assign((_, params: { floor: number | null }) => ({ floor: params.floor })),
    toggleType: assign(({ context }, params: { companyType: string }) => ({ types: toggleCompanyType(context.types, params.companyType) })),
    clearFilters: assign({ query: '', floor: null, types: [] }),
    /** The list starts again from its first page, for the words typed and the filters chosen. */
    restartList: assign(({ context }) => ({ searched: searchWords(context.query), companies: [], ...FIRST_PAGE })),
    askForList: raise({ type: 'search.paused' }),
  },
  guards: {
    pageIsEmpty: (_, page: CompanyPage) => page.companies.length === 0,
    hasMore: hasMorePages,
    searchChanged: ({ context }) => searchWords(context.query) !== context.searched,
    floorChanged: ({ context }, params: { floor: number | null }) => params.floor !== context.floor,
    hasFilters: ({ context }) => hasFilters(context),
  },
  delays: { searchPause: SEARCH_PAUSE_MS },
}).createMachine({
  id: COMPANY_DIRECTORY_ID,
  context: ({ input }) => ({
    buildingUuid: input.buildingUuid,
    pageSize: input.pageSize,
    query: '',
    searched: '',
    floor: null,
    types: companyTypesOf(input.companyTypes),
    choices: { types: [], floors: [] },
    companies: [],
    ...FIRST_PAGE,
  }),
  type: 'parallel',
  states: {
    search: {
      description: 'The search field: what is typed is asked for once typing pauses, not at every key.',
      initial: 'settled',
      on: {
        'user.type': { target: '.typing', actions: setQuery },
        // A filter chosen or everything cleared asks at once, with what was typed: the pause has nothing left to ask.
        'user.chooseFloor': { guard: { type: 'floorChanged', params: floorParams }, target: '.settled' },
        'user.toggleType': '.settled',
        'user.clearFilters': { guard: 'hasFilters', target: '.settled' },
      },
      states: {
        settled: { description: 'Nothing typed waits to be asked for.' },
        typing: {
          description: 'Typing: each key starts the pause again; when it ends, the list is asked for what was typed.',
          tags: ['typing'],
          after: { searchPause: { target: 'settled', actions: 'askForList' } },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'search.paused': { guard: 'searchChanged', target: '.loading', actions: 'restartList' },
        'user.chooseFloor': {
          guard: { type: 'floorChanged', params: floorParams },
          target: '.loading',
          actions: [{ type: 'setFloor', params: floorParams }, 'restartList'],
        },
        'user.toggleType': {
          target: '.loading',
          actions: [{ type: 'toggleType', params: ({ event }) => ({ companyType: event.companyType }) }, 'restartList'],
        },
        'user.clearFilters': { guard: 'hasFilters', target: '.loading', actions: ['clearFilters', 'restartList'] },
      },
      states: pagedListStates<CompanyDirectoryContext, CompanyPageRequest, CompanyPage, 'list.nearEnd'>({
        more: 'list.nearEnd',
        request: pageRequest,
        describe: {
          empty: 'No company matches the search and filters (or the directory has none): the page says so and offers to clear them.',
          idle: 'More companies remain; the next page loads when the end of the list comes near.',
          moreFailed: 'A later page failed: the companies loaded stay, and an inline retry loads the same page again.',
          complete: 'Every company that matches is listed.',
        },
      }),
    },
  },
});

export type CompanyDirectoryRef = ActorRefFrom<typeof companyDirectoryMachine>;

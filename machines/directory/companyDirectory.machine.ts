import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { appendCompanies } from './directory.rules';
import { type Company, type CompanyPage } from './directory.types';
import { hasMorePages, pagedListStates, pageWindow, pagingAfter, FIRST_PAGE, type PagedListTag, type Paging } from '../shared/pagedList';
import { keepError } from '../shared/failure';

export interface CompanyDirectoryInput {
  buildingUuid: string;
  /** The `company_types` filter as the API takes it (comma-separated), or null for every type. */
  companyTypes: string | null;
  pageSize: number;
}

/** A paged list (machines/shared/pagedList.ts) of companies. */
export interface CompanyDirectoryContext extends CompanyDirectoryInput, Paging {
  /** Every company loaded so far, in the directory's order (name ascending). */
  companies: Company[];
}

export type CompanyDirectoryEvent = { type: 'list.nearEnd' } | { type: 'user.retry' };

export type CompanyDirectoryTag = PagedListTag;

export interface CompanyPageRequest {
  buildingUuid: string;
  companyTypes: string | null;
  offset: number;
  limit: number;
}

export const COMPANY_DIRECTORY_ID = 'companyDirectory';

const pageRequest = (context: CompanyDirectoryContext): CompanyPageRequest => ({
  buildingUuid: context.buildingUuid,
  companyTypes: context.companyTypes,
  ...pageWindow(context),
});

const withPage = (context: CompanyDirectoryContext, page: CompanyPage) => ({
  companies: appendCompanies(context.companies, page.companies),
  ...pagingAfter(page.pagination, page.companies.length),
});

/**
 * The company directory, one page at a time: the first page on start, the next one when the list's end comes near
 * (`list.nearEnd`, from the view's scroll sentinel) while more remain. A page is loaded once: near-end events while
 * it loads or after it failed are ignored; a failed later page keeps the companies loaded and waits for `user.retry`.
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
  },
  guards: {
    pageIsEmpty: (_, page: CompanyPage) => page.companies.length === 0,
    hasMore: hasMorePages,
  },
}).createMachine({
  id: COMPANY_DIRECTORY_ID,
  context: ({ input }) => ({ ...input, companies: [], ...FIRST_PAGE }),
  initial: 'loading',
  states: pagedListStates<CompanyDirectoryContext, CompanyPageRequest, CompanyPage, 'list.nearEnd'>({
    more: 'list.nearEnd',
    request: pageRequest,
    describe: {
      empty: 'No company of the chosen types in the directory.',
      idle: 'More companies remain; the next page loads when the end of the list comes near.',
      moreFailed: 'A later page failed: the companies loaded stay, and an inline retry loads the same page again.',
      complete: 'Every company is listed.',
    },
  }),
});

export type CompanyDirectoryRef = ActorRefFrom<typeof companyDirectoryMachine>;

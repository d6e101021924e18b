import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { appendCompanies } from './directory.rules';
import { type Company, type CompanyPage, type LoadError } from './directory.types';
import { toAppError } from '../../contracts/errors';

export interface CompanyDirectoryInput {
  buildingUuid: string;
  /** The `company_types` filter as the API takes it (comma-separated), or null for every type. */
  companyTypes: string | null;
  pageSize: number;
}

export interface CompanyDirectoryContext extends CompanyDirectoryInput {
  /** Every company loaded so far, in the directory's order (name ascending). */
  companies: Company[];
  /** Where the next page starts. */
  nextOffset: number;
  hasMore: boolean;
  total: number;
  /** The last failure: of the first page (the page shows it instead of the list) or of a later one (shown under it). */
  error: LoadError | null;
}

export type CompanyDirectoryEvent = { type: 'list.nearEnd' } | { type: 'user.retry' };

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
  offset: context.nextOffset,
  limit: context.pageSize,
});

const withPage = (context: CompanyDirectoryContext, page: CompanyPage) => ({
  companies: appendCompanies(context.companies, page.companies),
  nextOffset: page.pagination.offset + page.companies.length,
  hasMore: page.pagination.has_more && page.companies.length > 0,
  total: page.pagination.total,
  error: null,
});

/**
 * The company directory, one page at a time: the first page on start, the next one when the list's end comes near
 * (`list.nearEnd`, from the view's scroll sentinel) while more remain. A page is loaded once: near-end events while
 * it loads or after it failed are ignored; a failed later page keeps the companies loaded and waits for `user.retry`.
 */
export const companyDirectoryMachine = setup({
  types: { context: {} as CompanyDirectoryContext, events: {} as CompanyDirectoryEvent, input: {} as CompanyDirectoryInput },
  actors: {
    loadPage: fromPromise<CompanyPage, CompanyPageRequest>(() => Promise.reject(new Error('loadPage is not provided'))),
  },
  guards: {
    pageIsEmpty: (_, params: { page: CompanyPage }) => params.page.companies.length === 0,
    hasMore: ({ context }) => context.hasMore,
  },
}).createMachine({
  id: COMPANY_DIRECTORY_ID,
  context: ({ input }) => ({ ...input, companies: [], nextOffset: 0, hasMore: false, total: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => pageRequest(context),
        onDone: [
          {
            guard: { type: 'pageIsEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: assign(({ context, event }) => withPage(context, event.output)),
          },
          { target: 'listing', actions: assign(({ context, event }) => withPage(context, event.output)) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
      },
    },
    failed: {
      description: 'The first page could not be loaded; the page shows the error and offers to try again.',
      tags: ['failed'],
      on: { 'user.retry': 'loading' },
    },
    empty: { description: 'No company of the chosen types in the directory.', tags: ['empty'] },
    listing: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'hasMore', target: 'idle' }, { target: 'complete' }] },
        idle: {
          description: 'More companies remain; the next page loads when the end of the list comes near.',
          on: { 'list.nearEnd': 'loadingMore' },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageRequest(context),
            onDone: { target: 'deciding', actions: assign(({ context, event }) => withPage(context, event.output)) },
            onError: { target: 'moreFailed', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
          },
        },
        moreFailed: {
          description: 'A later page failed: the companies loaded stay, and an inline retry loads the same page again.',
          tags: ['pageFailed'],
          on: { 'user.retry': 'loadingMore' },
        },
        complete: { description: 'Every company is listed.', tags: ['complete'] },
      },
    },
  },
});

export type CompanyDirectoryRef = ActorRefFrom<typeof companyDirectoryMachine>;

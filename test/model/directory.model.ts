import { assign, setup } from 'xstate';

/**
 * Pure test models of the directory's screens (no invoke, as createTestModel needs): the amenities list, an amenity
 * with its support modal, a company, and the company directory paged as the list's end comes near. `api.*` are the
 * server's answers to the pending call, `user.*` what the person does on the page; `scroll.nearEnd` is the list's
 * end coming into view (the page's sentinel, no action of its own).
 */
export type AmenitiesModelEvent =
  { type: 'api.loaded' } | { type: 'api.nothing' } | { type: 'api.failed' } | { type: 'user.retry' } | { type: 'user.selectCategory' };
export type AmenitiesModelState = 'loading' | 'ready' | 'empty' | 'failed';

export const amenitiesModel = setup({
  types: { events: {} as AmenitiesModelEvent, context: {} as { active: 'first' | 'second' } },
}).createMachine({
  id: 'amenitiesModel',
  context: { active: 'first' },
  initial: 'loading',
  states: {
    loading: { on: { 'api.loaded': 'ready', 'api.nothing': 'empty', 'api.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    empty: {},
    // The second category's tab: marked, and its section scrolled to.
    ready: { on: { 'user.selectCategory': { guard: ({ context }) => context.active === 'first', actions: assign({ active: 'second' }) } } },
  },
});

export type AmenityDetailModelEvent =
  | { type: 'api.loaded' }
  | { type: 'api.notListed' }
  | { type: 'api.notFound' }
  | { type: 'api.failed' }
  | { type: 'user.retry' }
  | { type: 'user.requestSupport' }
  | { type: 'user.closeModal' };
export type AmenityDetailModelState = 'loading' | 'ready' | 'support' | 'notFound' | 'failed';

export const amenityDetailModel = setup({ types: { events: {} as AmenityDetailModelEvent } }).createMachine({
  id: 'amenityDetailModel',
  initial: 'loading',
  states: {
    // Not listed: the building's amenities are in, this one is not among them; not found: the call said 404.
    loading: { on: { 'api.loaded': 'ready', 'api.notListed': 'notFound', 'api.notFound': 'notFound', 'api.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    ready: { on: { 'user.requestSupport': 'support' } },
    // The modal's close cancels the untouched form, whose end closes the modal.
    support: { on: { 'user.closeModal': 'ready' } },
  },
});

export type CompanyDetailModelEvent =
  { type: 'api.loaded' } | { type: 'api.notFound' } | { type: 'api.failed' } | { type: 'user.retry' } | { type: 'user.openWebsite' };
export type CompanyDetailModelState = 'loading' | 'loaded' | 'notFound' | 'failed';

export const companyDetailModel = setup({
  types: { events: {} as CompanyDetailModelEvent, context: {} as { opened: number } },
}).createMachine({
  id: 'companyDetailModel',
  context: { opened: 0 },
  initial: 'loading',
  states: {
    loading: { on: { 'api.loaded': 'loaded', 'api.notFound': 'notFound', 'api.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    loaded: { on: { 'user.openWebsite': { guard: ({ context }) => context.opened === 0, actions: assign({ opened: 1 }) } } },
  },
});

export type CompanyDirectoryModelEvent =
  | { type: 'api.page' }
  | { type: 'api.lastPage' }
  | { type: 'api.empty' }
  | { type: 'api.failed' }
  | { type: 'user.retry' }
  | { type: 'scroll.nearEnd' }
  | { type: 'user.type' }
  | { type: 'time.pause' }
  | { type: 'user.chooseFloor' }
  | { type: 'user.toggleType' }
  | { type: 'user.clearFilters' };
export type CompanyDirectoryModelState = 'loading' | 'failed' | 'empty' | 'idle' | 'loadingMore' | 'moreFailed' | 'complete';

/**
 * What narrows the list: nothing; words typed whose pause has not come (`typed`: the list is still the whole
 * directory's); the words searched; a floor; a type. One at a time: each starts from the whole directory's first page.
 */
export type CompanyDirectoryCriteria = 'none' | 'typed' | 'search' | 'floor' | 'type';
export interface CompanyDirectoryModelContext {
  pages: number;
  criteria: CompanyDirectoryCriteria;
}

const whole = ({ context }: { context: CompanyDirectoryModelContext }) => context.criteria === 'none';
/** The whole directory's first page is listed: where the person starts narrowing it. */
const wholeFirstPage = ({ context }: { context: CompanyDirectoryModelContext }) => context.criteria === 'none' && context.pages === 1;
const narrowed = ({ context }: { context: CompanyDirectoryModelContext }) => ['search', 'floor', 'type'].includes(context.criteria);

/**
 * Pages of two companies of six: the first, a middle one, the last (`api.lastPage` ends the list wherever it comes);
 * the search typed, a floor, a type, each narrowing the whole directory's first page, and clearing them (from the
 * narrowed list or from its empty answer). A narrowed list's answers: a page, none (no match), or, for a search, a
 * failure (what was typed stays for the retry).
 */
export const companyDirectoryModel = setup({
  types: { events: {} as CompanyDirectoryModelEvent, context: {} as CompanyDirectoryModelContext },
  // A new first page, for these criteria.
  actions: { restart: assign((_, params: { criteria: CompanyDirectoryCriteria }) => ({ pages: 0, criteria: params.criteria })) },
}).createMachine({
  id: 'companyDirectoryModel',
  context: { pages: 0, criteria: 'none' },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'api.page': { target: 'idle', actions: assign({ pages: 1 }) },
        'api.lastPage': { guard: whole, target: 'complete', actions: assign({ pages: 1 }) },
        'api.empty': 'empty',
        'api.failed': { guard: ({ context }) => context.criteria === 'none' || context.criteria === 'search', target: 'failed' },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    empty: { on: { 'user.clearFilters': { guard: narrowed, target: 'loading', actions: { type: 'restart', params: { criteria: 'none' } } } } },
    idle: {
      on: {
        'scroll.nearEnd': { guard: whole, target: 'loadingMore' },
        'user.type': { guard: wholeFirstPage, actions: assign({ criteria: 'typed' }) },
        'time.pause': {
          guard: ({ context }) => context.criteria === 'typed',
          target: 'loading',
          actions: { type: 'restart', params: { criteria: 'search' } },
        },
        'user.chooseFloor': { guard: wholeFirstPage, target: 'loading', actions: { type: 'restart', params: { criteria: 'floor' } } },
        'user.toggleType': { guard: wholeFirstPage, target: 'loading', actions: { type: 'restart', params: { criteria: 'type' } } },
        'user.clearFilters': { guard: narrowed, target: 'loading', actions: { type: 'restart', params: { criteria: 'none' } } },
      },
    },
    loadingMore: {
      on: {
        'api.page': { guard: ({ context }) => context.pages < 2, target: 'idle', actions: assign({ pages: ({ context }) => context.pages + 1 }) },
        'api.lastPage': { target: 'complete', actions: assign({ pages: ({ context }) => context.pages + 1 }) },
        'api.failed': 'moreFailed',
      },
    },
    moreFailed: { on: { 'user.retry': 'loadingMore' } },
    complete: {},
  },
});

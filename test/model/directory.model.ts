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
  | { type: 'scroll.nearEnd' };
export type CompanyDirectoryModelState = 'loading' | 'failed' | 'empty' | 'idle' | 'loadingMore' | 'moreFailed' | 'complete';

/** Pages of two companies of six: the first, a middle one, the last (`api.lastPage` ends the list wherever it comes). */
export const companyDirectoryModel = setup({
  types: { events: {} as CompanyDirectoryModelEvent, context: {} as { pages: number } },
}).createMachine({
  id: 'companyDirectoryModel',
  context: { pages: 0 },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'api.page': { target: 'idle', actions: assign({ pages: 1 }) },
        'api.lastPage': { target: 'complete', actions: assign({ pages: 1 }) },
        'api.empty': 'empty',
        'api.failed': 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    empty: {},
    idle: { on: { 'scroll.nearEnd': 'loadingMore' } },
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

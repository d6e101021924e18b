import { setup } from 'xstate';

/**
 * Pure test models of the smart building's two lists (no invoke, as createTestModel needs): the floors, and a floor's
 * suites. `api.*` are the server's answers to the pending list call, `user.retry` the person's Try again.
 */
export type FloorsModelEvent = { type: 'api.loaded' } | { type: 'api.none' } | { type: 'api.failed' } | { type: 'user.retry' };
export type FloorsModelState = 'loading' | 'ready' | 'empty' | 'failed';

export const floorsModel = setup({ types: { events: {} as FloorsModelEvent } }).createMachine({
  id: 'floorsModel',
  initial: 'loading',
  states: {
    loading: { on: { 'api.loaded': 'ready', 'api.none': 'empty', 'api.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {},
    empty: {},
  },
});

export type SuitesModelEvent = FloorsModelEvent | { type: 'api.notFound' };
export type SuitesModelState = FloorsModelState | 'notFound';

export const suitesModel = setup({ types: { events: {} as SuitesModelEvent } }).createMachine({
  id: 'suitesModel',
  initial: 'loading',
  states: {
    // Not found: the building has no floor of this id (404).
    loading: { on: { 'api.loaded': 'ready', 'api.none': 'empty', 'api.notFound': 'notFound', 'api.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {},
    empty: {},
    notFound: {},
  },
});

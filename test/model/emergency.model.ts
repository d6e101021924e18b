import { setup } from 'xstate';

/**
 * A pure test model of the emergency-management screen (no invoke, as createTestModel needs). `api.*` are the
 * emergency call's answers: the building's contacts and procedures, nothing written, or a failure; `user.retry` is
 * the person's Try again.
 */
export type EmergencyModelEvent = { type: 'api.loaded' } | { type: 'api.nothing' } | { type: 'api.failed' } | { type: 'user.retry' };

export type EmergencyModelState = 'loading' | 'ready' | 'empty' | 'failed';

export const emergencyModel = setup({
  types: { events: {} as EmergencyModelEvent },
}).createMachine({
  id: 'emergencyModel',
  initial: 'loading',
  states: {
    loading: { on: { 'api.loaded': 'ready', 'api.nothing': 'empty', 'api.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {},
    empty: {},
  },
});

import { assign, setup } from 'xstate';

/**
 * A pure test model of the farm selector (no invoke, as createTestModel needs): the farm list's answer (`api.*`), a
 * farm picked from it, a custom URL typed valid or breaking the rule, the field left, submit, and the default API.
 * The selector ends (`chosen`) with what it handed the app: a listed farm, a custom one, or none (cleared).
 */
export type FarmSelectorModelEvent =
  | { type: 'api.loaded' }
  | { type: 'api.failed' }
  | { type: 'user.retry' }
  | { type: 'user.pick' }
  | { type: 'user.typeValid' }
  | { type: 'user.typeInvalid' }
  | { type: 'user.blur' }
  | { type: 'user.submit' }
  | { type: 'user.clear' };

export type FarmSelectorModelState = 'loading' | 'ready' | 'failed' | 'chosen';

export interface FarmSelectorModelContext {
  custom: 'none' | 'valid' | 'invalid';
  picked: boolean;
  urlError: boolean;
  handed: 'listed' | 'custom' | 'cleared' | null;
}

export const farmSelectorModel = setup({
  types: { events: {} as FarmSelectorModelEvent, context: {} as FarmSelectorModelContext },
  guards: {
    validUrl: ({ context }) => context.custom === 'valid',
    listedPick: ({ context }) => context.custom === 'none' && context.picked,
    invalidUnshown: ({ context }) => context.custom === 'invalid' && !context.urlError,
    notValid: ({ context }) => context.custom !== 'valid',
    noUrl: ({ context }) => context.custom === 'none',
    notPicked: ({ context }) => !context.picked,
  },
  actions: {
    typeValid: assign({ custom: 'valid' as const, picked: false, urlError: false }),
    typeInvalid: assign({ custom: 'invalid' as const, picked: false, urlError: false }),
    showUrlError: assign({ urlError: true }),
    clear: assign({ handed: 'cleared' as const }),
  },
}).createMachine({
  id: 'farmSelectorModel',
  context: { custom: 'none', picked: false, urlError: false, handed: null },
  initial: 'loading',
  states: {
    loading: { on: { 'api.loaded': 'ready', 'api.failed': 'failed' } },
    ready: {
      on: {
        'user.pick': { guard: 'notPicked', actions: assign({ picked: true, custom: 'none', urlError: false }) },
        'user.typeValid': { guard: 'notValid', actions: 'typeValid' },
        'user.typeInvalid': { guard: 'noUrl', actions: 'typeInvalid' },
        'user.blur': { guard: 'invalidUnshown', actions: 'showUrlError' },
        'user.submit': [
          { guard: 'validUrl', target: 'chosen', actions: assign({ handed: 'custom' as const }) },
          { guard: 'listedPick', target: 'chosen', actions: assign({ handed: 'listed' as const }) },
          { guard: 'invalidUnshown', actions: 'showUrlError' },
        ],
        'user.clear': { target: 'chosen', actions: 'clear' },
      },
    },
    // Without the list a custom URL still works.
    failed: {
      on: {
        'user.retry': 'loading',
        'user.typeValid': { guard: 'notValid', actions: 'typeValid' },
        'user.typeInvalid': { guard: 'noUrl', actions: 'typeInvalid' },
        'user.submit': [
          { guard: 'validUrl', target: 'chosen', actions: assign({ handed: 'custom' as const }) },
          { guard: 'invalidUnshown', actions: 'showUrlError' },
        ],
        'user.clear': { target: 'chosen', actions: 'clear' },
      },
    },
    chosen: { type: 'final' },
  },
});

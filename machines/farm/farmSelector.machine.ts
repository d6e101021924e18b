import { and, assign, fromPromise, not, setup } from 'xstate';
import { isValidFarmUrl } from '../auth/validation';
import type { Farm, FarmSelectorContext, FarmSelectorEvent, FarmSelectorTag } from './farmSelector.types';
import { DEFAULT_ERROR_MESSAGE, toAppError } from '../../contracts/errors';

export const FARM_SELECTOR_ID = 'farmSelector';

/** The id a custom URL gets as a farm. */
export const CUSTOM_FARM_UUID = 'custom';

/** Submitting a custom URL (it needs no list, so it works after the list failed too) and clearing the farm. */
const CHOOSING_WITHOUT_LIST = {
  'user.submit': [
    {
      guard: 'customUrlAccepted',
      target: 'chosen',
      actions: { type: 'chooseFarm', params: ({ context }: { context: FarmSelectorContext }) => ({ farm: customFarm(context.customUrl) }) },
    },
    // A custom URL that breaks the rule: submitting shows why instead of closing.
    { guard: 'hasCustomUrl', actions: 'checkCustomUrl' },
  ],
  'user.clearFarm': { target: 'chosen', actions: { type: 'chooseFarm', params: { farm: null } } },
} as const;

/** Submitting the farm picked from the list: only the list's state has one (a failed load has no list). */
const SUBMIT_LISTED_FARM = {
  guard: 'listedFarmChosen',
  target: 'chosen',
  actions: {
    type: 'chooseFarm',
    params: ({ context }: { context: FarmSelectorContext }) => ({ farm: context.farms.find((f) => f.uuid === context.chosen)! }),
  },
} as const;

/** A custom URL as a farm; a `www.` address is taken as https. */
export function customFarm(value: string): Farm {
  const url = value.trim().replace(/\/+$/, '');
  return { uuid: CUSTOM_FARM_UUID, description: url, url: /^https?:\/\//i.test(url) ? url : `https://${url}` };
}

/**
 * The farm selector (a testing tool): the farm list, or a custom URL that matches an http(s) or www pattern
 * ('Invalid Farm url' otherwise). Choosing hands the farm to the app (`chooseFarm`), which persists it at root and
 * uses its url as the API base; clearing hands over null (the default API). Either ends the selector; the auth flow
 * that invoked it decides what comes next.
 */
export const farmSelectorMachine = setup({
  types: {
    context: {} as FarmSelectorContext,
    events: {} as FarmSelectorEvent,
    tags: {} as FarmSelectorTag,
  },
  actors: {
    loadFarms: fromPromise<Farm[]>(() => Promise.reject(new Error('loadFarms is not provided'))),
  },
  actions: {
    /** Persists the farm (null: back to the default API) and points every call at it (wired by the app). */
    chooseFarm: (_, _params: { farm: Farm | null }) => {},
    pickFarm: assign(({ event }) => (event.type === 'user.chooseFarm' ? { chosen: event.uuid, customUrl: '', urlError: null } : {})),
    setCustomUrl: assign(({ event }) => (event.type === 'user.changeCustomUrl' ? { customUrl: event.value, chosen: null, urlError: null } : {})),
    checkCustomUrl: assign(({ context }) => ({
      urlError: context.customUrl.trim() && !isValidFarmUrl(context.customUrl) ? ('invalid_url' as const) : null,
    })),
  },
  guards: {
    farmKnown: ({ context, event }) => event.type === 'user.chooseFarm' && context.farms.some((f) => f.uuid === event.uuid),
    farmChosen: ({ context }) => context.farms.some((f) => f.uuid === context.chosen),
    hasCustomUrl: ({ context }) => context.customUrl.trim().length > 0,
    customUrlValid: ({ context }) => isValidFarmUrl(context.customUrl),
    customUrlAccepted: and(['hasCustomUrl', 'customUrlValid']),
    listedFarmChosen: and([not('hasCustomUrl'), 'farmChosen']),
  },
}).createMachine({
  id: FARM_SELECTOR_ID,
  context: { farms: [], chosen: null, customUrl: '', urlError: null, error: null },
  initial: 'loading',
  on: {
    'user.changeCustomUrl': { actions: 'setCustomUrl' },
    'user.blurCustomUrl': { actions: 'checkCustomUrl' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadFarms',
        onDone: { target: 'ready', actions: assign({ farms: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toAppError(event.error, DEFAULT_ERROR_MESSAGE) }) },
      },
    },
    ready: {
      description: 'The farm list is shown: pick a farm or type a custom URL.',
      on: {
        ...CHOOSING_WITHOUT_LIST,
        'user.submit': [SUBMIT_LISTED_FARM, ...CHOOSING_WITHOUT_LIST['user.submit']],
        'user.chooseFarm': { guard: 'farmKnown', actions: 'pickFarm' },
      },
    },
    failed: {
      description: 'The farm list could not be loaded; a custom URL still works.',
      on: { ...CHOOSING_WITHOUT_LIST, 'user.retry': { target: 'loading' } },
    },
    chosen: {
      description: 'The farm was handed to the app (or cleared): the selector is done.',
      type: 'final',
    },
  },
});

import { assign, setup } from 'xstate';

/**
 * A pure test model of switching buildings: which building is current, as the person sees it. The user's default
 * building is b-1. `load` is the signed-in session asking for the user's buildings, `address.unknown` an address naming
 * a building that is not theirs (the default comes back), `clear` the sign-out; `user.choose.*` is the person picking
 * a building in the header's switcher (one event per building: the paths are found from event types alone).
 */
export const BUILDING_UUIDS = ['b-1', 'b-2', 'b-3'] as const;
export type Uuid = (typeof BUILDING_UUIDS)[number];

export type BuildingSwitchModelEvent = { type: 'load' } | { type: `user.choose.${Uuid}` } | { type: 'address.unknown' } | { type: 'clear' };

export type BuildingSwitchModelState = 'signedOut' | 'ready';

export interface BuildingSwitchModelContext {
  current: Uuid | null;
}

/** The building a `user.choose.*` event picks. */
export const chosen = (event: BuildingSwitchModelEvent): Uuid | null =>
  event.type.startsWith('user.choose.') ? (event.type.slice('user.choose.'.length) as Uuid) : null;

export const buildingSwitchModel = setup({
  types: { context: {} as BuildingSwitchModelContext, events: {} as BuildingSwitchModelEvent },
  guards: { other: ({ context, event }) => chosen(event) !== context.current },
}).createMachine({
  id: 'buildingSwitchModel',
  context: { current: null },
  initial: 'signedOut',
  states: {
    signedOut: { on: { load: { target: 'ready', actions: assign({ current: 'b-1' as Uuid }) } } },
    ready: {
      on: {
        'user.choose.b-1': { guard: 'other', actions: assign({ current: 'b-1' as Uuid }) },
        'user.choose.b-2': { guard: 'other', actions: assign({ current: 'b-2' as Uuid }) },
        'user.choose.b-3': { guard: 'other', actions: assign({ current: 'b-3' as Uuid }) },
        'address.unknown': { actions: assign({ current: 'b-1' as Uuid }) },
        clear: { target: 'signedOut', actions: assign({ current: null }) },
      },
    },
  },
});

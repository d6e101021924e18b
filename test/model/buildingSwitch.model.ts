import { assign, setup } from 'xstate';

/**
 * A pure test model of the person's building: which one is current and how it reads, as the person sees it. The
 * user's default building is b-1. `load` is the signed-in session asking for the user's buildings; its variants say
 * what the server or the app does meanwhile: the list refused (the session ends, then `clear`), no answer for the list
 * or a 503 for the building (the global error modal, whose "Try again" loads it again, the server up again), no
 * building at all, no default building (the list's first is shown), the theme and permissions failing (the brand's
 * look), an address naming b-3 while it loads, the language changing while it loads. `address.unknown` is an address
 * naming a building that is not theirs (the default comes back), `language` the person picking French (the building
 * is read again in it), `clear` the sign-out (the language stays); `user.choose.*` is the person picking a building in
 * the header's switcher (one event per building: the paths are found from event types alone). A switch takes the
 * building's own language (English, for each of these buildings).
 */
export const BUILDING_UUIDS = ['b-1', 'b-2', 'b-3'] as const;
export type Uuid = (typeof BUILDING_UUIDS)[number];

export type BuildingSwitchModelEvent =
  | { type: 'load' }
  | { type: 'load.refused' }
  | { type: 'load.unanswered' }
  | { type: 'load.buildingDown' }
  | { type: 'load.noBuildings' }
  | { type: 'load.noDefault' }
  | { type: 'load.withoutTheme' }
  | { type: 'load.addressB3' }
  | { type: 'load.languageChanged' }
  | { type: `user.choose.${Uuid}` }
  | { type: 'user.retry' }
  | { type: 'address.unknown' }
  | { type: 'language' }
  | { type: 'clear' };

export type BuildingSwitchModelState = 'signedOut' | 'failed' | 'noBuilding' | 'ready';

export interface BuildingSwitchModelContext {
  current: Uuid | null;
  /** The language the building was read in. */
  language: 'en' | 'fr';
  /** The building's theme (its hero), or the brand's look when the theme could not be read. */
  look: 'theme' | 'brand';
  /**
   * The user's buildings were refused: the app asked the session to log out, and the session (signed out in this
   * flow) cleared what was kept at once (decision 199), the building with it.
   */
  refused: boolean;
}

/** The building a `user.choose.*` event picks. */
export const chosen = (event: BuildingSwitchModelEvent): Uuid | null =>
  event.type.startsWith('user.choose.') ? (event.type.slice('user.choose.'.length) as Uuid) : null;

/** A building loaded, in the language the app is in (a sign-out keeps it), with its theme unless said otherwise. */
const shown = (current: Uuid, look: 'theme' | 'brand' = 'theme'): Partial<BuildingSwitchModelContext> => ({ current, look });
/** A switch: the building chosen, read in its own language (English) with its theme. */
const switched = (current: Uuid): Partial<BuildingSwitchModelContext> => ({ current, language: 'en', look: 'theme' });
const english = ({ context }: { context: BuildingSwitchModelContext }) => context.language === 'en';

export const buildingSwitchModel = setup({
  types: { context: {} as BuildingSwitchModelContext, events: {} as BuildingSwitchModelEvent },
  guards: { other: ({ context, event }) => chosen(event) !== context.current },
}).createMachine({
  id: 'buildingSwitchModel',
  context: { current: null, language: 'en', look: 'theme', refused: false },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        load: { target: 'ready', actions: assign(shown('b-1')) },
        'load.refused': { target: 'signedOut', actions: assign({ refused: true }) },
        'load.unanswered': 'failed',
        'load.buildingDown': 'failed',
        'load.noBuildings': 'noBuilding',
        'load.noDefault': { target: 'ready', actions: assign(shown('b-1')) },
        'load.withoutTheme': { target: 'ready', actions: assign(shown('b-1', 'brand')) },
        'load.addressB3': { target: 'ready', actions: assign(shown('b-3')) },
        'load.languageChanged': {
          guard: english,
          target: 'ready',
          actions: assign({ current: 'b-1' as Uuid, language: 'fr' as const, look: 'theme' as const }),
        },
      },
    },
    failed: {
      description: 'The global error modal: "Try again" loads the building again.',
      on: { 'user.retry': { target: 'ready', actions: assign(shown('b-1')) } },
    },
    noBuilding: { description: 'The user belongs to no building.', on: { clear: 'signedOut' } },
    ready: {
      on: {
        'user.choose.b-1': { guard: 'other', actions: assign(switched('b-1')) },
        'user.choose.b-2': { guard: 'other', actions: assign(switched('b-2')) },
        'user.choose.b-3': { guard: 'other', actions: assign(switched('b-3')) },
        // Any address naming a building is a switch, to the default building when it is not theirs.
        'address.unknown': { actions: assign(switched('b-1')) },
        language: { guard: english, actions: assign({ language: 'fr', look: 'theme' }) },
        // The language stays the person's after they sign out.
        clear: { target: 'signedOut', actions: assign({ current: null, look: 'theme' }) },
      },
    },
  },
});

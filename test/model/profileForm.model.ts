import { assign, setup } from 'xstate';

/**
 * A pure test model of the profile form (no invoke, as createTestModel needs). Events are what the person does
 * (`user.*`) and how the server answers (`api.*`); the context says whether the typed values differ from the
 * version the form is based on, whether both names are valid, and whether the last save failed (not a conflict).
 *
 * The form starts by asking for the person's own buildings (the default building's options): the server lists them
 * (`start.optionsLoaded`), gives no answer (`start.optionsDropped`: the page's building list stands in), or refuses
 * (`start.optionsRefused`: the session ends, access document section 8).
 *
 * The person's edits are fixed values: `editName` types a valid first name, `clearName` empties it, `chooseBuilding`
 * picks another default building. The server's version read after a conflict differs from anything the person can
 * have typed and saved, so after a conflict there is still something to save.
 */
export type ProfileModelEvent =
  | { type: 'start.optionsLoaded' }
  | { type: 'start.optionsDropped' }
  | { type: 'start.optionsRefused' }
  | { type: 'user.editName' }
  | { type: 'user.clearName' }
  | { type: 'user.chooseBuilding' }
  | { type: 'user.save' }
  | { type: 'user.discard' }
  | { type: 'user.acknowledge' }
  | { type: 'api.ok' }
  | { type: 'api.conflict' }
  | { type: 'api.failed' }
  | { type: 'api.refetched' }
  | { type: 'api.refetchFailed' };

export type ProfileModelState = 'opening' | 'loggedOut' | 'editing' | 'saving' | 'saved' | 'conflictRefreshing' | 'conflictReady';

export interface ProfileModelContext {
  changed: boolean;
  valid: boolean;
  failed: boolean;
}

const edits = {
  'user.editName': { actions: 'editName' },
  'user.clearName': { actions: 'clearName' },
  'user.chooseBuilding': { actions: 'chooseBuilding' },
} as const;

export const profileFormModel = setup({
  types: { context: {} as ProfileModelContext, events: {} as ProfileModelEvent },
  actions: {
    editName: assign({ changed: true, valid: true }),
    clearName: assign({ changed: true, valid: false }),
    chooseBuilding: assign({ changed: true }),
  },
  guards: {
    canSave: ({ context }) => context.changed && context.valid,
  },
}).createMachine({
  id: 'profileFormModel',
  context: { changed: false, valid: true, failed: false },
  initial: 'opening',
  states: {
    opening: {
      on: { 'start.optionsLoaded': 'editing', 'start.optionsDropped': 'editing', 'start.optionsRefused': 'loggedOut' },
    },
    // The refused list ended the session: the app leaves the form (its routing, not the form's).
    loggedOut: {},
    editing: {
      on: { ...edits, 'user.save': { guard: 'canSave', target: 'saving' } },
    },
    saving: {
      entry: assign({ failed: false }),
      on: {
        // Saved: the "profile updated" dialog over the form, until the person closes it.
        'api.ok': { target: 'saved', actions: assign({ changed: false }) },
        'api.conflict': 'conflictRefreshing',
        'api.failed': { target: 'editing', actions: assign({ failed: true }) },
      },
    },
    saved: { on: { 'user.acknowledge': 'editing' } },
    conflictRefreshing: {
      on: { ...edits, 'api.refetched': 'conflictReady', 'api.refetchFailed': 'conflictReady' },
    },
    conflictReady: {
      on: {
        ...edits,
        'user.save': { guard: 'canSave', target: 'saving' },
        'user.discard': { target: 'editing', actions: assign({ changed: false, valid: true }) },
      },
    },
  },
});

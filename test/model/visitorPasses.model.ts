import { assign, setup } from 'xstate';

/**
 * A pure test model of the Visitors mini-app's flow (machines/visitors/visitorPasses.machine.ts; no invoke, as
 * createTestModel needs). Events are what the person does (`user.*`), how the bridge and the API answer (`api.*`) and
 * what the host says (`host.*`).
 *
 * The person's edits are fixed: `fill` types a whole valid invitation; `fillBad` types a window that ends before it
 * starts (and, inviting, the rest); `rename` changes an edited visit's guest name (no new pass); `move` changes its
 * time (a new pass). The API's answers: `failed` is a refusal of the whole call (a 500 loading, a 409 saving or
 * cancelling), `refusedField` the server's refusal of the day (visit_in_past), `unauthorised` a 401 (an expired
 * token: one new token, one more try; a second 401 fails the call).
 *
 * The host's language and theme changes are taken while the flow is unavailable (`restyled`), where the screen shows
 * them without multiplying every other state; a kiosk reset is taken on the form, a building switch on the list.
 */
export type VisitorPassesModelEvent =
  | { type: 'api.connected' }
  | { type: 'api.connectFailed' }
  | { type: 'api.token' }
  | { type: 'api.tokenFailed' }
  | { type: 'api.loaded' }
  | { type: 'api.failed' }
  | { type: 'api.refusedField' }
  | { type: 'api.unauthorised' }
  | { type: 'api.saved' }
  | { type: 'api.cancelled' }
  | { type: 'host.languageChanged' }
  | { type: 'host.themeChanged' }
  | { type: 'host.kioskReset' }
  | { type: 'host.buildingChanged' }
  | { type: 'user.retry' }
  | { type: 'user.invite' }
  | { type: 'user.edit' }
  | { type: 'user.cancelVisit' }
  | { type: 'user.keep' }
  | { type: 'user.confirmCancel' }
  | { type: 'user.fill' }
  | { type: 'user.fillBad' }
  | { type: 'user.rename' }
  | { type: 'user.move' }
  | { type: 'user.submit' }
  | { type: 'user.back' }
  | { type: 'user.done' };

export type VisitorPassesModelState =
  'connecting' | 'unavailable' | 'authorising' | 'loading' | 'loadFailed' | 'list' | 'confirmingCancel' | 'cancelling' | 'form' | 'saving' | 'done';

export type FormTyped = 'empty' | 'filled' | 'bad' | 'prefilled' | 'renamed' | 'moved';

export interface VisitorPassesModelContext {
  mode: 'invite' | 'edit';
  typed: FormTyped;
  /** A submit the browser's checks refused: every field's problem shows. */
  checked: boolean;
  /** The last submit's refusal by the server: of one field (the day), or of the whole form. */
  refused: 'none' | 'field' | 'form';
  /** The current call got a 401 and is getting a new token (`renewing`), or already did (`renewed`). */
  renewing: boolean;
  renewed: boolean;
  cancelError: boolean;
  confirmation: 'invited' | 'updated' | 'updatedNewPass' | null;
  /** The host's language (en-GB) and then its theme (dark) changed. */
  restyled: 'none' | 'language' | 'both';
}

const freshCall = { renewing: false, renewed: false } as const;
const noForm = { mode: 'invite', typed: 'empty', checked: false, refused: 'none' } as const;

export const visitorPassesModel = setup({
  types: { context: {} as VisitorPassesModelContext, events: {} as VisitorPassesModelEvent },
  guards: {
    firstTry: ({ context }) => !context.renewed,
    secondTry: ({ context }) => context.renewed && !context.renewing,
    answering: ({ context }) => !context.renewing,
    renewing: ({ context }) => context.renewing,
    inviting: ({ context }) => context.mode === 'invite' && context.typed !== 'filled',
    notBad: ({ context }) => context.typed !== 'bad',
    prefilled: ({ context }) => context.typed === 'prefilled',
    movable: ({ context }) => context.mode === 'edit' && context.typed !== 'moved',
    invalidUnchecked: ({ context }) => (context.typed === 'empty' || context.typed === 'bad') && !context.checked,
    sendable: ({ context }) => context.typed === 'filled' || context.typed === 'renamed' || context.typed === 'moved',
    languageNotYet: ({ context }) => context.restyled === 'none',
    themeNotYet: ({ context }) => context.restyled === 'language',
  },
  actions: {
    renew: assign({ renewing: true, renewed: true }),
    renewed: assign({ renewing: false }),
    freshCall: assign({ ...freshCall }),
    clearForm: assign({ ...noForm, confirmation: null, cancelError: false }),
  },
}).createMachine({
  id: 'visitorPassesModel',
  context: { ...noForm, ...freshCall, cancelError: false, confirmation: null, restyled: 'none' },
  initial: 'connecting',
  states: {
    connecting: {
      on: { 'api.connected': 'authorising', 'api.connectFailed': 'unavailable' },
    },
    unavailable: {
      on: {
        'user.retry': { target: 'connecting', actions: assign({ restyled: 'none' }) },
        'host.languageChanged': { guard: 'languageNotYet', actions: assign({ restyled: 'language' }) },
        'host.themeChanged': { guard: 'themeNotYet', actions: assign({ restyled: 'both' }) },
      },
    },
    authorising: {
      on: { 'api.token': { target: 'loading', actions: 'freshCall' }, 'api.tokenFailed': 'loadFailed' },
    },
    loading: {
      on: {
        'api.loaded': { guard: 'answering', target: 'list' },
        'api.failed': { guard: 'answering', target: 'loadFailed' },
        'api.unauthorised': [
          { guard: 'firstTry', actions: 'renew' },
          { guard: 'secondTry', target: 'loadFailed' },
        ],
        'api.token': { guard: 'renewing', actions: 'renewed' },
        'api.tokenFailed': { guard: 'renewing', target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'user.retry': 'authorising' },
    },
    list: {
      on: {
        'user.invite': { target: 'form', actions: assign({ ...noForm }) },
        'user.edit': { target: 'form', actions: assign({ ...noForm, mode: 'edit', typed: 'prefilled' }) },
        'user.cancelVisit': { target: 'confirmingCancel', actions: assign({ cancelError: false }) },
        'host.buildingChanged': 'authorising',
      },
    },
    confirmingCancel: {
      on: {
        'user.keep': { target: 'list', actions: assign({ cancelError: false }) },
        'user.confirmCancel': { target: 'cancelling', actions: ['freshCall', assign({ cancelError: false })] },
      },
    },
    cancelling: {
      on: {
        'api.cancelled': { guard: 'answering', target: 'list' },
        'api.failed': { guard: 'answering', target: 'confirmingCancel', actions: assign({ cancelError: true }) },
        'api.unauthorised': [
          { guard: 'firstTry', actions: 'renew' },
          { guard: 'secondTry', target: 'confirmingCancel', actions: assign({ cancelError: true }) },
        ],
        'api.token': { guard: 'renewing', actions: 'renewed' },
        'api.tokenFailed': { guard: 'renewing', target: 'confirmingCancel', actions: assign({ cancelError: true }) },
      },
    },
    form: {
      on: {
        'user.fill': {
          guard: 'inviting',
          actions: assign({ typed: 'filled', refused: ({ context }) => (context.refused === 'field' ? 'none' : context.refused) }),
        },
        // Inviting, the bad window comes with the rest of the form, its day too: the day's refusal goes.
        'user.fillBad': {
          guard: 'notBad',
          actions: assign({
            typed: 'bad',
            refused: ({ context }) => (context.mode === 'invite' && context.refused === 'field' ? 'none' : context.refused),
          }),
        },
        'user.rename': { guard: 'prefilled', actions: assign({ typed: 'renamed' }) },
        'user.move': { guard: 'movable', actions: assign({ typed: 'moved' }) },
        'user.submit': [
          { guard: 'invalidUnchecked', actions: assign({ checked: true }) },
          { guard: 'prefilled', target: 'list', actions: 'clearForm' },
          { guard: 'sendable', target: 'saving', actions: ['freshCall', assign({ refused: 'none' })] },
        ],
        'user.back': { target: 'list', actions: 'clearForm' },
        'host.kioskReset': { target: 'loading', actions: ['clearForm', 'freshCall'] },
      },
    },
    saving: {
      on: {
        'api.saved': {
          guard: 'answering',
          target: 'done',
          actions: assign({
            confirmation: ({ context }) => (context.mode === 'invite' ? 'invited' : context.typed === 'moved' ? 'updatedNewPass' : 'updated'),
          }),
        },
        // A refused submit shows every field's problem from then on, as one the browser refused.
        'api.failed': { guard: 'answering', target: 'form', actions: assign({ refused: 'form', checked: true }) },
        'api.refusedField': { guard: 'answering', target: 'form', actions: assign({ refused: 'field', checked: true }) },
        'api.unauthorised': [
          { guard: 'firstTry', actions: 'renew' },
          { guard: 'secondTry', target: 'form', actions: assign({ refused: 'form', checked: true }) },
        ],
        'api.token': { guard: 'renewing', actions: 'renewed' },
        'api.tokenFailed': { guard: 'renewing', target: 'form', actions: assign({ refused: 'form', checked: true }) },
      },
    },
    done: {
      on: { 'user.done': { target: 'list', actions: 'clearForm' } },
    },
  },
});

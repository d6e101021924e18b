import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  changesOf,
  emptyFields,
  fieldsOf,
  findVisit,
  givesNewPass,
  isChangeable,
  isUnauthorised,
  isValid,
  serverFieldOf,
  trimmed,
  VISIT_FIELDS,
  withVisit,
} from './visitorPasses.rules';
import type {
  HostFacts,
  Visit,
  VisitFields,
  VisitLists,
  VisitorPassesContext,
  VisitorPassesEvent,
  VisitorPassesInput,
  VisitorPassesTag,
} from './visitorPasses.types';
import { toAppError } from '../../contracts/errors';
import { allTouched, fieldEvents, withTouched, withValue } from '../shared/formFields';

export const VISITOR_PASSES_ID = 'visitorPasses';

/** What the save call sends: a new invitation, or an edit's changes. */
export type SaveVisitInput = { token: string; uuid: null; visit: VisitFields } | { token: string; uuid: string; changes: Partial<VisitFields> };

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

const blankForm = { editing: null, fields: emptyFields(), touched: {}, serverField: null, error: null } as const;

/**
 * The visitor passes mini-app (issue 23): it connects to its host through the bridge (language and theme from it, and
 * their changes), gets a token for itself (getJWT), loads the person's visits, invites a guest, edits an expected
 * visit (a new day, time or address gets a new pass) and cancels one after asking. A token lives five minutes: a call
 * answered 401 gets a new token and is made once more. The host's kiosk reset and a building switch bring the flow
 * back to its list. The bridge and the API are actors the mini-app's composition root provides
 * (src/miniapps/visitors/main.tsx).
 */
export const visitorPassesMachine = setup({
  types: {
    context: {} as VisitorPassesContext,
    events: {} as VisitorPassesEvent,
    input: {} as VisitorPassesInput,
    tags: {} as VisitorPassesTag,
  },
  actors: {
    /** Connects to the host (init) and reads its language and theme. */
    connectBridge: fromPromise<HostFacts, { appUuid: string }>(notProvided('connectBridge')),
    /** The host's events (languageChanged, themeChanged, buildingChanged, kioskReset) as `host.*` events. */
    hostEvents: fromCallback<VisitorPassesEvent>(() => () => {}),
    /** A token for this mini-app, this person and this building (the bridge's getJWT). */
    getToken: fromPromise<{ token: string }, void>(notProvided('getToken')),
    loadVisits: fromPromise<VisitLists, { token: string }>(notProvided('loadVisits')),
    saveVisit: fromPromise<Visit, SaveVisitInput>(notProvided('saveVisit')),
    cancelVisit: fromPromise<Visit, { token: string; uuid: string }>(notProvided('cancelVisit')),
  },
  actions: {
    assignHostFacts: assign((_, facts: HostFacts) => ({ locale: facts.locale, theme: facts.theme })),
    assignLocale: assign(({ event }) => (event.type === 'host.languageChanged' ? { locale: event.locale } : {})),
    assignTheme: assign(({ event }) => (event.type === 'host.themeChanged' ? { theme: event.theme } : {})),
    assignToken: assign((_, params: { token: string }) => ({ token: params.token })),
    forgetToken: assign({ token: null }),
    startCall: assign({ renewed: false }),
    markRenewed: assign({ renewed: true }),
    assignVisits: assign((_, visits: VisitLists) => ({ visits, error: null })),
    clearVisits: assign({ visits: { upcoming: [], past: [] } }),
    /** The returned visit goes where it now belongs (a cancelled one to the past). */
    applyVisit: assign(({ context }, visit: Visit) => ({ visits: withVisit(context.visits, visit) })),
    setErrorFromEvent: assign((_, params: { error: unknown }) => ({ error: toAppError(params.error) })),
    clearError: assign({ error: null }),
    clearServerField: assign({ serverField: null }),
    startInvite: assign({ ...blankForm }),
    startEdit: assign(({ context, event }) => {
      const visit = event.type === 'user.edit' ? findVisit(context.visits, event.uuid) : null;
      return { ...blankForm, editing: visit, fields: visit ? fieldsOf(visit) : emptyFields() };
    }),
    clearForm: assign({ ...blankForm, confirmation: null }),
    assignField: assign(({ context, event }) => {
      if (event.type !== 'user.change') return {};
      // The server's refusal of a field goes once that field is changed.
      const changed = context.fields[event.field] !== event.value;
      return {
        fields: withValue(context.fields, event.field, event.value),
        serverField: changed && context.serverField?.field === event.field ? null : context.serverField,
      };
    }),
    assignTouched: assign(({ context, event }) => (event.type === 'user.blur' ? { touched: withTouched(context.touched, event.field) } : {})),
    touchAll: assign({ touched: allTouched(VISIT_FIELDS) }),
    /** A refused submit: a field's refusal shows under that field, any other above the form; what was typed stays. */
    setSubmitError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      const field = serverFieldOf(error);
      return field ? { serverField: { field: field.field, error }, error: null } : { serverField: null, error };
    }),
    assignConfirmation: assign(({ context }, visit: Visit) => ({
      confirmation: {
        kind:
          context.editing === null
            ? ('invited' as const)
            : givesNewPass(context.editing, context.fields)
              ? ('updatedNewPass' as const)
              : ('updated' as const),
        visit,
      },
    })),
    assignCancelling: assign(({ context, event }) => ({
      cancelling: event.type === 'user.cancelVisit' ? findVisit(context.visits, event.uuid) : null,
      error: null,
    })),
    clearCancelling: assign({ cancelling: null }),
  },
  guards: {
    /** A 401 on the first try: the token ran out; one new token, one more try. */
    mayRenew: ({ context }, params: { error: unknown }) => !context.renewed && isUnauthorised(params.error),
    canEdit: ({ context, event }) => event.type === 'user.edit' && isChangeable(findVisit(context.visits, event.uuid)),
    canCancel: ({ context, event }) => event.type === 'user.cancelVisit' && isChangeable(findVisit(context.visits, event.uuid)),
    isInvalid: ({ context }) => !isValid(context.fields, context.today),
    isUnchangedEdit: ({ context }) => context.editing !== null && Object.keys(changesOf(context.editing, context.fields)).length === 0,
  },
}).createMachine({
  id: VISITOR_PASSES_ID,
  context: ({ input }) => ({
    appUuid: input.appUuid,
    locale: input.locale,
    theme: null,
    today: input.today,
    token: null,
    renewed: false,
    visits: { upcoming: [], past: [] },
    ...blankForm,
    cancelling: null,
    confirmation: null,
  }),
  on: {
    'host.languageChanged': { actions: 'assignLocale' },
    'host.themeChanged': { actions: 'assignTheme' },
  },
  initial: 'connecting',
  states: {
    connecting: {
      tags: ['connecting'],
      invoke: {
        src: 'connectBridge',
        input: ({ context }) => ({ appUuid: context.appUuid }),
        onDone: { target: 'session', actions: { type: 'assignHostFacts', params: ({ event }) => event.output } },
        onError: 'unavailable',
      },
    },
    unavailable: {
      description: 'No host answered (the page was opened outside Atrium, or the host refused it): say so, offer to try again.',
      tags: ['unavailable'],
      on: { 'user.retry': 'connecting' },
    },
    session: {
      invoke: { src: 'hostEvents' },
      on: {
        'host.buildingChanged': {
          description: 'Another building: its own token and its own visits.',
          target: '.authorising',
          reenter: true,
          actions: ['clearForm', 'forgetToken', 'clearVisits', 'clearCancelling'],
        },
        'host.kioskReset': {
          description: 'The lobby kiosk went idle: nothing typed stays, back to the list.',
          target: '.list',
          reenter: true,
          actions: ['clearForm', 'clearCancelling'],
        },
      },
      initial: 'authorising',
      states: {
        authorising: {
          tags: ['loading'],
          invoke: {
            src: 'getToken',
            onDone: { target: 'list', actions: { type: 'assignToken', params: ({ event }) => event.output } },
            onError: { target: 'list.loadFailed', actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        list: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              entry: 'startCall',
              initial: 'calling',
              states: {
                calling: {
                  invoke: {
                    src: 'loadVisits',
                    input: ({ context }) => ({ token: context.token ?? '' }),
                    onDone: { target: '#visitorPasses.session.list.ready', actions: { type: 'assignVisits', params: ({ event }) => event.output } },
                    onError: [
                      { guard: { type: 'mayRenew', params: ({ event }) => ({ error: event.error }) }, target: 'renewingToken' },
                      {
                        target: '#visitorPasses.session.list.loadFailed',
                        actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
                renewingToken: {
                  description: 'The list was refused with 401: a new token (getJWT), then the same call once more.',
                  entry: 'markRenewed',
                  invoke: {
                    src: 'getToken',
                    onDone: { target: 'calling', actions: { type: 'assignToken', params: ({ event }) => event.output } },
                    onError: {
                      target: '#visitorPasses.session.list.loadFailed',
                      actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
              },
            },
            loadFailed: {
              description: 'The list, or a token for it, could not be had: try again from a new token.',
              tags: ['loadFailed'],
              on: { 'user.retry': '#visitorPasses.session.authorising' },
            },
            ready: {
              tags: ['list'],
              on: {
                'user.invite': { target: '#visitorPasses.session.form', actions: 'startInvite' },
                'user.edit': { guard: 'canEdit', target: '#visitorPasses.session.form', actions: 'startEdit' },
                'user.cancelVisit': { guard: 'canCancel', target: 'confirmingCancel', actions: 'assignCancelling' },
              },
            },
            confirmingCancel: {
              description: 'Cancel this visit? The guest is told and the pass stops working. A failed cancellation is said here.',
              tags: ['list', 'confirmCancel'],
              on: {
                'user.keep': { target: 'ready', actions: ['clearCancelling', 'clearError'] },
                'user.confirmCancel': 'cancelling',
              },
            },
            cancelling: {
              tags: ['list', 'confirmCancel', 'cancelling'],
              entry: ['startCall', 'clearError'],
              initial: 'calling',
              states: {
                calling: {
                  invoke: {
                    src: 'cancelVisit',
                    input: ({ context }) => ({ token: context.token ?? '', uuid: context.cancelling!.uuid }),
                    onDone: {
                      target: '#visitorPasses.session.list.ready',
                      actions: [{ type: 'applyVisit', params: ({ event }) => event.output }, 'clearCancelling'],
                    },
                    onError: [
                      { guard: { type: 'mayRenew', params: ({ event }) => ({ error: event.error }) }, target: 'renewingToken' },
                      {
                        target: '#visitorPasses.session.list.confirmingCancel',
                        actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
                renewingToken: {
                  description: 'The cancellation was refused with 401: a new token, then once more.',
                  entry: 'markRenewed',
                  invoke: {
                    src: 'getToken',
                    onDone: { target: 'calling', actions: { type: 'assignToken', params: ({ event }) => event.output } },
                    onError: {
                      target: '#visitorPasses.session.list.confirmingCancel',
                      actions: { type: 'setErrorFromEvent', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
              },
            },
          },
        },
        form: {
          description: 'Invite a guest, or edit an expected visit (prefilled). A refused submit keeps what was typed.',
          initial: 'editing',
          states: {
            editing: {
              tags: ['form'],
              on: {
                ...fieldEvents('assignField', 'assignTouched'),
                'user.submit': [
                  { guard: 'isInvalid', actions: 'touchAll' },
                  { guard: 'isUnchangedEdit', target: '#visitorPasses.session.list.ready', actions: 'clearForm' },
                  { target: 'saving' },
                ],
                'user.back': { target: '#visitorPasses.session.list.ready', actions: 'clearForm' },
              },
            },
            saving: {
              tags: ['form', 'saving'],
              entry: ['startCall', 'clearError', 'clearServerField'],
              initial: 'calling',
              states: {
                calling: {
                  invoke: {
                    src: 'saveVisit',
                    input: ({ context }): SaveVisitInput =>
                      context.editing
                        ? { token: context.token ?? '', uuid: context.editing.uuid, changes: changesOf(context.editing, context.fields) }
                        : { token: context.token ?? '', uuid: null, visit: trimmed(context.fields) },
                    onDone: {
                      target: '#visitorPasses.session.done',
                      actions: [
                        { type: 'assignConfirmation', params: ({ event }) => event.output },
                        { type: 'applyVisit', params: ({ event }) => event.output },
                      ],
                    },
                    onError: [
                      { guard: { type: 'mayRenew', params: ({ event }) => ({ error: event.error }) }, target: 'renewingToken' },
                      {
                        target: '#visitorPasses.session.form.editing',
                        actions: ['touchAll', { type: 'setSubmitError', params: ({ event }) => ({ error: event.error }) }],
                      },
                    ],
                  },
                },
                renewingToken: {
                  description: 'The submit was refused with 401: a new token, then the same submit once more.',
                  entry: 'markRenewed',
                  invoke: {
                    src: 'getToken',
                    onDone: { target: 'calling', actions: { type: 'assignToken', params: ({ event }) => event.output } },
                    onError: {
                      target: '#visitorPasses.session.form.editing',
                      actions: ['touchAll', { type: 'setSubmitError', params: ({ event }) => ({ error: event.error }) }],
                    },
                  },
                },
              },
            },
          },
        },
        done: {
          description: 'The confirmation: invited (a pass was mailed), changed, or changed with a new pass mailed.',
          tags: ['done'],
          on: { 'user.done': { target: 'list.ready', actions: 'clearForm' } },
        },
      },
    },
  },
});

export type VisitorPassesRef = ActorRefFrom<typeof visitorPassesMachine>;

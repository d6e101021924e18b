import { and, assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import { isValidProfileName } from '../auth/validation';
import { SESSION_ID } from '../session/session.machine';
import type { SessionEvent, SessionUser } from '../session/session.types';
import type {
  BuildingOption,
  ProfileFields,
  ProfileFormContext,
  ProfileFormEvent,
  ProfileFormInput,
  ProfileFormTag,
  SaveProfileInput,
} from './profileForm.types';
import { DEFAULT_ERROR_MESSAGE, toAppError } from '../../contracts/errors';
import { fieldEvents, withTouched, withValue } from '../shared/formFields';

export const PROFILE_FORM_ID = 'profileForm';

/** The child that reads the person's buildings (GET /users/current/buildings) for the default-building choice. */
export const BUILDING_OPTIONS = 'buildingOptions';

/** The answer to a save made from an older version than the server's (someone saved elsewhere in between). */
export const PROFILE_CONFLICT_STATUS = 409;

export const profileFieldsOf = (user: Pick<SessionUser, 'first_name' | 'last_name' | 'default_building_uuid'>): ProfileFields => ({
  first_name: user.first_name,
  last_name: user.last_name,
  default_building_uuid: user.default_building_uuid ?? null,
});

/** Names are compared as the server stores them (trimmed), so a trailing space is not a change. */
export function isProfileChanged(saved: ProfileFields, fields: ProfileFields): boolean {
  return (
    fields.first_name.trim() !== saved.first_name.trim() ||
    fields.last_name.trim() !== saved.last_name.trim() ||
    (fields.default_building_uuid ?? null) !== (saved.default_building_uuid ?? null)
  );
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/**
 * The profile form (specification section 4): Save is possible only after a field changed and while both names are
 * valid (one character, the profile reading of section 5); a saved profile shows the "profile updated" dialog and
 * becomes the session's user. A save answered 409 (the profile changed elsewhere since it was read) keeps what the
 * person typed, shows why, and reads the server's version again, so the next Save is made against it.
 */
export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    input: {} as ProfileFormInput,
    tags: {} as ProfileFormTag,
  },
  actors: {
    saveProfile: fromPromise<SessionUser, SaveProfileInput>(notProvided('saveProfile')),
    fetchUser: fromPromise<SessionUser, void>(notProvided('fetchUser')),
    /** Every building the person belongs to, whatever the brand (the default building is the account's, not a brand's). */
    loadBuildingOptions: fromPromise<BuildingOption[], void>(notProvided('loadBuildingOptions')),
  },
  actions: {
    loadBuildingOptions: spawnChild('loadBuildingOptions', { id: BUILDING_OPTIONS }),
    rememberBuildingOptions: assign((_, params: { options: BuildingOption[] }) => ({ buildingOptions: params.options })),
    /** The server refused the current user's buildings: the session ends (access document section 8). */
    logOut: enqueueActions(({ enqueue, system }) => {
      const session = system.get(SESSION_ID);
      const event: SessionEvent = { type: 'session.logout' };
      if (session) enqueue.sendTo(session, event);
    }),
    /**
     * Hands the server's user to the session (`session.userUpdated`): the actor registered as `session` in the
     * app's system, where the form runs as a screen flow.
     */
    userUpdated: enqueueActions(({ enqueue, system }, params: { user: SessionUser }) => {
      const session = system.get(SESSION_ID);
      const event: SessionEvent = { type: 'session.userUpdated', user: params.user };
      if (session) enqueue.sendTo(session, event);
    }),
    assignField: assign(({ context, event }) => {
      if (event.type !== 'user.change') return {};
      return { fields: withValue(context.fields, event.field, event.value) };
    }),
    assignTouched: assign(({ context, event }) => (event.type === 'user.blur' ? { touched: withTouched(context.touched, event.field) } : {})),
    /** The server's version becomes the base; what the person typed stays. */
    rebase: assign((_, params: { user: SessionUser }) => ({ saved: profileFieldsOf(params.user), updatedAt: params.user.updated_at ?? null })),
    /** A successful save: the form now shows, and is based on, what the server stored. */
    assignSaved: assign((_, params: { user: SessionUser }) => ({
      saved: profileFieldsOf(params.user),
      fields: profileFieldsOf(params.user),
      updatedAt: params.user.updated_at ?? null,
      touched: {},
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toAppError(params.error, DEFAULT_ERROR_MESSAGE) })),
    clearError: assign({ error: null }),
    discardEdits: assign(({ context }) => ({ fields: { ...context.saved }, touched: {}, error: null })),
  },
  guards: {
    changed: ({ context }) => isProfileChanged(context.saved, context.fields),
    namesValid: ({ context }) => isValidProfileName(context.fields.first_name) && isValidProfileName(context.fields.last_name),
    /** Save is possible only after a change and with both names valid (section 4). */
    canSave: and(['changed', 'namesValid']),
    isConflict: (_, params: { error: unknown }) => toAppError(params.error).status === PROFILE_CONFLICT_STATUS,
    /** A failure the server answered (not a dropped connection, decision 049's reading for the building list). */
    answeredByServer: (_, params: { error: unknown }) => toAppError(params.error).status > 0,
  },
}).createMachine({
  id: PROFILE_FORM_ID,
  context: ({ input }) => ({
    saved: profileFieldsOf(input.user),
    fields: profileFieldsOf(input.user),
    touched: {},
    updatedAt: input.user.updated_at ?? null,
    error: null,
    buildingOptions: null,
  }),
  entry: 'loadBuildingOptions',
  on: {
    // The spawned child's answers (keys of the child's id; the schema's events do not list them).
    [`xstate.done.actor.${BUILDING_OPTIONS}` as string]: {
      actions: {
        type: 'rememberBuildingOptions',
        params: ({ event }: { event: unknown }) => ({ options: (event as { output: BuildingOption[] }).output }),
      },
    },
    // Specification section 8: a failed current-user-buildings fetch logs out. One that got no answer leaves the
    // choice to the app's building list.
    [`xstate.error.actor.${BUILDING_OPTIONS}` as string]: [
      {
        guard: { type: 'answeredByServer', params: ({ event }: { event: unknown }) => ({ error: (event as { error: unknown }).error }) },
        actions: 'logOut',
      },
      // No answer: nothing to do, the page's building list stands in.
      {},
    ],
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...fieldEvents('assignField', 'assignTouched'),
        'user.submit': { guard: 'canSave', target: 'saving' },
      },
    },
    saving: {
      tags: ['submitting'],
      entry: 'clearError',
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({
          first_name: context.fields.first_name.trim(),
          last_name: context.fields.last_name.trim(),
          default_building_uuid: context.fields.default_building_uuid,
          updated_at: context.updatedAt,
        }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ user: event.output }) },
            { type: 'userUpdated', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    saved: {
      description:
        'The "profile updated" dialog (section 4) over the saved form, until the person closes it (no timer: ' +
        'docs/decisions/197-account-page-vertical-tabs-and-dialogs.md).',
      tags: ['dialog:profileUpdated'],
      on: { 'user.acknowledge': { target: 'editing' } },
    },
    conflict: {
      description:
        'The profile changed elsewhere since the form read it. The typed values stay and the message shows; the ' +
        "server's version is read again so the next Save is made against it (or the person takes that version).",
      tags: ['conflict'],
      initial: 'refreshing',
      on: {
        ...fieldEvents('assignField', 'assignTouched'),
      },
      states: {
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            src: 'fetchUser',
            onDone: {
              target: 'ready',
              actions: [
                { type: 'rebase', params: ({ event }) => ({ user: event.output }) },
                { type: 'userUpdated', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            // Without the server's version the next Save answers 409 again, and reads it again.
            onError: { target: 'ready' },
          },
        },
        ready: {
          on: {
            'user.submit': { guard: 'canSave', target: '#profileForm.saving' },
            'user.discard': { target: '#profileForm.editing', actions: 'discardEdits' },
          },
        },
      },
    },
  },
});

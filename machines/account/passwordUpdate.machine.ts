import { and, assign, fromPromise, setup } from 'xstate';
import { isValidPassword } from '../auth/validation';
import type { PasswordFields, PasswordUpdateContext, PasswordUpdateError, PasswordUpdateEvent, PasswordUpdateTag } from './passwordUpdate.types';
import { DEFAULT_ERROR_MESSAGE, toAppError } from '../../contracts/errors';
import { fieldEvents, withTouched, withValue } from '../shared/formFields';

export const PASSWORD_UPDATE_ID = 'passwordUpdate';

const EMPTY: PasswordFields = { password: '', new_password: '', confirm_password: '' };

/**
 * Where a failed update shows: a wrong current password (400 wrong_password) under the current password; a password
 * used before (409) or one the server finds weak under the new password; anything else above the form.
 */
export function passwordErrorOf(error: unknown): PasswordUpdateError {
  const { status, message, code } = toAppError(error, DEFAULT_ERROR_MESSAGE);
  const field = code === 'wrong_password' ? 'password' : status === 409 || code === 'weak_password' ? 'new_password' : null;
  return { field, status, message, ...(code ? { code } : {}) };
}

/**
 * The password update of the account area: the current password, a new one that meets every rule, and the same
 * again ('Passwords are not equal' otherwise). Submit is possible only when all hold and no call is in flight. The
 * server refuses a password used before with 409 ('You can not reuse this old password'), shown under the new
 * password; success empties the form and shows the "password reset" success dialog until the person closes it.
 */
export const passwordUpdateMachine = setup({
  types: {
    context: {} as PasswordUpdateContext,
    events: {} as PasswordUpdateEvent,
    tags: {} as PasswordUpdateTag,
  },
  actors: {
    updatePassword: fromPromise<void, { password: string; new_password: string }>(() => Promise.reject(new Error('updatePassword is not provided'))),
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'user.change') return {};
      // Editing the field a failure belongs to takes that failure away.
      const error = context.error && context.error.field === event.field ? null : context.error;
      return { fields: withValue(context.fields, event.field, event.value), error };
    }),
    assignTouched: assign(({ context, event }) => (event.type === 'user.blur' ? { touched: withTouched(context.touched, event.field) } : {})),
    assignError: assign((_, params: { error: unknown }) => ({ error: passwordErrorOf(params.error) })),
    clearError: assign({ error: null }),
    reset: assign({ fields: { ...EMPTY }, touched: {}, error: null }),
  },
  guards: {
    hasCurrent: ({ context }) => context.fields.password.length > 0,
    rulesMet: ({ context }) => isValidPassword(context.fields.new_password),
    passwordsMatch: ({ context }) => context.fields.new_password === context.fields.confirm_password,
    canSubmit: and(['hasCurrent', 'rulesMet', 'passwordsMatch']),
  },
}).createMachine({
  id: PASSWORD_UPDATE_ID,
  context: { fields: { ...EMPTY }, touched: {}, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...fieldEvents('assignField', 'assignTouched'),
        'user.submit': { guard: 'canSubmit', target: 'saving' },
      },
    },
    saving: {
      tags: ['submitting'],
      entry: 'clearError',
      invoke: {
        src: 'updatePassword',
        input: ({ context }) => ({ password: context.fields.password, new_password: context.fields.new_password }),
        onDone: { target: 'updated', actions: 'reset' },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updated: {
      description:
        'The "password reset" success dialog (section 4) over the emptied form, until the person closes it (no timer: ' +
        'docs/decisions/197-account-page-vertical-tabs-and-dialogs.md).',
      tags: ['dialog:passwordUpdated'],
      on: { 'user.acknowledge': { target: 'editing' } },
    },
  },
});

import { assign, setup } from 'xstate';

/**
 * A pure test model of the account's password update: the person fills the three fields (`user.fill`: the current
 * password, a new one meeting every rule, the same again) and saves (`user.save`, only when filled); the server
 * updates it (`api.ok`: the form empties and the "password reset" dialog shows until `user.acknowledge`), refuses the
 * current password (`api.wrongCurrent`: under that field, gone once it is typed again) or is down (`api.down`: above
 * the form, until the next save).
 */
export type PasswordUpdateModelEvent =
  | { type: 'user.fill' }
  | { type: 'user.save' }
  | { type: 'user.acknowledge' }
  | { type: 'api.ok' }
  | { type: 'api.wrongCurrent' }
  | { type: 'api.down' };

export type PasswordUpdateModelState = 'editing' | 'saving' | 'updated';

export interface PasswordUpdateModelContext {
  filled: boolean;
  failure: 'none' | 'wrongCurrent' | 'down';
}

export const passwordUpdateModel = setup({
  types: { context: {} as PasswordUpdateModelContext, events: {} as PasswordUpdateModelEvent },
  guards: { filled: ({ context }) => context.filled },
}).createMachine({
  id: 'passwordUpdateModel',
  context: { filled: false, failure: 'none' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        // Typing the current password again takes its refusal away; a failure of the whole form stays.
        'user.fill': { actions: assign({ filled: true, failure: ({ context }) => (context.failure === 'wrongCurrent' ? 'none' : context.failure) }) },
        'user.save': { guard: 'filled', target: 'saving' },
      },
    },
    saving: {
      entry: assign({ failure: 'none' }),
      on: {
        'api.ok': { target: 'updated', actions: assign({ filled: false }) },
        'api.wrongCurrent': { target: 'editing', actions: assign({ failure: 'wrongCurrent' }) },
        'api.down': { target: 'editing', actions: assign({ failure: 'down' }) },
      },
    },
    updated: { on: { 'user.acknowledge': 'editing' } },
  },
});

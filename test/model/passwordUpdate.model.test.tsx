import { expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { passwordUpdateMachine } from '../../machines/account/passwordUpdate.machine';
import { PasswordForm, PasswordUpdatedDialog } from '../../src/ui/account/PasswordForm';
import { englishCatalogue } from '../../src/i18n/locales';
import accountMessages from '../../src/i18n/areas/account/en.json';
import { deferred, type Deferred } from '../fixtures/async';
import { passwordUpdateModel, type PasswordUpdateModelContext, type PasswordUpdateModelState } from './passwordUpdate.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const CURRENT = 'old-Secret-1';
const NEW = 'New-Secret-2026!';
const DOWN = 'The service is down for maintenance';
const WRONG = 'The current password is not correct';

/** The update's machine with its call settled by the test. */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls: { input: { password: string; new_password: string }; call: Deferred<void> }[] = [];
  const actor = createActor(
    passwordUpdateMachine.provide({
      actors: {
        updatePassword: fromPromise(({ input }) => {
          const call = deferred<void>();
          calls.push({ input, call });
          return call.promise;
        }),
      },
    }),
    inspect ? { inspect } : {},
  ).start();
  return { actor, calls };
}
type Flow = ReturnType<typeof start>;
type Model = { context: PasswordUpdateModelContext };

const FIELDS = [
  ['password', 'Current password', CURRENT],
  ['new_password', 'New password', NEW],
  ['confirm_password', 'Confirm password', NEW],
] as const;

const submit = () => screen.getByRole('button', { name: /^(Update password|Saving…)$/ }) as HTMLButtonElement;
const dialog = () => screen.queryByRole('dialog', { name: 'Password reset' });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

modelSuite<typeof passwordUpdateModel, Flow, PasswordUpdateModelState>({
  name: 'password update',
  model: passwordUpdateModel,
  lens: {
    viewKey: ({ value, context }) => {
      const { filled, failure } = context as PasswordUpdateModelContext;
      return `${String(value)} filled:${filled} failure:${failure}`;
    },
  },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" messages={{ ...englishCatalogue, ...accountMessages }}>
        <PasswordForm actor={actor} />
        <PasswordUpdatedDialog actor={actor} />
      </IntlProvider>,
    ),
  world: ({ calls }, event) => {
    const { call } = calls.at(-1)!;
    if (event.type === 'api.ok') return call.resolve();
    if (event.type === 'api.wrongCurrent') return call.reject({ status: 400, code: 'wrong_password', message: 'Wrong password' });
    return call.reject({ status: 503, message: DOWN });
  },
  send: ({ actor }, event) => {
    if (event.type === 'user.save') return actor.send({ type: 'user.submit' });
    if (event.type === 'user.acknowledge') return actor.send({ type: 'user.acknowledge' });
    for (const [field, , value] of FIELDS) {
      actor.send({ type: 'user.change', field, value });
      actor.send({ type: 'user.blur', field });
    }
  },
  press: (_, event) => {
    if (event.type === 'user.save') return fireEvent.click(submit());
    if (event.type === 'user.acknowledge') return fireEvent.click(within(dialog()!).getByRole('button', { name: 'OK' }));
    // Typed again from empty: a field that held the same value changes too, as when a person retypes it.
    for (const [, label, value] of FIELDS) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: '' } });
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      fireEvent.blur(screen.getByLabelText(label));
    }
  },
  machineState: {
    editing: ({ actor }, { context }: Model) => {
      const s = actor.getSnapshot();
      const failure = s.context.error === null ? 'none' : s.context.error.field === 'password' ? 'wrongCurrent' : 'down';
      return s.matches('editing') && s.can({ type: 'user.submit' }) === context.filled && failure === context.failure;
    },
    saving: ({ actor, calls }) =>
      actor.getSnapshot().hasTag('submitting') && calls.at(-1)!.input.password === CURRENT && calls.at(-1)!.input.new_password === NEW,
    updated: ({ actor }) => actor.getSnapshot().hasTag('dialog:passwordUpdated') && actor.getSnapshot().context.fields.new_password === '',
  },
  viewState: {
    editing: (_, { context }: Model) => {
      expect(dialog()).toBeNull();
      expect(submit().textContent).toBe('Update password');
      expect(submit().disabled).toBe(!context.filled);
      expect(fieldValue('New password')).toBe(context.filled ? NEW : '');
      expect(screen.queryByText(WRONG) !== null).toBe(context.failure === 'wrongCurrent');
      expect(alerts().includes(DOWN)).toBe(context.failure === 'down');
    },
    saving: () => {
      expect(submit().textContent).toBe('Saving…');
      expect(submit().disabled).toBe(true);
      expect(alerts()).toEqual([]);
    },
    updated: () => {
      within(dialog()!).getByText('Your password has been changed. Use it the next time you sign in.');
      expect(fieldValue('Current password')).toBe('');
    },
  },
  stop: ({ actor }) => actor.stop(),
  machines: [passwordUpdateMachine],
  everyMachineTransition: true,
});

it('password update: the test model has its failures and its dialog', () => expect(modelGraph(passwordUpdateModel).edges.length).toBeGreaterThan(6));

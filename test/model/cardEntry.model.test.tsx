import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { cardEntryMachine } from '../../machines/payments/cardEntry.machine';
import { storedCardsMachine } from '../../machines/payments/storedCards.machine';
import type { CardEntryEvent, CardFields, PaymentMethodData, StoredCard } from '../../machines/payments/cardEntry.types';
import { AddCardScreen } from '../../src/ui/payments/AddCardPage';
import { englishCatalogue } from '../../src/i18n/locales';
import paymentMessages from '../../src/i18n/areas/payments/en.json';
import { cardValidation, storedCard } from '../fixtures/payments';
import { cardEntryModel, type CardEntryModelContext, type CardEntryModelEvent, type CardEntryModelState } from './cardEntry.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';

const VALIDATION = cardValidation();
const STORED = storedCard({ id: 'c-2', payment_token: 'tok_2', country: 'US' });
const FRAME_RESET = { cardType: null, validNumber: false, validCvv: false, numberLength: 0, cvvLength: 0 };
const TOKENIZE_ERRORS = [{ code: 'invalid_cvv', message: 'The CVV of a Visa card has 3 digits' }];
const FRAME_ERRORS = [{ field: 'number', code: 'incomplete' }] as const;
const NAMED_FIELDS = ['first_name', 'last_name', 'expiry'] as const;

/** A fake card provider: its initialize and tokenize wait for the test; its fields' events come from the test. */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  let fields: ((event: CardEntryEvent) => void) | null = null;
  const notifyHost = vi.fn();
  const actor = createActor(
    cardEntryMachine.provide({
      actors: {
        initializeFields: fromPromise(() => calls.call<CardFields>('initialize')),
        listenToFields: fromCallback<CardEntryEvent, { channel: string }>(({ sendBack }) => {
          fields = sendBack;
          return () => (fields = null);
        }),
        tokenizeCard: fromPromise(() => calls.call<PaymentMethodData>('tokenize')),
        storedCards: storedCardsMachine.provide({
          actors: {
            loadPaymentMethods: fromPromise(async () => [] as StoredCard[]),
            removeCard: fromPromise(async () => [] as StoredCard[]),
            makeDefaultCard: fromPromise(async () => [] as StoredCard[]),
          },
        }),
        loadTokenizedPaymentMethod: fromPromise(async (): Promise<unknown> => ({})),
        loadCountries: fromPromise(async () => [{ code: 'US', name: 'United States' }]),
      },
      actions: { notifyHost: (_, message) => notifyHost(message) },
    }),
    { input: { locale: 'en', today: { year: 2030, month: 6 } }, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, calls, notifyHost, fields: (event: CardEntryEvent) => fields!(event) };
}
type Flow = ReturnType<typeof start>;

/** The provider's answers and what the card frame tells the page: the same on both runs. */
function world(flow: Flow, event: CardEntryModelEvent['type']) {
  switch (event) {
    case 'api.initialized':
      return flow.calls.take(['initialize']).resolve({ frameUrl: 'about:blank', channel: `ch-${Math.random()}` });
    case 'api.initFailed':
      return flow.calls.take(['initialize']).reject(new Error('no provider'));
    case 'api.tokenized':
      // As the card frame does once the vault stored the card: it clears its fields (telling the page), then answers.
      flow.fields({ type: 'fields.empty', empty: true });
      flow.fields({ type: 'fields.brand', brand: null });
      flow.fields({ type: 'fields.complete', complete: false, validation: FRAME_RESET });
      return flow.calls.take(['tokenize']).resolve({ token: 'tok_2', paymentMethod: STORED });
    case 'api.tokenizeFailed':
      return flow.calls.take(['tokenize']).reject(TOKENIZE_ERRORS);
    case 'fields.ready':
      return flow.fields({ type: 'fields.ready' });
    case 'fields.complete':
      return flow.fields({ type: 'fields.complete', complete: true, validation: VALIDATION });
    case 'fields.errors':
      return flow.fields({ type: 'fields.errors', errors: [...FRAME_ERRORS] });
    default:
      throw new Error(`${event} is neither the provider's nor the frame's`);
  }
}

/** The person's part, as the form sends it to the flow (the expiry as the view formats the typed digits). */
function send({ actor }: Flow, event: CardEntryModelEvent['type']) {
  switch (event) {
    case 'user.fill':
      actor.send({ type: 'user.edit', field: 'first_name', value: 'Ada' });
      actor.send({ type: 'user.edit', field: 'last_name', value: 'Lovelace' });
      return actor.send({ type: 'user.edit', field: 'expiry', value: '12/40' });
    case 'user.blur':
      for (const field of NAMED_FIELDS) actor.send({ type: 'user.blur', field });
      return;
    case 'user.submit':
    case 'user.retry':
    case 'user.addAnother':
      return actor.send({ type: event });
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

const addButton = () => screen.queryByRole('button', { name: /Add card|Adding card/ }) as HTMLButtonElement | null;
const LABELS = ['First name', 'Last name', 'Expiry date (MM/YY)'] as const;
const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The person's part, on the rendered form. */
function press(event: CardEntryModelEvent['type']) {
  switch (event) {
    case 'user.fill':
      typeInto('First name', 'Ada');
      typeInto('Last name', 'Lovelace');
      // Typed as digits: the view formats them to MM/YY by the specification's rules.
      return typeInto('Expiry date (MM/YY)', '1240');
    case 'user.blur':
      // Tabbing through the names and the expiry.
      for (const label of LABELS) fireEvent.blur(screen.getByLabelText(label));
      return;
    case 'user.submit':
      return fireEvent.click(addButton()!);
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.addAnother':
      return fireEvent.click(screen.getByRole('button', { name: 'Add another card' }));
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

type Model = { context: CardEntryModelContext };

/** What the flow keeps of the form while it is on screen: the fields the person left, the frame's errors (silently). */
const kept = ({ actor }: Flow, { context: c }: Model) => {
  const { touched, fieldErrors } = actor.getSnapshot().context;
  return (
    NAMED_FIELDS.every((field) => touched[field] === c.touched) && JSON.stringify(fieldErrors) === JSON.stringify(c.frameErrors ? FRAME_ERRORS : [])
  );
};
const frame = () => document.getElementById('card-fields-frame');

modelSuite<typeof cardEntryModel, Flow, CardEntryModelState>({
  name: 'card entry',
  model: cardEntryModel,
  areas: ['payments'],
  // Whether the form is filled and the card fields complete is what enables Add card (and shows the typed expiry);
  // whether the fields were left says if the empty ones ask for input; the frame's errors must change nothing shown.
  lens: {
    viewKey: ({ value, context }) => {
      const { filled, complete, touched, frameErrors } = context as CardEntryModelContext;
      return `${String(value)} filled:${filled} complete:${complete} touched:${touched} frameErrors:${frameErrors}`;
    },
  },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...paymentMessages }}>
        <AddCardScreen entry={actor} />
      </IntlProvider>,
    ),
  world: (flow: Flow, event) => world(flow, event.type),
  send: (flow: Flow, event) => send(flow, event.type),
  press: (_: Flow, event) => press(event.type),
  machineState: {
    initializing: ({ actor }) => actor.getSnapshot().matches('initializing'),
    unavailable: ({ actor }) => actor.getSnapshot().matches('unavailable'),
    waiting: ({ actor }) => actor.getSnapshot().matches({ entry: 'waiting' }) && !actor.getSnapshot().can({ type: 'user.submit' }),
    // Add card is possible exactly when the model says the form is filled and the fields complete.
    ready: (flow, model: Model) => {
      const s = flow.actor.getSnapshot();
      const c = model.context;
      return (
        s.matches({ entry: 'ready' }) &&
        s.can({ type: 'user.submit' }) === (c.filled && c.complete) &&
        (!c.filled || s.context.expiry === '12/40') &&
        kept(flow, model)
      );
    },
    tokenizing: (flow, model: Model) => flow.actor.getSnapshot().matches({ entry: 'tokenizing' }) && kept(flow, model),
    errors: (flow, model: Model) => {
      const s = flow.actor.getSnapshot();
      return s.matches({ entry: 'errors' }) && JSON.stringify(s.context.errors) === JSON.stringify(TOKENIZE_ERRORS) && kept(flow, model);
    },
    added: ({ actor }) => actor.getSnapshot().matches({ entry: 'paymentMethod' }) && actor.getSnapshot().context.paymentMethodData?.token === 'tok_2',
  },
  viewState: {
    initializing: () => {
      expect(screen.getByText('Loading the secure card fields…')).not.toBeNull();
      expect(frame()).toBeNull();
    },
    unavailable: () => expect(screen.getByText('The card form cannot be loaded right now.')).not.toBeNull(),
    waiting: () => {
      expect(frame()).not.toBeNull();
      expect(addButton()!.disabled).toBe(true);
    },
    ready: (_, { context: c }: Model) => {
      expect(screen.queryByText('Loading the secure card fields…')).toBeNull();
      expect(addButton()!.disabled).toBe(!(c.filled && c.complete));
      if (c.filled) expect((screen.getByLabelText('Expiry date (MM/YY)') as HTMLInputElement).value).toBe('12/40');
      // Fields left empty say what they need; nothing else alerts (the frame's errors are silent).
      const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
      expect(alerts).toEqual(
        c.touched && !c.filled ? ['Please enter at least one character', 'Please enter at least one character', 'Invalid Exp. Date'] : [],
      );
    },
    tokenizing: () => expect(addButton()!.getAttribute('aria-busy')).toBe('true'),
    errors: () => {
      expect(screen.getByText('The card could not be added:')).not.toBeNull();
      expect(screen.getByText('The CVV of a Visa card has 3 digits')).not.toBeNull();
      expect(addButton()!.disabled).toBe(false);
    },
    added: () => expect(screen.getByText('Visa card ending in 4242 added.')).not.toBeNull(),
  },
  // The host hears each tokenize's outcome, nothing else; a stored card with the validation it was accepted with.
  finally: ({ notifyHost }, events) => {
    expect(notifyHost).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.tokenized' || e.type === 'api.tokenizeFailed').length);
    for (const [message] of notifyHost.mock.calls as [{ validation: unknown }][]) expect(message.validation).toEqual(VALIDATION);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [cardEntryMachine],
  everyMachineTransition: true,
});

describe('card entry: the test model', () => {
  it('has at least 12 transitions (the flow as it was modelled)', () => {
    expect(untakenTransitions(cardEntryModel, []).transitions.size).toBeGreaterThanOrEqual(12);
  });

  it('agrees with the machine: every state of the model is a state of the flow, every event one the flow takes', () => {
    const flowEvents = new Set<string>(cardEntryMachine.root.events);
    for (const type of cardEntryModel.root.events)
      if (!type.startsWith('api.')) expect(flowEvents.has(type === 'user.fill' ? 'user.edit' : type), type).toBe(true);
    const keys = (node: typeof cardEntryMachine.root): string[] => [node.key, ...Object.values(node.states).flatMap(keys)];
    const flowStates = new Set(keys(cardEntryMachine.root));
    for (const state of Object.keys(cardEntryModel.states)) expect(flowStates.has(state === 'added' ? 'paymentMethod' : state), state).toBe(true);
  });
});

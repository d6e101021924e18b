import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import { cardEntryMachine } from '../../machines/payments/cardEntry.machine';
import type { CardEntryEvent, CardFields, PaymentMethodData, StoredCard } from '../../machines/payments/cardEntry.types';
import { AddCardScreen } from '../../src/ui/payments/AddCardPage';
import { englishCatalogue } from '../../src/i18n/locales';
import paymentMessages from '../../src/i18n/areas/payments/en.json';
import { cardEntryModel, type CardEntryModelEvent, type CardEntryModelState } from './cardEntry.model';
import { transitionPaths, uncoveredTransitions } from './transitionPaths';
import { flush, PendingCalls } from './cta.harness';
import { warmAreaMessages } from './areaMessages.harness';

afterEach(cleanup);
beforeAll(() => warmAreaMessages(['payments']));

const PATHS = transitionPaths(cardEntryModel);
const VALIDATION = { cardType: 'visa', validNumber: true, validCvv: true, numberLength: 16, cvvLength: 3 };
const STORED: StoredCard = {
  id: 'c-2',
  card_brand: 'visa',
  card_last_four: '4242',
  exp_month: 12,
  exp_year: 2040,
  payment_token: 'tok_2',
  first_name: 'Ada',
  last_name: 'Lovelace',
  country: 'US',
};

/** A fake card provider: its initialize and tokenize wait for the test; its fields' events come from the test. */
function start() {
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
        loadPaymentMethods: fromPromise(async () => [] as StoredCard[]),
        loadTokenizedPaymentMethod: fromPromise(async (): Promise<unknown> => ({})),
        loadCountries: fromPromise(async () => [{ code: 'US', name: 'United States' }]),
      },
      actions: { notifyHost: (_, message) => notifyHost(message) },
    }),
    { input: { locale: 'en', today: { year: 2030, month: 6 } } },
  ).start();
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...paymentMessages }}>
      <AddCardScreen entry={actor} />
    </IntlProvider>,
  );
  return { actor, calls, notifyHost, fields: (event: CardEntryEvent) => fields!(event) };
}
type Flow = ReturnType<typeof start>;

const addButton = () => screen.queryByRole('button', { name: /Add card|Adding card/ }) as HTMLButtonElement | null;
const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function perform(event: CardEntryModelEvent['type'], flow: Flow) {
  switch (event) {
    case 'api.initialized':
      return flow.calls.take(['initialize']).resolve({ frameUrl: 'about:blank', channel: `ch-${Math.random()}` });
    case 'api.initFailed':
      return flow.calls.take(['initialize']).reject(new Error('no provider'));
    case 'api.tokenized':
      return flow.calls.take(['tokenize']).resolve({ token: 'tok_2', paymentMethod: STORED });
    case 'api.tokenizeFailed':
      return flow.calls.take(['tokenize']).reject([{ code: 'invalid_cvv', message: 'The CVV of a Visa card has 3 digits' }]);
    case 'fields.ready':
      return flow.fields({ type: 'fields.ready' });
    case 'fields.complete':
      return flow.fields({ type: 'fields.complete', complete: true, validation: VALIDATION });
    case 'user.fill':
      typeInto('First name', 'Ada');
      typeInto('Last name', 'Lovelace');
      // Typed as digits: the view formats them to MM/YY by the specification's rules.
      return typeInto('Expiry date (MM/YY)', '1240');
    case 'user.submit':
      return fireEvent.click(addButton()!);
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.addAnother':
      return fireEvent.click(screen.getByRole('button', { name: 'Add another card' }));
  }
}

const frame = () => document.getElementById('card-fields-frame');
const EXPECT: Record<CardEntryModelState, (a: Actor<typeof cardEntryMachine>, c: { filled: boolean; complete: boolean }) => void> = {
  initializing: (a) => {
    expect(a.getSnapshot().matches('initializing')).toBe(true);
    expect(screen.getByText('Loading the secure card fields…')).not.toBeNull();
    expect(frame()).toBeNull();
  },
  unavailable: () => expect(screen.getByText('The card form cannot be loaded right now.')).not.toBeNull(),
  waiting: (a) => {
    expect(a.getSnapshot().matches({ entry: 'waiting' })).toBe(true);
    expect(frame()).not.toBeNull();
    expect(addButton()!.disabled).toBe(true);
  },
  ready: (a, c) => {
    expect(a.getSnapshot().matches({ entry: 'ready' })).toBe(true);
    expect(screen.queryByText('Loading the secure card fields…')).toBeNull();
    expect(addButton()!.disabled).toBe(!(c.filled && c.complete));
    if (c.filled) expect((screen.getByLabelText('Expiry date (MM/YY)') as HTMLInputElement).value).toBe('12/40');
  },
  tokenizing: (a) => {
    expect(a.getSnapshot().matches({ entry: 'tokenizing' })).toBe(true);
    expect(addButton()!.getAttribute('aria-busy')).toBe('true');
  },
  errors: (a) => {
    expect(a.getSnapshot().context.errors).toEqual([{ code: 'invalid_cvv', message: 'The CVV of a Visa card has 3 digits' }]);
    expect(screen.getByText('The card could not be added:')).not.toBeNull();
    expect(screen.getByText('The CVV of a Visa card has 3 digits')).not.toBeNull();
    expect(addButton()!.disabled).toBe(false);
  },
  added: (a) => {
    expect(a.getSnapshot().context.paymentMethodData?.token).toBe('tok_2');
    expect(screen.getByText('Visa card ending in 4242 added.')).not.toBeNull();
  },
};

describe('card entry test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(cardEntryModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThanOrEqual(12);
  });

  it('agrees with the machine: every state of the model is a state of the flow, every event one the flow takes', () => {
    const flowEvents = new Set<string>(cardEntryMachine.root.events);
    for (const path of PATHS)
      for (const event of path.events)
        if (!event.type.startsWith('api.')) expect(flowEvents.has(event.type === 'user.fill' ? 'user.edit' : event.type), event.type).toBe(true);
    const keys = (node: typeof cardEntryMachine.root): string[] => [node.key, ...Object.values(node.states).flatMap(keys)];
    const flowStates = new Set(keys(cardEntryMachine.root));
    for (const state of Object.keys(cardEntryModel.states)) expect(flowStates.has(state === 'added' ? 'paymentMethod' : state), state).toBe(true);
  });
});

describe('card entry paths against the flow and its view (a fake provider)', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const model = createActor(cardEntryModel).start();
      let flow: Flow | null = null;
      await act(async () => {
        flow = start();
        await flush();
      });
      for (const event of events) {
        await act(async () => {
          perform(event.type, flow!);
          await flush();
        });
        model.send(event);
        const { value, context } = model.getSnapshot();
        EXPECT[value as CardEntryModelState](flow!.actor, context);
      }
      // The host hears each tokenize's outcome, nothing else.
      const outcomes = events.filter((e) => e.type === 'api.tokenized' || e.type === 'api.tokenizeFailed').length;
      expect(flow!.notifyHost).toHaveBeenCalledTimes(outcomes);
      flow!.actor.stop();
    });
});

describe('transition coverage of the card entry machine', () => {
  it('prints the paths reached', () => {
    console.log(`card entry: ${PATHS.length} paths over ${uncoveredTransitions(cardEntryModel, PATHS).edges.size} model transitions`);
    expect(PATHS.length).toBeGreaterThan(0);
  });
});

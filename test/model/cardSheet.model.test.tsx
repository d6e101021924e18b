import { expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { cardSheetMachine } from '../../machines/payments/cardSheet.machine';
import { cardEntryMachine, type CardEntryLogic } from '../../machines/payments/cardEntry.machine';
import { storedCardsMachine } from '../../machines/payments/storedCards.machine';
import type { CardEntryEvent, StoredCard } from '../../machines/payments/cardEntry.types';
import { CardSheetView } from '../../src/ui/payments/CardSheet';
import { englishCatalogue } from '../../src/i18n/locales';
import paymentMessages from '../../src/i18n/areas/payments/en.json';
import { cardValidation, storedCard } from '../fixtures/payments';
import { cardSheetModel, type CardSheetModelContext, type CardSheetModelEvent, type CardSheetModelState } from './cardSheet.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const STORED = storedCard({ id: 'c-new', card_last_four: '4444', card_brand: 'mastercard' });
const ENTRY_INPUT = { locale: 'en', today: { year: 2030, month: 6 } };

/** The card form as the sheet runs it, with a provider that starts at once and stores nothing (its own model covers it). */
const fakeCardEntry = cardEntryMachine.provide({
  actors: {
    initializeFields: fromPromise(async () => ({ frameUrl: 'about:blank', channel: `ch-${Math.random()}` })),
    listenToFields: fromCallback<CardEntryEvent, { channel: string }>(() => () => {}),
    storedCards: storedCardsMachine.provide({
      actors: {
        loadPaymentMethods: fromPromise(async () => [] as StoredCard[]),
        removeCard: fromPromise(async () => [] as StoredCard[]),
        makeDefaultCard: fromPromise(async () => [] as StoredCard[]),
      },
    }),
    loadCountries: fromPromise(async () => [{ code: 'US', name: 'United States' }]),
  },
});

/** The sheet with its form's code loaded when the test says; requests numbered r-1, r-2 … as the host's calls. */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const sheet = createActor(cardSheetMachine.provide({ actors: { loadEntry: fromPromise(() => calls.call<CardEntryLogic>('load')) } }), {
    ...(inspect ? { inspect } : {}),
  }).start();
  let requests = 0;
  const request = () => sheet.send({ type: 'sheet.request', request: { id: `r-${++requests}`, appName: 'Visitors', entry: ENTRY_INPUT } });
  return { sheet, calls, request, current: () => `r-${requests}` };
}
type Flow = ReturnType<typeof start>;

/** What the card form tells its host (the sheet): a stored card's payment method, or a refusal's errors. */
const notified = (stored: boolean) => ({
  type: 'entry.notified' as const,
  message: {
    errors: stored ? [] : [{ code: 'duplicate_card', message: 'This card is stored already' }],
    validation: cardValidation(),
    paymentMethodData: stored ? { token: 'tok_new', paymentMethod: STORED } : null,
  },
});

function world(flow: Flow, event: CardSheetModelEvent['type']) {
  switch (event) {
    case 'host.request':
      return flow.request();
    case 'host.requestAgain':
      return flow.sheet.send({ type: 'sheet.request', request: { id: 'r-again', appName: 'Survey', entry: ENTRY_INPUT } });
    case 'host.withdraw':
      return flow.sheet.send({ type: 'sheet.withdraw', id: flow.current() });
    case 'api.loaded':
      return flow.calls.take(['load']).resolve(fakeCardEntry);
    case 'api.loadFailed':
      return flow.calls.take(['load']).reject(new Error('chunk failed'));
    case 'entry.stored':
      return flow.sheet.send(notified(true));
    case 'entry.refused':
      return flow.sheet.send(notified(false));
    default:
      throw new Error(`${event} is the person's`);
  }
}

const outcomeOf = (flow: Flow) => flow.sheet.getSnapshot().context.outcome;

/** The end the host's call reads for its request, as the model's context says. */
function endedAs(flow: Flow, c: CardSheetModelContext): boolean {
  const outcome = outcomeOf(flow);
  if (c.outcome === 'none') return outcome === null || outcome.id !== flow.current();
  if (outcome?.id !== flow.current() || outcome.kind !== c.outcome) return false;
  return c.outcome !== 'added' || (outcome.kind === 'added' && outcome.cardId === 'c-new');
}

const dialog = () => screen.queryByRole('dialog', { name: 'Add a card for Visitors' });

modelSuite<typeof cardSheetModel, Flow, CardSheetModelState>({
  name: 'card sheet',
  model: cardSheetModel,
  lens: {
    viewKey: (state) => {
      const { value, context } = state as { value: string; context: CardSheetModelContext };
      return value === 'closed' ? `closed ${context.outcome}` : value;
    },
  },
  start: (_, { inspect }) => start(inspect),
  render: ({ sheet }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...paymentMessages }}>
        <Shown sheet={sheet} />
      </IntlProvider>,
    ),
  world: (flow, event) => world(flow, event.type),
  send: ({ sheet }) => sheet.send({ type: 'user.cancel' }),
  press: () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
  machineState: {
    closed: (flow, { context: c }) =>
      flow.sheet.getSnapshot().matches('closed') && Object.keys(flow.sheet.getSnapshot().children).length === 0 && endedAs(flow, c),
    loading: (flow, { context: c }) => flow.sheet.getSnapshot().hasTag('loading') && endedAs(flow, c),
    entering: (flow, { context: c }) => {
      const s = flow.sheet.getSnapshot();
      const busy = c.busy ? s.context.outcome?.id === 'r-again' && s.context.outcome.kind === 'busy' : s.context.outcome?.id !== 'r-again';
      return (
        s.matches({ showing: 'entering' }) &&
        s.context.entry !== null &&
        Object.values(s.children as Record<string, AnyActorRef>).includes(s.context.entry) &&
        s.context.request?.id === flow.current() &&
        busy
      );
    },
  },
  viewState: {
    closed: () => expect(dialog()).toBeNull(),
    loading: () => {
      expect(dialog()).not.toBeNull();
      screen.getByText(/Visitors asked for a card/);
      screen.getByText('Loading the secure card fields…');
    },
    entering: () => {
      expect(dialog()).not.toBeNull();
      // The app's own card form, its secure fields in the card frame.
      screen.getByLabelText('First name');
      screen.getByTitle('Secure card fields');
      // The mini-app that asked again does not take the sheet over.
      expect(screen.queryByText(/Survey/)).toBeNull();
    },
  },
  stop: ({ sheet }) => sheet.stop(),
  machines: [cardSheetMachine],
  everyMachineTransition: true,
});

/** The sheet shows while its machine says so, as the app's overlays render it. */
function Shown({ sheet }: { sheet: Flow['sheet'] }) {
  const open = useSelector(sheet, (s) => s.hasTag('open'));
  return open ? <CardSheetView sheet={sheet} /> : null;
}

it('card sheet: the test model agrees with the machine: the same states, every way out of the sheet', () => {
  expect(Object.keys(cardSheetMachine.config.states ?? {}).sort()).toEqual(['closed', 'showing']);
  expect(Object.keys(cardSheetMachine.config.states!.showing!.states ?? {}).sort()).toEqual(['entering', 'loading']);
  expect(modelGraph(cardSheetModel).edges.length).toBeGreaterThanOrEqual(11);
});

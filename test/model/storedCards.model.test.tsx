import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { storedCardsMachine } from '../../machines/payments/storedCards.machine';
import type { StoredCard } from '../../machines/payments/storedCards.types';
import { StoredCards } from '../../src/ui/payments/StoredCards';
import { englishCatalogue } from '../../src/i18n/locales';
import paymentMessages from '../../src/i18n/areas/payments/en.json';
import { storedCard } from '../fixtures/payments';
import {
  afterRemoval,
  nextDefault,
  ADDED_CARD,
  SERVER_CARDS,
  serverCards,
  storedCardsModel,
  type StoredCardsModelContext,
  type StoredCardsModelEvent,
  type StoredCardsModelState,
} from './storedCards.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';

/** The person's two cards by their last four: a Visa and a Mastercard. */
const CARDS: Record<string, StoredCard> = {
  '4242': storedCard({ id: '0d3c5e8a-1b2c-4d5e-8f90-000000004242', card_last_four: '4242' }),
  '4444': storedCard({ id: '0d3c5e8a-1b2c-4d5e-8f90-000000004444', card_brand: 'mastercard', card_last_four: '4444', payment_token: 'tok_2' }),
  '0005': storedCard({ id: '0d3c5e8a-1b2c-4d5e-8f90-000000000005', card_brand: 'american-express', card_last_four: '0005', payment_token: 'tok_3' }),
};
const NAMES: Record<string, string> = {
  '4242': 'Visa ending in 4242',
  '4444': 'Mastercard ending in 4444',
  '0005': 'American Express ending in 0005',
};
const listOf = ({ cards, defaultCard }: Pick<StoredCardsModelContext, 'cards' | 'defaultCard'>): StoredCard[] =>
  cards.map((lastFour) => ({ ...CARDS[lastFour]!, is_default: lastFour === defaultCard }));
const REFUSED = { status: 429, code: 'too_many_requests', message: 'Too many requests from your account.' };

/** The stored cards with calls the test settles. */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const actor = createActor(
    storedCardsMachine.provide({
      actors: {
        loadPaymentMethods: fromPromise(() => calls.call<StoredCard[]>('load')),
        removeCard: fromPromise(() => calls.call<StoredCard[]>('remove')),
        makeDefaultCard: fromPromise(() => calls.call<StoredCard[]>('makeDefault')),
      },
    }),
    inspect ? { inspect } : {},
  ).start();
  return { actor, calls };
}
type Flow = ReturnType<typeof start>;
type Model = { value: unknown; context: StoredCardsModelContext };

/** The server's answer to the pending call, as the model says the cards are after it. */
function world(flow: Flow, event: StoredCardsModelEvent['type'], before: Model) {
  const { calls } = flow;
  switch (event) {
    case 'form.added':
      return flow.actor.send({ type: 'cards.added', card: { ...CARDS[ADDED_CARD]!, is_default: false } });
    case 'api.loaded':
      return calls.take(['load']).resolve(listOf({ cards: serverCards(before.context), defaultCard: SERVER_CARDS[0]! }));
    case 'api.loadFailed':
      return calls.take(['load']).reject(new Error('offline'));
    case 'api.changed':
      return before.value === 'makingDefault'
        ? calls.take(['makeDefault']).resolve(listOf({ ...before.context, defaultCard: nextDefault(before.context) }))
        : calls.take(['remove']).resolve(listOf(afterRemoval(before.context)));
    case 'api.refused':
      return calls.take(['makeDefault', 'remove']).reject(REFUSED);
    default:
      throw new Error(`${event} is not a server answer`);
  }
}

/** The person's part, sent to the flow as the view sends it. */
function send({ actor }: Flow, event: StoredCardsModelEvent['type'], before: Model) {
  switch (event) {
    case 'user.makeDefault':
      return actor.send({ type: 'user.makeDefault', cardId: CARDS[nextDefault(before.context)!]!.id });
    case 'user.remove':
      return actor.send({ type: 'user.remove', cardId: CARDS[before.context.cards[0]!]!.id });
    case 'user.cancel':
    case 'user.confirm':
      return actor.send({ type: event });
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

const dialog = () => screen.queryByRole('dialog');
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name });

/** The person's part, on the rendered list. */
function press(event: StoredCardsModelEvent['type'], before: Model) {
  switch (event) {
    case 'user.makeDefault':
      return fireEvent.click(screen.getByRole('button', { name: `Make ${NAMES[nextDefault(before.context)!]} your default card` }));
    case 'user.remove':
      return fireEvent.click(screen.getByRole('button', { name: `Remove ${NAMES[before.context.cards[0]!]}` }));
    case 'user.confirm':
      return fireEvent.click(inDialog('Remove'));
    case 'user.cancel':
      return fireEvent.click(inDialog('Cancel'));
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

/** The machine's list as the model says it shows: last fours in order, and which is the default. */
const sameList = ({ actor }: Flow, model: Model) =>
  JSON.stringify(actor.getSnapshot().context.cards.map((c) => [c.card_last_four, c.is_default])) ===
  JSON.stringify(model.context.cards.map((lastFour) => [lastFour, lastFour === model.context.defaultCard]));

const MACHINE: Record<StoredCardsModelState, (flow: Flow, model: Model) => boolean> = {
  loading: ({ actor }) => actor.getSnapshot().hasTag('loading'),
  idle: ({ actor }) => actor.getSnapshot().matches('idle') && actor.getSnapshot().context.error === null,
  makingDefault: ({ actor }, model) =>
    actor.getSnapshot().matches('makingDefault') && actor.getSnapshot().context.cardId === CARDS[nextDefault(model.context)!]!.id,
  confirmingRemoval: ({ actor }, model) =>
    actor.getSnapshot().hasTag('confirmRemoval') &&
    !actor.getSnapshot().hasTag('busy') &&
    actor.getSnapshot().context.cardId === CARDS[model.context.cards[0]!]!.id,
  removing: ({ actor }) => actor.getSnapshot().matches('removing'),
  failed: ({ actor }) => actor.getSnapshot().hasTag('failed') && actor.getSnapshot().context.error?.code === 'too_many_requests',
};

const failedText = () => screen.queryByText('The change could not be saved. Please try again.');

/** The list as it must show in every state: each card, the default marked on its button. */
function listShown(model: Model) {
  const items = screen.queryAllByTestId('stored-card');
  expect(items.map((item) => within(item).getByText(/ending in/).textContent)).toEqual(model.context.cards.map((c) => NAMES[c]));
  for (const lastFour of model.context.cards) {
    const isDefault = lastFour === model.context.defaultCard;
    // With the confirm step open the page behind is hidden from assistive technology (the dialog is modal).
    const button = screen.getByRole('button', {
      name: isDefault ? `${NAMES[lastFour]} is your default card` : `Make ${NAMES[lastFour]} your default card`,
      hidden: true,
    });
    expect(button.getAttribute('aria-disabled')).toBe(isDefault ? 'true' : null);
  }
  if (!model.context.cards.length) expect(screen.getByText('No cards stored yet.')).not.toBeNull();
}

const VIEW: Record<StoredCardsModelState, (model: Model) => void> = {
  loading: () => expect(dialog()).toBeNull(),
  idle: () => {
    expect(dialog()).toBeNull();
    expect(failedText()).toBeNull();
    expect(screen.queryByTestId('stored-cards')?.getAttribute('aria-busy') ?? null).toBeNull();
  },
  makingDefault: (model) => {
    expect(screen.getByTestId('stored-cards').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: `Make ${NAMES[nextDefault(model.context)!]} your default card` }).getAttribute('aria-busy')).toBe(
      'true',
    );
  },
  confirmingRemoval: (model) => {
    const open = screen.getByRole('dialog', { name: `Remove card ending ${model.context.cards[0]}?` });
    // Modal: the list behind is out of the accessibility tree while the question is open.
    expect(screen.queryByRole('button', { name: `Remove ${NAMES[model.context.cards[0]!]}` })).toBeNull();
    expect(
      within(open).getByText(`${NAMES[model.context.cards[0]!]} will no longer be available for payments. You can add it again later.`),
    ).not.toBeNull();
    expect(inDialog('Remove').getAttribute('aria-busy')).toBeNull();
  },
  removing: () => expect(inDialog('Remove').getAttribute('aria-busy')).toBe('true'),
  failed: () => {
    expect(dialog()).toBeNull();
    expect(failedText()?.getAttribute('role')).toBe('alert');
  },
};

const { paths } = modelSuite<typeof storedCardsModel, Flow, StoredCardsModelState>({
  name: 'stored cards',
  model: storedCardsModel,
  areas: ['payments'],
  lens: {
    viewKey: ({ value, context }) => {
      const { cards, defaultCard } = context as StoredCardsModelContext;
      return `${String(value)} cards:${cards.join(',')} default:${defaultCard}`;
    },
  },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...paymentMessages }}>
        <StoredCards list={actor} />
      </IntlProvider>,
    ),
  world: (flow: Flow, event, before) => world(flow, event.type, before as Model),
  send: (flow: Flow, event, before) => send(flow, event.type, before as Model),
  press: (_: Flow, event, before) => press(event.type, before as Model),
  machineState: Object.fromEntries(
    Object.entries(MACHINE).map(([state, check]) => [state, (flow: Flow, model: Model) => check(flow, model) && sameList(flow, model)]),
  ) as Record<StoredCardsModelState, (flow: Flow, model: Model) => boolean>,
  viewState: Object.fromEntries(
    Object.entries(VIEW).map(([state, check]) => [
      state,
      (_: Flow, model: Model) => {
        check(model);
        listShown(model);
      },
    ]),
  ) as Record<StoredCardsModelState, (flow: Flow, model: Model) => void>,
  stop: ({ actor }) => actor.stop(),
  machines: [storedCardsMachine],
  everyMachineTransition: true,
});

describe('stored cards: the test model', () => {
  it('has the transitions of the flow as it was modelled', () => {
    expect(untakenTransitions(storedCardsModel, paths).transitions.size).toBeGreaterThanOrEqual(12);
  });

  it('agrees with the machine: the same states, and every event of the model one the flow takes', () => {
    expect(Object.keys(storedCardsMachine.root.states).sort()).toEqual(Object.keys(storedCardsModel.root.states).sort());
    const flowEvents = new Set<string>(storedCardsMachine.root.events);
    // The card form's word reaches the flow as `cards.added`.
    const flowEvent = (type: string) => (type === 'form.added' ? 'cards.added' : type);
    for (const type of storedCardsModel.root.events) if (!type.startsWith('api.')) expect(flowEvents.has(flowEvent(type)), type).toBe(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { storedCardsMachine } from '../../machines/payments/storedCards.machine';
import type { StoredCard } from '../../machines/payments/storedCards.types';
import { storedCard } from '../fixtures/payments';

const VISA = storedCard({ id: 'c-1', card_last_four: '4242', is_default: true });
const MASTERCARD = storedCard({ id: 'c-2', card_brand: 'mastercard', card_last_four: '4444', payment_token: 'tok_2' });

/** The stored cards with fake calls: the list answers `list`; removing and making the default answer what the test says. */
function run(options: { list?: () => Promise<StoredCard[]>; remove?: () => Promise<StoredCard[]>; makeDefault?: () => Promise<StoredCard[]> } = {}) {
  const load = vi.fn(options.list ?? (async () => [VISA, MASTERCARD]));
  const remove = vi.fn((_input: { cardId: string }) => (options.remove ? options.remove() : Promise.resolve([{ ...MASTERCARD, is_default: true }])));
  const makeDefault = vi.fn((_input: { cardId: string }) =>
    options.makeDefault
      ? options.makeDefault()
      : Promise.resolve([
          { ...VISA, is_default: false },
          { ...MASTERCARD, is_default: true },
        ]),
  );
  const actor = createActor(
    storedCardsMachine.provide({
      actors: {
        loadPaymentMethods: fromPromise(() => load()),
        removeCard: fromPromise(({ input }) => remove(input)),
        makeDefaultCard: fromPromise(({ input }) => makeDefault(input)),
      },
    }),
  ).start();
  return { actor, load, remove, makeDefault };
}

const idle = (flow: ReturnType<typeof run>) => waitFor(flow.actor, (s) => s.matches('idle'));

describe('the stored cards machine', () => {
  it('reads the list; a failed read leaves it as it was, silently', async () => {
    const flow = run();
    expect(flow.actor.getSnapshot().hasTag('loading')).toBe(true);
    await idle(flow);
    expect(flow.actor.getSnapshot().context.cards).toEqual([VISA, MASTERCARD]);
    const failing = run({ list: () => Promise.reject(new Error('offline')) });
    await idle(failing);
    expect(failing.actor.getSnapshot().context).toMatchObject({ cards: [], error: null });
  });

  it('makes a card the default with its id and shows the answer; the default card and unknown ids are refused by the guard', async () => {
    const flow = run();
    await idle(flow);
    expect(flow.actor.getSnapshot().can({ type: 'user.makeDefault', cardId: 'c-1' })).toBe(false);
    expect(flow.actor.getSnapshot().can({ type: 'user.makeDefault', cardId: 'nope' })).toBe(false);
    flow.actor.send({ type: 'user.makeDefault', cardId: 'c-2' });
    expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
    await idle(flow);
    expect(flow.makeDefault).toHaveBeenCalledWith({ cardId: 'c-2' });
    expect(flow.actor.getSnapshot().context.cards.map((c) => [c.id, c.is_default])).toEqual([
      ['c-1', false],
      ['c-2', true],
    ]);
    expect(flow.actor.getSnapshot().context.cardId).toBeNull();
  });

  it('asks before removing: Cancel removes nothing; Remove sends the card id and shows the cards left', async () => {
    const flow = run();
    await idle(flow);
    flow.actor.send({ type: 'user.remove', cardId: 'c-1' });
    expect(flow.actor.getSnapshot().hasTag('confirmRemoval')).toBe(true);
    expect(flow.actor.getSnapshot().context.cardId).toBe('c-1');
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.actor.getSnapshot().matches('idle')).toBe(true);
    expect(flow.actor.getSnapshot().context.cardId).toBeNull();
    expect(flow.remove).not.toHaveBeenCalled();

    flow.actor.send({ type: 'user.remove', cardId: 'c-1' });
    flow.actor.send({ type: 'user.confirm' });
    // The confirm step stays, busy, until the answer.
    expect(flow.actor.getSnapshot().hasTag('confirmRemoval')).toBe(true);
    expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
    await idle(flow);
    expect(flow.remove).toHaveBeenCalledExactlyOnceWith({ cardId: 'c-1' });
    expect(flow.actor.getSnapshot().context.cards).toEqual([{ ...MASTERCARD, is_default: true }]);
    expect(flow.actor.getSnapshot().can({ type: 'user.remove', cardId: 'c-1' })).toBe(false);
  });

  it('keeps a refused change as the error until the next change, which clears it', async () => {
    const flow = run({
      remove: () => Promise.reject({ status: 429, code: 'too_many_requests', message: 'Too many requests' }),
      makeDefault: () => Promise.reject({ status: 404, code: 'unknown_card', message: 'No card of yours has this id' }),
    });
    await idle(flow);
    flow.actor.send({ type: 'user.remove', cardId: 'c-2' });
    flow.actor.send({ type: 'user.confirm' });
    await waitFor(flow.actor, (s) => s.hasTag('failed'));
    expect(flow.actor.getSnapshot().context.error).toEqual({ status: 429, code: 'too_many_requests', message: 'Too many requests' });
    expect(flow.actor.getSnapshot().context.cards).toEqual([VISA, MASTERCARD]);
    flow.actor.send({ type: 'user.makeDefault', cardId: 'c-2' });
    expect(flow.actor.getSnapshot().context.error).toBeNull();
    await waitFor(flow.actor, (s) => s.hasTag('failed'));
    expect(flow.actor.getSnapshot().context.error?.code).toBe('unknown_card');
    flow.actor.send({ type: 'user.remove', cardId: 'c-2' });
    expect(flow.actor.getSnapshot().hasTag('confirmRemoval')).toBe(true);
    expect(flow.actor.getSnapshot().context).toMatchObject({ error: null, cardId: 'c-2' });
  });

  it('shows a card the form stored at once and reads the list again', async () => {
    const flow = run({ list: vi.fn().mockResolvedValueOnce([VISA]).mockResolvedValueOnce([VISA, MASTERCARD]) });
    await idle(flow);
    flow.actor.send({ type: 'cards.added', card: MASTERCARD });
    expect(flow.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(flow.actor.getSnapshot().context.cards).toEqual([VISA, MASTERCARD]);
    await idle(flow);
    expect(flow.load).toHaveBeenCalledTimes(2);
  });
});

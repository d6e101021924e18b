import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { notificationCentreLogic } from '../../src/app/notificationCentre';
import type { NotificationCounts } from '../../machines/notificationCentre/notificationCentre.types';
import { makeNotification, makePage } from '../fixtures/notifications';

/**
 * Two tabs of the same person: each runs the centre with the app's real tabs actor (a BroadcastChannel), the server
 * played by the test. A read in one clears the count in the other without a call of its own.
 */
const running: AnyActorRef[] = [];
afterEach(() => running.splice(0).forEach((a) => a.stop()));

function tab(page: ReturnType<typeof makePage>, answer: NotificationCounts) {
  let calls = 0;
  const actor = createActor(
    notificationCentreLogic().provide({
      actors: {
        loadPage: fromPromise(async () => page),
        saveWrite: fromPromise(async () => {
          calls += 1;
          return answer;
        }),
        stream: fromCallback(({ sendBack }) => {
          sendBack({ type: 'stream.opened' });
          return () => {};
        }),
      },
    }),
  ).start();
  running.push(actor);
  actor.send({ type: 'centre.building', buildingUuid: 'b-1' });
  return { actor, saves: () => calls };
}

describe('the notification centre across tabs', () => {
  it('a read in one tab clears the count in the other', async () => {
    const items = [makeNotification({ seen_at: '2026-11-29T09:00:00.000Z' })];
    const one = tab(makePage(items), { unseen: 0, unread: 0 });
    const other = tab(makePage(items), { unseen: 0, unread: 0 });
    await waitFor(one.actor, (s) => s.hasTag('ready'));
    await waitFor(other.actor, (s) => s.hasTag('ready'));
    expect(other.actor.getSnapshot().context.counts.unread).toBe(1);
    one.actor.send({ type: 'user.open', id: items[0]!.id });
    await waitFor(other.actor, (s) => s.context.counts.unread === 0 && !!s.context.items[0]!.read_at);
    expect(one.saves()).toBe(1);
    expect(other.saves()).toBe(0);
  });

  it('a tab of another building is not changed', async () => {
    const items = [makeNotification({ seen_at: '2026-11-29T09:00:00.000Z' })];
    const one = tab(makePage(items), { unseen: 0, unread: 0 });
    const elsewhere = tab(makePage(items), { unseen: 0, unread: 0 });
    const witness = tab(makePage(items), { unseen: 0, unread: 0 });
    elsewhere.actor.send({ type: 'centre.building', buildingUuid: 'b-2' });
    for (const t of [one, elsewhere, witness]) await waitFor(t.actor, (s) => s.hasTag('ready'));
    one.actor.send({ type: 'user.readAll' });
    // The same message reaches every tab: once the tab of the same building has it, the other has had it too.
    await waitFor(witness.actor, (s) => s.context.counts.unread === 0);
    expect(elsewhere.actor.getSnapshot().context.counts.unread).toBe(1);
    expect(elsewhere.actor.getSnapshot().context.items[0]!.read_at).toBeNull();
  });
});

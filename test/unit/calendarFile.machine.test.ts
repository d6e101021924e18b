import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { calendarFileMachine } from '../../machines/bookings/calendarFile.machine';
import type { BookingPath } from '../../machines/bookings/bookings.types';
import { PATH } from '../fixtures/bookings';

function start(answers: (() => Promise<void>)[]) {
  const asked: BookingPath[] = [];
  const actor = createActor(
    calendarFileMachine.provide({
      actors: {
        download: fromPromise(({ input }) => {
          asked.push(input);
          return answers[asked.length - 1]!();
        }),
      },
    }),
    { input: { path: PATH } },
  ).start();
  return { actor, asked };
}

describe('Add to calendar', () => {
  it('downloads the booking’s file and is ready for another', async () => {
    const { actor, asked } = start([() => Promise.resolve()]);
    actor.send({ type: 'user.addToCalendar' });
    expect(actor.getSnapshot().hasTag('calendar:busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(asked).toEqual([PATH]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('says a failure, and pressing again tries again and clears it', async () => {
    const { actor, asked } = start([() => Promise.reject({ status: 503, message: 'down' }), () => Promise.resolve()]);
    actor.send({ type: 'user.addToCalendar' });
    await waitFor(actor, (s) => s.hasTag('calendar:failed'));
    expect(actor.getSnapshot().context.error?.status).toBe(503);
    actor.send({ type: 'user.addToCalendar' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(asked).toHaveLength(2);
  });

  it('takes no second press while the file is read', () => {
    const { actor } = start([() => new Promise(() => {})]);
    actor.send({ type: 'user.addToCalendar' });
    expect(actor.getSnapshot().can({ type: 'user.addToCalendar' })).toBe(false);
  });
});

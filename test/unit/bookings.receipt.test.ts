import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookingReceiptMachine } from '../../machines/bookings/bookingReceipt.machine';
import { cancelBookingMachine, type CancelBookingRef } from '../../machines/bookings/cancelBooking.machine';
import { selectAwaitsApproval, selectReceiptTitle } from '../../machines/bookings/bookings.selectors';
import type { Booking, BookingPath, BookingRead } from '../../machines/bookings/bookings.types';
import { flush } from '../fixtures/async';
import { booking, cancelled, PATH, READ_AT } from '../fixtures/bookings';

function start(reads: Array<() => Promise<BookingRead>>, cancel: () => Promise<Booking> = async () => cancelled()) {
  const load = vi.fn<(path: BookingPath) => Promise<BookingRead>>();
  for (const read of reads) load.mockImplementationOnce(read);
  const actor = createActor(
    bookingReceiptMachine.provide({
      actors: {
        load: fromPromise(({ input }) => load(input)),
        cancelBooking: cancelBookingMachine.provide({ actors: { cancel: fromPromise(() => cancel()) } }),
      },
    }),
    { input: PATH },
  ).start();
  const child = () => actor.getSnapshot().children.cancelBooking as CancelBookingRef | undefined;
  return { actor, load, child };
}

const read =
  (b: Booking, readAt = READ_AT) =>
  async () => ({ booking: b, readAt });

describe('bookingReceiptMachine', () => {
  it('loads the booking by its path and runs the cancel flow with it', async () => {
    const { actor, load, child } = start([read(booking())]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(load).toHaveBeenCalledExactlyOnceWith(PATH);
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    expect(selectReceiptTitle(actor.getSnapshot())).toBe('requested');
    expect(selectAwaitsApproval(actor.getSnapshot())).toBe(true);
    expect(child()?.getSnapshot().matches('available')).toBe(true);
    expect(child()?.getSnapshot().context.now).toBe(READ_AT);
  });

  it('a cancel that succeeds: the title says cancelled at once, the booking is read again and the child hears of it', async () => {
    const again = { ...cancelled(), status: 'cancelled_user' as const };
    const { actor, load, child } = start([read(booking()), read(again, '2026-11-23T12:01:00.000Z')]);
    await flush();
    child()!.send({ type: 'user.cancel' });
    child()!.send({ type: 'user.confirm' });
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: 'shown' })).toBe(true);
    expect(snapshot.context.cancelSucceeded).toBe(true);
    expect(selectReceiptTitle(snapshot)).toBe('cancelled');
    expect(selectAwaitsApproval(snapshot)).toBe(false);
    expect(child()!.getSnapshot().hasTag('cancel:done')).toBe(true);
    expect(child()!.getSnapshot().context.now).toBe('2026-11-23T12:01:00.000Z');
  });

  it('keeps the cancel’s answer when the read after it fails', async () => {
    const { actor, child } = start([read(booking()), () => Promise.reject({ status: 503, message: 'down' })]);
    await flush();
    child()!.send({ type: 'user.cancel' });
    child()!.send({ type: 'user.confirm' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    expect(actor.getSnapshot().context.booking?.receipt_status).toBe('Canceled');
  });

  it('another person’s booking (404) is not found; any other failure offers a retry', async () => {
    const notFound = start([() => Promise.reject({ status: 404, code: 'unknown_booking', message: 'No booking of yours at this path' })]);
    await flush();
    expect(notFound.actor.getSnapshot().hasTag('notFound')).toBe(true);
    const failing = start([() => Promise.reject({ status: 500, message: 'boom' }), read(booking())]);
    await flush();
    expect(failing.actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(failing.actor.getSnapshot().context.error).toEqual({ status: 500, message: 'boom' });
    failing.actor.send({ type: 'user.retry' });
    await flush();
    expect(failing.actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    expect(failing.actor.getSnapshot().context.error).toBeNull();
  });

  it('titles: booked when accepted, denied for both denials, cancelled when Canceled', async () => {
    const cases = [
      [booking({ receipt_status: 'Accepted', status: 'accepted' }), 'booked'],
      [booking({ receipt_status: 'Denied_Available', status: 'denied_available' }), 'denied'],
      [booking({ receipt_status: 'Denied_Unavailable', status: 'denied_unavailable' }), 'denied'],
      [cancelled(), 'cancelled'],
    ] as const;
    for (const [b, title] of cases) {
      const { actor } = start([read(b)]);
      await flush();
      expect(selectReceiptTitle(actor.getSnapshot()), b.receipt_status).toBe(title);
    }
  });
});

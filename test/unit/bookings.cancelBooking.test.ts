import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cancelBookingMachine, type CancelBookingInput } from '../../machines/bookings/cancelBooking.machine';
import type { Booking, BookingPath } from '../../machines/bookings/bookings.types';
import { deferred, flush } from '../fixtures/async';
import { booking, cancelled, lateBooking, PATH, READ_AT } from '../fixtures/bookings';

function start(input: Partial<CancelBookingInput> = {}, cancel: (path: BookingPath) => Promise<Booking> = async () => cancelled()) {
  const call = vi.fn(cancel);
  const reported = vi.fn();
  const actor = createActor(
    cancelBookingMachine.provide({
      actors: { cancel: fromPromise(({ input: path }) => call(path)) },
      actions: { reportCancelled: (_, params) => reported(params.booking) },
    }),
    { input: { path: PATH, booking: booking(), now: READ_AT, ...input } },
  ).start();
  return { actor, call, reported };
}

describe('cancelBookingMachine', () => {
  it('offers the cancel of an open booking within its window, and asks for confirmation first', () => {
    const { actor, call } = start();
    expect(actor.getSnapshot().matches('available')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.cancel' })).toBe(true);
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().hasTag('modal:confirmCancel')).toBe(true);
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().matches('available')).toBe(true);
    expect(call).not.toHaveBeenCalled();
  });

  it('confirm sends the cancel with the booking’s path; success sets CANCELED, reports it, resets and confirms it', async () => {
    const { actor, call, reported } = start();
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().hasTag('cancel:busy')).toBe(true);
    await flush();
    expect(call).toHaveBeenCalledExactlyOnceWith(PATH);
    expect(reported).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ receipt_status: 'Canceled' }));
    const { context } = actor.getSnapshot();
    expect(context.booking.receipt_status).toBe('Canceled');
    expect(context.error).toBeNull();
    expect(actor.getSnapshot().hasTag('cancel:done')).toBe(true);
    expect(actor.getSnapshot().hasTag('cancel:offered')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.cancel' })).toBe(false);
    // The receipt's read after it updates the booking; the confirmation stays.
    actor.send({ type: 'booking.updated', booking: cancelled(), now: '2026-11-23T12:01:00.000Z' });
    expect(actor.getSnapshot().hasTag('cancel:done')).toBe(true);
    expect(actor.getSnapshot().context.now).toBe('2026-11-23T12:01:00.000Z');
  });

  it('a refused cancel opens the booking error modal with the error; okay resets to the cancel button', async () => {
    const { actor, reported } = start({}, () => Promise.reject({ status: 503, message: 'down' }));
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(actor.getSnapshot().hasTag('modal:bookingError')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, message: 'down' });
    expect(actor.getSnapshot().can({ type: 'user.cancel' })).toBe(false);
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().matches('available')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(reported).not.toHaveBeenCalled();
  });

  it('after the window: you_can_no_longer_cancel, and the guard refuses a cancel (state.can is false)', () => {
    const { actor, call } = start({ booking: lateBooking() });
    expect(actor.getSnapshot().hasTag('cancel:tooLate')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.cancel' })).toBe(false);
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().hasTag('modal:confirmCancel')).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });

  it('judges the window at the moment of the read: one minute past the deadline is too late, the deadline itself is not', () => {
    const deadline = booking().cancellation_deadline;
    expect(start({ now: deadline }).actor.getSnapshot().can({ type: 'user.cancel' })).toBe(true);
    const late = new Date(Date.parse(deadline) + 60_000).toISOString();
    expect(start({ now: late }).actor.getSnapshot().hasTag('cancel:tooLate')).toBe(true);
  });

  it('the server refusing as too late moves to you_can_no_longer_cancel, not to the error modal', async () => {
    const { actor } = start({}, () => Promise.reject({ status: 409, code: 'you_can_no_longer_cancel', message: 'too late' }));
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirm' });
    await flush();
    expect(actor.getSnapshot().hasTag('cancel:tooLate')).toBe(true);
    expect(actor.getSnapshot().hasTag('modal:bookingError')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.cancel' })).toBe(false);
  });

  it('offers nothing for a cancelled or denied booking', () => {
    for (const receipt_status of ['Canceled', 'Denied_Available', 'Denied_Unavailable'] as const) {
      const { actor } = start({ booking: booking({ receipt_status, can_cancel: false }) });
      expect(actor.getSnapshot().matches('closed')).toBe(true);
      expect(actor.getSnapshot().hasTag('cancel:offered')).toBe(false);
      expect(actor.getSnapshot().hasTag('cancel:tooLate')).toBe(false);
      expect(actor.getSnapshot().hasTag('cancel:done')).toBe(false);
    }
  });

  it('hears a booking read again (booking.updated) only once its cancel succeeded, not before nor while it is under way', async () => {
    const pending = deferred<Booking>();
    const { actor } = start({}, () => pending.promise);
    // The receipt reads the booking again only after a cancel: before one, a read is not the cancel's business.
    actor.send({ type: 'booking.updated', booking: lateBooking(), now: READ_AT });
    expect(actor.getSnapshot().matches('available')).toBe(true);
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirm' });
    actor.send({ type: 'booking.updated', booking: lateBooking(), now: READ_AT });
    expect(actor.getSnapshot().matches('cancelling')).toBe(true);
    pending.resolve(cancelled());
    await flush();
    expect(actor.getSnapshot().hasTag('cancel:done')).toBe(true);
  });
});

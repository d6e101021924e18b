import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fewSpots, failureKind, inDisplayWindow, spotsLeft } from '../../machines/content/cta';
import { rsvpMachine, showFewSpots, type RsvpCounts, type RsvpInput } from '../../machines/content/rsvp.machine';
import { canClaimMore, claimMachine, type ClaimCounts, type ClaimInput } from '../../machines/content/claim.machine';
import { claimFlowInput, rsvpFlowInput } from '../fixtures/content';

const NOW = '2026-11-22T12:00:00Z';

describe('CTA rules', () => {
  it('enables the CTA only inside its display window', () => {
    const now = new Date(NOW);
    expect(inDisplayWindow({ displayStartAt: null, displayEndAt: null }, now)).toBe(true);
    expect(inDisplayWindow({ displayStartAt: '2026-11-23T00:00:00Z', displayEndAt: null }, now)).toBe(false);
    expect(inDisplayWindow({ displayStartAt: null, displayEndAt: '2026-11-21T00:00:00Z' }, now)).toBe(false);
    expect(inDisplayWindow({ displayStartAt: '2026-11-21T00:00:00Z', displayEndAt: '2026-11-23T00:00:00Z' }, now)).toBe(true);
  });

  it('warns of few spots under five, not at none or without a capacity', () => {
    expect([4, 1, 5, 0].map((left) => fewSpots(left))).toEqual([true, true, false, false]);
    expect(fewSpots(spotsLeft(null, 100))).toBe(false);
    expect(spotsLeft(10, 12)).toBe(0);
    expect(showFewSpots({ capacity: 10, attendeeCount: 7 })).toBe(true);
  });

  it('tells the full and already answers apart', () => {
    expect(failureKind({ code: 'rsvp_full' })).toBe('full');
    expect(failureKind({ code: 'claim_full' })).toBe('full');
    expect(failureKind({ code: 'already_rsvpd' })).toBe('already');
    expect(failureKind({ code: 'already_claimed' })).toBe('already');
    expect(failureKind({ status: 500 })).toBe('other');
  });

  it('claims while under the per-user limit (default one) and the total has room', () => {
    expect(canClaimMore({ userCount: 0, count: 3, maxClaimsPerUser: 1, maxClaimsTotal: 10 })).toBe(true);
    expect(canClaimMore({ userCount: 1, count: 3, maxClaimsPerUser: 1, maxClaimsTotal: 10 })).toBe(false);
    expect(canClaimMore({ userCount: 0, count: 10, maxClaimsPerUser: 1, maxClaimsTotal: 10 })).toBe(false);
    expect(canClaimMore({ userCount: 1, count: 3, maxClaimsPerUser: 0, maxClaimsTotal: null })).toBe(false);
  });
});

/** An event with room: 3 of 10 attending, not this person (the fakes below answer from these counts). */
const event = (overrides: Partial<RsvpInput> = {}) => rsvpFlowInput({ capacity: 10, attendeeCount: 3, userCount: 0, now: NOW, ...overrides });

function rsvp(
  input: RsvpInput,
  answers: { attend?: () => Promise<RsvpCounts>; recall?: () => Promise<RsvpCounts>; refresh?: () => Promise<RsvpCounts> } = {},
) {
  const spies = {
    openCtaUrl: vi.fn(),
    reportFailure: vi.fn(),
    attend: vi.fn(answers.attend ?? (async () => ({ capacity: 10, attendeeCount: 4, userCount: 1, isClaimable: true }))),
  };
  const actor = createActor(
    rsvpMachine.provide({
      actors: {
        attend: fromPromise(() => spies.attend()),
        recall: fromPromise(answers.recall ?? (async () => ({ capacity: 10, attendeeCount: 3, userCount: 0, isClaimable: true }))),
        refresh: fromPromise(answers.refresh ?? (async () => ({ capacity: 10, attendeeCount: 3, userCount: 0, isClaimable: true }))),
      },
      actions: { openCtaUrl: (_, p) => spies.openCtaUrl(p.url), reportFailure: (_, p) => spies.reportFailure(p) },
    }),
    { input },
  ).start();
  return { actor, spies };
}

describe('rsvpMachine', () => {
  it('starts attending, sold out or available from the counts', () => {
    expect(
      rsvp(event({ userCount: 1 }))
        .actor.getSnapshot()
        .hasTag('cta:attending'),
    ).toBe(true);
    expect(
      rsvp(event({ attendeeCount: 10 }))
        .actor.getSnapshot()
        .hasTag('cta:soldOut'),
    ).toBe(true);
    expect(
      rsvp(event({ attendeeCount: 10, userCount: 1 }))
        .actor.getSnapshot()
        .hasTag('cta:attending'),
    ).toBe(true);
    expect(rsvp(event()).actor.getSnapshot().hasTag('cta:rsvp')).toBe(true);
  });

  it('an ended event the person attended stays attended, with no cancel; before its end the cancel is there', () => {
    const ended = rsvp(event({ userCount: 1, endAt: '2026-11-22T11:59:00Z' })).actor;
    expect(ended.getSnapshot().hasTag('cta:attended')).toBe(true);
    expect(ended.getSnapshot().can({ type: 'user.cancel' })).toBe(false);
    const running = rsvp(event({ userCount: 1, endAt: '2026-11-22T12:01:00Z' })).actor;
    expect(running.getSnapshot().hasTag('cta:attending')).toBe(true);
    expect(running.getSnapshot().can({ type: 'user.cancel' })).toBe(true);
  });

  it('confirms, attends and shows Confirmed, then Attending', async () => {
    const { actor } = rsvp(event());
    actor.send({ type: 'user.rsvp' });
    expect(actor.getSnapshot().hasTag('modal:confirmRsvp')).toBe(true);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.hasTag('modal:rsvpConfirmed'));
    expect(actor.getSnapshot().context.attendeeCount).toBe(4);
    actor.send({ type: 'user.done' });
    expect(actor.getSnapshot().matches('attending')).toBe(true);
  });

  it('opens the CTA URL instead of the modal when there is one', () => {
    const { actor, spies } = rsvp(event({ ctaUrl: 'https://tickets.example/e-1' }));
    actor.send({ type: 'user.rsvp' });
    expect(spies.openCtaUrl).toHaveBeenCalledWith('https://tickets.example/e-1');
    expect(actor.getSnapshot().matches('available')).toBe(true);
  });

  it('keeps the button inert outside the display window', () => {
    const { actor } = rsvp(event({ displayStartAt: '2026-12-01T00:00:00Z' }));
    expect(actor.getSnapshot().can({ type: 'user.rsvp' })).toBe(false);
  });

  it('keeps the button inert when the server says no RSVP can be made (an event that has ended)', () => {
    const { actor } = rsvp(event({ isClaimable: false }));
    expect(actor.getSnapshot().matches('available')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.rsvp' })).toBe(false);
  });

  it('cancel asks first, recalls and refreshes the counts', async () => {
    const { actor } = rsvp(event({ userCount: 1, attendeeCount: 4 }));
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().hasTag('modal:cancelRsvp')).toBe(true);
    actor.send({ type: 'user.dismiss' });
    expect(actor.getSnapshot().matches('attending')).toBe(true);
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('available'));
    expect(actor.getSnapshot().context).toMatchObject({ userCount: 0, attendeeCount: 3 });
  });

  it('rsvp_full refreshes into Sold out; already_rsvpd into Attending', async () => {
    const full = rsvp(event({ attendeeCount: 9 }), {
      attend: () => Promise.reject({ status: 409, code: 'rsvp_full', message: 'full' }),
      refresh: async () => ({ capacity: 10, attendeeCount: 10, userCount: 0, isClaimable: false }),
    });
    full.actor.send({ type: 'user.rsvp' });
    full.actor.send({ type: 'user.confirm' });
    await waitFor(full.actor, (s) => s.matches('soldOut'));
    // The full answer stays to be shown with the refreshed state.
    expect(full.actor.getSnapshot().context.error).toMatchObject({ code: 'rsvp_full' });
    const already = rsvp(event(), {
      attend: () => Promise.reject({ status: 409, code: 'already_rsvpd', message: 'already' }),
      refresh: async () => ({ capacity: 10, attendeeCount: 4, userCount: 1, isClaimable: true }),
    });
    already.actor.send({ type: 'user.rsvp' });
    already.actor.send({ type: 'user.confirm' });
    await waitFor(already.actor, (s) => s.matches('attending'));
  });

  it('any other failure is reported and waits for a retry that sends the attend again', async () => {
    let calls = 0;
    const { actor, spies } = rsvp(event(), {
      attend: async () => {
        calls += 1;
        if (calls === 1) throw { status: 503, message: 'down' };
        return { capacity: 10, attendeeCount: 4, userCount: 1, isClaimable: true };
      },
    });
    actor.send({ type: 'user.rsvp' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(spies.reportFailure).toHaveBeenCalledWith({ status: 503, message: 'down' });
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.hasTag('modal:rsvpConfirmed'));
    expect(calls).toBe(2);
  });
});

/** An offer with room: 2 of 10 claimed, none by this person, one each (the fakes below answer from these counts). */
const offer = (overrides: Partial<ClaimInput> = {}) =>
  claimFlowInput({ userCount: 0, count: 2, maxClaimsPerUser: 1, maxClaimsTotal: 10, now: NOW, ...overrides });

function claim(input: ClaimInput, answers: { claim?: () => Promise<ClaimCounts>; refresh?: () => Promise<ClaimCounts> } = {}) {
  return createActor(
    claimMachine.provide({
      actors: {
        claim: fromPromise(answers.claim ?? (async () => ({ userCount: 1, count: 3, isClaimable: true }))),
        cancel: fromPromise(async (): Promise<ClaimCounts> => ({ userCount: 0, count: 2, isClaimable: true })),
        refresh: fromPromise(answers.refresh ?? (async () => ({ userCount: 0, count: 10, isClaimable: true }))),
      },
    }),
    { input },
  ).start();
}

describe('claimMachine', () => {
  it('starts not eligible, claimed, full or available', () => {
    expect(
      claim(offer({ isEligible: false }))
        .getSnapshot()
        .matches('notEligible'),
    ).toBe(true);
    expect(
      claim(offer({ userCount: 1 }))
        .getSnapshot()
        .matches('claimed'),
    ).toBe(true);
    expect(
      claim(offer({ count: 10 }))
        .getSnapshot()
        .matches('full'),
    ).toBe(true);
    // Closed for another reason (the window, say) but with room: the button shows and takes no claim.
    const closed = claim(offer({ isClaimable: false })).getSnapshot();
    expect(closed.matches('available') && !closed.can({ type: 'user.claim' })).toBe(true);
    expect(
      claim(offer({ userCount: 1, isClaimable: false }))
        .getSnapshot()
        .matches('claimed'),
    ).toBe(true);
    expect(
      claim(offer({ userCount: 1, maxClaimsPerUser: 2 }))
        .getSnapshot()
        .matches('available'),
    ).toBe(true);
    expect(claim(offer()).getSnapshot().matches('available')).toBe(true);
  });

  it('keeps the person’s claim code from the start and from the claim’s answer, and drops it when the claim is given back', async () => {
    const code = { code: '7F3A9C21', claimedAt: '2026-11-22T12:00:00Z' };
    expect(claim(offer({ userCount: 1, myClaim: code })).getSnapshot().context.myClaim).toEqual(code);
    const actor = claim(offer(), { claim: async () => ({ userCount: 1, count: 3, isClaimable: true, myClaim: code }) });
    expect(actor.getSnapshot().context.myClaim).toBeNull();
    actor.send({ type: 'user.claim' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(actor.getSnapshot().context.myClaim).toEqual(code);
    actor.send({ type: 'user.done' });
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('available'));
    expect(actor.getSnapshot().context.myClaim).toBeNull();
  });

  it('confirms, claims, shows the confirmed modal, then Deal claimed; cancel asks and frees it', async () => {
    const actor = claim(offer());
    actor.send({ type: 'user.claim' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.hasTag('modal:claimConfirmed'));
    actor.send({ type: 'user.done' });
    expect(actor.getSnapshot().matches('claimed')).toBe(true);
    actor.send({ type: 'user.cancel' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('available'));
  });

  it('claim_full refreshes into full', async () => {
    const actor = claim(offer({ count: 9 }), { claim: () => Promise.reject({ status: 409, code: 'claim_full', message: 'full' }) });
    actor.send({ type: 'user.claim' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('full'));
  });

  it('is inert outside the display window', () => {
    expect(
      claim(offer({ displayEndAt: '2026-01-01T00:00:00Z' }))
        .getSnapshot()
        .can({ type: 'user.claim' }),
    ).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { claimMachine, type ClaimCounts, type ClaimInput } from '../../machines/content/claim.machine';
import { ClaimCta } from '../../src/ui/content/ClaimCta';
import { claimModel, type ClaimModelContext, type ClaimModelEvent, type ClaimModelState } from './claim.model';
import { transitionPaths, uncoveredTransitions } from './transitionPaths';
import { contentView, flush, PendingCalls, renderInEnglish } from './cta.harness';

afterEach(cleanup);

const PATHS = transitionPaths(claimModel);
const NOW = '2026-11-23T12:00:00Z';

const base: ClaimInput = {
  contentUuid: 'o-1',
  buildingUuid: 'b-1',
  isEligible: true,
  isClaimable: true,
  userCount: 0,
  count: 3,
  maxClaimsPerUser: 1,
  maxClaimsTotal: 10,
  displayStartAt: null,
  displayEndAt: null,
  now: NOW,
};
const STARTS: Record<string, ClaimInput> = {
  'start.room': base,
  'start.claimed': { ...base, userCount: 1, count: 4 },
  'start.full': { ...base, count: 10, isClaimable: false },
  'start.notEligible': { ...base, isEligible: false, isClaimable: false },
  'start.closed': { ...base, displayStartAt: '2026-12-01T00:00:00Z', isClaimable: false },
};
const COUNTS: Record<ClaimModelContext['refreshReads'], ClaimCounts> = {
  room: { userCount: 0, count: 3, isClaimable: true },
  claimed: { userCount: 1, count: 4, isClaimable: false },
  full: { userCount: 0, count: 10, isClaimable: false },
};

function start(event: ClaimModelEvent['type']) {
  const calls = new PendingCalls();
  const spies = { reportFailure: vi.fn(), reportRecovered: vi.fn() };
  const actor = createActor(
    claimMachine.provide({
      actors: {
        claim: fromPromise(() => calls.call<ClaimCounts>('claim')),
        cancel: fromPromise(() => calls.call<ClaimCounts>('cancel')),
        refresh: fromPromise(() => calls.call<ClaimCounts>('refresh')),
      },
      actions: { reportFailure: (_, p) => spies.reportFailure(p), reportRecovered: () => spies.reportRecovered() },
    }),
    { input: STARTS[event]! },
  ).start();
  renderInEnglish(<ClaimCta actor={actor} content={contentView({ type: 'OFFER', title: 'Free coffee', isClaim: true, atLimitText: null })} />);
  return { actor, calls, spies };
}

function answer(calls: PendingCalls, event: ClaimModelEvent['type'], model: ClaimModelContext) {
  switch (event) {
    case 'api.claimed':
      return calls.take(['claim']).resolve(COUNTS.claimed);
    case 'api.full':
      return calls.take(['claim']).reject({ status: 409, code: 'claim_full', message: 'full' });
    case 'api.already':
      return calls.take(['claim']).reject({ status: 409, code: 'already_claimed', message: 'already' });
    case 'api.failed':
      return calls.take(['claim', 'cancel']).reject({ status: 503, message: 'down' });
    case 'api.cancelled':
      return calls.take(['cancel']).resolve(COUNTS.room);
    case 'api.refreshed':
      return calls.take(['refresh']).resolve(COUNTS[model.refreshReads]);
    case 'api.refreshFailed':
      return calls.take(['refresh']).reject({ status: 503, message: 'down' });
  }
}

const button = (name: string) => screen.queryByRole('button', { name });
const dialog = (name: string) => screen.queryByRole('dialog', { name });
const inDialog = (name: string, buttonName: string) => within(screen.getByRole('dialog', { name })).getByRole('button', { name: buttonName });

function act_(event: ClaimModelEvent['type'], state: ClaimModelState, actor: Actor<typeof claimMachine>) {
  switch (event) {
    case 'user.claim':
      return fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    case 'user.confirm':
      return fireEvent.click(
        state === 'confirming' ? inDialog('Claim this offer?', 'Claim') : inDialog('Give this claim back?', 'Yes, give it back'),
      );
    case 'user.dismiss':
      return fireEvent.click(state === 'confirming' ? inDialog('Claim this offer?', 'Not now') : inDialog('Give this claim back?', 'Keep my claim'));
    case 'user.done':
      return fireEvent.click(inDialog('Deal claimed!', 'Done'));
    case 'user.cancel':
      return fireEvent.click(screen.getByRole('button', { name: 'Cancel claim' }));
    case 'user.retry':
      return actor.send({ type: 'user.retry' });
  }
}

const claimButton = () => screen.queryAllByRole('button', { name: 'Claim' }).find((b) => !b.closest('[role="dialog"]')) ?? null;

const EXPECT: Record<ClaimModelState, (a: Actor<typeof claimMachine>) => void> = {
  opening: () => {},
  available: (a) => {
    expect(a.getSnapshot().matches('available')).toBe(true);
    expect((claimButton() as HTMLButtonElement).disabled).toBe(false);
  },
  closed: (a) => {
    expect(a.getSnapshot().matches('available')).toBe(true);
    expect((claimButton() as HTMLButtonElement).disabled).toBe(true);
  },
  confirming: () => expect(dialog('Claim this offer?')).not.toBeNull(),
  claiming: (a) => {
    expect(a.getSnapshot().matches('claiming')).toBe(true);
    expect(claimButton()?.getAttribute('aria-busy')).toBe('true');
  },
  confirmed: () => expect(dialog('Deal claimed!')).not.toBeNull(),
  claimed: (a) => {
    expect(a.getSnapshot().matches('claimed')).toBe(true);
    expect(screen.getByText('Deal claimed')).not.toBeNull();
    expect(button('Cancel claim')).not.toBeNull();
    expect(claimButton()).toBeNull();
  },
  cancelConfirm: () => expect(dialog('Give this claim back?')).not.toBeNull(),
  cancelling: (a) => {
    expect(a.getSnapshot().matches('cancelling')).toBe(true);
    expect(button('Cancel claim')?.getAttribute('aria-busy')).toBe('true');
  },
  refreshing: (a) => {
    expect(a.getSnapshot().matches('refreshing')).toBe(true);
    expect(claimButton()).toBeNull();
  },
  full: (a) => {
    expect(a.getSnapshot().matches('full')).toBe(true);
    expect(screen.getByText('All claimed')).not.toBeNull();
    expect(claimButton()).toBeNull();
  },
  notEligible: (a) => {
    expect(a.getSnapshot().matches('notEligible')).toBe(true);
    expect(screen.getByText('This offer is not available to you.')).not.toBeNull();
    expect(claimButton()).toBeNull();
  },
  failed: (a) => expect(a.getSnapshot().matches('failed')).toBe(true),
};

const NOTICES = { full: 'Sorry, this offer was just fully claimed.', already: 'You have already claimed this offer.' } as const;

describe('claim test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(claimModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThan(25);
  });
});

describe('claim paths against the flow and its view', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const model = createActor(claimModel).start();
      let flow: ReturnType<typeof start> | null = null;
      for (const event of events) {
        const before = model.getSnapshot();
        await act(async () => {
          if (event.type.startsWith('start.')) flow = start(event.type);
          else if (event.type.startsWith('api.')) answer(flow!.calls, event.type, before.context);
          else act_(event.type, before.value as ClaimModelState, flow!.actor);
          await flush();
        });
        model.send(event);
        const { value, context } = model.getSnapshot();
        EXPECT[value as ClaimModelState](flow!.actor);
        for (const [notice, text] of Object.entries(NOTICES))
          expect(screen.queryByText(text) !== null, `${notice} notice after ${event.type}`).toBe(context.notice === notice);
      }
      expect(flow!.spies.reportFailure).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.failed').length);
      flow!.actor.stop();
    });
});

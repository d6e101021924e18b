import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { claimMachine, type ClaimCounts, type ClaimEvent, type ClaimInput } from '../../machines/content/claim.machine';
import { ClaimCta } from '../../src/ui/content/ClaimCta';
import { claimFlowInput, contentView } from '../fixtures/content';
import { claimModel, type ClaimModelContext, type ClaimModelEvent, type ClaimModelState } from './claim.model';
import { PendingCalls, renderInEnglish } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';

const NOW = '2026-11-23T12:00:00Z';

/** Room for a claim: the starts and the refreshed counts below count from 3 of 10 claims, one per person. */
const base = claimFlowInput({ userCount: 0, count: 3, maxClaimsPerUser: 1, maxClaimsTotal: 10, now: NOW });
const STARTS: Record<string, ClaimInput> = {
  'start.room': base,
  'start.claimed': { ...base, userCount: 1, count: 4 },
  'start.full': { ...base, count: 10, isClaimable: false },
  'start.notEligible': { ...base, isEligible: false, isClaimable: false },
  'start.closed': { ...base, displayStartAt: '2026-12-01T00:00:00Z', isClaimable: false },
  // Its display window closed an hour ago; the server still says claims are open (its claim window is another).
  'start.ended': { ...base, endAt: '2026-11-23T11:00:00Z' },
  'start.endedClaimed': { ...base, endAt: '2026-11-23T11:00:00Z', userCount: 1, count: 4 },
};
const COUNTS: Record<ClaimModelContext['refreshReads'], ClaimCounts> = {
  room: { userCount: 0, count: 3, isClaimable: true },
  claimed: { userCount: 1, count: 4, isClaimable: false },
  full: { userCount: 0, count: 10, isClaimable: false },
};

/** The real flow with calls the test settles. */
function start(event: ClaimModelEvent['type'], inspect?: (event: InspectionEvent) => void) {
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
    { input: STARTS[event]!, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, calls, spies };
}
type Flow = ReturnType<typeof start>;

/** The server's answer to the pending call, as the model names it. */
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
    default:
      throw new Error(`${event} is not a server answer`);
  }
}

const button = (name: string) => screen.queryByRole('button', { name });
const dialog = (name: string) => screen.queryByRole('dialog', { name });
const inDialog = (name: string, buttonName: string) => within(screen.getByRole('dialog', { name })).getByRole('button', { name: buttonName });
const claimButton = () => screen.queryAllByRole('button', { name: 'Claim' }).find((b) => !b.closest('[role="dialog"]')) ?? null;

/** What the person does, on the rendered block (a retry comes from the global error modal: sent to the flow). */
function press({ actor }: Flow, event: ClaimModelEvent['type'], state: ClaimModelState) {
  switch (event) {
    case 'user.claim':
      return fireEvent.click(claimButton()!);
    case 'user.confirm':
      return fireEvent.click(
        state === 'confirming' ? inDialog('Claim this offer?', 'Claim') : inDialog('Give this claim back?', 'Yes, give it back'),
      );
    case 'user.dismiss':
      return fireEvent.click(state === 'confirming' ? inDialog('Claim this offer?', 'Not now') : inDialog('Give this claim back?', 'Keep my claim'));
    case 'user.done':
      return fireEvent.click(inDialog('Deal claimed!', 'Done'));
    case 'user.cancel':
      return fireEvent.click(button('Cancel claim')!);
    case 'user.retry':
      return actor.send({ type: 'user.retry' });
    default:
      throw new Error(`${event} is not a person's action`);
  }
}

/** No step ends in `opening`: every path's first event starts the flow. */
const beforeTheFlow = () => {
  throw new Error('no step ends in opening: it is the state before a start.* event');
};

const NOTICES = { full: 'Sorry, this offer was just fully claimed.', already: 'You have already claimed this offer.' } as const;

const VIEW: Record<ClaimModelState, () => void> = {
  opening: beforeTheFlow,
  available: () => expect((claimButton() as HTMLButtonElement).disabled).toBe(false),
  closed: () => expect((claimButton() as HTMLButtonElement).disabled).toBe(true),
  confirming: () => expect(dialog('Claim this offer?')).not.toBeNull(),
  claiming: () => expect(claimButton()?.getAttribute('aria-busy')).toBe('true'),
  confirmed: () => expect(dialog('Deal claimed!')).not.toBeNull(),
  claimed: () => {
    expect(screen.getByText('Deal claimed')).not.toBeNull();
    expect(button('Cancel claim')).not.toBeNull();
    expect(claimButton()).toBeNull();
  },
  cancelConfirm: () => expect(dialog('Give this claim back?')).not.toBeNull(),
  cancelling: () => expect(button('Cancel claim')?.getAttribute('aria-busy')).toBe('true'),
  refreshing: () => expect(claimButton()).toBeNull(),
  full: () => {
    expect(screen.getByText('All claimed')).not.toBeNull();
    expect(claimButton()).toBeNull();
  },
  notEligible: () => {
    expect(screen.getByText('This offer is not available to you.')).not.toBeNull();
    expect(claimButton()).toBeNull();
  },
  ended: () => {
    expect(screen.getByText('This offer has ended')).not.toBeNull();
    expect(claimButton()).toBeNull();
    expect(button('Cancel claim')).toBeNull();
  },
  kept: () => {
    expect(screen.getByText('This offer has ended. Your claim stands: show the code below.')).not.toBeNull();
    expect(screen.queryByText('Deal claimed')).toBeNull();
    expect(button('Cancel claim')).toBeNull();
    expect(claimButton()).toBeNull();
  },
  failed: () => {},
};

const { paths } = modelSuite({
  name: 'claim',
  model: claimModel,
  // The notice the flow keeps after a refused claim is part of what the block shows.
  lens: { viewKey: ({ value, context }) => `${String(value)} notice:${(context as ClaimModelContext).notice}` },
  start: (event, { inspect }) => start(event!.type, inspect),
  render: ({ actor }) =>
    renderInEnglish(
      <ClaimCta
        actor={actor}
        content={contentView({ type: 'OFFER', title: 'Free coffee', cta: { isClaim: true, isClaimable: true, atLimitText: null } })}
      />,
    ),
  world: (flow: Flow, event, before) => answer(flow.calls, event.type, before.context),
  // The retry comes from the global error modal, which sends it to the flow on both runs.
  send: (flow: Flow, event) => flow.actor.send(event as ClaimEvent),
  press: (flow: Flow, event, before) => press(flow, event.type, before.value as ClaimModelState),
  machineState: {
    opening: beforeTheFlow,
    available: ({ actor }) => actor.getSnapshot().matches('available') && actor.getSnapshot().can({ type: 'user.claim' }),
    // Outside the claim window the flow waits in `available`, and takes no claim.
    closed: ({ actor }) => actor.getSnapshot().matches('available') && !actor.getSnapshot().can({ type: 'user.claim' }),
    confirming: ({ actor }) => actor.getSnapshot().matches('confirming'),
    claiming: ({ actor }) => actor.getSnapshot().matches('claiming'),
    confirmed: ({ actor }) => actor.getSnapshot().matches('confirmed'),
    claimed: ({ actor }) => actor.getSnapshot().matches('claimed'),
    cancelConfirm: ({ actor }) => actor.getSnapshot().matches('cancelConfirm'),
    cancelling: ({ actor }) => actor.getSnapshot().matches('cancelling'),
    refreshing: ({ actor }) => actor.getSnapshot().matches('refreshing'),
    full: ({ actor }) => actor.getSnapshot().matches('full'),
    notEligible: ({ actor }) => actor.getSnapshot().matches('notEligible'),
    ended: ({ actor }) => actor.getSnapshot().matches('ended'),
    kept: ({ actor }) => actor.getSnapshot().matches('kept') && !actor.getSnapshot().can({ type: 'user.cancel' }),
    failed: ({ actor }) => actor.getSnapshot().matches('failed'),
  },
  viewState: Object.fromEntries(
    Object.entries(VIEW).map(([state, check]) => [
      state,
      (_: Flow, model: { context: ClaimModelContext }) => {
        check();
        for (const [notice, text] of Object.entries(NOTICES))
          expect(screen.queryByText(text) !== null, `${notice} notice`).toBe(model.context.notice === notice);
      },
    ]),
  ) as Record<ClaimModelState, (flow: Flow, model: { context: ClaimModelContext }) => void>,
  finally: ({ spies }, events) => {
    expect(spies.reportFailure).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.failed').length);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [claimMachine],
  everyMachineTransition: true,
});

describe('claim: the test model', () => {
  it('has more than 25 transitions (the flow as it was modelled)', () => {
    expect(untakenTransitions(claimModel, paths).transitions.size).toBeGreaterThan(25);
  });
});

import { and, assign, fromPromise, sendTo, not, or, setup } from 'xstate';
import { globalErrorOrSelf } from '../shared/reports';
import type { ErrorRaisedEvent, ErrorResolvedEvent } from '../globalError/globalError.types';
import { failureKind, inDisplayWindow } from './cta';
import { callFailed, confirmStep, ctaCallFailed } from '../shared/confirmable';
import { keepError } from '../shared/failure';

/** The person's claim as the server keeps it: a code to show where the offer is redeemed, and when it was made. */
export interface ClaimCode {
  code: string;
  claimedAt: string;
}

export interface ClaimInput {
  contentUuid: string;
  buildingUuid: string;
  isEligible: boolean;
  /** False when the server says no claim can be made now (claims_details.is_claimable: closed window, limit, eligibility). */
  isClaimable: boolean;
  /** This user's claims. */
  userCount: number;
  /** Claims by everyone. */
  count: number;
  maxClaimsPerUser: number;
  maxClaimsTotal: number | null;
  displayStartAt: string | null;
  displayEndAt: string | null;
  /**
   * When the offer leaves the feed (its display window's end; null: never said). Past it the offer has ended: a claim
   * stands as it is and none is taken (decision 143).
   */
  endAt: string | null;
  now: string;
  /** This person's claim, when they have one and the server tells its code. */
  myClaim?: ClaimCode | null;
}

export interface ClaimContext extends ClaimInput {
  myClaim: ClaimCode | null;
  error: { status: number; message: string; code?: string } | null;
}

export interface ClaimCounts {
  userCount: number;
  count: number;
  isClaimable: boolean;
  /** The person's claim after the call; none when they have none (or the API does not tell). */
  myClaim?: ClaimCode | null;
}

export type ClaimEvent =
  | { type: 'user.claim' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  | { type: 'user.done' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' };

/** `cta:…`: which call to action the offer shows; `modal:…`: the modal open over it. */
export type ClaimTag =
  | 'cta:notEligible'
  | 'cta:claim'
  | 'cta:claimed'
  | 'cta:full'
  | 'cta:ended'
  | 'modal:confirmClaim'
  | 'modal:claimConfirmed'
  | 'modal:cancelClaim'
  | 'loading';

export const CLAIM_ID = 'claim';

/** maxClaimsPerUser defaults to 1 (content document, constants). */
export const DEFAULT_MAX_CLAIMS_PER_USER = 1;

/** CLAIM while this user is under the per-user limit and the total has room; CANCEL otherwise (when claimed). */
export const canClaimMore = (c: Pick<ClaimContext, 'userCount' | 'count' | 'maxClaimsPerUser' | 'maxClaimsTotal'>) =>
  c.userCount < (c.maxClaimsPerUser || DEFAULT_MAX_CLAIMS_PER_USER) && (c.maxClaimsTotal === null || c.count < c.maxClaimsTotal);

/**
 * Claim an offer: eligible, not already claimed to the limit, the total with room, inside the display window →
 * a confirm modal, the claim, a confirmed modal; a claimed offer shows 'Deal claimed' with cancel (confirmed by a
 * modal). 'claim_full' and 'already_claimed' answers refresh the counts; any other failure waits for a retry.
 */
export const claimMachine = setup({
  types: { context: {} as ClaimContext, events: {} as ClaimEvent, input: {} as ClaimInput, tags: {} as ClaimTag },
  actors: {
    claim: fromPromise<ClaimCounts, { buildingUuid: string; contentUuid: string }>(() => Promise.reject(new Error('claim is not provided'))),
    cancel: fromPromise<ClaimCounts, { buildingUuid: string; contentUuid: string }>(() => Promise.reject(new Error('cancel is not provided'))),
    refresh: fromPromise<ClaimCounts, { buildingUuid: string; contentUuid: string }>(() => Promise.reject(new Error('refresh is not provided'))),
  },
  actions: {
    /** A failure the person may retry goes to the global error modal, whose "Try again" sends this flow (by its id) `user.retry`. */
    reportFailure: sendTo(globalErrorOrSelf, (_, params: { status: number; message: string }): ErrorRaisedEvent => ({
      type: 'error.raised',
      source: 'claim.update',
      ...params,
      retry: { to: CLAIM_ID, event: { type: 'user.retry' } },
    })),
    reportRecovered: sendTo(globalErrorOrSelf, (): ErrorResolvedEvent => ({ type: 'error.resolved', source: 'claim.update' })),
    setCounts: assign((_, counts: ClaimCounts) => ({ ...counts, myClaim: counts.myClaim ?? null })),
    setError: assign(keepError),
    clearError: assign({ error: null }),
  },
  guards: {
    notEligible: ({ context }) => !context.isEligible,
    claimsClosed: ({ context }) => !context.isClaimable,
    claimed: ({ context }) => context.userCount > 0,
    ended: ({ context }) => context.endAt !== null && new Date(context.endAt) <= new Date(context.now),
    room: ({ context }) => canClaimMore(context),
    ctaOpen: ({ context }) => inDisplayWindow(context, new Date(context.now)),
    failedAs: (_, params: { error: unknown; kind: 'full' | 'already' }) => failureKind(params.error) === params.kind,
  },
}).createMachine({
  id: CLAIM_ID,
  context: ({ input }) => ({
    ...input,
    maxClaimsPerUser: input.maxClaimsPerUser || DEFAULT_MAX_CLAIMS_PER_USER,
    myClaim: input.myClaim ?? null,
    error: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: and(['ended', 'claimed']), target: 'kept' },
        { guard: 'ended', target: 'ended' },
        { guard: 'notEligible', target: 'notEligible' },
        { guard: and(['claimed', or([not('room'), 'claimsClosed'])]), target: 'claimed' },
        { guard: 'room', target: 'available' },
        { target: 'full' },
      ],
    },
    notEligible: { tags: ['cta:notEligible'] },
    available: {
      description: 'The claim button; it takes a claim only inside the display window and while the server says claims are open.',
      tags: ['cta:claim'],
      on: { 'user.claim': { guard: and(['ctaOpen', not('claimsClosed')]), target: 'confirming', actions: 'clearError' } },
    },
    confirming: confirmStep(['cta:claim', 'modal:confirmClaim'], 'claiming', 'available'),
    claiming: {
      tags: ['cta:claim', 'loading'],
      invoke: {
        src: 'claim',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, contentUuid: context.contentUuid }),
        onDone: { target: 'confirmed', actions: [{ type: 'setCounts', params: ({ event }) => event.output }, 'clearError', 'reportRecovered'] },
        onError: ctaCallFailed,
      },
    },
    confirmed: { tags: ['cta:claimed', 'modal:claimConfirmed'], on: { 'user.done': 'deciding' } },
    claimed: {
      description: "'Deal claimed' with cancel.",
      tags: ['cta:claimed'],
      on: { 'user.cancel': { target: 'cancelConfirm', actions: 'clearError' } },
    },
    cancelConfirm: confirmStep(['cta:claimed', 'modal:cancelClaim'], 'cancelling', 'claimed'),
    cancelling: {
      tags: ['cta:claimed', 'loading'],
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, contentUuid: context.contentUuid }),
        onDone: { target: 'deciding', actions: [{ type: 'setCounts', params: ({ event }) => event.output }, 'clearError', 'reportRecovered'] },
        onError: callFailed,
      },
    },
    refreshing: {
      tags: ['loading'],
      invoke: {
        src: 'refresh',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, contentUuid: context.contentUuid }),
        onDone: { target: 'deciding', actions: { type: 'setCounts', params: ({ event }) => event.output } },
        onError: { target: 'deciding' },
      },
    },
    full: { description: "'claim_full': no claims left (the at-limit label).", tags: ['cta:full'] },
    kept: {
      description: "The offer has ended with this person's claim: its code still shows, and it can no longer be given back (decision 143).",
      tags: ['cta:claimed', 'cta:ended'],
    },
    ended: { description: "The offer has ended and this person has no claim: 'This offer has ended', no button.", tags: ['cta:ended'] },
    failed: { on: { 'user.retry': [{ guard: 'claimed', target: 'cancelling' }, { target: 'claiming' }] } },
  },
});

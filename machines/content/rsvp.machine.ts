import { and, assign, fromPromise, sendTo, setup } from 'xstate';
import { globalErrorOrSelf } from '../shared/reports';
import type { ErrorRaisedEvent, ErrorResolvedEvent } from '../globalError/globalError.types';
import { failureKind, fewSpots, inDisplayWindow, spotsLeft } from './cta';
import { callFailed, confirmStep, ctaCallFailed } from '../shared/confirmable';
import { keepError } from '../shared/failure';

export interface RsvpInput {
  contentUuid: string;
  buildingUuid: string;
  capacity: number | null;
  attendeeCount: number;
  /** How many times this user is attending (0 or 1). */
  userCount: number;
  ctaUrl: string | null;
  ctaLabel: string | null;
  displayStartAt: string | null;
  displayEndAt: string | null;
  /** When the event ends (null: never said); past it, an RSVP stands as it is (decision 143). */
  endAt: string | null;
  /** False when the server says no RSVP can be made now (the event has ended, RSVPs are closed, it is full). */
  isClaimable: boolean;
  /** When the flow started; the display window is judged against it (the view restarts the flow on a new day). */
  now: string;
}

export interface RsvpContext extends RsvpInput {
  error: { status: number; message: string; code?: string } | null;
}

/** The counts the server answers after an update or a refresh. */
export interface RsvpCounts {
  capacity: number | null;
  attendeeCount: number;
  userCount: number;
  isClaimable: boolean;
}

export type RsvpEvent =
  | { type: 'user.rsvp' }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' }
  | { type: 'user.done' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' };

/** `cta:…`: which call to action the event shows; `modal:…`: the modal open over it. */
export type RsvpTag =
  'cta:rsvp' | 'cta:attending' | 'cta:attended' | 'cta:soldOut' | 'modal:confirmRsvp' | 'modal:rsvpConfirmed' | 'modal:cancelRsvp' | 'loading';

export const RSVP_ID = 'rsvp';

/**
 * RSVP to an event post: attend (through the CTA URL in a new window when there is one, else a confirm modal and
 * then a Confirmed modal), or cancel (an are-you-sure modal, recall, then the counts are refreshed). Sold out when
 * the event is full and the user is not attending; the few-spots warning under five spots; the button only inside
 * the CTA's display window. 'rsvp_full' and 'already_rsvpd' answers land in the matching state; any other failure
 * waits in `failed` for a retry (reported to the global error modal by the app).
 */
export const rsvpMachine = setup({
  types: { context: {} as RsvpContext, events: {} as RsvpEvent, input: {} as RsvpInput, tags: {} as RsvpTag },
  actors: {
    attend: fromPromise<RsvpCounts, { buildingUuid: string; contentUuid: string }>(() => Promise.reject(new Error('attend is not provided'))),
    recall: fromPromise<RsvpCounts, { contentUuid: string }>(() => Promise.reject(new Error('recall is not provided'))),
    refresh: fromPromise<RsvpCounts, { buildingUuid: string; contentUuid: string }>(() => Promise.reject(new Error('refresh is not provided'))),
  },
  actions: {
    openCtaUrl: (_, _params: { url: string }) => {},
    /** A failure the person may retry goes to the global error modal, whose "Try again" sends this flow (by its id) `user.retry`. */
    reportFailure: sendTo(globalErrorOrSelf, (_, params: { status: number; message: string }): ErrorRaisedEvent => ({
      type: 'error.raised',
      source: 'rsvp.update',
      ...params,
      retry: { to: RSVP_ID, event: { type: 'user.retry' } },
    })),
    reportRecovered: sendTo(globalErrorOrSelf, (): ErrorResolvedEvent => ({ type: 'error.resolved', source: 'rsvp.update' })),
    setCounts: assign((_, counts: RsvpCounts) => ({ ...counts })),
    setError: assign(keepError),
    clearError: assign({ error: null }),
  },
  guards: {
    attending: ({ context }) => context.userCount > 0,
    ended: ({ context }) => context.endAt !== null && new Date(context.endAt) <= new Date(context.now),
    soldOut: ({ context }) => spotsLeft(context.capacity, context.attendeeCount) === 0,
    ctaOpen: ({ context }) => inDisplayWindow(context, new Date(context.now)),
    hasCtaUrl: ({ context }) => !!context.ctaUrl,
    claimable: ({ context }) => context.isClaimable,
    failedAs: (_, params: { error: unknown; kind: 'full' | 'already' }) => failureKind(params.error) === params.kind,
  },
}).createMachine({
  id: RSVP_ID,
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: and(['attending', 'ended']), target: 'attended' },
        { guard: 'attending', target: 'attending' },
        { guard: 'soldOut', target: 'soldOut' },
        { target: 'available' },
      ],
    },
    available: {
      description: 'The RSVP button (ctaLabel), with the few-spots warning when fewer than five are left.',
      tags: ['cta:rsvp'],
      on: {
        'user.rsvp': [
          { guard: and(['ctaOpen', 'hasCtaUrl']), actions: { type: 'openCtaUrl', params: ({ context }) => ({ url: context.ctaUrl! }) } },
          { guard: and(['ctaOpen', 'claimable']), target: 'confirming', actions: 'clearError' },
        ],
      },
    },
    confirming: confirmStep(['cta:rsvp', 'modal:confirmRsvp'], 'attendingCall', 'available'),
    attendingCall: {
      tags: ['cta:rsvp', 'loading'],
      invoke: {
        src: 'attend',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, contentUuid: context.contentUuid }),
        onDone: { target: 'confirmed', actions: [{ type: 'setCounts', params: ({ event }) => event.output }, 'clearError', 'reportRecovered'] },
        onError: ctaCallFailed,
      },
    },
    confirmed: {
      tags: ['cta:attending', 'modal:rsvpConfirmed'],
      on: { 'user.done': 'attending' },
    },
    attending: {
      description: "'Attending' with Cancel.",
      tags: ['cta:attending'],
      on: { 'user.cancel': { target: 'cancelConfirm', actions: 'clearError' } },
    },
    cancelConfirm: confirmStep(['cta:attending', 'modal:cancelRsvp'], 'recalling', 'attending'),
    recalling: {
      tags: ['cta:attending', 'loading'],
      invoke: {
        src: 'recall',
        input: ({ context }) => ({ contentUuid: context.contentUuid }),
        // The recall answers the event's counts; the refresh after it reads them again (and they stand if it fails).
        onDone: { target: 'refreshing', actions: [{ type: 'setCounts', params: ({ event }) => event.output }, 'clearError', 'reportRecovered'] },
        onError: callFailed,
      },
    },
    refreshing: {
      description: 'Reads the counts again (after a recall, or when the server said full or already attending: that answer stays shown).',
      tags: ['loading'],
      invoke: {
        src: 'refresh',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid, contentUuid: context.contentUuid }),
        onDone: { target: 'deciding', actions: { type: 'setCounts', params: ({ event }) => event.output } },
        onError: { target: 'deciding' },
      },
    },
    attended: {
      description: "'You attended': the event has ended with this user attending; nothing can change (decision 143).",
      tags: ['cta:attended'],
    },
    soldOut: {
      description: "'Sold out': full, and this user is not attending.",
      tags: ['cta:soldOut'],
    },
    failed: {
      description: 'The update failed; the global error modal offers to try again.',
      on: { 'user.retry': [{ guard: 'attending', target: 'recalling' }, { target: 'attendingCall' }] },
    },
  },
});

/** The few-spots warning for the current counts. */
export const showFewSpots = (context: Pick<RsvpContext, 'capacity' | 'attendeeCount'>) =>
  fewSpots(spotsLeft(context.capacity, context.attendeeCount));

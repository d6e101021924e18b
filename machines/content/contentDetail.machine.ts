import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { rsvpMachine, RSVP_ID, type RsvpInput } from './rsvp.machine';
import { claimMachine, CLAIM_ID, type ClaimInput } from './claim.machine';
import { linkOutFrameMachine, type LinkOutKind } from '../linkOut/linkOutFrame.machine';
import { ctaAction, type CtaAction } from './cta';
import type { MiniAppRegistry } from './links';
import type { ContentSource, ContentView } from './contentView';
import { failedState, isMissing, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export interface ContentDetailInput {
  source: ContentSource;
  buildingUuid: string;
  uuid: string;
  /** The app's origin and the registered mini-apps: which call-to-action links may be framed with parameters. */
  links: MiniAppRegistry;
  /** When the screen opened; the CTA display window is judged against it. */
  now: string;
  /**
   * Kiosk (lobby) mode: the screen is shared, so the person's own actions (RSVP, claim) are not offered; the page
   * offers to open itself on a phone instead.
   */
  lobby?: boolean;
}

export interface ContentDetailContext extends ContentDetailInput {
  content: ContentView | null;
  error: { status: number; message: string } | null;
}

export type ContentDetailEvent = { type: 'user.retry' } | { type: 'user.followCta' };

/** The load's states (`failed` and `notFound` from machines/shared/loadOne.ts) and which call to action runs. */
export type ContentDetailTag = 'loading' | 'failed' | 'notFound' | 'cta:lobby' | 'cta:rsvpFlow' | 'cta:claimFlow';

export const CONTENT_DETAIL_ID = 'contentDetail';

/** The RSVP flow's start from a loaded content. */
export const rsvpInput = (c: ContentDetailContext): RsvpInput => ({
  contentUuid: c.content!.uuid,
  buildingUuid: c.content!.buildingUuid,
  capacity: c.content!.cta.capacity,
  attendeeCount: c.content!.cta.count,
  userCount: c.content!.cta.userCount,
  ctaUrl: c.content!.cta.url,
  ctaLabel: c.content!.cta.label,
  displayStartAt: c.content!.cta.displayStartAt,
  displayEndAt: c.content!.cta.displayEndAt,
  endAt: c.content!.endAt,
  isClaimable: c.content!.cta.isClaimable,
  now: c.now,
});

/** The claim flow's start from a loaded content. */
export const claimInput = (c: ContentDetailContext): ClaimInput => ({
  contentUuid: c.content!.uuid,
  buildingUuid: c.content!.buildingUuid,
  isEligible: c.content!.cta.isEligible,
  isClaimable: c.content!.cta.isClaimable,
  userCount: c.content!.cta.userCount,
  count: c.content!.cta.count,
  maxClaimsPerUser: c.content!.cta.maxClaimsPerUser,
  maxClaimsTotal: c.content!.cta.maxClaimsTotal,
  displayStartAt: c.content!.cta.displayStartAt,
  displayEndAt: c.content!.cta.displayEndAt,
  endAt: c.content!.endAt,
  now: c.now,
  myClaim: c.content!.cta.myClaim,
});

const actionOf = (context: ContentDetailContext): CtaAction => (context.content ? ctaAction(context.content, context.links) : { kind: 'none' });

/**
 * A content screen (content, event post, offer or post): loads the content through its call, then runs its
 * call-to-action — the RSVP or claim flow as a child, or, on `user.followCta`, a link: a new tab, a route, or the
 * link-out frame (a child too, so the page's frame closes with it).
 */
export const contentDetailMachine = setup({
  types: { context: {} as ContentDetailContext, events: {} as ContentDetailEvent, input: {} as ContentDetailInput, tags: {} as ContentDetailTag },
  actors: {
    load: fromPromise<ContentView, { source: ContentSource; buildingUuid: string; uuid: string }>(() =>
      Promise.reject(new Error('load is not provided')),
    ),
    rsvp: rsvpMachine,
    claim: claimMachine,
    linkOut: linkOutFrameMachine,
  },
  actions: {
    setError: assign(keepError),
    openInNewTab: (_, _params: { url: string }) => {},
    navigate: (_, _params: { to: string }) => {},
    /** Opens the link-out frame child (the app adds the micro-frontend parameters to the URL). */
    openFrame: sendTo('linkOut', (_, params: { url: string; kind: LinkOutKind }) => ({
      type: 'linkOut.open' as const,
      url: params.url,
      kind: params.kind,
    })),
  },
  guards: {
    notFound: isMissing,
    /**
     * A personal call-to-action on a shared lobby screen: an RSVP, a claim, or a mini-app or survey framed with the
     * person's token and name.
     */
    personalInLobby: ({ context }) => !!context.lobby && ['rsvp', 'claim', 'frame'].includes(actionOf(context).kind),
    isRsvp: ({ context }) => actionOf(context).kind === 'rsvp',
    isClaim: ({ context }) => actionOf(context).kind === 'claim',
    ctaIs: ({ context }, params: { kind: CtaAction['kind'] }) => actionOf(context).kind === params.kind,
  },
}).createMachine({
  id: CONTENT_DETAIL_ID,
  context: ({ input }) => ({ ...input, content: null, error: null }),
  invoke: { src: 'linkOut', id: 'linkOut' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ source: context.source, buildingUuid: context.buildingUuid, uuid: context.uuid }),
        onDone: { target: 'loaded', actions: assign({ content: ({ event }) => event.output, error: null }) },
        onError: loadFailedOrNotFound,
      },
    },
    failed: failedState('The content could not be loaded; the error is kept and the page offers to try again.'),
    notFound: notFoundState(),
    loaded: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'personalInLobby', target: 'lobby' },
            { guard: 'isRsvp', target: 'rsvp' },
            { guard: 'isClaim', target: 'claim' },
            { target: 'link' },
          ],
        },
        lobby: {
          description: 'Kiosk mode: no RSVP or claim on a shared screen; the page offers to continue on a phone.',
          tags: ['cta:lobby'],
        },
        rsvp: { tags: ['cta:rsvpFlow'], invoke: { src: 'rsvp', id: 'rsvp', systemId: RSVP_ID, input: ({ context }) => rsvpInput(context) } },
        claim: { tags: ['cta:claimFlow'], invoke: { src: 'claim', id: 'claim', systemId: CLAIM_ID, input: ({ context }) => claimInput(context) } },
        link: {
          description: 'A link call-to-action (or none): the button follows it.',
          on: {
            'user.followCta': [
              {
                guard: { type: 'ctaIs', params: { kind: 'newTab' } },
                actions: { type: 'openInNewTab', params: ({ context }) => ({ url: (actionOf(context) as { url: string }).url }) },
              },
              {
                guard: { type: 'ctaIs', params: { kind: 'route' } },
                actions: { type: 'navigate', params: ({ context }) => ({ to: (actionOf(context) as { to: string }).to }) },
              },
              {
                guard: { type: 'ctaIs', params: { kind: 'frame' } },
                actions: {
                  type: 'openFrame',
                  params: ({ context }) => {
                    const action = actionOf(context) as { url: string; frame: LinkOutKind };
                    return { url: action.url, kind: action.frame };
                  },
                },
              },
            ],
          },
        },
      },
    },
  },
});

export type ContentDetailRef = ActorRefFrom<typeof contentDetailMachine>;

import { assign, setup } from 'xstate';

/**
 * The pure test model of a content screen (no invoke, as createTestModel needs). `start.person` opens it on a
 * person's screen, `start.lobby` on a lobby kiosk's; `api.*` are the server's answers to the content's call (a content
 * whose call to action is an RSVP, a claim, a new-tab link, an in-app route, a registered micro-frontend, none, or a
 * 404 or a failure); `user.*` what the person does on the page.
 */
export type ContentDetailModelEvent =
  | { type: 'start.person' }
  | { type: 'start.lobby' }
  | { type: 'api.rsvp' }
  | { type: 'api.claim' }
  | { type: 'api.newTab' }
  | { type: 'api.route' }
  | { type: 'api.frame' }
  | { type: 'api.none' }
  | { type: 'api.notFound' }
  | { type: 'api.failed' }
  | { type: 'user.retry' }
  | { type: 'user.followCta' };
/** The states a step can end in (`opening` is left by every path's first step). */
export type ContentDetailModelState = 'loading' | 'failed' | 'notFound' | 'lobby' | 'rsvp' | 'claim' | 'link';
export type CtaKind = 'newTab' | 'route' | 'frame' | 'none';
export interface ContentDetailModelContext {
  lobby: boolean;
  /** The link call-to-action loaded (a link state), and how often it was followed. */
  cta: CtaKind | null;
  followed: number;
}

const link = (cta: CtaKind) => ({ target: 'link' as const, actions: { type: 'loadLink' as const, params: { cta } } });

export const contentDetailModel = setup({
  types: { events: {} as ContentDetailModelEvent, context: {} as ContentDetailModelContext },
  actions: { loadLink: assign((_, params: { cta: CtaKind }) => ({ cta: params.cta, followed: 0 })) },
  guards: { lobby: ({ context }) => context.lobby },
}).createMachine({
  id: 'contentDetailModel',
  context: { lobby: false, cta: null, followed: 0 },
  initial: 'opening',
  states: {
    // Before the screen opens: a person's screen or a lobby kiosk's.
    opening: {
      on: {
        'start.person': { target: 'loading', actions: assign({ lobby: false }) },
        'start.lobby': { target: 'loading', actions: assign({ lobby: true }) },
      },
    },
    loading: {
      on: {
        // A personal call to action (an RSVP, a claim, a framed mini-app) is not offered on a lobby's shared screen.
        'api.rsvp': [{ guard: 'lobby', target: 'lobby' }, { target: 'rsvp' }],
        'api.claim': [{ guard: 'lobby', target: 'lobby' }, { target: 'claim' }],
        'api.frame': [{ guard: 'lobby', target: 'lobby' }, link('frame')],
        'api.newTab': link('newTab'),
        'api.route': link('route'),
        'api.none': link('none'),
        'api.notFound': 'notFound',
        'api.failed': 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    notFound: {},
    lobby: {},
    rsvp: {},
    claim: {},
    // A link is followed once (a framed one covers the page with its frame); a content with none has no button.
    link: {
      on: {
        'user.followCta': {
          guard: ({ context }) => context.cta !== 'none' && context.followed === 0,
          actions: assign({ followed: 1 }),
        },
      },
    },
  },
});

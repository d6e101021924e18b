import { and, assign, fromPromise, not, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { CtaAction } from '../content/cta';
import { linkOutFrameMachine } from '../linkOut/linkOutFrame.machine';
import {
  discoverHidden,
  HASH_SCROLL_DELAY_MS,
  nearestSection,
  tileAction,
  type DiscoverMeasure,
  type FeedTile,
  type LinkContext,
  type SectionSeed,
} from './feed';
import { feedSectionMachine, type FeedSectionReport, type FeedSectionView } from './feedSection.machine';
import { lobbyUtilities, utilityAction, visibleUtilities, type UtilityButton, type UtilityTile } from './utilities';
import { toAppError } from '../../contracts/errors';

export const HOME_ID = 'home';
/** How long a tab click's smooth scroll is left alone before scrolling picks the active tab again. */
export const TAB_JUMP_MS = 800;

export interface HomeInput extends LinkContext {
  /** The content-v2 flag: the categories calls, else the spotlight, discover and promoted calls. */
  version: 'v1' | 'v2';
  /** The safety-utility-button flag. */
  safety: boolean;
  /** Kiosk (lobby) mode: no utility that would act as the person signed in (decision 080). */
  lobby?: boolean;
  /** The page's hash when it opened: a section to scroll to once the feed is in. */
  hashTarget: string | null;
  /** The discover-layout flag: discover shows as the spotlight nears the top (`discoverHidden`). */
  discoverLayout?: boolean;
}

export interface HomeContext extends HomeInput {
  /**
   * The feed's sections as they last reported themselves (`section.changed`), in the feed's order; each runs as the
   * child `section:<id>`. The page draws these, never the children.
   */
  sections: FeedSectionView[];
  /** The building's sanitized tags: the topics the feed can be narrowed to (decision 187). */
  topics: string[];
  /** The topic the feed shows, or null for everything. */
  topic: string | null;
  utilities: UtilityTile[];
  activeTab: string | null;
  error: string | null;
  /** The discover layout hides the discover group for now (always false without the layout). */
  discoverHidden: boolean;
}

export type HomeEvent =
  | { type: 'feed.retry' }
  /** A failed section's retry: handed to that section. */
  | { type: 'section.retry'; id: string }
  /** A section's report of itself (from the child, as it enters each state). */
  | FeedSectionReport
  | { type: 'utilities.retry' }
  | { type: 'tile.open'; tile: FeedTile }
  /** The promoted block's content (the banner) was clicked. */
  | { type: 'banner.open'; tile: FeedTile }
  | { type: 'utility.open'; utility: UtilityTile }
  /** The view's measure of the category sections' tops and the sticky header's bottom, on scroll. */
  | { type: 'scroll.observed'; tops: { id: string; top: number }[]; headerOffset: number; atEnd: boolean }
  | { type: 'tab.selected'; id: string }
  /** The view's measure of the spotlight and discover groups, on load, scroll and resize (the discover layout's rule). */
  | ({ type: 'layout.observed' } & DiscoverMeasure)
  /** The person narrows the feed to one topic (a sanitized tag), or back to everything (null). */
  | { type: 'user.chooseTopic'; topic: string | null };

/** Each parallel region's load, by the region's name: the feed, the utility buttons and the topics. */
export type HomeTag = 'feed:loading' | 'feed:failed' | 'feed:ready' | 'utilities:loading' | 'utilities:failed' | 'topics:loading';

export type FollowedLink = Exclude<CtaAction, { kind: 'rsvp' | 'claim' | 'none' }>;
const actionOf = (context: HomeContext, event: HomeEvent): CtaAction =>
  event.type === 'tile.open' || event.type === 'banner.open'
    ? tileAction(event.tile, context)
    : event.type === 'utility.open'
      ? utilityAction(event.utility, context)
      : { kind: 'none' };
const linkOf = (context: HomeContext, event: HomeEvent) => actionOf(context, event) as FollowedLink;

/**
 * The analytics event of a click on a content (content document, section 7: "events include content clicked, banner
 * clicked"): which content, of which type, in which building, and where on the home it was.
 */
export interface ClickEvent {
  event: 'content_clicked' | 'banner_clicked';
  properties: { content_uuid: string; content_type: string; building_uuid: string; placement: 'feed' | 'promoted' };
}
export const clickEventOf = (context: HomeContext, event: HomeEvent): ClickEvent | null =>
  event.type === 'tile.open' || event.type === 'banner.open'
    ? {
        event: event.type === 'banner.open' ? 'banner_clicked' : 'content_clicked',
        properties: {
          content_uuid: event.tile.uuid,
          content_type: event.tile.type,
          building_uuid: context.buildingUuid,
          placement: event.type === 'banner.open' ? 'promoted' : 'feed',
        },
      }
    : null;

/** The child a section runs as. */
export const sectionActorId = (id: string) => `section:${id}`;

const message = (error: unknown) => toAppError(error, String(error)).message;

/**
 * The building home: the feed (its sections load and fail one by one), the utility grid, the sticky tabs that follow
 * the scroll and write the hash, and the links of tiles and utilities — a screen, a new tab or the link-out frame.
 */
export const homeMachine = setup({
  types: { context: {} as HomeContext, events: {} as HomeEvent, input: {} as HomeInput, tags: {} as HomeTag },
  actors: {
    loadFeed: fromPromise<SectionSeed[], { buildingUuid: string; version: 'v1' | 'v2' }>(() => Promise.reject(new Error('loadFeed is not provided'))),
    loadUtilities: fromPromise<UtilityButton[], { buildingUuid: string }>(() => Promise.reject(new Error('loadUtilities is not provided'))),
    /** The building's sanitized tags (`GET /tenant/v2/buildings/{id}/sanitized-tags`). */
    loadTopics: fromPromise<string[], { buildingUuid: string }>(() => Promise.reject(new Error('loadTopics is not provided'))),
    section: feedSectionMachine,
    linkOut: linkOutFrameMachine,
  },
  actions: {
    /** Follows a tile's or a utility's link: a screen, a new tab or the link-out frame child (the app knows how). */
    followLink: (_, _params: FollowedLink) => {},
    /** Sends a click's analytics event (`POST /analytics/v2/track`; wired by the app). */
    trackClick: (_, _params: ClickEvent) => {},
    scrollToSection: (_, _params: { id: string }) => {},
    /** Replaces the URL's hash without a new history entry or a jump. */
    writeHash: (_, _params: { id: string }) => {},
  },
  guards: {
    /** A topic the building has, or null (everything). */
    isKnownTopic: ({ context, event }) => event.type === 'user.chooseTopic' && (event.topic === null || context.topics.includes(event.topic)),
    leadsSomewhere: ({ context, event }) => actionOf(context, event).kind !== 'none',
    hasHashTarget: ({ context }) => context.hashTarget !== null,
    /** With the discover layout, the rule's answer differs from what is shown. */
    discoverVisibilityChanged: ({ context, event }) =>
      event.type === 'layout.observed' && !!context.discoverLayout && discoverHidden(event) !== context.discoverHidden,
    activeTabChanged: ({ context, event }) =>
      event.type === 'scroll.observed' && nearestSection(event.tops, event.headerOffset, event.atEnd) !== context.activeTab && event.tops.length > 0,
    /** The feed's sections are known and each has its content or its failure: the page has its height. */
    feedSettled: and([
      stateIn({ feed: 'ready' }),
      ({ context }) => context.sections.every((section) => section.status === 'loaded' || section.status === 'failed'),
    ]),
    sectionFailed: ({ context, event }) =>
      event.type === 'section.retry' && context.sections.some((section) => section.id === event.id && section.status === 'failed'),
  },
  delays: { hashScroll: HASH_SCROLL_DELAY_MS, tabJump: TAB_JUMP_MS },
}).createMachine({
  id: HOME_ID,
  context: ({ input }) => ({ ...input, sections: [], utilities: [], activeTab: null, error: null, topics: [], topic: null, discoverHidden: false }),
  invoke: { src: 'linkOut', id: 'linkOut' },
  type: 'parallel',
  on: {
    'section.changed': {
      actions: assign({
        sections: ({ context, event }) => {
          const { section } = event as FeedSectionReport;
          return context.sections.map((known) => (known.id === section.id ? section : known));
        },
      }),
    },
    'section.retry': {
      guard: 'sectionFailed',
      actions: sendTo(({ event }) => sectionActorId((event as { id: string }).id), { type: 'section.retry' }),
    },
    'layout.observed': {
      guard: 'discoverVisibilityChanged',
      actions: assign({ discoverHidden: ({ event }) => discoverHidden(event as DiscoverMeasure) }),
    },
    // A click is counted whether or not its content leads anywhere; then its link is followed.
    'tile.open': [
      {
        guard: 'leadsSomewhere',
        actions: [
          { type: 'trackClick', params: ({ context, event }) => clickEventOf(context, event)! },
          { type: 'followLink', params: ({ context, event }) => linkOf(context, event) },
        ],
      },
      { actions: { type: 'trackClick', params: ({ context, event }) => clickEventOf(context, event)! } },
    ],
    'banner.open': [
      {
        guard: 'leadsSomewhere',
        actions: [
          { type: 'trackClick', params: ({ context, event }) => clickEventOf(context, event)! },
          { type: 'followLink', params: ({ context, event }) => linkOf(context, event) },
        ],
      },
      { actions: { type: 'trackClick', params: ({ context, event }) => clickEventOf(context, event)! } },
    ],
    'utility.open': { guard: 'leadsSomewhere', actions: { type: 'followLink', params: ({ context, event }) => linkOf(context, event) } },
  },
  states: {
    feed: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['feed:loading'],
          invoke: {
            src: 'loadFeed',
            input: ({ context }) => ({ buildingUuid: context.buildingUuid, version: context.version }),
            onDone: {
              target: 'ready',
              actions: assign({
                error: null,
                // Each section is unanswered until it reports (`section.changed`), which it does as it starts.
                sections: ({ context, event, spawn }) =>
                  event.output.map((seed): FeedSectionView => {
                    spawn('section', { id: sectionActorId(seed.id), input: { ...seed, buildingUuid: context.buildingUuid } });
                    return { id: seed.id, group: seed.group, name: seed.name, version: seed.source.version, status: 'unanswered', categories: [] };
                  }),
              }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => message(event.error) }) },
          },
        },
        failed: {
          description: 'The categories could not be loaded: the whole feed offers to try again.',
          tags: ['feed:failed'],
          on: { 'feed.retry': 'loading' },
        },
        ready: { tags: ['feed:ready'] },
      },
    },
    utilities: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['utilities:loading'],
          invoke: {
            src: 'loadUtilities',
            input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
            onDone: {
              target: 'loaded',
              actions: assign({
                utilities: ({ context, event }) => {
                  // The home is an app route: only a signed-in person reaches it (routing/routeAccess.ts).
                  const visible = visibleUtilities(event.output, { safety: context.safety, signedIn: true });
                  return context.lobby ? lobbyUtilities(visible, context) : visible;
                },
              }),
            },
            onError: 'failed',
          },
        },
        failed: { tags: ['utilities:failed'], on: { 'utilities.retry': 'loading' } },
        loaded: {},
      },
    },
    topics: {
      description: "The building's sanitized tags, as the feed's topics; without them (a failed call) the feed shows everything.",
      initial: 'loading',
      states: {
        loading: {
          tags: ['topics:loading'],
          invoke: {
            src: 'loadTopics',
            input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
            onDone: { target: 'ready', actions: assign({ topics: ({ event }) => event.output }) },
            onError: 'unavailable',
          },
        },
        unavailable: {},
        ready: {
          on: { 'user.chooseTopic': { guard: 'isKnownTopic', actions: assign({ topic: ({ event }) => event.topic }) } },
        },
      },
    },
    tabs: {
      initial: 'waiting',
      states: {
        waiting: { description: 'Until every section of the feed has loaded or failed.', always: { guard: 'feedSettled', target: 'settling' } },
        settling: {
          description: 'The feed is loaded: after the delay, the page scrolls to the hash target it opened with.',
          always: { guard: not('hasHashTarget'), target: 'tracking' },
          after: {
            hashScroll: { target: 'tracking', actions: { type: 'scrollToSection', params: ({ context }) => ({ id: context.hashTarget ?? '' }) } },
          },
        },
        tracking: {
          on: {
            'scroll.observed': {
              guard: 'activeTabChanged',
              actions: [
                assign({ activeTab: ({ event }) => nearestSection(event.tops, event.headerOffset, event.atEnd) }),
                { type: 'writeHash', params: ({ context }) => ({ id: context.activeTab ?? '' }) },
              ],
            },
          },
        },
        jumping: {
          description: 'A tab was clicked: its smooth scroll runs without moving the active tab.',
          after: { tabJump: 'tracking' },
        },
      },
      on: {
        'tab.selected': {
          target: '.jumping',
          actions: [
            assign({ activeTab: ({ event }) => event.id }),
            { type: 'scrollToSection', params: ({ event }) => ({ id: event.id }) },
            { type: 'writeHash', params: ({ event }) => ({ id: event.id }) },
          ],
        },
      },
    },
  },
});

export type HomeRef = ActorRefFrom<typeof homeMachine>;

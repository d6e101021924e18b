import { assign, setup } from 'xstate';

/**
 * A pure test model of the building home (no invoke, no after, as createTestModel needs). `start.v1` opens a v1 feed
 * with a section to scroll to (its groups arrive with the feed: the discover group's failure among them), `start.v2`
 * a v2 feed whose sections load their own content. The world answers in one order: the utilities and topics
 * (`api.aside`, or both failing), the feed, the v2 sections (the discover category failing), a section asked again.
 * Then the person goes through the page once (`step`): a tile, a tile that leads nowhere, the banner (v1's leads to
 * its screen, v2's nowhere), a utility, a scroll and a layout measure (the view's, no action of the person's), a
 * topic when the building has topics, a tab, and the tab's smooth scroll running out (`time.*`: the clock).
 */
export type HomeModelEvent =
  | { type: 'start.v1' }
  | { type: 'start.v2' }
  | { type: 'api.aside' }
  | { type: 'api.asideFailed' }
  | { type: 'api.utilities' }
  | { type: 'api.feed' }
  | { type: 'api.feedFailed' }
  | { type: 'api.sections' }
  | { type: 'api.sectionLoaded' }
  | { type: 'api.sectionFailed' }
  | { type: 'time.hashScroll' }
  | { type: 'time.tabJump' }
  | { type: 'view.scrolled' }
  | { type: 'view.layout' }
  | { type: 'user.retryUtilities' }
  | { type: 'user.retryFeed' }
  | { type: 'user.retrySection' }
  | { type: 'user.openTile' }
  | { type: 'user.openTileNowhere' }
  | { type: 'user.openBanner' }
  | { type: 'user.openUtility' }
  | { type: 'user.chooseTopic' }
  | { type: 'user.selectTab' };

export type HomeModelState =
  | 'opening'
  | 'loading'
  | 'asideFailed'
  | 'asideRetrying'
  | 'feedPending'
  | 'feedFailed'
  | 'sectionsPending'
  | 'settling'
  | 'tracking'
  | 'sectionRetrying'
  | 'jumping'
  | 'done';

export interface HomeModelContext {
  version: 'v1' | 'v2';
  /** The building's topics came in (they do not come again after a failure). */
  topics: boolean;
  /** The discover section shows its failure. */
  discFailed: boolean;
  /** How far through the page the person is. */
  step: number;
  topic: boolean;
}

const at =
  (step: number) =>
  ({ context }: { context: HomeModelContext }) =>
    context.step === step;

export const homeModel = setup({
  types: { events: {} as HomeModelEvent, context: {} as HomeModelContext },
  actions: { next: assign({ step: ({ context }) => context.step + 1 }), chooseTopic: assign({ topic: true }) },
}).createMachine({
  id: 'homeModel',
  context: { version: 'v1', topics: false, discFailed: false, step: 0, topic: false },
  initial: 'opening',
  states: {
    opening: {
      on: {
        'start.v1': { target: 'loading', actions: assign({ version: 'v1' }) },
        'start.v2': { target: 'loading', actions: assign({ version: 'v2' }) },
      },
    },
    loading: { on: { 'api.aside': { target: 'feedPending', actions: assign({ topics: true }) }, 'api.asideFailed': 'asideFailed' } },
    asideFailed: { on: { 'user.retryUtilities': 'asideRetrying' } },
    asideRetrying: { on: { 'api.utilities': 'feedPending' } },
    feedPending: {
      on: {
        'api.feed': [
          // v1 groups arrive with the feed: the page has its height, and scrolls to its section after the delay.
          { guard: ({ context }) => context.version === 'v1', target: 'settling', actions: assign({ discFailed: true }) },
          { target: 'sectionsPending' },
        ],
        'api.feedFailed': 'feedFailed',
      },
    },
    feedFailed: { on: { 'user.retryFeed': 'feedPending' } },
    sectionsPending: { on: { 'api.sections': { target: 'tracking', actions: assign({ discFailed: true }) } } },
    settling: { on: { 'time.hashScroll': 'tracking' } },
    tracking: {
      on: {
        'user.retrySection': { guard: ({ context }) => context.discFailed && context.step === 0, target: 'sectionRetrying' },
        'user.openTile': { guard: at(1), actions: 'next' },
        'user.openTileNowhere': { guard: at(2), actions: 'next' },
        'user.openBanner': { guard: at(3), actions: 'next' },
        'user.openUtility': { guard: at(4), actions: 'next' },
        'view.scrolled': { guard: at(5), actions: 'next' },
        'view.layout': { guard: at(6), actions: 'next' },
        'user.chooseTopic': { guard: ({ context }) => context.step === 7 && context.topics, actions: ['next', 'chooseTopic'] },
        'user.selectTab': { guard: ({ context }) => context.step === (context.topics ? 8 : 7), target: 'jumping' },
      },
    },
    sectionRetrying: {
      on: {
        'api.sectionLoaded': { target: 'tracking', actions: assign({ discFailed: false, step: 1 }) },
        'api.sectionFailed': 'tracking',
      },
    },
    jumping: { on: { 'time.tabJump': 'done' } },
    done: {},
  },
});

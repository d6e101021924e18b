import { describe, expect, it } from 'vitest';
import {
  onTopic,
  discoverHidden,
  DISCOVER_HIDE_SLACK,
  HOME_TABS,
  ACTIVE_SECTION_SLACK,
  HASH_SCROLL_DELAY_MS,
  drawnSections,
  firstPromoted,
  nearestSection,
  orderTiles,
  tileChips,
  type TileChip,
  sameOrigin,
  tileAction as tileActionWithPreview,
  webLinkAction,
  withContent,
  type FeedTile,
  type LinkContext,
} from '../../machines/home/feed';
import { feedCategory, feedTile } from '../fixtures/home';

const ORIGIN = 'https://tenant.atrium.test';

const context = (overrides: Partial<LinkContext> = {}): LinkContext => ({
  buildingUuid: 'b-1',
  origin: ORIGIN,
  miniApps: ['/mfe-survey/', '/mfe-visitors/'],
  framesAllowed: true,
  ...overrides,
});

type Command = NonNullable<FeedTile['navigation_command']>;
const command = (type: string, value: string, options: Command['options'] = {}): Command => ({ type, value, options });

describe('withContent', () => {
  it('keeps only the categories that have content, in their order', () => {
    const a = feedCategory('a', [feedTile({ uuid: 'a-1' })]);
    const empty = feedCategory('empty', []);
    const b = feedCategory('b', [feedTile({ uuid: 'b-1' }), feedTile({ uuid: 'b-2' })]);
    expect(withContent([a, empty, b]).map((c) => c.uuid)).toEqual(['a', 'b']);
  });

  it('keeps the categories themselves unchanged (same objects)', () => {
    const a = feedCategory('a', [feedTile()]);
    const [kept] = withContent([a]);
    expect(kept).toBe(a);
  });

  it('answers an empty list for no categories or only empty ones', () => {
    expect(withContent([])).toEqual([]);
    expect(withContent([feedCategory('x', []), feedCategory('y', [])])).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const list = [feedCategory('x', []), feedCategory('y', [feedTile()])];
    withContent(list);
    expect(list).toHaveLength(2);
  });
});

describe('onTopic', () => {
  const categories = [
    feedCategory('week', [feedTile({ uuid: 'yoga', tags: ['fitness', 'wellness'] }), feedTile({ uuid: 'wine', tags: ['food'] })]),
    feedCategory('news', [feedTile({ uuid: 'lobby' })]),
  ];
  it('keeps in each category only the tiles with the topic; a tile without tags is on none', () => {
    expect(onTopic(categories, 'fitness').map((c) => c.contents.map((t) => t.uuid))).toEqual([['yoga'], []]);
    expect(withContent(onTopic(categories, 'food')).map((c) => c.uuid)).toEqual(['week']);
    expect(onTopic(categories, 'music').every((c) => c.contents.length === 0)).toBe(true);
  });
  it('keeps everything without a topic', () => {
    expect(onTopic(categories, null)).toEqual(categories);
  });
});

describe('drawnSections', () => {
  const section = (id: string, group: 'promoted' | 'spotlight' | 'discover', answered = true) => ({ id, group, answered });
  const ids = (result: { drawn: { id: string }[]; waiting: boolean }) => ({ drawn: result.drawn.map((s) => s.id), waiting: result.waiting });

  it('draws every section in reading order once all have answered: promoted, spotlight, discover', () => {
    const sections = [
      section('d-1', 'discover'),
      section('s-1', 'spotlight'),
      section('p', 'promoted'),
      section('s-2', 'spotlight'),
      section('d-2', 'discover'),
    ];
    expect(ids(drawnSections(sections))).toEqual({ drawn: ['p', 's-1', 's-2', 'd-1', 'd-2'], waiting: false });
  });

  it('draws nothing of a section before its answer, nor of any section after it in reading order', () => {
    const sections = [section('p', 'promoted'), section('s-1', 'spotlight', false), section('d-1', 'discover')];
    expect(ids(drawnSections(sections))).toEqual({ drawn: ['p'], waiting: true });
    // A discover section listed before the spotlight one is still after it on the page.
    expect(ids(drawnSections([section('d-1', 'discover'), section('s-1', 'spotlight', false)]))).toEqual({ drawn: [], waiting: true });
  });

  it('draws up to the first section still to answer', () => {
    const sections = [
      section('p', 'promoted'),
      section('s-1', 'spotlight'),
      section('s-2', 'spotlight'),
      section('d-1', 'discover', false),
      section('d-2', 'discover'),
    ];
    expect(ids(drawnSections(sections))).toEqual({ drawn: ['p', 's-1', 's-2'], waiting: true });
  });

  it('is nothing, and not waiting, for no sections', () => {
    expect(drawnSections([])).toEqual({ drawn: [], waiting: false });
  });
});

describe('firstPromoted', () => {
  it('is the first content of the first category', () => {
    const first = feedTile({ uuid: 'p-1' });
    expect(firstPromoted([feedCategory('a', [first, feedTile({ uuid: 'p-2' })]), feedCategory('b', [feedTile({ uuid: 'p-3' })])])).toBe(first);
  });

  it('skips the empty categories before the first one with content', () => {
    const wanted = feedTile({ uuid: 'p-9' });
    expect(firstPromoted([feedCategory('a', []), feedCategory('b', []), feedCategory('c', [wanted])])?.uuid).toBe('p-9');
  });

  it('is null when there is nothing to promote', () => {
    expect(firstPromoted([])).toBeNull();
    expect(firstPromoted([feedCategory('a', []), feedCategory('b', [])])).toBeNull();
  });
});

describe('sameOrigin', () => {
  it.each([
    [`${ORIGIN}/mfe-visitors/`, true],
    [`${ORIGIN}`, true],
    ['/mfe-visitors/?x=1', true],
    ['relative/page', true],
    ['https://other.test/page', false],
    ['http://tenant.atrium.test/page', false],
    ['https://tenant.atrium.test:8443/page', false],
    ['https://sub.tenant.atrium.test/page', false],
    ['//other.test/page', false],
    ['mailto:someone@tenant.atrium.test', false],
  ])('%s on the page origin → %s', (url, expected) => {
    expect(sameOrigin(url, ORIGIN)).toBe(expected);
  });

  it('is false, not a throw, when the URL cannot be parsed', () => {
    expect(sameOrigin('https://[broken', ORIGIN)).toBe(false);
    expect(sameOrigin('/page', 'not an origin')).toBe(false);
  });
});

describe('webLinkAction', () => {
  it('opens a registered survey URL in the survey frame, whatever the frames setting', () => {
    for (const url of [`${ORIGIN}/mfe-survey/`, '/mfe-survey/?survey=satisfaction']) {
      expect(webLinkAction(url, context())).toEqual({ kind: 'frame', url, frame: 'survey' });
      expect(webLinkAction(url, context({ framesAllowed: false }))).toEqual({ kind: 'frame', url, frame: 'survey' });
    }
  });

  it('opens a survey-looking URL on a host nobody registered in a new tab, without the frame or its parameters', () => {
    for (const url of ['https://attacker.test/mfe-survey/?s=1', 'https://attacker.test/x?next=mfe-survey', `${ORIGIN}/other/mfe-survey/`]) {
      expect(webLinkAction(url, context())).toEqual({ kind: 'newTab', url });
    }
  });

  it('opens a page of this site in the page frame when mini-apps open in frames', () => {
    expect(webLinkAction(`${ORIGIN}/mfe-visitors/`, context())).toEqual({ kind: 'frame', url: `${ORIGIN}/mfe-visitors/`, frame: 'page' });
    expect(webLinkAction('/mfe-visitors/', context())).toEqual({ kind: 'frame', url: '/mfe-visitors/', frame: 'page' });
  });

  it('opens a page of this site in a new tab when frames are not allowed', () => {
    expect(webLinkAction(`${ORIGIN}/mfe-visitors/`, context({ framesAllowed: false }))).toEqual({ kind: 'newTab', url: `${ORIGIN}/mfe-visitors/` });
  });

  it('opens another site in a new tab, even when frames are allowed', () => {
    expect(webLinkAction('https://concierge.example.com', context())).toEqual({ kind: 'newTab', url: 'https://concierge.example.com' });
    expect(webLinkAction('https://concierge.example.com', context({ framesAllowed: false }))).toEqual({
      kind: 'newTab',
      url: 'https://concierge.example.com',
    });
  });

  it('keeps the URL exactly as given', () => {
    const url = 'https://other.test/a?b=c d#e';
    expect(webLinkAction(url, context())).toEqual({ kind: 'newTab', url });
  });
});

/** Where a tile leads, without the preview a route to its own content carries (its own tests below). */
function tileAction(...args: Parameters<typeof tileActionWithPreview>) {
  const action = tileActionWithPreview(...args);
  if (action.kind !== 'route') return action;
  const { preview: _preview, ...where } = action;
  return where;
}

describe('tileAction', () => {
  it('gives a route to the tile’s own content what the tile shows, for its screen to show while it loads', () => {
    const tile = feedTile({ uuid: 'c-42', title: 'Rooftop yoga', subtitle: 'Bring a mat', image_url: '/media/yoga.svg', image_alt_text: 'A mat' });
    const preview = { uuid: 'c-42', title: 'Rooftop yoga', subtitle: 'Bring a mat', imageUrl: '/media/yoga.svg', imageAltText: 'A mat' };
    expect(tileActionWithPreview(tile, context())).toEqual({ kind: 'route', to: '/building/b-1/content/c-42', preview });
    const native = { ...tile, navigation_command: command('NATIVE', 'EVENT_POST') };
    expect(tileActionWithPreview(native, context())).toMatchObject({ preview });
    // A tile that leads to another content has nothing of it to show.
    const elsewhere = { ...tile, navigation_command: command('NATIVE', 'POSTS', { uuid: 'p-9' }) };
    expect(tileActionWithPreview(elsewhere, context())).toEqual({ kind: 'route', to: '/building/b-1/posts/p-9' });
  });

  it('opens the content screen of the tile when it has no navigation command', () => {
    expect(tileAction(feedTile({ uuid: 'c-42' }), context())).toEqual({ kind: 'route', to: '/building/b-1/content/c-42' });
    expect(tileAction(feedTile({ uuid: 'c-42', navigation_command: null }), context({ buildingUuid: 'b-7' }))).toEqual({
      kind: 'route',
      to: '/building/b-7/content/c-42',
    });
  });

  it('encodes the building and content uuids in the content path', () => {
    expect(tileAction(feedTile({ uuid: 'a/b' }), context({ buildingUuid: 'b 1' }))).toEqual({ kind: 'route', to: '/building/b%201/content/a%2Fb' });
  });

  it.each([
    ['EVENT_POST', '/building/b-1/event-post/c-1'],
    ['OFFER', '/building/b-1/offer/c-1'],
    ['EVENT_POSTS', '/building/b-1/event-posts/c-1'],
    ['Some_Long_Name', '/building/b-1/some-long-name/c-1'],
    ['posts', '/building/b-1/posts/c-1'],
  ])('a NATIVE %s tile opens %s (value lowercased, underscores → hyphens)', (value, to) => {
    expect(tileAction(feedTile({ uuid: 'c-1', navigation_command: command('NATIVE', value) }), context())).toEqual({ kind: 'route', to });
  });

  it('a NATIVE tile uses the building of its options when given', () => {
    const t = feedTile({ uuid: 'c-1', navigation_command: command('NATIVE', 'OFFERS', { building_uuid: 'b-other' }) });
    expect(tileAction(t, context())).toEqual({ kind: 'route', to: '/building/b-other/offers/c-1' });
  });

  it('a NATIVE tile uses the uuid of its options when given, else its own', () => {
    const withUuid = feedTile({ uuid: 'c-1', navigation_command: command('NATIVE', 'POSTS', { uuid: 'p-9' }) });
    expect(tileAction(withUuid, context())).toEqual({ kind: 'route', to: '/building/b-1/posts/p-9' });
    const both = feedTile({ uuid: 'c-1', navigation_command: command('NATIVE', 'POSTS', { uuid: 'p-9', building_uuid: 'b-2' }) });
    expect(tileAction(both, context())).toEqual({ kind: 'route', to: '/building/b-2/posts/p-9' });
  });

  it('a NATIVE tile never follows a url in its options', () => {
    const t = feedTile({ uuid: 'c-1', navigation_command: command('NATIVE', 'OFFERS', { url: 'https://other.test' }) });
    expect(tileAction(t, context())).toEqual({ kind: 'route', to: '/building/b-1/offers/c-1' });
  });

  it('a WEBVIEW tile to another site opens a new tab', () => {
    const t = feedTile({ navigation_command: command('WEBVIEW', '', { url: 'https://other.test/page' }) });
    expect(tileAction(t, context())).toEqual({ kind: 'newTab', url: 'https://other.test/page' });
  });

  it('a WEBVIEW tile to this site opens the page frame, or a new tab when frames are not allowed', () => {
    const t = feedTile({ navigation_command: command('WEBVIEW', '', { url: `${ORIGIN}/mfe-offers/` }) });
    expect(tileAction(t, context())).toEqual({ kind: 'frame', url: `${ORIGIN}/mfe-offers/`, frame: 'page' });
    expect(tileAction(t, context({ framesAllowed: false }))).toEqual({ kind: 'newTab', url: `${ORIGIN}/mfe-offers/` });
  });

  it('a WEBVIEW tile to a registered survey opens the survey frame; to an unregistered one, a new tab', () => {
    const url = 'https://surveys.other.test/mfe-survey/?id=3';
    const registered = context({ framesAllowed: false, miniApps: ['https://surveys.other.test/mfe-survey/'] });
    expect(tileAction(feedTile({ navigation_command: command('WEBVIEW', '', { url }) }), registered)).toEqual({
      kind: 'frame',
      url,
      frame: 'survey',
    });
    expect(tileAction(feedTile({ navigation_command: command('WEBVIEW', '', { url }) }), context({ framesAllowed: false }))).toEqual({
      kind: 'newTab',
      url,
    });
  });

  it('a WEBVIEW tile without an options url follows its value', () => {
    const t = feedTile({ navigation_command: command('WEBVIEW', 'https://other.test/from-value') });
    expect(tileAction(t, context())).toEqual({ kind: 'newTab', url: 'https://other.test/from-value' });
  });

  it('prefers the options url to the value', () => {
    const t = feedTile({ navigation_command: command('WEBVIEW', 'https://other.test/from-value', { url: 'https://other.test/from-options' }) });
    expect(tileAction(t, context())).toEqual({ kind: 'newTab', url: 'https://other.test/from-options' });
  });

  it('a web tile with an empty url leads nowhere', () => {
    expect(tileAction(feedTile({ navigation_command: command('WEBVIEW', '') }), context())).toEqual({ kind: 'none' });
    expect(tileAction(feedTile({ navigation_command: command('WEBVIEW', 'ignored', { url: '' }) }), context())).toEqual({ kind: 'none' });
  });

  it('another type of link to another site opens a new tab', () => {
    const t = feedTile({ navigation_command: command('EXTERNAL_LINK', 'https://other.test/x') });
    expect(tileAction(t, context())).toEqual({ kind: 'newTab', url: 'https://other.test/x' });
  });

  it('another type of link opens a new tab even to this site with frames allowed; a survey still opens in its frame', () => {
    const own = `${context().origin}/page`;
    expect(tileAction(feedTile({ navigation_command: command('EXTERNAL_LINK', own) }), context())).toEqual({ kind: 'newTab', url: own });
    expect(tileAction(feedTile({ navigation_command: command('EXTERNAL_LINK', '/mfe-survey/?s=1') }), context())).toEqual({
      kind: 'frame',
      url: '/mfe-survey/?s=1',
      frame: 'survey',
    });
  });
});

describe('nearestSection', () => {
  const tops = [
    { id: 'spotlight', top: 0 },
    { id: 'cat-a', top: 400 },
    { id: 'cat-b', top: 900 },
  ];

  it('is the slack of 10 px', () => {
    expect(ACTIVE_SECTION_SLACK).toBe(10);
  });

  it('is the last section whose top is at or above the header bottom plus 10 px', () => {
    expect(nearestSection(tops, 390)).toBe('cat-a');
    expect(nearestSection(tops, 500)).toBe('cat-a');
    expect(nearestSection(tops, 890)).toBe('cat-b');
    expect(nearestSection(tops, 2000)).toBe('cat-b');
  });

  it('leaves a section not yet reached when its top is more than 10 px under the header', () => {
    expect(nearestSection(tops, 389)).toBe('spotlight');
    expect(nearestSection(tops, 889)).toBe('cat-a');
  });

  it('works with sections scrolled above the viewport (negative tops)', () => {
    expect(
      nearestSection(
        [
          { id: 'a', top: -800 },
          { id: 'b', top: -20 },
          { id: 'c', top: 300 },
        ],
        64,
      ),
    ).toBe('b');
  });

  it('is the first section when none is above the line', () => {
    expect(
      nearestSection(
        [
          { id: 'a', top: 200 },
          { id: 'b', top: 600 },
        ],
        64,
      ),
    ).toBe('a');
  });

  it('is the last section at the end of the page, even if its top never reaches the line', () => {
    expect(nearestSection(tops, 0, true)).toBe('cat-b');
    expect(
      nearestSection(
        [
          { id: 'a', top: 200 },
          { id: 'b', top: 600 },
        ],
        64,
        true,
      ),
    ).toBe('b');
  });

  it('is null when there are no sections, at the end or not', () => {
    expect(nearestSection([], 64)).toBeNull();
    expect(nearestSection([], 64, true)).toBeNull();
  });

  it('is the only section when there is one', () => {
    expect(nearestSection([{ id: 'only', top: 5000 }], 64)).toBe('only');
  });
});

describe('feed constants', () => {
  it('scrolls to the hash target 1000 ms after the feed is in', () => {
    expect(HASH_SCROLL_DELAY_MS).toBe(1000);
  });
});

describe('orderTiles: the order a person reads a category in (decision 070)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const event = (title: string, start: string, end: string) => feedTile({ uuid: title, type: 'EVENT_POST', title, start_at: start, end_at: end });
  const post = (title: string) => feedTile({ uuid: title, type: 'POST', title, start_at: null });
  // As the specification's call answers them: by title, Z to A.
  const byName = [
    event('Wine tasting', '2026-11-28T23:00:00Z', '2026-11-29T01:00:00Z'),
    event('Virtual town hall', '2026-11-30T15:00:00Z', '2026-11-30T16:00:00Z'),
    post('Tell us about your commute'),
    event('Spring breakfast', '2026-11-10T14:00:00Z', '2026-11-10T16:00:00Z'),
    event('Morning yoga', '2026-11-26T15:00:00Z', '2026-11-26T16:00:00Z'),
    post('Our sustainability report'),
    event('Lobby jazz', '2026-11-29T23:00:00Z', '2026-11-30T01:00:00Z'),
    event('Earlier breakfast', '2026-11-01T14:00:00Z', '2026-11-01T16:00:00Z'),
    event('Running now', '2026-11-25T11:00:00Z', '2026-11-25T13:00:00Z'),
  ];

  it('events to come (and under way) soonest first, then the undated in the server’s order, then ended events latest first', () => {
    expect(orderTiles(byName, now).map((t) => t.title)).toEqual([
      'Running now',
      'Morning yoga',
      'Wine tasting',
      'Lobby jazz',
      'Virtual town hall',
      'Tell us about your commute',
      'Our sustainability report',
      'Spring breakfast',
      'Earlier breakfast',
    ]);
  });

  it('an event without an end is over once it started; the input is left as it was', () => {
    const noEnd = { ...event('No end', '2026-11-25T11:00:00Z', ''), end_at: null };
    expect(orderTiles([noEnd, post('A post')], now).map((t) => t.title)).toEqual(['A post', 'No end']);
    expect(byName[0]!.title).toBe('Wine tasting');
  });
});

describe('tileChips: a tile’s status from the fields the feed carries', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const base = feedTile({ uuid: 'e', type: 'EVENT_POST', title: 'E', start_at: '2026-11-26T15:00:00Z', end_at: '2026-11-26T16:00:00Z' });
  it.each<[string, Partial<FeedTile>, TileChip[]]>([
    ['attending', { capacity: 3, claims_details: { user_count: 1, count: 3 } }, [{ kind: 'attending' }]],
    ['sold out', { capacity: 3, claims_details: { user_count: 0, count: 3 } }, [{ kind: 'soldOut' }]],
    ['few spots', { capacity: 12, claims_details: { user_count: 0, count: 10 } }, [{ kind: 'fewSpots', left: 2 }]],
    ['room enough', { capacity: 20, claims_details: { user_count: 0, count: 0 } }, []],
    ['priced', { price: 25, currency_type: 'USD', claims_details: { user_count: 0, count: 0 } }, [{ kind: 'price', amount: 25, currency: 'USD' }]],
    ['virtual', { is_virtual: true, capacity: null, claims_details: { user_count: 0, count: 9 } }, [{ kind: 'virtual' }]],
    ['ended', { start_at: '2026-11-10T14:00:00Z', end_at: '2026-11-10T16:00:00Z', claims_details: { user_count: 1, count: 1 } }, [{ kind: 'ended' }]],
    ['no status fields (another API)', {}, []],
  ])('event: %s', (_name, fields, chips) => {
    expect(tileChips({ ...base, ...fields }, now)).toEqual(chips);
  });

  it.each<[string, Partial<FeedTile>, TileChip[]]>([
    ['claimed', { max_claims_total: 100, claims_details: { user_count: 1, count: 1 } }, [{ kind: 'claimed' }]],
    ['all claimed', { max_claims_total: 2, claims_details: { user_count: 0, count: 2 } }, [{ kind: 'allClaimed' }]],
    ['open', { max_claims_total: null, claims_details: { user_count: 0, count: 40 } }, []],
  ])('offer: %s', (_name, fields, chips) => {
    expect(tileChips(feedTile({ uuid: 'o', type: 'OFFER', title: 'O', ...fields }), now)).toEqual(chips);
  });

  it('a lobby kiosk shows nobody’s own RSVP or claim, but what everyone sees', () => {
    const event = { ...base, capacity: 3, claims_details: { user_count: 1, count: 3 } };
    expect(tileChips(event, now, { personal: false })).toEqual([{ kind: 'soldOut' }]);
    const offer = feedTile({ uuid: 'o', type: 'OFFER', title: 'O', max_claims_total: 100, claims_details: { user_count: 1, count: 1 } });
    expect(tileChips(offer, now, { personal: false })).toEqual([]);
  });

  it('a post has none', () => {
    expect(tileChips(feedTile({ uuid: 'p', type: 'POST', title: 'P' }), now)).toEqual([]);
  });
});

describe('discoverHidden (content document, section 9)', () => {
  const at = (spotlightTop: number | null, discoverHeight: number | null, headerOffset = 49, atEnd = false) =>
    discoverHidden({ spotlightTop, discoverHeight, headerOffset, atEnd });
  it.each([
    [1000, 500, 49, true],
    [600, 500, 49, true],
    [599, 500, 49, false],
    [-200, 500, 49, false],
    [140, 50, 40, false],
    [141, 50, 40, true],
  ])('spotlight top %s, discover height %s, header offset %s: hidden %s', (top, height, offset, hidden) => {
    expect(at(top, height, offset)).toBe(hidden);
  });
  it('never hides at the end of the page, or without a spotlight or a discover', () => {
    expect(at(1000, 500, 49, true)).toBe(false);
    expect(at(null, 500)).toBe(false);
    expect(at(1000, null)).toBe(false);
  });
  it('the margin is 50 px and the home tabs are spotlight, discover, amenities', () => {
    expect(DISCOVER_HIDE_SLACK).toBe(50);
    expect(HOME_TABS).toEqual(['spotlight', 'discover', 'amenities']);
  });
});

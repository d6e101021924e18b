/** The home feed's shapes and pure rules (content document, sections 2, 3 and 9). */
import { fewSpots, spotsLeft, type ContentPreview, type CtaAction } from '../content/cta';
import { contentScreenPath, isRegisteredMiniApp, isSurveyUrl, type MiniAppRegistry } from '../content/links';

/**
 * A content tile as the feed calls answer it, or a promoted content (v2), which has no navigation command or dates.
 * Wider than the API's `ContentTile`: the specification knows navigation types beyond NATIVE and WEBVIEW.
 */
export interface FeedTile {
  uuid: string;
  type: string;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  description_title?: string | null;
  message?: string | null;
  image_url: string | null;
  image_alt_text?: string | null;
  start_at?: string | null;
  display_calendar_icon?: boolean;
  /** What the status chips are made of (this server's tiles carry them; another API's may not: no chip then). */
  end_at?: string | null;
  price?: number | null;
  currency_type?: string | null;
  is_virtual?: boolean | null;
  capacity?: number | null;
  max_claims_total?: number | null;
  claims_details?: { user_count: number; count: number } | null;
  /** Its tags as the building's sanitized tags spell them (the feed's topics). */
  tags?: readonly string[];
  navigation_command?: { type: string; value: string; options: { url?: string; uuid?: string; building_uuid?: string } } | null;
}

/** A content category with its tiles. */
export interface FeedCategory {
  uuid: string;
  name: string;
  contents: FeedTile[];
}

/** Where a section of the feed sits: the promoted block first, then spotlight, then discover. */
export type FeedGroup = 'promoted' | 'spotlight' | 'discover';

/** Which call fills a section: a v1 group call, the v2 promoted call, or one v2 category's content call. */
export type SectionSource = { version: 'v1'; group: FeedGroup } | { version: 'v2'; group: 'promoted' } | { version: 'v2'; categoryUuid: string };

/**
 * One part of the feed that loads and fails on its own: a v1 group (all its categories at once) or a v2 category.
 * `categories` is null while its content is still to be loaded; `error` is set when the call failed.
 */
export interface SectionSeed {
  id: string;
  group: FeedGroup;
  name: string;
  source: SectionSource;
  categories: FeedCategory[] | null;
  error: string | null;
}

/**
 * The categories narrowed to a topic (a sanitized tag): each keeps only its tiles with that tag; null keeps all. A tile
 * without tags (another API's) is on no topic.
 */
export const onTopic = (categories: readonly FeedCategory[], topic: string | null): FeedCategory[] =>
  topic === null
    ? [...categories]
    : categories.map((category) => ({ ...category, contents: category.contents.filter((tile) => tile.tags?.includes(topic) ?? false) }));

/** Only categories with content are shown. */
export const withContent = (categories: readonly FeedCategory[]) => categories.filter((category) => category.contents.length > 0);

/** The order the page reads the feed in: the promoted block, then spotlight, then discover. */
export const READING_ORDER: readonly FeedGroup[] = ['promoted', 'spotlight', 'discover'];

/**
 * What of the feed the page draws: its sections in reading order, each answered one (its content, or its failure) up
 * to the first still without an answer, which holds back every one after it. So a section takes no space before its
 * answer says what it has (an empty one never takes any), and one that answers never moves what is already drawn:
 * the page only grows at its end. `waiting`: a section has not answered yet (more is to come after what is drawn).
 */
export function drawnSections<T extends { group: FeedGroup; answered: boolean }>(sections: readonly T[]): { drawn: T[]; waiting: boolean } {
  const ordered = READING_ORDER.flatMap((group) => sections.filter((section) => section.group === group));
  const first = ordered.findIndex((section) => !section.answered);
  return first === -1 ? { drawn: ordered, waiting: false } : { drawn: ordered.slice(0, first), waiting: true };
}

/** The promoted block shows the first content only. */
export const firstPromoted = (categories: readonly FeedCategory[]): FeedTile | null => categories.find((c) => c.contents.length)?.contents[0] ?? null;

/** What the page knows when it opens a link: its own origin, and whether mini-apps open in the frame. */
export interface LinkContext extends MiniAppRegistry {
  buildingUuid: string;
  framesAllowed: boolean;
}

/** A page the link-out frame can fetch as text: one of this site's (a cross-origin no-cors fetch reads nothing). */
export const sameOrigin = (url: string, origin: string) => {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
};

/**
 * A web link of a tile or a utility: a survey in the survey frame (with auth parameters), a page of this site in
 * the link-out frame when mini-apps open in frames, anything else in a new tab.
 */
export function webLinkAction(url: string, context: LinkContext): CtaAction {
  if (isSurveyUrl(url)) return isRegisteredMiniApp(url, context) ? { kind: 'frame', url, frame: 'survey' } : { kind: 'newTab', url };
  if (context.framesAllowed && sameOrigin(url, context.origin)) return { kind: 'frame', url, frame: 'page' };
  return { kind: 'newTab', url };
}

/**
 * A tile's navigation by type: a native screen in the same window; a WEBVIEW through the web-link rules; any other
 * type in a new tab, but for a survey, which always opens in the survey frame.
 */
export function tileAction(tile: FeedTile, context: LinkContext): CtaAction {
  const command = tile.navigation_command;
  if (!command) return { kind: 'route', to: contentScreenPath(context.buildingUuid, 'content', tile.uuid), preview: previewOf(tile) };
  if (command.type === 'NATIVE') {
    const uuid = command.options.uuid ?? tile.uuid;
    return {
      kind: 'route',
      to: contentScreenPath(command.options.building_uuid ?? context.buildingUuid, command.value, uuid),
      // The tile's own content: its screen can show what the tile showed while it loads the rest.
      ...(uuid === tile.uuid ? { preview: previewOf(tile) } : {}),
    };
  }
  const url = command.options.url ?? command.value;
  if (!url) return { kind: 'none' };
  if (command.type === 'WEBVIEW' || isSurveyUrl(url)) return webLinkAction(url, context);
  return { kind: 'newTab', url };
}

/** What a tile already shows of its content (ContentPreview). */
export const previewOf = (tile: FeedTile): ContentPreview => ({
  uuid: tile.uuid,
  title: tile.title,
  subtitle: tile.subtitle ?? null,
  imageUrl: tile.image_url,
  imageAltText: tile.image_alt_text ?? null,
});

/**
 * The section nearest the top: the last whose top is at or above the header's bottom plus 10 px, else the first;
 * at the end of the page, the last (it may never reach the top).
 */
export const ACTIVE_SECTION_SLACK = 10;
export function nearestSection(tops: readonly { id: string; top: number }[], headerOffset: number, atEnd = false): string | null {
  if (atEnd && tops.length) return tops.at(-1)!.id;
  let active: string | null = tops[0]?.id ?? null;
  for (const { id, top } of tops) if (top <= headerOffset + ACTIVE_SECTION_SLACK) active = id;
  return active;
}

/** The discover rule's margin (content document, section 9: "… plus header offset plus 50 px"). */
export const DISCOVER_HIDE_SLACK = 50;

/** What the view measures for the discover rule: the tops and heights of the two groups, and the sticky bar's bottom. */
export interface DiscoverMeasure {
  /** The spotlight group's top in the viewport; null when the page has no spotlight. */
  spotlightTop: number | null;
  /** The discover group's height (kept while it is hidden: it hides without giving up its place). */
  discoverHeight: number | null;
  /** The sticky header's offset: the height the jump bar covers once stuck, 0 without one. */
  headerOffset: number;
  /** The page is scrolled to its end: nothing further can come up. */
  atEnd: boolean;
}

/**
 * The discover layout's rule (content document, section 9): discover hides while the spotlight's top is further down
 * than discover's height plus the header offset plus 50 px, i.e. until the person has scrolled the spotlight up near
 * the header; it shows from then on. Never hidden without both groups, or at the end of the page (a short page would
 * otherwise keep it hidden for good). Decision 194-home-tabs-discover-and-grids.md.
 */
export function discoverHidden(measure: DiscoverMeasure): boolean {
  const { spotlightTop, discoverHeight, headerOffset, atEnd } = measure;
  if (spotlightTop === null || discoverHeight === null || atEnd) return false;
  return spotlightTop > discoverHeight + headerOffset + DISCOVER_HIDE_SLACK;
}

/** The home's top tabs (content document, section 2): spotlight and discover jump to their group, amenities opens its page. */
export const HOME_TABS = ['spotlight', 'discover', 'amenities'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/** After the feed has loaded, the page scrolls to the hash target after this delay. */
export const HASH_SCROLL_DELAY_MS = 1000;

/** Whether a dated tile's event is over at `now` (by its end, else its start). */
const endedAt = (tile: FeedTile, now: number) => {
  const end = Date.parse(tile.end_at ?? tile.start_at ?? '');
  return Number.isFinite(end) && end <= now;
};

/**
 * A category's tiles in the order a person reads them (decision 070): events not yet over first, soonest first; then
 * the contents without a date in the order the server gave (the specification's: by name, descending); then events
 * that are over, the latest first. The server orders its lists alike; this keeps the promise with an API that does not.
 */
export function orderTiles(tiles: readonly FeedTile[], now: Date): FeedTile[] {
  const at = now.getTime();
  const start = (tile: FeedTile) => Date.parse(tile.start_at ?? '');
  const dated = (tile: FeedTile) => Number.isFinite(start(tile));
  const rank = (tile: FeedTile) => (!dated(tile) ? 1 : endedAt(tile, at) ? 2 : 0);
  return tiles
    .map((tile, index) => ({ tile, index, rank: rank(tile) }))
    .sort((a, b) => {
      if (a.rank !== b.rank) return a.rank - b.rank;
      if (a.rank === 0) return start(a.tile) - start(b.tile) || a.index - b.index;
      if (a.rank === 2) return start(b.tile) - start(a.tile) || a.index - b.index;
      return a.index - b.index;
    })
    .map((entry) => entry.tile);
}

/** A status chip of a tile: what a person would otherwise open the content to learn. */
export type TileChip =
  | { kind: 'attending' }
  | { kind: 'soldOut' }
  | { kind: 'fewSpots'; left: number }
  | { kind: 'ended' }
  | { kind: 'claimed' }
  | { kind: 'allClaimed' }
  | { kind: 'price'; amount: number; currency: string }
  | { kind: 'virtual' };

/**
 * A tile's chips, from the fields the feed answer carries: the person's RSVP or claim, else sold out / all claimed,
 * else few spots left (fewer than 5, as the content screen says); an ended event says so instead; then its price and
 * whether it is held online. `personal: false` (a lobby kiosk) leaves out the person's own RSVP or claim.
 */
export function tileChips(tile: FeedTile, now: Date, options: { personal?: boolean } = {}): TileChip[] {
  const chips: TileChip[] = [];
  // A lobby kiosk shows nobody's own RSVPs or claims (personal: false).
  const mine = options.personal !== false && (tile.claims_details?.user_count ?? 0) > 0;
  const count = tile.claims_details?.count ?? 0;
  if (tile.type === 'EVENT_POST') {
    const left = spotsLeft(tile.capacity ?? null, count);
    if (tile.start_at && endedAt(tile, now.getTime())) chips.push({ kind: 'ended' });
    else if (mine) chips.push({ kind: 'attending' });
    else if (tile.claims_details && left === 0) chips.push({ kind: 'soldOut' });
    else if (tile.claims_details && fewSpots(left)) chips.push({ kind: 'fewSpots', left: left! });
    if (tile.price && tile.currency_type) chips.push({ kind: 'price', amount: tile.price, currency: tile.currency_type });
    if (tile.is_virtual) chips.push({ kind: 'virtual' });
  } else if (tile.type === 'OFFER') {
    const total = tile.max_claims_total ?? null;
    if (mine) chips.push({ kind: 'claimed' });
    else if (tile.claims_details && total !== null && count >= total) chips.push({ kind: 'allClaimed' });
  }
  return chips;
}

/** Each category's tiles in reading order (orderTiles). */
export const orderCategories = (categories: readonly FeedCategory[], now: Date): FeedCategory[] =>
  categories.map((category) => ({ ...category, contents: orderTiles(category.contents, now) }));

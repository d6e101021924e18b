import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { drawnSections, firstPromoted, HOME_TABS, onTopic, withContent, type FeedGroup } from '../../../machines/home/feed';
import type { FeedSectionView } from '../../../machines/home/feedSection.machine';
import type { HomeRef } from '../../../machines/home/home.machine';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { JumpBar } from '../kit/JumpBar';
import { RadioGroup } from '../kit/RadioGroup';
import { Skeleton } from '../kit/Skeleton';
import { styled } from '../kit/stitches.config';
import { columnsOf } from '../kit/grids';
import { FeedTileCard } from './FeedTileCard';

/**
 * A section scrolled to lands just below the sticky jump bar (49px): within the 10px the active-section check allows
 * below the bar, so the jump clicked stays the active one.
 */
const SECTION_SCROLL_MARGIN = 54;

const Group = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$6',
  scrollMarginTop: SECTION_SCROLL_MARGIN,
  // The discover layout hides discover in its place (its height kept, so the rule's measure holds and nothing moves).
  '&[data-hidden="true"]': { visibility: 'hidden', opacity: 0 },
  '@motion': { transition: 'opacity 200ms ease-out' },
});
const Category = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3', scrollMarginTop: SECTION_SCROLL_MARGIN });
const CategoryName = styled('h2', { margin: 0, fontSize: '$5' });
/**
 * A category's tiles: on a phone a carousel that scrolls sideways inside itself (snapping to a tile, the next one
 * peeking; tiles are buttons, so Tab walks them and the browser scrolls each into view), from a tablet up a grid of
 * columns at least 428 px wide (the specification's content minimum).
 */
const Tiles = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: '0 0 $2',
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'min(80%, 300px)',
  gap: '$3',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x mandatory',
  scrollPaddingInline: '$1',
  '& > li': { scrollSnapAlign: 'start', minWidth: 0 },
  '@tablet': {
    gridAutoFlow: 'row',
    gridAutoColumns: 'auto',
    gridTemplateColumns: columnsOf('content'),
    gap: '$4',
    overflowX: 'visible',
    scrollSnapType: 'none',
    padding: 0,
  },
});
const Problem = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  // The message is body text (danger, AA); the frame is the alert red as given (a border needs 3:1).
  color: '$danger',
  padding: '$4',
  border: '1px dashed $alert',
  borderRadius: '$3',
});

interface DrawnSection extends FeedSectionView {
  answered: boolean;
}

/**
 * The sections the page draws now, in reading order, and whether more are to come: none takes space before its first
 * answer, and none is drawn before the ones above it have answered (`drawnSections`). Read from the home's chart,
 * which each section reports to.
 */
function useDrawnSections(home: HomeRef): { drawn: DrawnSection[]; waiting: boolean } {
  const sections = useSelector(home, (s) => s.context.sections);
  return drawnSections(sections.map((section) => ({ ...section, answered: section.status !== 'unanswered' })));
}

const TabList = styled('ul', {
  display: 'flex',
  gap: '$2',
  // Room for the focus ring inside the row (which scrolls sideways on its own when it is wider than the screen), the
  // pills still aligned with the page.
  padding: '4px',
  margin: '0 -4px',
  listStyle: 'none',
  overflowX: 'auto',
  '& > li': { flexShrink: 0 },
});
const tabLook = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 40,
  padding: '$2 $3',
  fontSize: '$2',
  '@tablet': { padding: '$2 $4', fontSize: '$3' },
  whiteSpace: 'nowrap',
  borderRadius: '$round',
  border: '1px solid $border',
  backgroundColor: '$surface',
  color: '$text',
  fontWeight: 600,
  textDecoration: 'none',
  '&:hover': { borderColor: '$primary' },
} as const;
const TabAnchor = styled('a', tabLook);
const TabLink = styled(Link, tabLook);

/**
 * The home's tabs (content document, section 2): Spotlight and Discover jump to their group (each shown when the feed
 * has a category of it), Amenities opens the amenities page.
 */
export function HomeTabs({ home, buildingUuid }: { home: HomeRef; buildingUuid: string }) {
  const t = useT();
  const { drawn } = useDrawnSections(home);
  const filled = (group: FeedGroup) => drawn.some((s) => s.group === group && s.status === 'loaded' && withContent(s.categories).length > 0);
  return (
    <nav aria-label={t('home.sections')} data-testid="home-tabs">
      <TabList>
        {HOME_TABS.map((tab) =>
          tab === 'amenities' ? (
            <li key={tab}>
              <TabLink to={`/building/${buildingUuid}/amenities`}>{t('home.amenities')}</TabLink>
            </li>
          ) : filled(tab) ? (
            <li key={tab}>
              <TabAnchor
                href={`#${tab}`}
                onClick={(event) => {
                  event.preventDefault();
                  home.send({ type: 'tab.selected', id: tab });
                }}
              >
                {t('home.group', { group: tab })}
              </TabAnchor>
            </li>
          ) : null,
        )}
      </TabList>
    </nav>
  );
}

/** The promoted block: the first promoted content only. */
export function PromotedBlock({ home }: { home: HomeRef }) {
  const t = useT();
  const { drawn } = useDrawnSections(home);
  const promoted = firstPromoted(drawn.filter((s) => s.group === 'promoted').flatMap((s) => s.categories));
  if (!promoted) return null;
  return (
    <section aria-label={t('home.promoted')}>
      <FeedTileCard tile={promoted} size="large" onOpen={() => home.send({ type: 'banner.open', tile: promoted })} />
    </section>
  );
}

/**
 * The spotlight and discover categories under a sticky jump bar: the active jump follows the section nearest the top
 * (the machine decides from the tops measured here) and a click scrolls to its category.
 */
export function Feed({ home }: { home: HomeRef }) {
  const t = useT();
  // The topics come beside the feed's first answer: the feed shows once both are in, so the filter moves nothing.
  const loading = useSelector(home, (s) => s.hasTag('feed:loading') || s.hasTag('topics:loading'));
  const failed = useSelector(home, (s) => s.hasTag('feed:failed'));
  const active = useSelector(home, (s) => s.context.activeTab);
  const topic = useSelector(home, (s) => s.context.topic);
  const { drawn, waiting } = useDrawnSections(home);
  const bar = useRef<HTMLElement>(null);

  const jumps = drawn
    .filter((s) => s.group !== 'promoted' && s.status === 'loaded')
    .flatMap((s) => withContent(onTopic(s.categories, topic)))
    .map((category) => ({ id: category.uuid, label: category.name }));

  useEffect(() => {
    let frame = 0;
    const measure = (scrolled: boolean) => {
      frame = 0;
      const headerOffset = bar.current?.getBoundingClientRect().bottom ?? 0;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (scrolled) {
        const tops = [...document.querySelectorAll<HTMLElement>('[data-feed-category]')].map((el) => ({
          id: el.id,
          top: el.getBoundingClientRect().top,
        }));
        home.send({ type: 'scroll.observed', tops, headerOffset, atEnd });
      }
      // The discover layout's measure (the machine applies the rule only with the layout on).
      const spotlight = document.querySelector<HTMLElement>('[data-group="spotlight"]');
      const discover = document.querySelector<HTMLElement>('[data-group="discover"]');
      const filled = (el: HTMLElement | null) => !!el?.querySelector('[data-feed-category]');
      home.send({
        type: 'layout.observed',
        spotlightTop: filled(spotlight) ? spotlight!.getBoundingClientRect().top : null,
        discoverHeight: filled(discover) ? discover!.getBoundingClientRect().height : null,
        // The sticky header's offset: the height it covers once stuck (its bottom, before it sticks, is wherever it is).
        headerOffset: bar.current?.getBoundingClientRect().height ?? 0,
        atEnd,
      });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(() => measure(true));
    };
    const onResize = () => {
      if (!frame) frame = requestAnimationFrame(() => measure(false));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize, { passive: true });
    // Measured once now too (and again as more of the feed is drawn): the layout's rule holds before any scroll.
    onResize();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [home, drawn.length]);
  const hideDiscover = useSelector(home, (s) => s.context.discoverHidden);

  if (failed) {
    return (
      <Problem role="alert">
        {t('home.feed.failed')}
        <Button type="button" css={{ width: 'auto' }} onClick={() => home.send({ type: 'feed.retry' })}>
          {t('home.retry')}
        </Button>
      </Problem>
    );
  }
  if (loading) return <SkeletonCategory />;
  const nothing = !waiting && drawn.every((s) => s.status === 'loaded') && jumps.length === 0;
  return (
    <>
      <TopicFilter home={home} />
      {jumps.length ? (
        <JumpBar
          barRef={bar}
          label={t('home.tabs')}
          items={jumps}
          current={active ?? jumps[0]!.id}
          onJump={(id) => home.send({ type: 'tab.selected', id })}
        />
      ) : null}
      {nothing ? <p>{t(topic === null ? 'home.empty' : 'home.topics.none')}</p> : null}
      {(['spotlight', 'discover'] as const).map((group) => (
        <Group key={group} id={group} data-group={group} data-hidden={group === 'discover' && hideDiscover ? 'true' : undefined}>
          {drawn
            .filter((s) => s.group === group)
            .map((section) => (
              <FeedSection key={section.id} home={home} section={section} topic={topic} />
            ))}
        </Group>
      ))}
      {/* More is to come, after what is drawn. A new placeholder each time more is drawn (its key): the same one moved
          down would count as a layout shift. */}
      {waiting ? <SkeletonCategory key={`after-${drawn.length}`} /> : null}
    </>
  );
}

function FeedSection({ home, section, topic }: { home: HomeRef; section: FeedSectionView; topic: string | null }) {
  const t = useT();
  // Asked again after a failure: in its place.
  if (section.status === 'retrying') return <SkeletonCategory />;
  if (section.status === 'failed') {
    return (
      <Problem role="alert" data-section-failed={section.id}>
        {t('home.section.failed', {
          name: section.version === 'v2' ? section.name : t('home.group', { group: section.group }),
        })}
        <Button type="button" css={{ width: 'auto' }} onClick={() => home.send({ type: 'section.retry', id: section.id })}>
          {t('home.retry')}
        </Button>
      </Problem>
    );
  }
  return (
    <>
      {withContent(onTopic(section.categories, topic)).map((category) => (
        <Category key={category.uuid} id={category.uuid} data-feed-category aria-labelledby={`category-${category.uuid}`}>
          <CategoryName id={`category-${category.uuid}`}>{category.name}</CategoryName>
          <Tiles data-testid="feed-tiles">
            {category.contents.map((tile) => (
              <li key={tile.uuid}>
                <FeedTileCard tile={tile} onOpen={() => home.send({ type: 'tile.open', tile })} />
              </li>
            ))}
          </Tiles>
        </Category>
      ))}
    </>
  );
}

const ALL = '';

/** On a phone the topics are one row that scrolls sideways inside itself (as a category does); from a tablet up they wrap. */
const Topics = styled('div', {
  minWidth: 0,
  '& fieldset > div': { flexWrap: 'nowrap', overflowX: 'auto', overscrollBehaviorX: 'contain', paddingBottom: '$1' },
  '& label': { flexShrink: 0 },
  '@tablet': { '& fieldset > div': { flexWrap: 'wrap', overflowX: 'visible', paddingBottom: 0 } },
});

/**
 * The feed's topics (the building's sanitized tags; decision 187): everything, or one
 * topic, whose tiles alone the categories then show. Nothing when the building has no topics.
 */
function TopicFilter({ home }: { home: HomeRef }) {
  const t = useT();
  const topics = useSelector(home, (s) => s.context.topics);
  const topic = useSelector(home, (s) => s.context.topic);
  if (topics.length === 0) return null;
  return (
    <Topics data-testid="feed-topics">
      <RadioGroup
        label={t('home.topics.label')}
        value={topic ?? ALL}
        options={[{ value: ALL, label: t('home.topics.all') }, ...topics.map((value) => ({ value, label: value }))]}
        onValueChange={(value) => home.send({ type: 'user.chooseTopic', topic: value === ALL ? null : value })}
      />
    </Topics>
  );
}

/** The feed's place while it loads: two categories of grey tiles. */
export function FeedSkeleton() {
  return (
    <>
      <SkeletonCategory />
      <SkeletonCategory />
    </>
  );
}

function SkeletonCategory() {
  return (
    <Category aria-busy="true" data-testid="feed-skeleton">
      <Skeleton css={{ height: 28, width: 200 }} />
      <Tiles>
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton css={{ aspectRatio: '648 / 520' }} />
          </li>
        ))}
      </Tiles>
    </Category>
  );
}

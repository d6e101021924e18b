import { useRouterState } from '@tanstack/react-router';
import { CalendarPlus, ClipboardList, House, UserRound, type LucideIcon } from 'lucide-react';
import { currentPlace, mainPlaces, type MainPlace, type MainPlaceLink } from '../../../machines/shell/mainPlaces';
import { useBuildingSelector, useFlag } from '../appContext';
import type { AreaMessageId } from '../../i18n/areas';
import { useT } from '../../i18n/useT';
import { Link } from '../kit/Link';
import { globalCss, styled } from '../kit/stitches.config';

const ICONS: Record<MainPlace, LucideIcon> = { home: House, book: CalendarPlus, requests: ClipboardList, account: UserRound };
const LABELS: Record<MainPlace, AreaMessageId> = { home: 'nav.home', book: 'nav.book', requests: 'nav.requests', account: 'nav.account' };

/** The bar's height above the phone's own bottom inset (a home indicator): the page keeps that much room below it. */
const TAB_BAR_HEIGHT = 60;

// While the tab bar is on the page, the page keeps room for it at the bottom, so its last lines are never under it,
// and says how much (`--tab-bar-space`): what sticks to the bottom of the window (a content's action bar) sits above it.
const roomForTabBar = globalCss({
  '@media (max-width: 768px)': {
    // A focused field or a scrolled-to element stops above the bar, not under it (the browser's own scrolling).
    ':root:has([data-tab-bar])': {
      '--tab-bar-space': `calc(${TAB_BAR_HEIGHT}px + env(safe-area-inset-bottom, 0px))`,
      scrollPaddingBottom: 'var(--tab-bar-space)',
    },
    'body:has([data-tab-bar])': { paddingBottom: 'var(--tab-bar-space)' },
  },
});

/**
 * The router marks a link `aria-current` when the page is at or below its address; which place is current is
 * `currentPlace`'s to say (a building's screens are home's), so the router marks only its own address, never more.
 */
const EXACT = { exact: true, includeSearch: false } as const;

/** The places, and the one the page is at. */
function usePlaces(): { places: MainPlaceLink[]; current: MainPlace | null } {
  const buildingUuid = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  const booking = useFlag('booking');
  const serviceRequests = useFlag('service-requests');
  const account = useFlag('dropdown-account');
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return { places: mainPlaces({ buildingUuid, booking, serviceRequests, account }), current: currentPlace(pathname) };
}

const TabBarNav = styled('nav', {
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: '$menu',
  display: 'flex',
  backgroundColor: '$surface',
  borderTop: '1px solid $border',
  paddingBottom: 'env(safe-area-inset-bottom, 0px)',
  // From tablet width up the header holds the same places.
  '@tablet': { display: 'none' },
  '@media print': { display: 'none' },
});
const Tab = styled(Link, {
  flex: 1,
  minWidth: 0,
  minHeight: TAB_BAR_HEIGHT,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 2,
  fontSize: '$1',
  fontWeight: 600,
  color: '$muted',
  textDecoration: 'none',
  '& svg': { marginInlineStart: 0 },
  '& span': { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', paddingInline: '$1' },
  '&:hover': { color: '$text' },
  '&[aria-current="page"]': { color: '$primary', boxShadow: 'inset 0 3px 0 $colors$primary' },
  '&:focus-visible': { outline: '2px solid $colors$primary', outlineOffset: '-4px' },
});

/** On a phone, the main places at the bottom of every signed-in screen, the current one marked. */
export function TabBar() {
  const t = useT();
  const { places, current } = usePlaces();
  roomForTabBar();
  return (
    <TabBarNav aria-label={t('nav.label')} data-tab-bar="" data-testid="tab-bar">
      {places.map(({ place, to }) => {
        const PlaceIcon = ICONS[place];
        return (
          <Tab key={place} to={to} activeOptions={EXACT} aria-current={place === current ? 'page' : undefined} data-testid={`tab-${place}`}>
            <PlaceIcon size={22} aria-hidden="true" focusable="false" />
            <span>{t(LABELS[place])}</span>
          </Tab>
        );
      })}
    </TabBarNav>
  );
}

const HeaderNav = styled('nav', {
  display: 'none',
  '@tablet': { display: 'flex', alignItems: 'stretch', gap: '$1', alignSelf: 'stretch' },
});
const HeaderPlace = styled(Link, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  paddingInline: '$3',
  minHeight: 44,
  color: 'inherit',
  fontSize: '$2',
  fontWeight: 600,
  textDecoration: 'none',
  borderRadius: '$2',
  '& svg': { marginInlineStart: 0 },
  '&:hover': { backgroundColor: 'rgba(127, 127, 127, 0.18)' },
  '&[aria-current="page"]': { boxShadow: 'inset 0 -3px 0 currentColor', borderRadius: 0 },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: '-2px' },
});

/** From tablet width up, the same places as links in the header. */
export function HeaderPlaces() {
  const t = useT();
  const { places, current } = usePlaces();
  return (
    <HeaderNav aria-label={t('nav.label')} data-testid="header-places">
      {places.map(({ place, to }) => {
        const PlaceIcon = ICONS[place];
        return (
          <HeaderPlace key={place} to={to} activeOptions={EXACT} aria-current={place === current ? 'page' : undefined}>
            <PlaceIcon size={18} aria-hidden="true" focusable="false" />
            {t(LABELS[place])}
          </HeaderPlace>
        );
      })}
    </HeaderNav>
  );
}

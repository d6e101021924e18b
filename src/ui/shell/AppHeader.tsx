import { Fragment, Suspense } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { canSeeAdminLink } from '../../../machines/building/building.machine';
import { Building2, ChevronDown, ClipboardList, History, LifeBuoy, LogOut, Shield, UserRound, type LucideIcon } from 'lucide-react';
import { adminOnVisitors, menuItems, type MenuItem as MenuItemName } from '../../../machines/shell/headerMenu.selectors';
import { isHomeScreen } from '../../../machines/shell/mainPlaces';
import {
  useAppSelector,
  useBuildingSelector,
  useFlag,
  useFlagsSelector,
  useHeaderMenuRef,
  useHeaderMenuSelector,
  useKioskSelector,
  useSessionSelector,
} from '../appContext';
import type { AreaMessageId } from '../../i18n/areas';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';
import { BuildingSwitcher } from './BuildingSwitcher';
import { KioskHeader } from './KioskHeader';
import { KioskSwitch } from './KioskSwitch';
import { UpLink } from './UpLink';
import { HeaderPlaces, TabBar } from './MainNav';
import { NotificationBell } from './NotificationBell';
import { Icon } from '../kit/Icon';
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from '../kit/Menu';

// One line on every screen: the bar keeps its height whatever the building's name, so nothing below it moves.
const Bar = styled('header', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $3',
  minHeight: 64,
  backgroundColor: '$brand',
  color: '$onBrand',
  position: 'relative',
  minWidth: 0,
  // 64 px tall at every width, with or without its content (its texts load with it: the empty bar holds the place).
  '@tablet': { gap: '$4', padding: '$2 $5' },
});
// Logos are drawn for light backgrounds: they sit on a white chip in the coloured bar.
const Logo = styled('img', {
  height: 32,
  maxWidth: '30vw',
  objectFit: 'contain',
  flexShrink: 0,
  display: 'block',
  backgroundColor: '#FFFFFF',
  borderRadius: '$2',
  padding: '2px 8px',
  '@tablet': { height: 36, maxWidth: '40vw' },
});
const BrandName = styled('span', { fontWeight: 700, fontSize: '$4', flexShrink: 0 });
// The logo (or the brand's name) is the way home from every screen, as in every app of its kind.
const HomeLink = styled('a', {
  display: 'inline-flex',
  alignItems: 'center',
  // A touch target of its own size before the logo has loaded, and if it never does.
  minHeight: 44,
  minWidth: 44,
  flexShrink: 0,
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: '$2',
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: '2px' },
});
const headerButton = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: 44,
  background: 'transparent',
  border: 'none',
  borderRadius: '$2',
  color: 'inherit',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { backgroundColor: 'rgba(127, 127, 127, 0.18)' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: '-2px' },
  '& svg': { flexShrink: 0 },
} as const;
// The building's name, once above the fold (issue 26): on a phone the bar has no room for it beside the logo and the
// menu, and on a home screen the hero names it; there the button shows its icon, and its name goes to assistive
// technology only (and to a pointer's tooltip).
const nameOnlyForReaders = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const BuildingButton = styled('button', headerButton, {
  fontSize: '$3',
  fontWeight: 600,
  padding: '$2',
  minWidth: 0,
  minHeight: 44,
  '&:disabled': { cursor: 'default' },
  '& > span': {
    ...nameOnlyForReaders,
    '@tablet': { position: 'static', width: 'auto', height: 'auto', clip: 'auto', overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  variants: { atHome: { true: { '& > span': { '@tablet': nameOnlyForReaders } } } },
});
const Spacer = styled('div', { flex: 1 });
const AccountButton = styled('button', headerButton, { padding: '$1 $2 $1 $1', fontSize: '$2', flexShrink: 0 });
// Beside the avatar, the first name shows from tablet width up: on a phone it would push the building's off the bar.
const PersonName = styled('span', { variants: { besideAvatar: { true: { display: 'none', '@tablet': { display: 'inline' } } } } });
const Avatar = styled('span', {
  width: 36,
  height: 36,
  borderRadius: '$round',
  backgroundColor: '$secondary',
  color: '$onSecondary',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  flexShrink: 0,
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
});

const ICONS: Record<Exclude<MenuItemName, 'kiosk'>, LucideIcon> = {
  buildings: Building2,
  account: UserRound,
  history: History,
  serviceRequests: ClipboardList,
  helpDesk: LifeBuoy,
  admin: Shield,
  logout: LogOut,
};

const LABELS: Record<Exclude<MenuItemName, 'kiosk'>, AreaMessageId> = {
  buildings: 'header.changeBuilding',
  account: 'header.account',
  history: 'header.history',
  serviceRequests: 'header.serviceRequests',
  helpDesk: 'header.helpDesk',
  admin: 'header.admin',
  logout: 'header.logout',
};

/** The app's header: logo, current building (opens the switcher), and the account menu; minimal in kiosk mode. */
export function AppHeader() {
  const kiosk = useKioskSelector((s) => s.hasTag('kiosk'));
  if (kiosk) return <KioskHeader />;
  // The header's texts load with it (the shell area), not with the first load of /login; the empty bar holds its place,
  // marked busy (a screen reader, and the browser tests, know the header is still coming).
  return (
    <Suspense fallback={<Bar aria-busy="true" />}>
      <AreaMessages areas={['shell']}>
        <FullHeader />
        <UpLink />
        <TabBar />
      </AreaMessages>
    </Suspense>
  );
}

function FullHeader() {
  const t = useT();
  const menu = useHeaderMenuRef();
  const open = useHeaderMenuSelector((s) => s.hasTag('menu:open'));
  const switcherOpen = useHeaderMenuSelector((s) => s.hasTag('modal:buildingSwitcher'));
  const brand = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  const brandLogo = useAppSelector((s) => s.context.whitelabel?.logoUrl ?? null);
  const avatarAllowed = useAppSelector((s) => s.context.whitelabel?.isAvatarVisible ?? true);
  const adminBaseUrl = useAppSelector((s) => s.context.config.adminBaseUrl);
  const user = useSessionSelector((s) => s.context.user);
  const building = useBuildingSelector((s) => s.context.current);
  const buildingLogo = useBuildingSelector((s) =>
    s.context.theme?.display_portfolio_logo ? s.context.theme.portfolio_logo_url : (s.context.theme?.building_logo_url ?? null),
  );
  const buildingCount = useBuildingSelector((s) => s.context.buildings.length);
  const adminAllowed = useBuildingSelector((s) => canSeeAdminLink(s.context));
  const showLogo = useFlag('header-logo');
  const showAvatar = useFlag('header-user-profile-image') && avatarAllowed;
  const visitorsFlag = useFlag('feat-tenant-vis-reg-to-admin-link');
  const items = useFlagsSelector((s) => menuItems(s.context.values, { canSeeAdminLink: adminAllowed, buildingCount }));
  const logo = buildingLogo ?? brandLogo;
  const atHome = useRouterState({ select: (s) => isHomeScreen(s.location.pathname) });

  const select = (item: Exclude<MenuItemName, 'kiosk'>) => {
    switch (item) {
      case 'buildings':
        return menu.send({ type: 'user.openBuildings' });
      case 'account':
        return menu.send({ type: 'user.openAccount' });
      case 'history':
        return menu.send({ type: 'user.openHistory' });
      case 'serviceRequests':
        return menu.send({ type: 'user.openServiceRequests', buildingUuid: building!.uuid });
      case 'helpDesk':
        return menu.send({ type: 'user.openHelpDesk' });
      case 'logout':
        return menu.send({ type: 'user.logout' });
      case 'admin':
        return menu.send({
          type: 'user.launchAdmin',
          admin: {
            baseUrl: adminBaseUrl,
            buildingUuid: building!.uuid,
            companyUuid: user?.company_uuid ?? null,
            visitors: adminOnVisitors(window.location.pathname, visitorsFlag),
          },
        });
    }
  };

  return (
    <Bar>
      <HomeLink
        href="/home"
        aria-label={t('header.home', { brand })}
        data-testid="home-link"
        onClick={(event) => {
          // A new tab or window (a modifier, another button) is the browser's; a plain click moves inside the app.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          menu.send({ type: 'user.goHome' });
        }}
      >
        {showLogo && logo ? <Logo src={logo} alt={brand} /> : <BrandName aria-hidden="true">{brand}</BrandName>}
      </HomeLink>
      {building ? (
        <BuildingButton
          type="button"
          title={building.name}
          atHome={atHome}
          data-testid="current-building-name"
          disabled={!items.includes('buildings')}
          aria-haspopup={items.includes('buildings') ? 'dialog' : undefined}
          onClick={() => menu.send({ type: 'user.openBuildings' })}
        >
          <Building2 size={18} aria-hidden="true" />
          <span>{building.name}</span>
          {items.includes('buildings') ? <ChevronDown size={16} aria-hidden="true" /> : null}
        </BuildingButton>
      ) : null}
      <Spacer />
      <HeaderPlaces />
      <NotificationBell />
      <MenuRoot open={open} onOpenChange={(next) => menu.send(next ? { type: 'user.openMenu' } : { type: 'user.closeMenu' })}>
        <MenuTrigger asChild>
          <AccountButton type="button" aria-label={t('header.menu')} data-testid="account-menu-trigger">
            {showAvatar ? (
              <Avatar aria-hidden="true" data-testid="avatar">
                {user?.avatar_url ? <img src={user.avatar_url} alt="" /> : <UserRound size={20} />}
              </Avatar>
            ) : null}
            <PersonName besideAvatar={showAvatar}>{user?.first_name}</PersonName>
            <ChevronDown size={16} aria-hidden="true" />
          </AccountButton>
        </MenuTrigger>
        <MenuContent
          label={t('header.menu')}
          // The switcher opens from the menu: it takes focus, not the trigger.
          onCloseAutoFocus={(event) => {
            if (menu.getSnapshot().hasTag('modal:buildingSwitcher')) event.preventDefault();
          }}
        >
          {items.map((item) =>
            item === 'kiosk' ? (
              <KioskSwitch key={item} />
            ) : (
              <Fragment key={item}>
                {item === 'logout' && items.length > 1 ? <MenuSeparator /> : null}
                <MenuItem icon={<Icon icon={ICONS[item]} size={18} />} accent={item === 'admin' ? 'admin' : undefined} onSelect={() => select(item)}>
                  {t(LABELS[item])}
                </MenuItem>
              </Fragment>
            ),
          )}
        </MenuContent>
      </MenuRoot>
      {switcherOpen ? <BuildingSwitcher /> : null}
    </Bar>
  );
}

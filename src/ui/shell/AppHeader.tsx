import { canSeeAdminLink } from '../../../machines/building/building.machine';
import { adminOnVisitors, initials, menuItems, type MenuItem } from '../../../machines/shell/headerMenu.selectors';
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
import type { MessageId } from '../../i18n/locales';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';
import { BuildingSwitcher } from './BuildingSwitcher';
import { KioskHeader } from './KioskHeader';
import { KioskSwitch } from './KioskSwitch';

// One line on every screen: the bar keeps its height whatever the building's name, so nothing below it moves.
const Bar = styled('header', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $3',
  minHeight: 64,
  backgroundColor: '$primary',
  color: '$onPrimary',
  position: 'relative',
  '@tablet': { gap: '$4', padding: '$3 $5' },
});
// Logos are drawn for light backgrounds: they sit on a white chip in the coloured bar.
const Logo = styled('img', {
  height: 32,
  maxWidth: '40vw',
  objectFit: 'contain',
  flexShrink: 0,
  display: 'block',
  backgroundColor: '#FFFFFF',
  borderRadius: '$2',
  padding: '2px 8px',
  '@tablet': { height: 36 },
});
const BrandName = styled('span', { fontWeight: 700, fontSize: '$4' });
const BuildingButton = styled('button', {
  background: 'transparent',
  border: 'none',
  color: 'inherit',
  fontSize: '$3',
  fontWeight: 600,
  cursor: 'pointer',
  padding: '$2',
  minWidth: 0,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '&:disabled': { cursor: 'default' },
});
const Spacer = styled('div', { flex: 1 });
const AccountButton = styled('button', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  background: 'transparent',
  border: 'none',
  color: 'inherit',
  cursor: 'pointer',
  padding: '$1',
  fontSize: '$2',
  flexShrink: 0,
});
// Beside the avatar, the first name shows from tablet width up: on a phone it would push the building's off the bar.
const PersonName = styled('span', { variants: { besideAvatar: { true: { display: 'none', '@tablet': { display: 'inline' } } } } });
const Avatar = styled('span', {
  width: 36,
  height: 36,
  borderRadius: '$round',
  backgroundColor: '$secondary',
  color: '$onPrimary',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  overflow: 'hidden',
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
});
const Menu = styled('ul', {
  position: 'absolute',
  right: '$5',
  top: '100%',
  marginTop: '$1',
  listStyle: 'none',
  padding: '$2 0',
  backgroundColor: '$surface',
  color: '$text',
  borderRadius: '$2',
  boxShadow: '$card',
  minWidth: 240,
  zIndex: 50,
});
const MenuButton = styled('button', {
  width: '100%',
  textAlign: 'left',
  background: 'transparent',
  border: 'none',
  padding: '$3 $4',
  fontSize: '$3',
  cursor: 'pointer',
  color: 'inherit',
  '&:hover, &:focus-visible': { backgroundColor: '$background' },
});

const LABELS: Record<Exclude<MenuItem, 'kiosk'>, MessageId> = {
  buildings: 'header.changeBuilding',
  account: 'header.account',
  history: 'header.history',
  admin: 'header.admin',
  logout: 'header.logout',
};

/** The app's header: logo, current building (opens the switcher), and the account menu; minimal in kiosk mode. */
export function AppHeader() {
  const kiosk = useKioskSelector((s) => s.hasTag('kiosk'));
  if (kiosk) return <KioskHeader />;
  return <FullHeader />;
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

  const select = (item: Exclude<MenuItem, 'kiosk'>) => {
    switch (item) {
      case 'buildings':
        return menu.send({ type: 'user.openBuildings' });
      case 'account':
        return menu.send({ type: 'user.openAccount' });
      case 'history':
        return menu.send({ type: 'user.openHistory' });
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
      {showLogo && logo ? <Logo src={logo} alt={brand} /> : <BrandName>{brand}</BrandName>}
      {building ? (
        <BuildingButton
          type="button"
          title={building.name}
          data-testid="current-building-name"
          disabled={!items.includes('buildings')}
          aria-haspopup={items.includes('buildings') ? 'dialog' : undefined}
          onClick={() => menu.send({ type: 'user.openBuildings' })}
        >
          {building.name}
        </BuildingButton>
      ) : null}
      <Spacer />
      <AccountButton
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('header.menu')}
        onClick={() => menu.send({ type: 'user.toggleMenu' })}
      >
        {showAvatar ? (
          <Avatar aria-hidden="true">
            {user?.avatar_url ? <img src={user.avatar_url} alt="" /> : initials(user?.first_name ?? '', user?.last_name ?? '')}
          </Avatar>
        ) : null}
        <PersonName besideAvatar={showAvatar}>{user?.first_name}</PersonName>
      </AccountButton>
      {open ? (
        <Menu role="menu" aria-label={t('header.menu')} onKeyDown={(e) => e.key === 'Escape' && menu.send({ type: 'user.closeMenu' })}>
          {items.map((item) =>
            item === 'kiosk' ? (
              <li key={item} role="none" style={{ padding: '8px 16px' }}>
                <KioskSwitch />
              </li>
            ) : (
              <li key={item} role="none">
                <MenuButton type="button" role="menuitem" onClick={() => select(item)}>
                  {t(LABELS[item])}
                </MenuButton>
              </li>
            ),
          )}
        </Menu>
      ) : null}
      {switcherOpen ? <BuildingSwitcher /> : null}
    </Bar>
  );
}

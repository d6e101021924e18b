import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { lobbyLogo } from '../../../machines/kiosk/kiosk.selectors';
import { useAppSelector, useSessionSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';

// The app header comes with the signed-in screens' code; the not-found page is in the first load of /login, so it
// loads it only for someone signed in (the brand bar stands in meanwhile).
const AppHeader = lazy(() => import('./AppHeader').then((m) => ({ default: m.AppHeader })));

const Bar = styled('header', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  minHeight: 64,
  padding: '$2 $4',
  backgroundColor: '$primary',
  color: '$onPrimary',
});
const HomeLink = styled(Link, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  color: 'inherit',
  textDecoration: 'none',
  fontWeight: 700,
  fontSize: '$4',
  borderRadius: '$2',
  '&:focus-visible': { outline: '3px solid $colors$onPrimary', outlineOffset: 2 },
});
const Logo = styled('img', { display: 'block', height: 36, maxWidth: '60vw', objectFit: 'contain' });

/** The brand bar of pages shown to someone not signed in: the brand's logo (drawn for the bar's colour) or its name. */
function BrandBar() {
  const t = useT();
  const name = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  const logoUrl = useAppSelector((s) => s.context.whitelabel?.logoUrl ?? null);
  const logoDarkUrl = useAppSelector((s) => s.context.whitelabel?.logoDarkUrl ?? null);
  const logo = lobbyLogo({ logoUrl, logoDarkUrl }, null);
  return (
    <Bar data-testid="brand-header">
      <HomeLink to="/" aria-label={t('shell.header.home', { brand: name })}>
        {logo ? <Logo src={logo} alt="" /> : null}
        {logo ? null : <span>{name}</span>}
      </HomeLink>
    </Bar>
  );
}

/**
 * The header of every page outside the signed-in screens (not found, maintenance, mobile only, sign-in required):
 * the app header for someone signed in (the kiosk header in kiosk mode), else the brand bar.
 */
export function ShellHeader() {
  const signedIn = useSessionSelector((s) => !!s.context.user);
  return signedIn ? (
    <Suspense fallback={<BrandBar />}>
      <AppHeader />
    </Suspense>
  ) : (
    <BrandBar />
  );
}

/**
 * The way back from a shell page: to `from` when the page was asked from another one, else home for someone signed
 * in and the sign-in page for anyone else.
 */
export function WayBack({ from }: { from?: string | null }) {
  const t = useT();
  const signedIn = useSessionSelector((s) => !!s.context.user);
  if (from) return <Link to={from}>{t('shell.back')}</Link>;
  return signedIn ? <Link to="/home">{t('errors.goHome')}</Link> : <Link to="/login">{t('shell.goToSignIn')}</Link>;
}

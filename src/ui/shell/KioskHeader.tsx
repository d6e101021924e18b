import { Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { isLobby, lobbyLogo } from '../../../machines/kiosk/kiosk.selectors';
import { useAppSelector, useBuildingSelector, useKioskRef, useKioskSelector } from '../appContext';
import { formatTime } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';
import { AreaMessages } from '../../i18n/AreaMessages';
import { KioskExitDialog } from './KioskExitDialog';

const Bar = styled('header', {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  minHeight: 80,
  padding: '$3 $4',
  '@tablet': { minHeight: 96, padding: '$4 $5' },
  backgroundColor: '$primary',
  color: '$onPrimary',
});
const Brand = styled('div', { display: 'flex', alignItems: 'center', gap: '$4', minWidth: 0 });
// The bar's text colour contrasts with the brand colour by construction: the fallback name is written in it.
const BrandName = styled('span', { fontWeight: 700, fontSize: '$6', color: '$onPrimary' });
const Logo = styled('img', {
  display: 'block',
  height: 44,
  maxWidth: '50vw',
  objectFit: 'contain',
  objectPosition: 'left center',
  '@tablet': { height: 56, maxWidth: 320 },
});
// On a phone-sized screen the hero just below names the building; the bar keeps the logo and the time.
const Building = styled('span', {
  display: 'none',
  fontSize: '$4',
  fontWeight: 600,
  minWidth: 0,
  overflowWrap: 'anywhere',
  '@tablet': { display: 'inline' },
});
const Clock = styled('time', {
  fontSize: '$5',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '@tablet': { fontSize: '$6' },
});
/** Covers the whole header and looks like nothing, yet is a real button: focusable, named, and outlined on focus. */
const ExitButton = styled('button', {
  position: 'absolute',
  inset: 0,
  width: '100%',
  appearance: 'none',
  border: 0,
  padding: 0,
  margin: 0,
  background: 'transparent',
  cursor: 'pointer',
  '&:focus-visible': { outline: '3px solid $colors$onPrimary', outlineOffset: '-6px' },
});
const VisuallyHidden = styled('span', {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** The time now, again every 15 seconds (a lobby clock need not tick by the second). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What counts as someone using the lobby screen: a touch, a click, a key, a wheel turn. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/**
 * At most one activity report a second while the kiosk counts (it only needs to know the count starts again); the first
 * input on a screen that was reset always goes through.
 */
const ACTIVITY_EVERY_MS = 1000;

/** Tells the kiosk whenever someone uses the screen, so its idle count starts again (issue 23). */
function useActivityReports(kiosk: ReturnType<typeof useKioskRef>, on: boolean) {
  useEffect(() => {
    if (!on) return;
    let last = -Infinity;
    const report = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_EVERY_MS && kiosk.getSnapshot().hasTag('idleWatching')) return;
      last = now;
      kiosk.send({ type: 'user.activity' });
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, report, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, report, options);
    };
  }, [kiosk, on]);
}

/**
 * The header of kiosk (lobby) mode: the brand's logo drawn for the bar's colour (or its name), the building and the
 * time there in the locale's clock; nothing of the person signed in. Where leaving is allowed, a tap anywhere on it
 * asks for the signed-in person's password before kiosk mode ends (decision 146).
 */
export function KioskHeader() {
  const t = useT();
  const kiosk = useKioskRef();
  const on = useKioskSelector(isLobby);
  const canExit = useKioskSelector((s) => s.can({ type: 'user.tapToExit' }));
  const asking = useKioskSelector((s) => s.hasTag('exitAsked'));
  const name = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  const brandLogo = useAppSelector((s) => s.context.whitelabel?.logoUrl ?? null);
  const brandDarkLogo = useAppSelector((s) => s.context.whitelabel?.logoDarkUrl ?? null);
  const onPrimary = useBuildingSelector((s) => s.context.theme?.primary_font_color ?? null);
  const building = useBuildingSelector((s) => s.context.current);
  useActivityReports(kiosk, on);
  if (!on) return null;
  const logo = lobbyLogo({ logoUrl: brandLogo, logoDarkUrl: brandDarkLogo }, onPrimary);
  return (
    <Bar data-testid="kiosk-header">
      <Brand>
        {logo ? <Logo src={logo} alt={name} data-testid="kiosk-logo" /> : <BrandName data-testid="brand">{name}</BrandName>}
        {building ? <Building data-testid="kiosk-building">{building.name}</Building> : null}
      </Brand>
      {building?.timezone ? <LobbyClock timeZone={building.timezone} /> : null}
      {canExit ? (
        <ExitButton type="button" onClick={() => kiosk.send({ type: 'user.tapToExit' })}>
          <VisuallyHidden>{t('kiosk.exit')}</VisuallyHidden>
        </ExitButton>
      ) : null}
      {asking ? (
        // The dialog's texts are the header's (the shell area), not the first load's.
        <Suspense fallback={null}>
          <AreaMessages areas={['shell']}>
            <KioskExitDialog />
          </AreaMessages>
        </Suspense>
      ) : null}
    </Bar>
  );
}

/** The building's local time in the interface language's clock (24-hour in French, 12-hour in American English). */
function LobbyClock({ timeZone }: { timeZone: string }) {
  const { locale } = useIntl();
  const now = useNow();
  return (
    <Clock dateTime={now.toISOString()} data-testid="kiosk-clock">
      {formatTime(now, locale, timeZone, { zoneName: false })}
    </Clock>
  );
}

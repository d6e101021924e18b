import { useAppSelector, useKioskRef, useKioskSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';

const Bar = styled('header', {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 96,
  padding: '$5',
  backgroundColor: '$primary',
  color: '$onPrimary',
});
const BrandName = styled('span', { fontWeight: 700, fontSize: '$6' });
const Logo = styled('img', { maxHeight: 64, maxWidth: '60%', objectFit: 'contain' });
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

/** The minimal header of kiosk mode: the brand only, large; a tap anywhere on it leaves kiosk mode when allowed. */
export function KioskHeader() {
  const t = useT();
  const kiosk = useKioskRef();
  const on = useKioskSelector((s) => s.hasTag('kiosk'));
  const canExit = useKioskSelector((s) => s.can({ type: 'user.tapToExit' }));
  const name = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  const logoUrl = useAppSelector((s) => s.context.whitelabel?.logoUrl ?? null);
  if (!on) return null;
  return (
    <Bar data-testid="kiosk-header">
      {logoUrl ? <Logo src={logoUrl} alt={name} /> : <BrandName data-testid="brand">{name}</BrandName>}
      {canExit ? (
        <ExitButton type="button" onClick={() => kiosk.send({ type: 'user.tapToExit' })}>
          <VisuallyHidden>{t('kiosk.exit')}</VisuallyHidden>
        </ExitButton>
      ) : null}
    </Bar>
  );
}

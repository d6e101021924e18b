import { useKioskRef, useKioskSelector } from '../../app/AppActorContext';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';

const Row = styled('button', {
  appearance: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  width: '100%',
  minHeight: 44,
  padding: '$2 $3',
  border: 0,
  background: 'transparent',
  color: '$text',
  fontSize: '$3',
  textAlign: 'start',
  cursor: 'pointer',
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
});
const Track = styled('span', {
  position: 'relative',
  flexShrink: 0,
  width: 40,
  height: 24,
  borderRadius: '$round',
  backgroundColor: '$border',
  transition: 'background-color 120ms',
  '[aria-checked="true"] > &': { backgroundColor: '$primary' },
});
const Thumb = styled('span', {
  position: 'absolute',
  top: 2,
  left: 2,
  width: 20,
  height: 20,
  borderRadius: '$round',
  backgroundColor: '$surface',
  transition: 'transform 120ms',
  '[aria-checked="true"] > * > &': { transform: 'translateX(16px)' },
});

/** The header menu's kiosk switch: turns kiosk mode on or off. */
export function KioskSwitch() {
  const t = useT();
  const kiosk = useKioskRef();
  const on = useKioskSelector((s) => s.hasTag('kiosk'));
  const canToggle = useKioskSelector((s) => s.can(on ? { type: 'kiosk.disable' } : { type: 'kiosk.enable' }));
  return (
    <Row type="button" role="switch" aria-checked={on} disabled={!canToggle} onClick={() => kiosk.send(on ? { type: 'kiosk.disable' } : { type: 'kiosk.enable' })}>
      <span>{t('kiosk.switch')}</span>
      <Track aria-hidden="true">
        <Thumb />
      </Track>
    </Row>
  );
}

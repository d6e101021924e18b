import { useKioskRef, useKioskSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { Switch } from '../kit/Switch';

/** The header menu's kiosk switch: turns kiosk mode on or off. */
export function KioskSwitch() {
  const t = useT();
  const kiosk = useKioskRef();
  const on = useKioskSelector((s) => s.hasTag('kiosk'));
  const canToggle = useKioskSelector((s) => s.can(on ? { type: 'kiosk.disable' } : { type: 'kiosk.enable' }));
  return (
    <Switch
      label={t('kiosk.switch')}
      checked={on}
      disabled={!canToggle}
      onToggle={() => kiosk.send(on ? { type: 'kiosk.disable' } : { type: 'kiosk.enable' })}
    />
  );
}

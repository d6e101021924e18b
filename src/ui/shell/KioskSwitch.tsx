import { useKioskRef, useKioskSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { MenuSwitchItem } from '../kit/Menu';

/** The header menu's kiosk switch (a menu item that is on or off): turns kiosk mode on or off. */
export function KioskSwitch() {
  const t = useT();
  const kiosk = useKioskRef();
  const on = useKioskSelector((s) => s.hasTag('kiosk'));
  const canToggle = useKioskSelector((s) => s.can(on ? { type: 'kiosk.disable' } : { type: 'kiosk.enable' }));
  return (
    <MenuSwitchItem checked={on} disabled={!canToggle} onToggle={() => kiosk.send(on ? { type: 'kiosk.disable' } : { type: 'kiosk.enable' })}>
      {t('kiosk.switch')}
    </MenuSwitchItem>
  );
}

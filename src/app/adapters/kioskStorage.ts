/** Kiosk mode is kept for the tab's life under the specification's session-storage key. */
export const KIOSK_ENABLED_KEY = 'KIOSK_ENABLED';

const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export function persistedKioskEnabled(): boolean {
  try {
    return storage()?.getItem(KIOSK_ENABLED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function persistKioskEnabled(enabled: boolean) {
  try {
    if (enabled) storage()?.setItem(KIOSK_ENABLED_KEY, 'true');
    else storage()?.removeItem(KIOSK_ENABLED_KEY);
  } catch {
    /* storage blocked (some web views): kiosk mode then lasts until the page reloads */
  }
}

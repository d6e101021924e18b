import type { ColorSchemePreference } from '../../../machines/appearance/colorScheme.machine';

const KEY = 'colorScheme';

/** The choice on the page: the root element's data-color-scheme; without it the style sheet follows the device. */
export function showColorScheme(preference: ColorSchemePreference) {
  if (typeof document === 'undefined') return;
  if (preference === 'system') delete document.documentElement.dataset.colorScheme;
  else document.documentElement.dataset.colorScheme = preference;
}

/**
 * The colour scheme setting, under its own local-storage key: a choice of this device, kept across sign-outs (the
 * specification's keys hold the person's data and are cleared with it).
 */
export function persistedColorScheme(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function persistColorScheme(preference: ColorSchemePreference) {
  try {
    if (preference === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, preference);
  } catch {
    /* storage blocked: the choice lasts for this visit */
  }
}

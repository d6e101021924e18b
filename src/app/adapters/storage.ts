import type { PersistedAuth } from '../../../machines/session/session.types';
import type { PendingSso } from '../../../machines/auth/authFlow.types';
import type { AnalyticsConsent } from '../../../machines/analytics/analyticsConsent.machine';
import { HOME_BUILDING_COOKIE } from '../../../contracts/boot';

/**
 * What the app keeps in the browser, under the specification's keys: `root` (auth, farm and analytics consent), `buildings`
 * (current building), `languages` (current language), `theme` (building theme). Pending SSO details live in
 * session storage, so they end with the tab.
 */
export const STORAGE_KEYS = { root: 'root', buildings: 'buildings', languages: 'languages', theme: 'theme' } as const;
export const PENDING_SSO_KEY = 'pendingSso';

interface RootState {
  auth?: PersistedAuth | null;
  farm?: { uuid: string; description: string; url: string } | null;
  /** The analytics consent (decision 24): kept inside `root`, the specification's persisted keys stay as they are. */
  analytics?: { consent: AnalyticsConsent } | null;
}

function read<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: unknown) {
  try {
    if (value === null || value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked (private mode, some web views): the app keeps working without it */
  }
}

const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export const persistedAuth = () => read<RootState>(local(), STORAGE_KEYS.root)?.auth ?? null;
export function persistAuth(auth: PersistedAuth | null) {
  const root = read<RootState>(local(), STORAGE_KEYS.root) ?? {};
  write(local(), STORAGE_KEYS.root, { ...root, auth });
}

export const persistedAnalyticsConsent = (): AnalyticsConsent => read<RootState>(local(), STORAGE_KEYS.root)?.analytics?.consent ?? null;
export function persistAnalyticsConsent(consent: AnalyticsConsent) {
  const root = read<RootState>(local(), STORAGE_KEYS.root) ?? {};
  write(local(), STORAGE_KEYS.root, { ...root, analytics: consent ? { consent } : null });
}

export const persistedFarm = () => read<RootState>(local(), STORAGE_KEYS.root)?.farm ?? null;
/** The farm in use (null: the default API), at root beside auth. */
export function persistFarm(farm: RootState['farm']) {
  const root = read<RootState>(local(), STORAGE_KEYS.root) ?? {};
  write(local(), STORAGE_KEYS.root, { ...root, farm: farm ?? null });
}

/** The current building (key `buildings`) and its theme (key `theme`), so a reload comes back to them. */
export const persistedBuildingUuid = () => read<{ current: string | null }>(local(), STORAGE_KEYS.buildings)?.current ?? null;
export const persistBuilding = (uuid: string | null) => {
  write(local(), STORAGE_KEYS.buildings, uuid ? { current: uuid } : null);
  rememberHomeBuilding(uuid);
};

/**
 * The building in a cookie too, so the server can paint its hero in the next page before the app runs (decision
 * 059). A building id is no secret and opens nothing; the cookie goes with sign-out.
 */
function rememberHomeBuilding(uuid: string | null) {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = uuid
    ? `${HOME_BUILDING_COOKIE}=${encodeURIComponent(uuid)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${HOME_BUILDING_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
export const persistedTheme = <T>() => read<T>(local(), STORAGE_KEYS.theme);
export const persistTheme = (theme: unknown) => write(local(), STORAGE_KEYS.theme, theme ?? null);

export const persistedLanguage = () => read<string>(local(), STORAGE_KEYS.languages);
export const persistLanguage = (code: string | null) => write(local(), STORAGE_KEYS.languages, code);

export const pendingSso = () => read<PendingSso>(session(), PENDING_SSO_KEY);
export const setPendingSso = (value: PendingSso | null) => write(session(), PENDING_SSO_KEY, value);

/** Everything the signed-in user had: building, theme, single-sign-on details (auth is cleared by the session). */
export function clearUserState() {
  write(local(), STORAGE_KEYS.buildings, null);
  write(local(), STORAGE_KEYS.theme, null);
  setPendingSso(null);
}

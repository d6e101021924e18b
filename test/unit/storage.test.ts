import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearUserState,
  pendingSso,
  persistAnalyticsConsent,
  persistAuth,
  persistBuilding,
  persistedAuth,
  persistedBuildingUuid,
  persistedFarm,
  persistedLanguage,
  persistedTheme,
  persistFarm,
  persistLanguage,
  persistTheme,
  setPendingSso,
} from '../../src/app/adapters/storage';
import { emailRecord, makePersisted } from '../fixtures/people';
import { makeTheme } from '../fixtures/buildings';

/**
 * What the app keeps in the browser (access document, section 3): the current building, the current language and the
 * building theme, with auth and the farm at root, under the keys buildings, languages, theme and root; the pending
 * single-sign-on details in session storage (decision 005).
 */
const keysOf = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i)!).sort();
const stored = (storage: Storage, key: string) => JSON.parse(storage.getItem(key) ?? 'null') as unknown;

const FARM = { uuid: 'farm-eu', description: 'Europe', url: 'https://eu.api.test' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the storage adapter', () => {
  it('writes only the keys buildings, languages, theme and root, each holding its part', () => {
    const auth = makePersisted();
    const theme = makeTheme({ home_header_image_url: '/media/b-2.svg' });
    persistAuth(auth);
    persistFarm(FARM);
    persistAnalyticsConsent('granted');
    persistBuilding('b-2');
    persistTheme(theme);
    persistLanguage('fr');

    expect(keysOf(localStorage)).toEqual(['buildings', 'languages', 'root', 'theme']);
    expect(stored(localStorage, 'root')).toEqual({ auth, farm: FARM, analytics: { consent: 'granted' } });
    expect(stored(localStorage, 'buildings')).toEqual({ current: 'b-2' });
    expect(stored(localStorage, 'theme')).toEqual(theme);
    expect(stored(localStorage, 'languages')).toBe('fr');
    expect(keysOf(sessionStorage)).toEqual([]);

    // Read back as written.
    expect(persistedAuth()).toEqual(auth);
    expect(persistedFarm()).toEqual(FARM);
    expect(persistedBuildingUuid()).toBe('b-2');
    expect(persistedTheme()).toEqual(theme);
    expect(persistedLanguage()).toBe('fr');
  });

  it('keeps auth and the farm side by side at root: writing one leaves the other', () => {
    const auth = makePersisted();
    persistFarm(FARM);
    persistAuth(auth);
    persistAuth(null);
    expect(stored(localStorage, 'root')).toEqual({ auth: null, farm: FARM });
    expect(keysOf(localStorage)).toEqual(['root']);
  });

  it('keeps the pending single sign-on details in session storage only, and clears them with the person’s building and theme', () => {
    const pending = { email: 'ada@acme.test', method: 'provider' as const, record: emailRecord({ sso_mode: 'optional' }) };
    setPendingSso(pending);
    expect(keysOf(sessionStorage)).toEqual(['pendingSso']);
    expect(stored(sessionStorage, 'pendingSso')).toEqual(pending);
    expect(keysOf(localStorage)).toEqual([]);
    expect(pendingSso()).toEqual(pending);

    persistAuth(makePersisted());
    persistBuilding('b-2');
    persistTheme(makeTheme());
    persistLanguage('fr');
    clearUserState();
    expect(keysOf(sessionStorage)).toEqual([]);
    expect(pendingSso()).toBeNull();
    // Auth is the session's to clear; the language stays with the device.
    expect(keysOf(localStorage)).toEqual(['languages', 'root']);
  });
});

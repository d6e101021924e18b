import type { MiniAppRegistration } from '../../contracts/runtimeConfig.js';
import type { RegisteredMiniApp } from '../stores/miniApps.js';

/*
 * Issue 23, part B's minimum so the bridge has a registry to read: part A owns the registry (table mini_apps with
 * uuid, origins, scopes, frame_allow, frame_sandbox; `npm run miniapps -- add`). Until that is merged, the rows' other
 * fields are derived here: the demo mini-apps' uuids and scopes from the contract, the origin from the base URL.
 */

/** The mini-apps' own origin: `apps.<the app's host>` on the app's port (as the card frame's `cards.<host>`). */
export function defaultMiniAppOrigin(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  const isAddress = /^[\d.]+$/.test(url.hostname) || url.hostname.includes(':') || url.hostname.startsWith('[');
  url.hostname = isAddress ? 'apps.localhost' : `apps.${url.hostname}`;
  return url.origin;
}

export const DEFAULT_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin allow-popups';

/** The demo registrations of the contract, by the base URL's path. */
const DEMO = {
  '/mfe-visitors/': { uuid: '3f6d2a7e-5b1c-4c8e-9a40-1d7e0c5b9a01', scopes: ['user', 'buildings', 'token', 'storage', 'visits'] },
  '/mfe-survey/': { uuid: '3f6d2a7e-5b1c-4c8e-9a40-1d7e0c5b9a02', scopes: ['user', 'token'] },
  '/mfe-bridge-test/': {
    uuid: '3f6d2a7e-5b1c-4c8e-9a40-1d7e0c5b9a03',
    scopes: ['user', 'buildings', 'token', 'storage', 'payments', 'session', 'visits'],
  },
} as const;

/** The bridge-test mini-app's registration (development and tests only): every scope, on the mini-apps' origin. */
export const BRIDGE_TEST_APP = { name: 'Bridge test', path: '/mfe-bridge-test/', ...DEMO['/mfe-bridge-test/'] };
/** The same page registered with the user scope alone (browser tests of ACCESS_DENIED). */
export const BRIDGE_TEST_LIMITED_APP = {
  name: 'Bridge test (user only)',
  path: '/mfe-bridge-test/limited/',
  uuid: '3f6d2a7e-5b1c-4c8e-9a40-1d7e0c5b9a04',
  scopes: ['user'],
};

export function miniAppRegistry(rows: RegisteredMiniApp[], options: { publicOrigin: string; miniAppOrigin: string; production: boolean }) {
  const entries: MiniAppRegistration[] = rows.map((row, i) => {
    const url = new URL(row.baseUrl, options.publicOrigin);
    const demo = Object.hasOwn(DEMO, url.pathname) ? DEMO[url.pathname as keyof typeof DEMO] : null;
    return {
      uuid: demo?.uuid ?? `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      name: row.name,
      baseUrl: row.baseUrl,
      origins: [url.origin],
      scopes: demo ? [...demo.scopes] : [],
      allow: '',
      sandbox: DEFAULT_FRAME_SANDBOX,
    };
  });
  // The narrower registration first: a link is the first registration it is under.
  if (!options.production)
    for (const test of [BRIDGE_TEST_LIMITED_APP, BRIDGE_TEST_APP])
      entries.push({
        uuid: test.uuid,
        name: test.name,
        baseUrl: `${options.miniAppOrigin}${test.path}`,
        origins: [options.miniAppOrigin],
        scopes: [...test.scopes],
        allow: '',
        sandbox: DEFAULT_FRAME_SANDBOX,
      });
  return entries;
}

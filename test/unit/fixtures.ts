import type { LoginPayload, PersistedAuth, SessionUser } from '../../machines/session/session.types';
import type { Building, BuildingTheme } from '../../machines/building/building.machine';

/** A promise the test settles by hand, to hold an actor in a loading state. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks (and actors reacting to them) run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    uuid: 'user-1',
    id: 1,
    email: 'ada@acme.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    avatar_url: null,
    default_building_uuid: 'b-2',
    company_uuid: 'c-1',
    company_name: 'Acme',
    locale: 'en',
    confirmed: true,
    email_accepted: false,
    terms_accepted: true,
    admin: false,
    roles: [{ name: 'tenant' }],
    hqo: false,
    signup_app_brand: null,
    deactivated: false,
    created_by: 'user',
    portfolio_uuid: null,
    updated_at: '2026-01-05T09:30:00.000000Z',
    ...overrides,
  };
}

export function makeLoginPayload(overrides: Partial<LoginPayload> = {}): LoginPayload {
  return {
    user: makeUser(),
    token: 'access-1',
    expires_in: 900,
    refresh_token: { token: 'refresh-1', expires_in: 86_400 },
    ...overrides,
  };
}

export function makePersisted(overrides: Partial<PersistedAuth> = {}): PersistedAuth {
  const now = nowSeconds();
  return {
    token: 'stored-access',
    tokenExpiresAt: now + 600,
    refreshToken: { token: 'stored-refresh', expiresAt: now + 86_400 },
    user: makeUser(),
    ...overrides,
  };
}

export function makeBuilding(uuid: string, overrides: Partial<Building> = {}): Building {
  return {
    uuid,
    name: `Building ${uuid}`,
    image_url: null,
    address_1: `${uuid} Main Street`,
    timezone: 'Europe/London',
    locale: 'en',
    portfolio_uuid: 'p-1',
    asset_uuid: `asset-${uuid}`,
    ...overrides,
  };
}

export function makeTheme(overrides: Partial<BuildingTheme> = {}): BuildingTheme {
  return {
    primary_color: '#112233',
    secondary_color: '#445566',
    primary_font_color: '#000000',
    font: 'Inter',
    home_header_image_url: null,
    building_logo_url: null,
    display_portfolio_logo: false,
    portfolio_logo_url: null,
    ...overrides,
  };
}

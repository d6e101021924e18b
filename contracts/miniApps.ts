/**
 * The mini-app contract the app's bridge and the reference server share (issue 23): the closed list of scopes a
 * registration may grant, the bridge actions each one opens, and the actions every registered mini-app may call.
 */
export const MINI_APP_SCOPES = ['user', 'buildings', 'token', 'storage', 'payments', 'session', 'visits'] as const;

export type MiniAppScope = (typeof MINI_APP_SCOPES)[number];

/** Bridge actions any registered mini-app may call, whatever it was granted. */
export const ALWAYS_ALLOWED_ACTIONS = ['init', 'getHostInfo', 'getTheme', 'getBrand', 'getKioskEnabled', 'closeWebView'] as const;

/** The bridge actions a scope opens (`visits` opens none: the visits API accepts a token carrying it). */
export const SCOPE_ACTIONS: Record<MiniAppScope, readonly string[]> = {
  user: ['getUser'],
  buildings: ['getBuilding', 'getBuildings'],
  token: ['getJWT'],
  storage: ['setStorage', 'getStorage'],
  payments: ['getPaymentMethods', 'tokenizeCard', 'showNativePayment', 'hideNativePayments'],
  session: ['logout', 'refreshToken'],
  visits: [],
};

export const isMiniAppScope = (value: string): value is MiniAppScope => (MINI_APP_SCOPES as readonly string[]).includes(value);

/** The frame sandbox a registration gets unless it names another. */
export const DEFAULT_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin allow-popups';

/** The limits of a mini-app's storage, per person, building and mini-app. */
export const MINI_APP_STORAGE = { maxKeyLength: 128, maxValueBytes: 8 * 1024, maxKeys: 100 } as const;

/** Seconds a mini-app token lives (at most five minutes). */
export const MINI_APP_TOKEN_TTL = 300;

/** A mini-app token's audience: `miniapp:<appUuid>`. */
export const miniAppAudience = (appUuid: string) => `miniapp:${appUuid}`;

/**
 * A registered mini-app (issue 23's contract; the server's registry, table mini_apps): the only frames the bridge
 * answers, at exactly these origins, for the actions these scopes allow.
 */
export interface MiniAppRegistration {
  uuid: string;
  name: string;
  /** Absolute URL, or a path on the app's origin. */
  baseUrl: string;
  /** The exact origins allowed to talk to the bridge. */
  origins: string[];
  scopes: string[];
  /** The frame's `allow` attribute. */
  allow: string;
  /** The frame's `sandbox` attribute. */
  sandbox: string;
}

/**
 * A brand's own legal links (access document section 2: "one brand has extra request-data and own legal links"):
 * its privacy notice and terms in place of the deployment's, and where a person asks for their data.
 */
/** A third-party widget's page and the title its frame is announced by (decision 203). */
export interface EmbeddedWidget {
  url: string;
  title: string;
}

export interface BrandLegalLinks {
  privacyPolicyUrl: string;
  termsUrl: string;
  requestDataUrl: string;
}

/**
 * The runtime configuration the server serves at /config.json (server/routes/runtimeConfig.ts): what differs
 * between deployments, so one build serves them all.
 */
export interface RuntimeConfig {
  apiBase: string;
  supportEmail: string;
  privacyPolicyUrl: string;
  eulaUrl: string;
  adminBaseUrl: string;
  serviceBookingUrl: string | null;
  samlResponseUrl: string | null;
  safetyServicesUrl: string | null;
  cardProviderKey: string | null;
  /** The card frame's own origin: the page frames the card fields from there (decision 120). */
  cardFrameOrigin: string;
  sentryDsn: string | null;
  analyticsTagUrl: string | null;
  farmListUrl: string;
  farmListKey: string | null;
  apiKey: string | null;
  /**
   * Base URLs of the registered mini-apps and surveys (relative ones are on the app's origin): only links under
   * them are framed and get the person's parameters, token among them.
   */
  miniAppUrls: string[];
  /** The registered name of each of those mini-apps, by its base URL: the title of the frame it opens in. */
  miniAppNames: Record<string, string>;
  /** The registry of mini-apps (issue 23): `miniAppUrls` and `miniAppNames` are derived from it. */
  miniApps: MiniAppRegistration[];
  /** The mobile app in Apple's App Store and in Google Play: where native-only actions send a browser (decision 081). */
  iosAppUrl: string;
  androidAppUrl: string;
  /**
   * Origins of pages that may frame the app (the server's FRAME_ANCESTORS): the only parents a web view's messages (the
   * card form's, closeWebView) are posted to, each at its own origin (src/bridge/nativeHost.ts).
   */
  embedderOrigins: string[];
  /** Brands with legal links of their own, by brand identifier (BRAND_LEGAL_LINKS; decision 198). */
  brandLegalLinks: Record<string, BrandLegalLinks>;
  /**
   * A third-party widget the home embeds while the flag embedded-third-party-widget is on (EMBEDDED_WIDGET_URL and
   * EMBEDDED_WIDGET_TITLE; decision 203): null when the deployment names none.
   */
  embeddedWidget: EmbeddedWidget | null;
  /** Seconds without input after which a lobby (kiosk) screen goes home and starts again (KIOSK_IDLE_SECONDS, default 90). */
  kioskIdleSeconds: number;
  /** The parking site and the facility app of the brand's utility shortcuts (PARKING_URL, FACILITY_APP_URL; machines/shell/utilityShortcuts.ts). */
  parkingUrl: string | null;
  facilityAppUrl: string | null;
  /** Buildings that show the live-work (residential) interface (LIVE_WORK_BUILDINGS; machines/home/liveWork.ts). */
  liveWorkBuildings: string[];
}

/** Demo store links, for a deployment that sets none (IOS_APP_URL, ANDROID_APP_URL). */
export const DEMO_IOS_APP_URL = 'https://apps.apple.com/app/atrium-workplace/id6450000000';
export const DEMO_ANDROID_APP_URL = 'https://play.google.com/store/apps/details?id=com.atrium.tenant';

/** Used when /config.json cannot be read (the app still works against the same origin's API). */
export const FALLBACK_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  supportEmail: 'help@atrium.localhost',
  privacyPolicyUrl: '/legal/privacy.html',
  eulaUrl: '/legal/terms.html',
  adminBaseUrl: '/admin',
  serviceBookingUrl: null,
  samlResponseUrl: null,
  safetyServicesUrl: null,
  cardProviderKey: null,
  cardFrameOrigin: '',
  sentryDsn: null,
  analyticsTagUrl: null,
  farmListUrl: '/api/farms',
  farmListKey: null,
  apiKey: null,
  miniAppUrls: [],
  miniAppNames: {},
  miniApps: [],
  iosAppUrl: DEMO_IOS_APP_URL,
  androidAppUrl: DEMO_ANDROID_APP_URL,
  embedderOrigins: [],
  brandLegalLinks: {},
  embeddedWidget: null,
  kioskIdleSeconds: 90,
  liveWorkBuildings: [],
  parkingUrl: null,
  facilityAppUrl: null,
};

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
}

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
  sentryDsn: null,
  analyticsTagUrl: null,
  farmListUrl: '/api/farms',
  farmListKey: null,
  apiKey: null,
  miniAppUrls: [],
};

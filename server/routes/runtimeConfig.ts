import type { Api } from '../lib/typedRoutes.js';
import type { ServerConfig } from '../config.js';
import {
  DEMO_ANDROID_APP_URL,
  DEMO_IOS_APP_URL,
  type BrandLegalLinks,
  type EmbeddedWidget,
  type RuntimeConfig,
} from '../../contracts/runtimeConfig.js';
import type { RegisteredMiniApp } from '../stores/miniApps.js';

/**
 * The app's runtime configuration (its shape is the shared contract in contracts/runtimeConfig.ts), served beside the app
 * so one build serves every deployment and brand.
 */
export function runtimeConfigFrom(config: ServerConfig, env: NodeJS.ProcessEnv = process.env, miniApps: RegisteredMiniApp[] = []): RuntimeConfig {
  const value = (name: string) => env[name] || null;
  return {
    apiBase: env.CLIENT_API_BASE || config.apiBase,
    supportEmail: env.SUPPORT_EMAIL || 'help@atrium.localhost',
    privacyPolicyUrl: env.PRIVACY_POLICY_URL || '/legal/privacy.html',
    eulaUrl: env.EULA_URL || '/legal/terms.html',
    adminBaseUrl: env.ADMIN_BASE_URL || `${config.publicOrigin}/admin`,
    // The demo's sites stand in until a deployment names its own (the utility shortcuts; decision 196).
    serviceBookingUrl: env.SERVICE_BOOKING_URL || 'https://booking.example.com',
    samlResponseUrl: value('SAML_RESPONSE_URL'),
    safetyServicesUrl: value('SAFETY_SERVICES_URL'),
    cardProviderKey: value('CARD_PROVIDER_KEY'),
    cardFrameOrigin: config.cardFrameOrigin,
    sentryDsn: value('SENTRY_DSN'),
    analyticsTagUrl: value('ANALYTICS_TAG_URL'),
    farmListUrl: env.FARM_LIST_URL || `${config.apiBase}/farms`,
    farmListKey: value('FARM_LIST_KEY'),
    apiKey: config.apiKey || null,
    miniAppUrls: miniApps.map((m) => m.baseUrl),
    miniAppNames: Object.fromEntries(miniApps.map((m) => [m.baseUrl, m.name])),
    miniApps: miniApps.map((m) => ({
      uuid: m.uuid,
      name: m.name,
      baseUrl: m.baseUrl,
      origins: m.origins,
      scopes: m.scopes,
      allow: m.allow,
      sandbox: m.sandbox,
    })),
    iosAppUrl: env.IOS_APP_URL || DEMO_IOS_APP_URL,
    androidAppUrl: env.ANDROID_APP_URL || DEMO_ANDROID_APP_URL,
    embedderOrigins: config.frameAncestors,
    kioskIdleSeconds: kioskIdleSeconds(env.KIOSK_IDLE_SECONDS),
    parkingUrl: env.PARKING_URL || 'https://parking.example.com',
    facilityAppUrl: env.FACILITY_APP_URL || 'https://facility.example.com',
    liveWorkBuildings: (env.LIVE_WORK_BUILDINGS ?? '').split(/[\s,]+/).filter((uuid) => /^[0-9a-f-]{36}$/i.test(uuid)),
    brandLegalLinks: brandLegalLinks(env.BRAND_LEGAL_LINKS),
    embeddedWidget: embeddedWidget(env.EMBEDDED_WIDGET_URL, env.EMBEDDED_WIDGET_TITLE),
  };
}

/**
 * EMBEDDED_WIDGET_URL (an absolute http(s) address, or a path of this site) and EMBEDDED_WIDGET_TITLE (what its frame is
 * announced by; "Building widget" when not given): the third-party widget the home embeds while its flag is on
 * (decision 203). Anything else in the address is refused at start, not served half-read.
 */
export function embeddedWidget(url: string | undefined, title: string | undefined): EmbeddedWidget | null {
  if (!url) return null;
  const fine = url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\/[^\s/]/i.test(url);
  if (!fine || /\s/.test(url)) throw new Error(`EMBEDDED_WIDGET_URL must be an http(s) address or a path of this site: ${url}`);
  return { url, title: title?.trim().slice(0, 80) || 'Building widget' };
}

/**
 * The brand with its own legal links: the seeded second brand, harbor (docs/decisions/198-brand-legal-links.md). Its
 * pages are the demo's (public/legal/); a deployment names its own brands and addresses in BRAND_LEGAL_LINKS.
 */
export const DEFAULT_BRAND_LEGAL_LINKS: Record<string, BrandLegalLinks> = {
  harbor: {
    privacyPolicyUrl: '/legal/harbor-privacy.html',
    termsUrl: '/legal/harbor-terms.html',
    requestDataUrl: 'mailto:privacy@harbor.localhost?subject=Request%20my%20data',
  },
};

/**
 * BRAND_LEGAL_LINKS: JSON `{ "<brand>": { privacyPolicyUrl, termsUrl, requestDataUrl } }`. A value that is not
 * that shape (each link an http(s) address, a path or a mailto:) is refused at start, not served half-read.
 */
export function brandLegalLinks(value: string | undefined): Record<string, BrandLegalLinks> {
  if (!value) return DEFAULT_BRAND_LEGAL_LINKS;
  const parsed: unknown = JSON.parse(value);
  const link = (v: unknown) => typeof v === 'string' && /^(https?:\/\/|\/|mailto:)/.test(v);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('BRAND_LEGAL_LINKS must be a JSON object by brand');
  for (const [brand, links] of Object.entries(parsed)) {
    const l = links as Partial<BrandLegalLinks> | null;
    if (!l || !link(l.privacyPolicyUrl) || !link(l.termsUrl) || !link(l.requestDataUrl))
      throw new Error(`BRAND_LEGAL_LINKS: ${brand} needs privacyPolicyUrl, termsUrl and requestDataUrl (http(s), a path or mailto:)`);
  }
  return parsed as Record<string, BrandLegalLinks>;
}

/** KIOSK_IDLE_SECONDS: whole seconds from 10 to a day; anything else is the default 90. */
function kioskIdleSeconds(value: string | undefined): number {
  const seconds = value && /^\d+$/.test(value) ? Number(value) : NaN;
  return seconds >= 10 && seconds <= 86_400 ? seconds : 90;
}

const nstr = { type: ['string', 'null'] } as const;
const str = { type: 'string' } as const;

export async function runtimeConfigRoutes(app: Api, options: { runtimeConfig: RuntimeConfig }) {
  const body = options.runtimeConfig;
  app.get(
    '/config.json',
    {
      schema: {
        // Served beside the app, outside the API base, so not part of the API's document.
        hide: true,
        response: {
          200: {
            type: 'object',
            required: Object.keys(body),
            properties: {
              apiBase: str,
              supportEmail: str,
              privacyPolicyUrl: str,
              eulaUrl: str,
              adminBaseUrl: str,
              serviceBookingUrl: nstr,
              samlResponseUrl: nstr,
              safetyServicesUrl: nstr,
              cardProviderKey: nstr,
              cardFrameOrigin: str,
              sentryDsn: nstr,
              analyticsTagUrl: nstr,
              farmListUrl: str,
              farmListKey: nstr,
              apiKey: nstr,
              miniAppUrls: { type: 'array', items: str },
              miniAppNames: { type: 'object', additionalProperties: str },
              miniApps: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['uuid', 'name', 'baseUrl', 'origins', 'scopes', 'allow', 'sandbox'],
                  properties: {
                    uuid: str,
                    name: str,
                    baseUrl: str,
                    origins: { type: 'array', items: str },
                    scopes: { type: 'array', items: str },
                    allow: str,
                    sandbox: str,
                  },
                },
              },
              iosAppUrl: str,
              androidAppUrl: str,
              embedderOrigins: { type: 'array', items: str },
              kioskIdleSeconds: { type: 'integer' },
              liveWorkBuildings: { type: 'array', items: str },
              parkingUrl: nstr,
              facilityAppUrl: nstr,
              embeddedWidget: {
                type: ['object', 'null'],
                required: ['url', 'title'],
                properties: { url: str, title: str },
              },
              brandLegalLinks: {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  required: ['privacyPolicyUrl', 'termsUrl', 'requestDataUrl'],
                  properties: { privacyPolicyUrl: str, termsUrl: str, requestDataUrl: str },
                },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return { ...body };
    },
  );
}

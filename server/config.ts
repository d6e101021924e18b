import { defaultCardFrameOrigin } from './lib/cardFrame.js';
import { defaultMiniAppOrigin } from './lib/miniAppRegistry.js';

/** Server settings, read once from the environment. Every value has a default that works on a fresh machine. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the API is mounted; the app is served from everything else. */
  apiBase: string;
  /** PGlite data folder, used when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  /** SMTP connection string; without it mail goes to the development mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seconds an access token lives. */
  accessTokenTtl: number;
  /** Seconds a refresh token lives. */
  refreshTokenTtl: number;
  /** Run the local OpenID provider for the demo SSO domains. */
  devOidc: boolean;
  /** Public origin of this server as browsers reach it, used for the local OpenID provider's issuer. */
  publicOrigin: string;
  /** Requests allowed per minute on each sensitive route (login, email check, codes) per client address. */
  sensitiveRateLimit: number;
  /** Multiplies every per-person and per-building write limit (lib/writeLimits.ts); 1 in production. */
  writeLimitFactor: number;
  /** The static API key clients send in the x-api-key header; empty means not checked. */
  apiKey: string;
  /** Behind a proxy: trust its X-Forwarded-* headers for the client's address and protocol (HSTS over https). */
  trustProxy: boolean;
  /** Origins besides the app itself that may frame it (kiosk shells, web views served from a site). */
  frameAncestors: string[];
  /** Extra origins the app may call (a custom farm, say), added to the policy's connect-src. */
  cspConnect: string[];
  /** Seconds a client has to send a whole request (headers and body); slower ones are cut off. */
  requestTimeout: number;
  /** Seconds a client has to send a request's headers. */
  headersTimeout: number;
  /** Open flag event streams allowed per client address, and in all. */
  eventStreamsPerClient: number;
  eventStreamsTotal: number;
  /** The card frame's own origin (CARD_FRAME_ORIGIN; default `cards.<public host>` on the same port: decision 120). */
  cardFrameOrigin: string;
  /** App origins besides the public origin and the brand hosts that may frame the card fields (CARD_FRAME_PARENTS). */
  cardFrameParents: string[];
  /** The mini-apps' own origin (MINI_APP_ORIGIN; default `apps.<public host>` on the same port; issue 23). */
  miniAppOrigin: string;
}

const origins = (value: string | undefined) => (value ?? '').split(/[\s,]+/).filter(Boolean);

function int(value: string | undefined, fallback: number): number {
  const parsed = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env.PORT, 8080);
  const production = env.NODE_ENV === 'production';
  const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    apiBase: env.API_BASE ?? '/api',
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Atrium <no-reply@atrium.localhost>',
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtl: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 60 * 60),
    devOidc: env.DEV_OIDC ? env.DEV_OIDC !== 'off' : !production,
    publicOrigin,
    sensitiveRateLimit: int(env.SENSITIVE_RATE_LIMIT, 30),
    writeLimitFactor: int(env.WRITE_LIMIT_FACTOR, 1),
    apiKey: env.API_KEY ?? '',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    frameAncestors: origins(env.FRAME_ANCESTORS),
    cspConnect: origins(env.CSP_CONNECT_SRC),
    requestTimeout: int(env.REQUEST_TIMEOUT, 30),
    headersTimeout: int(env.HEADERS_TIMEOUT, 10),
    eventStreamsPerClient: int(env.EVENT_STREAMS_PER_CLIENT, 10),
    eventStreamsTotal: int(env.EVENT_STREAMS_TOTAL, 1000),
    cardFrameOrigin: env.CARD_FRAME_ORIGIN ? new URL(env.CARD_FRAME_ORIGIN).origin : defaultCardFrameOrigin(publicOrigin),
    cardFrameParents: origins(env.CARD_FRAME_PARENTS),
    miniAppOrigin: env.MINI_APP_ORIGIN ? new URL(env.MINI_APP_ORIGIN).origin : defaultMiniAppOrigin(publicOrigin),
  };
}

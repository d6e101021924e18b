import path from 'node:path';
import { tmpdir } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { defaultCardFrameOrigin, siblingOrigin } from './lib/cardFrame.js';

/** Server settings, read once from the environment. Every value has a default that works on a fresh machine. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the API is mounted; the app is served from everything else. */
  apiBase: string;
  /** PGlite data folder, used when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where help-desk attachments are kept as files (ATTACHMENTS_DIR; default `attachments` in the data folder). Servers
   * that share one Postgres must share this folder too (decision 156-streamed-attachments).
   */
  attachmentsDir: string;
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
  /** The demo mini-apps' own origin (MINI_APP_ORIGIN; default `apps.<public host>` on the same port: issue 23). */
  miniAppOrigin: string;
  /** The mini-app tokens' private key as a JWK (MINI_APP_SIGNING_KEY); none: one made on first start and kept in the database. */
  miniAppSigningKey: string | undefined;
  /**
   * REDIS_URL: the Redis that several instances share (request limits, open-stream counts, events; issue 27). None: all
   * of that stays in this process's memory, as one instance needs.
   */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX: put before every key this server writes in Redis (several deployments may share one). */
  redisKeyPrefix: string;
  /**
   * Load shedding (@fastify/under-pressure): past any of these the server answers 503 with Retry-After at once instead
   * of queueing requests it cannot serve in time. 0 turns a check off. The health check is never shed.
   */
  shedding: SheddingConfig;
}

export interface SheddingConfig {
  /** SHED_EVENT_LOOP_DELAY_MS: the event loop's mean delay over a sample. */
  maxEventLoopDelayMs: number;
  /** SHED_EVENT_LOOP_UTILIZATION: the share of a sample the event loop was busy (0 to 1; 0 off). */
  maxEventLoopUtilization: number;
  /** SHED_HEAP_USED_MB: the V8 heap in use. */
  maxHeapUsedMb: number;
  /** SHED_RSS_MB: the process's resident memory (0 off: PGlite's memory is in it too). */
  maxRssMb: number;
  /** SHED_SAMPLE_MS: how often the figures are read. */
  sampleMs: number;
  /** SHED_RETRY_AFTER: seconds a shed request is told to wait. */
  retryAfter: number;
}

const origins = (value: string | undefined) => (value ?? '').split(/[\s,]+/).filter(Boolean);

function int(value: string | undefined, fallback: number): number {
  const parsed = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
}

function float(value: string | undefined, fallback: number): number {
  const parsed = value ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
}

/**
 * Tuned with `npm run bench -- --only load` (200 connections of mixed load on one instance of this two-core machine: no
 * request past 10 s; decision 222-shared-limits-and-shedding). The heap's ceiling sits under V8's default limit.
 */
export const SHEDDING_DEFAULTS: SheddingConfig = {
  maxEventLoopDelayMs: 200,
  maxEventLoopUtilization: 0,
  maxHeapUsedMb: Math.floor((getHeapStatistics().heap_size_limit / 1024 / 1024) * 0.9),
  maxRssMb: 0,
  sampleMs: 250,
  retryAfter: 2,
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env.PORT, 8080);
  const production = env.NODE_ENV === 'production';
  const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  const dataDir = env.DATA_DIR ?? '.data';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    apiBase: env.API_BASE ?? '/api',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    attachmentsDir:
      env.ATTACHMENTS_DIR || (dataDir.startsWith('memory://') ? path.join(tmpdir(), 'atrium-attachments') : path.join(dataDir, 'attachments')),
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
    miniAppOrigin: env.MINI_APP_ORIGIN ? new URL(env.MINI_APP_ORIGIN).origin : siblingOrigin(publicOrigin, 'apps'),
    miniAppSigningKey: env.MINI_APP_SIGNING_KEY || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'atrium:',
    shedding: {
      maxEventLoopDelayMs: int(env.SHED_EVENT_LOOP_DELAY_MS, SHEDDING_DEFAULTS.maxEventLoopDelayMs),
      maxEventLoopUtilization: float(env.SHED_EVENT_LOOP_UTILIZATION, SHEDDING_DEFAULTS.maxEventLoopUtilization),
      maxHeapUsedMb: int(env.SHED_HEAP_USED_MB, SHEDDING_DEFAULTS.maxHeapUsedMb),
      maxRssMb: int(env.SHED_RSS_MB, SHEDDING_DEFAULTS.maxRssMb),
      sampleMs: int(env.SHED_SAMPLE_MS, SHEDDING_DEFAULTS.sampleMs),
      retryAfter: int(env.SHED_RETRY_AFTER, SHEDDING_DEFAULTS.retryAfter),
    },
  };
}

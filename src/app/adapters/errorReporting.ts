import type { BrowserOptions } from '@sentry/browser';
import type { RuntimeConfig } from '../../../contracts/runtimeConfig';

/**
 * Error reporting (section 7): Sentry with full trace sampling, started only when the deployment configures a DSN
 * (SENTRY_DSN, `sentryDsn` in /config.json). The SDK is a dynamic import, so it never weighs on the first load of
 * /login (decision 24). Once started, Sentry's default integrations report unhandled errors and rejections;
 * `reportError` is for errors the app catches itself (the error boundary's page).
 */
export const RELEASE = 'atrium@3.5.0';

type Sentry = typeof import('./sentrySdk');

/** Query parameters that carry a secret (a native app's token, a mini-app link's, a code, a one-time token). */
const SECRET_PARAM = /([?&](?:accessToken|authToken|token|refresh_token|code|ott|authCode|state)=)[^&#\s"']*/gi;

/**
 * A text with the values of secret query parameters replaced: an address in a breadcrumb or a report never carries a
 * token (the web view's is out of the address before Sentry starts; this is the second line).
 */
export const redactSecretParams = (text: string) => text.replace(SECRET_PARAM, '$1[redacted]');

type Breadcrumb = { message?: string; data?: Record<string, unknown> };

/** A breadcrumb's message and its string data (navigation from/to, a request's url) with secrets redacted. */
export function scrubBreadcrumb<T extends Breadcrumb>(breadcrumb: T): T {
  const data = breadcrumb.data
    ? Object.fromEntries(Object.entries(breadcrumb.data).map(([key, value]) => [key, typeof value === 'string' ? redactSecretParams(value) : value]))
    : undefined;
  return {
    ...breadcrumb,
    ...(breadcrumb.message ? { message: redactSecretParams(breadcrumb.message) } : {}),
    ...(data ? { data } : {}),
  };
}

export interface ErrorReportingOptions {
  /** A Sentry transport (`makeTransport`-style); tests pass one that records the envelopes. */
  transport?: BrowserOptions['transport'];
  environment?: string;
  /** How the SDK is loaded (tests count the loads). */
  load?: () => Promise<Sentry>;
}

/** Errors reported while the SDK loads; sent once it is in (a few at most). */
const MAX_PENDING = 20;
let pending: unknown[] = [];
let sentry: Promise<Sentry | null> | null = null;

const defaultEnvironment = () => (import.meta.env?.MODE as string | undefined) ?? 'production';

/** Starts Sentry when the configuration names a DSN; resolves to whether it did. Starting twice keeps the first. */
export function startErrorReporting(config: Pick<RuntimeConfig, 'sentryDsn'>, options: ErrorReportingOptions = {}): Promise<boolean> {
  const dsn = config.sentryDsn;
  if (!dsn) {
    pending = [];
    return Promise.resolve(false);
  }
  if (!sentry) {
    const load = options.load ?? (() => import('./sentrySdk'));
    sentry = load()
      .then((sdk) => {
        sdk.init({
          dsn,
          tracesSampleRate: 1,
          release: RELEASE,
          environment: options.environment ?? defaultEnvironment(),
          beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
          beforeSend: (event) =>
            event.request?.url ? { ...event, request: { ...event.request, url: redactSecretParams(event.request.url) } } : event,
          ...(options.transport ? { transport: options.transport } : {}),
        });
        for (const error of pending) sdk.captureException(error);
        pending = [];
        return sdk;
      })
      .catch((error: unknown) => {
        // Reporting must never break the app (a blocked or failed chunk): say so once and carry on without it.
        console.warn('Error reporting could not start', error);
        pending = [];
        return null;
      });
  }
  return sentry.then((sdk) => sdk !== null);
}

/** Sends a caught error to Sentry (queued while the SDK loads; dropped when error reporting is off). */
export function reportError(error: unknown): void {
  if (!sentry) {
    if (pending.length < MAX_PENDING) pending.push(error);
    return;
  }
  void sentry.then((sdk) => sdk?.captureException(error));
}

/** Waits until reported errors have been sent (tests, and before a page is left on purpose). */
export async function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  const sdk = sentry ? await sentry : null;
  return sdk ? sdk.flush(timeoutMs) : true;
}

/** Forgets the started SDK (tests only). */
export async function resetErrorReporting(): Promise<void> {
  const sdk = sentry ? await sentry : null;
  sentry = null;
  pending = [];
  await sdk?.close(0);
}

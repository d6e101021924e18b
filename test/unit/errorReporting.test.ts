import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTransport } from '@sentry/browser';
import type { BrowserOptions } from '@sentry/browser';
import {
  flushErrorReports,
  redactSecretParams,
  reportError,
  resetErrorReporting,
  scrubBreadcrumb,
  startErrorReporting,
} from '../../src/app/adapters/errorReporting';

const DSN = 'https://public@sentry.example/42';

/** A `makeTransport` that keeps each envelope's text instead of sending it. */
function recordingTransport() {
  const envelopes: string[] = [];
  const transport: NonNullable<BrowserOptions['transport']> = (options) =>
    createTransport(options, async (request) => {
      envelopes.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
      return { statusCode: 200 };
    });
  return { envelopes, transport };
}

afterEach(async () => {
  await resetErrorReporting();
  vi.restoreAllMocks();
});

describe('error reporting', () => {
  it('loads nothing without a DSN, and drops reported errors', async () => {
    const load = vi.fn(() => import('@sentry/browser'));
    reportError(new Error('before config'));
    await expect(startErrorReporting({ sentryDsn: null }, { load })).resolves.toBe(false);
    await expect(startErrorReporting({ sentryDsn: '' }, { load })).resolves.toBe(false);
    reportError(new Error('no dsn'));
    expect(load).not.toHaveBeenCalled();
  });

  it('with a DSN, starts Sentry (trace sampling 1, the release) and an error reaches it through the transport', async () => {
    const { envelopes, transport } = recordingTransport();
    const load = vi.fn(() => import('@sentry/browser'));
    const initSpy = vi.fn();
    const loadSpying = async () => {
      const sdk = await load();
      return { ...sdk, init: (options?: BrowserOptions) => (initSpy(options), sdk.init(options)) } as typeof sdk;
    };
    reportError(new Error('reported while loading'));
    await expect(startErrorReporting({ sentryDsn: DSN }, { transport, environment: 'test', load: loadSpying })).resolves.toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(initSpy).toHaveBeenCalledWith(expect.objectContaining({ dsn: DSN, tracesSampleRate: 1, release: 'atrium@3.5.0', environment: 'test' }));

    reportError(new Error('the error boundary caught this'));
    await flushErrorReports();
    const all = envelopes.join('\n');
    expect(all).toContain('the error boundary caught this');
    expect(all).toContain('reported while loading');
    expect(all).toContain('"type":"event"');
    expect(all).toContain('atrium@3.5.0');
  });

  it('starting twice keeps the one SDK', async () => {
    const { transport } = recordingTransport();
    const load = vi.fn(() => import('@sentry/browser'));
    await startErrorReporting({ sentryDsn: DSN }, { transport, load });
    await startErrorReporting({ sentryDsn: DSN }, { transport, load });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps secrets of addresses out of breadcrumbs and reports', async () => {
    expect(redactSecretParams('/webview?accessToken=abc.def&buildingUuid=b-1')).toBe('/webview?accessToken=[redacted]&buildingUuid=b-1');
    expect(redactSecretParams('https://x/mfe?appBrand=a&authToken=t1#h')).toBe('https://x/mfe?appBrand=a&authToken=[redacted]#h');
    expect(redactSecretParams('/login?code=1234&state=s&lang=de')).toBe('/login?code=[redacted]&state=[redacted]&lang=de');
    expect(redactSecretParams('/home?tokens=1')).toBe('/home?tokens=1');
    expect(scrubBreadcrumb({ category: 'navigation', data: { from: '/webview?accessToken=abc', to: '/webview/smart-building', n: 1 } })).toEqual({
      category: 'navigation',
      data: { from: '/webview?accessToken=[redacted]', to: '/webview/smart-building', n: 1 },
    });

    // Through the SDK: a navigation breadcrumb and the report's own address.
    const { envelopes, transport } = recordingTransport();
    await startErrorReporting({ sentryDsn: DSN }, { transport, environment: 'test' });
    const sdk = await import('@sentry/browser');
    sdk.addBreadcrumb({ category: 'navigation', data: { from: '/webview?accessToken=leaked.jwt.value', to: '/webview' } });
    reportError(new Error('after a launch'));
    await flushErrorReports();
    const all = envelopes.join('\n');
    expect(all).toContain('after a launch');
    expect(all).toContain('accessToken=[redacted]');
    expect(all).not.toContain('leaked.jwt.value');
  });
});

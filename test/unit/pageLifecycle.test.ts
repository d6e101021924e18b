import { describe, expect, it, vi } from 'vitest';
import { pageLeaving } from '../../src/app/adapters/pageLifecycle';
import { createApiClient } from '../../src/api/client';

function fakeWindow() {
  const listeners = new Map<string, (event: Event) => void>();
  const reload = vi.fn();
  const win = {
    addEventListener: (name: string, listener: (event: Event) => void) => listeners.set(name, listener),
    location: { reload },
  } as unknown as Window;
  return { win, fire: (name: string, event: object = {}) => listeners.get(name)!(event as Event), reload };
}

describe('pageLeaving', () => {
  it('turns true when the page is hidden to be left, and reloads a page brought back from the cache after that', () => {
    const { win, fire, reload } = fakeWindow();
    const leaving = pageLeaving(win);
    expect(leaving()).toBe(false);
    fire('pageshow', { persisted: true });
    expect(reload).not.toHaveBeenCalled();
    fire('pagehide');
    expect(leaving()).toBe(true);
    fire('pageshow', { persisted: true });
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('the API client while the page is left', () => {
  it('tells nobody about a call the browser cancelled as the page went away', async () => {
    let leaving = false;
    const client = createApiClient(
      () => ({ apiBase: 'http://127.0.0.1:9/api', apiKey: '', brand: 'atrium', locale: 'en', buildingUuid: null, appUuid: 'test' }),
      { accessToken: () => null, isAccessTokenExpired: () => false, refresh: async () => null },
      () => leaving,
    );
    // Port 9 (discard) refuses the connection: the call fails with status 0 while the page stays.
    await expect(client.call('/healthcheck')).rejects.toMatchObject({ status: 0 });
    leaving = true;
    const settled = await Promise.race([
      client.call('/healthcheck').then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((resolve) => setTimeout(() => resolve('silent'), 500)),
    ]);
    expect(settled).toBe('silent');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { installApiClient, type ApiClient } from '../../src/api/client';
import { flagActors } from '../../src/app/flags/flagActors';
import { anonymousFlagUser } from '../fixtures/people';

const anonymous = anonymousFlagUser();

const options = { anonymousUser: () => anonymous, whenConfigured: async () => {}, values: () => ({ apiBase: '/api', apiKey: '' }) };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('flagActors before anyone signs in', () => {
  it('reads the visitor’s flags from the flag server’s evaluation, without loading the OpenFeature SDK', async () => {
    const call = vi.fn(async (path: string, options?: { body?: unknown }) => {
      expect(path).toBe('/flags/v1/evaluate');
      expect(options?.body).toEqual(anonymous);
      return { data: { flags: { 'maintenance-mode': true }, reasons: {}, version: 3 } };
    });
    installApiClient({ call } as unknown as ApiClient);
    const { loadFlags } = flagActors({ ...options, bootFlags: null });
    const values = await toPromise(createActor(loadFlags, { input: { user: null } }).start());
    expect(values).toEqual({ 'maintenance-mode': true });
    expect(call).toHaveBeenCalledOnce();
  });

  it('takes the flags the page carried until the stream says a flag changed, then asks the server', async () => {
    const call = vi.fn(async () => ({ data: { flags: { 'maintenance-mode': false }, reasons: {}, version: 4 } }));
    installApiClient({ call } as unknown as ApiClient);
    const listeners = new Map<string, () => void>();
    class FakeEventSource {
      constructor(readonly url: string) {}
      addEventListener(name: string, listener: () => void) {
        listeners.set(name, listener);
      }
      close() {}
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    const { loadFlags, watchFlags } = flagActors({ ...options, bootFlags: { 'maintenance-mode': true } });
    const read = () => toPromise(createActor(loadFlags, { input: { user: null } }).start());
    expect(await read()).toEqual({ 'maintenance-mode': true });
    expect(await read()).toEqual({ 'maintenance-mode': true });
    expect(call).not.toHaveBeenCalled();
    const watcher = createActor(watchFlags).start();
    await vi.waitFor(() => expect(listeners.has('flags.changed')).toBe(true));
    listeners.get('flags.changed')!();
    expect(await read()).toEqual({ 'maintenance-mode': false });
    expect(call).toHaveBeenCalledOnce();
    watcher.stop();
  });
});

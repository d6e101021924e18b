import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { installApiClient, type ApiClient } from '../../src/api/client';
import { flagActors } from '../../src/app/flags/flagActors';
import type { FlagUser } from '../../machines/flags/flags.machine';

const anonymous: FlagUser = { key: 'anonymous', anonymous: true, admin: false, roles: [], buildingUuids: [], hqo: false, host: 'localhost' };

afterEach(() => vi.restoreAllMocks());

describe('flagActors before anyone signs in', () => {
  it('reads the visitor’s flags from the flag server’s evaluation, without loading the OpenFeature SDK', async () => {
    const call = vi.fn(async (path: string, options?: { body?: unknown }) => {
      expect(path).toBe('/flags/v1/evaluate');
      expect(options?.body).toEqual(anonymous);
      return { data: { flags: { 'maintenance-mode': true }, reasons: {}, version: 3 } };
    });
    installApiClient({ call } as unknown as ApiClient);
    const { loadFlags } = flagActors({ anonymousUser: () => anonymous, whenConfigured: async () => {} });
    const values = await toPromise(createActor(loadFlags, { input: { user: null } }).start());
    expect(values).toEqual({ 'maintenance-mode': true });
    expect(call).toHaveBeenCalledOnce();
  });
});

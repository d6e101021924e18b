import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model has no expiry. */
  expiresAt: number;
}

const grantable = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/**
 * Keeps the local provider's sessions, interactions, codes and tokens in memory (one store per provider, so each
 * server has its own). Development only: a restart signs everyone out of the demo identity provider.
 */
export function createMemoryAdapterFactory(now: () => number = Date.now): (model: string) => Adapter {
  const entries = new Map<string, Entry>();
  const sessionsByUid = new Map<string, string>();
  const userCodes = new Map<string, string>();
  const grants = new Map<string, Set<string>>();

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  // Expired entries are dropped as they are read; this sweep keeps an idle store from growing.
  let writes = 0;
  const sweep = () => {
    if (++writes % 200 !== 0) return;
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        sweep();
        const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Infinity;
        entries.set(key(id), { payload: { ...payload }, expiresAt });
        if (model === 'Session' && typeof payload.uid === 'string') sessionsByUid.set(payload.uid, id);
        if (typeof payload.userCode === 'string') userCodes.set(payload.userCode, id);
        if (grantable.has(model) && typeof payload.grantId === 'string') {
          const members = grants.get(payload.grantId) ?? new Set<string>();
          members.add(key(id));
          grants.set(payload.grantId, members);
        }
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const id = sessionsByUid.get(uid);
        return id ? live(key(id)) : undefined;
      },
      async findByUserCode(userCode) {
        const id = userCodes.get(userCode);
        return id ? live(key(id)) : undefined;
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        const payload = live(key(id));
        entries.delete(key(id));
        if (payload?.uid && sessionsByUid.get(payload.uid) === id) sessionsByUid.delete(payload.uid);
        if (payload?.userCode && userCodes.get(payload.userCode) === id) userCodes.delete(payload.userCode);
      },
      async revokeByGrantId(grantId) {
        for (const member of grants.get(grantId) ?? []) entries.delete(member);
        grants.delete(grantId);
      },
    };
  };
}

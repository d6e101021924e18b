import type { RequestContext } from '../api/client';
import { persistedFarm } from './storage';

/** The values every call carries that change while the app runs; the app updates them as state changes. */
const state: RequestContext = {
  apiBase: '/api',
  brand: 'atrium',
  locale: 'en',
  buildingUuid: null,
  appUuid: 'atrium-tenant-web',
  apiKey: '',
};

export function requestContext(): RequestContext {
  const farm = persistedFarm();
  return farm ? { ...state, apiBase: farm.url } : state;
}

export function updateRequestContext(patch: Partial<RequestContext>) {
  Object.assign(state, patch);
}

let configured: () => void = () => {};
const configuredPromise = new Promise<void>((resolve) => {
  configured = resolve;
});

/** The runtime configuration is applied: calls may go out (the long-lived actors start before it arrives). */
export function markConfigured() {
  configured();
}

/** Resolves once the runtime configuration names the API base. */
export const whenConfigured = () => configuredPromise;

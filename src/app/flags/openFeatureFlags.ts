import { fromCallback, fromPromise } from 'xstate';
import { OpenFeature, ProviderEvents, ProviderStatus, type Provider } from '@openfeature/web-sdk';
import { FLAG_DEFAULTS, type FlagName, type FlagValues } from '../../../contracts/flags';
import type { FlagsEvent, FlagUser } from '../../../machines/flags/flags.machine';
import { evaluateFlags } from '../../api/flags';
import { requestValues } from '../../api/client';
import { AtriumFlagProvider, evaluationContextOf } from './openFeatureProvider';

const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

/**
 * The provider the app reads its flags through: Atrium's own flag server. To use another vendor, return that
 * vendor's OpenFeature web provider here; it is given the same evaluation context (targetingKey = the flag user's
 * key; anonymous, admin, roles, buildingUuids, hqo and host as attributes) and is expected to emit
 * ConfigurationChanged when flags change.
 */
export function createFlagProvider(): Provider {
  return new AtriumFlagProvider({
    apiBase: () => requestValues().apiBase,
    apiKey: () => requestValues().apiKey,
    // Through the API client: its headers, and the bearer that tells the server the user's buildings.
    evaluate: evaluateFlags,
  });
}

export interface OpenFeatureFlagsOptions {
  provider: Provider;
  /** The flag user while nobody is signed in (the machine's user is null until the session identifies one). */
  anonymousUser: () => FlagUser;
  /** The OpenFeature API; tests may pass their own instance. */
  openFeature?: typeof OpenFeature;
}

/**
 * Flags read through OpenFeature: `read` sets the provider (first time) or the context (after) and reads every flag
 * with its specification default; `watch` calls back on the provider's ConfigurationChanged.
 */
export function openFeatureFlags({ provider, anonymousUser, openFeature = OpenFeature }: OpenFeatureFlagsOptions) {
  async function read(user: FlagUser | null): Promise<FlagValues> {
    const context = evaluationContextOf(user ?? anonymousUser());
    if (openFeature.getProvider() !== provider) await openFeature.setProviderAndWait(provider, context);
    else await openFeature.setContext(context);
    const client = openFeature.getClient();
    // The SDK does not reject a failed context change; it marks the provider. The machine then keeps what it had.
    if (client.providerStatus === ProviderStatus.ERROR || client.providerStatus === ProviderStatus.FATAL) {
      throw new Error('The flag provider could not load the flags');
    }
    return Object.fromEntries(FLAG_NAMES.map((name) => [name, client.getBooleanValue(name, FLAG_DEFAULTS[name])])) as FlagValues;
  }

  function watch(onChange: () => void): () => void {
    openFeature.addHandler(ProviderEvents.ConfigurationChanged, onChange);
    return () => openFeature.removeHandler(ProviderEvents.ConfigurationChanged, onChange);
  }

  return { read, watch };
}

/** The flags machine's actors over `openFeatureFlags`: a change on the server reaches the app without a reload. */
export function openFeatureFlagActors(options: OpenFeatureFlagsOptions) {
  const flags = openFeatureFlags(options);
  const loadFlags = fromPromise<Partial<FlagValues>, { user: FlagUser | null }>(({ input }) => flags.read(input.user));
  const watchFlags = fromCallback<FlagsEvent>(({ sendBack }) => flags.watch(() => sendBack({ type: 'flags.changed' })));
  return { loadFlags, watchFlags };
}

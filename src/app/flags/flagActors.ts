import { fromCallback, fromPromise } from 'xstate';
import type { FlagValues } from '../../../contracts/flags';
import type { FlagsEvent, FlagUser } from '../../../machines/flags/flags.machine';
import { evaluateFlags, FLAG_STREAM_PATH } from '../../api/flags';
import type { RequestContext } from '../../api/client';
import type { openFeatureFlags } from './openFeatureFlags';

type OpenFeatureFlags = ReturnType<typeof openFeatureFlags>;

/**
 * The flags machine's actors. Until someone signs in, the visitor's flags come straight from the flag server's
 * evaluation (one small call, the same one the OpenFeature provider makes), so the first load of the sign-in page
 * does not carry the OpenFeature SDK. From the first identified user on, the SDK is loaded and every read goes
 * through OpenFeature (and whatever provider openFeatureFlags.ts sets), signed in or out.
 */
export function flagActors({
  anonymousUser,
  whenConfigured,
  bootFlags,
  values,
}: {
  anonymousUser: () => FlagUser;
  whenConfigured: () => Promise<void>;
  /** The anonymous flags the page carried: read until a flag changes, so the sign-in page makes no call for them. */
  bootFlags: Partial<FlagValues> | null;
  /** The API base and key the next call goes to. */
  values: () => Pick<RequestContext, 'apiBase' | 'apiKey'>;
}) {
  let sdk: Promise<OpenFeatureFlags> | null = null;
  let pageFlags = bootFlags;
  const sdkListeners = new Set<(flags: OpenFeatureFlags) => void>();
  const loadSdk = () =>
    (sdk ??= import('./openFeatureFlags').then(({ createFlagProvider, openFeatureFlags }) => {
      const flags = openFeatureFlags({ provider: createFlagProvider(), anonymousUser });
      sdkListeners.forEach((listener) => listener(flags));
      return flags;
    }));

  const loadFlags = fromPromise<Partial<FlagValues>, { user: FlagUser | null }>(async ({ input }) => {
    await whenConfigured();
    const identified = input.user !== null && !input.user.anonymous;
    if (!identified && !sdk) return pageFlags ?? (await evaluateFlags(anonymousUser())).flags;
    return (await loadSdk()).read(input.user);
  });

  const watchFlags = fromCallback<FlagsEvent>(({ sendBack }) => {
    let stopSdkWatch: (() => void) | undefined;
    // Before the SDK: the server's change stream, read directly.
    let stream: EventSource | null = null;
    let closed = false;
    void whenConfigured().then(() => {
      if (closed || sdk || typeof EventSource === 'undefined') return;
      const { apiBase, apiKey } = values();
      stream = new EventSource(`${apiBase}${FLAG_STREAM_PATH}${apiKey ? `?key=${encodeURIComponent(apiKey)}` : ''}`);
      stream.addEventListener('flags.changed', () => {
        pageFlags = null;
        sendBack({ type: 'flags.changed' });
      });
    });
    // With the SDK: its provider's ConfigurationChanged (the provider listens to the stream itself).
    const onSdk = (flags: OpenFeatureFlags) => {
      stream?.close();
      stream = null;
      stopSdkWatch = flags.watch(() => sendBack({ type: 'flags.changed' }));
    };
    sdkListeners.add(onSdk);
    return () => {
      closed = true;
      sdkListeners.delete(onSdk);
      stream?.close();
      stopSdkWatch?.();
    };
  });

  return { loadFlags, watchFlags };
}

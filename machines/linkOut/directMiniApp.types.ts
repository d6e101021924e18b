import type { MiniAppRegistration } from '../../contracts/runtimeConfig';

/** What /apps/{appUuid} starts from (decision 183). */
export interface DirectMiniAppInput {
  /** The uuid in the address. */
  appUuid: string;
  /** The registered mini-app with that uuid, or null when the server registered none. */
  app: MiniAppRegistration | null;
  /** The flag enable-tw-direct-link: links straight to a mini-app open it. */
  enabled: boolean;
  /** Kiosk (lobby) mode: a shared screen opens no mini-app as the person signed in (decision 080). */
  lobby: boolean;
}

export type DirectMiniAppContext = DirectMiniAppInput;

/**
 * The person's way home from a refusal. While the mini-app is shown, its frame child's snapshots drive the screen (the
 * frame's Close, the mini-app's closeMFE).
 */
export type DirectMiniAppEvent = { type: 'user.home' };

export type DirectMiniAppTag = 'open' | 'refused';

/** Why a direct link shows a message instead of its mini-app. */
export type DirectMiniAppRefusal = 'off' | 'unknown' | 'lobby';

import { request } from './client';

export interface TrackedEvent {
  event: string;
  properties?: Record<string, string | number | boolean | null>;
}

/**
 * Sends one analytics event; analytics never gets in the user's way, so failures are dropped. `at` is when it
 * happened (now by default); `anonymous` sends it without the bearer, for what happened before a sign-in.
 */
export async function track(event: TrackedEvent, { at = new Date(), anonymous = false }: { at?: Date; anonymous?: boolean } = {}): Promise<void> {
  try {
    await request('post', '/analytics/v2/track', {
      body: { ...event, timestamp: at.toISOString() },
      withoutBearer: anonymous,
      // Page views are often sent as the page is hidden: the request must outlive it.
      keepalive: true,
    });
  } catch {
    /* ignored on purpose */
  }
}

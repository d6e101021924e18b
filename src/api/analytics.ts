import { request } from './client';

export interface TrackedEvent {
  event: string;
  properties?: Record<string, string | number | boolean | null>;
}

/** Sends one analytics event; analytics never gets in the user's way, so failures are dropped. */
export async function track(event: TrackedEvent): Promise<void> {
  try {
    await request('post', '/analytics/v2/track', { body: { ...event, timestamp: new Date().toISOString() } });
  } catch {
    /* ignored on purpose */
  }
}

import { api, request } from './client';
import { readServerEvents } from './eventStream';
import type { NotificationKind } from '../../contracts/notifications';
import type { CentreNotification, NotificationWrite, StreamEvent } from '../../machines/notificationCentre/notificationCentre.types';

/** The notification centre's calls (issue 26; decision NEXT-notification-centre). */

export const notificationPage = async (buildingUuid: string, before: string | null) =>
  (
    await request('get', '/tenant/v1/buildings/{id}/notifications', {
      params: { id: buildingUuid },
      ...(before ? { query: { before } } : {}),
    })
  ).data;

/** Sends one write (seen up to one, one read, all read); answers the counts after it. */
export async function saveNotificationWrite(buildingUuid: string, write: NotificationWrite) {
  const params = { id: buildingUuid };
  if (write.type === 'seen')
    return (await request('post', '/tenant/v1/buildings/{id}/notifications/seen', { params, body: { up_to: write.upTo } })).data;
  if (write.type === 'readAll') return (await request('post', '/tenant/v1/buildings/{id}/notifications/read', { params })).data;
  const answer = await request('post', '/tenant/v1/buildings/{id}/notifications/{notificationId}/read', {
    params: { ...params, notificationId: write.id },
  });
  return answer.data.counts;
}

export const notificationPreferences = async () => (await request('get', '/tenant/v1/users/current/notification-preferences', {})).data;

export const saveNotificationPreference = async (kind: NotificationKind, enabled: boolean) =>
  (await request('put', '/tenant/v1/users/current/notification-preferences', { body: { [kind]: enabled } })).data;

/**
 * Reads the building's notification stream until it ends or `signal` aborts, reporting what the centre's machine
 * hears: opened, each notification with its event id, a reload when the server could not replay, closed at the end
 * (a refusal or a dropped connection alike: the machine waits and tries again).
 */
export async function watchNotifications(
  buildingUuid: string,
  lastEventId: string | null,
  report: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  try {
    const client = api();
    if (!client.stream) throw new Error('This API client cannot open streams');
    const answer = await client.stream(`/tenant/v1/buildings/${encodeURIComponent(buildingUuid)}/notifications/stream`, { lastEventId, signal });
    if (!answer.ok || !answer.body) throw new Error(`The notification stream answered ${answer.status}`);
    report({ type: 'stream.opened' });
    await readServerEvents(answer.body, (event) => {
      if (event.event === 'reload') report({ type: 'stream.reload' });
      else if (event.event === 'notification' && event.id)
        report({ type: 'stream.notification', notification: JSON.parse(event.data) as CentreNotification, eventId: event.id });
    });
  } catch {
    // Closed below: the machine decides when to try again.
  }
  if (!signal.aborted) report({ type: 'stream.closed' });
}

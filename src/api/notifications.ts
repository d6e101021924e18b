import { api, request } from './client';
import type { NotificationKind } from '../../contracts/notifications';
import type { CentreNotification, NotificationWrite, StreamEvent } from '../../machines/notificationCentre/notificationCentre.types';

/** The notification centre's calls (issue 26; decision 225-notification-centre). */

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
 * Listens to the building's notification stream until it fails or `signal` aborts, reporting what the centre's machine
 * hears: opened, each notification with its event id, a reload when the server could not replay, closed when it
 * drops or is refused (the machine waits and tries again with a new ticket). A signed-in call first sets the stream's
 * ticket cookie, so EventSource needs no token in the address (decision 225-notification-centre); the browser's own
 * reconnection is not used, so the machine decides when to try again and with which last event id.
 */
export async function watchNotifications(
  buildingUuid: string,
  lastEventId: string | null,
  report: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let closed = false;
  const close = (source: EventSource | null) => {
    source?.close();
    if (closed || signal.aborted) return;
    closed = true;
    report({ type: 'stream.closed' });
  };
  try {
    await request('post', '/tenant/v1/buildings/{id}/notifications/stream-ticket', { params: { id: buildingUuid } });
  } catch {
    return close(null);
  }
  if (signal.aborted || typeof EventSource === 'undefined') return close(null);
  const query = lastEventId ? `?last_event_id=${encodeURIComponent(lastEventId)}` : '';
  const source = new EventSource(`${api().values().apiBase}/tenant/v1/buildings/${encodeURIComponent(buildingUuid)}/notifications/stream${query}`);
  signal.addEventListener('abort', () => source.close());
  source.onopen = () => report({ type: 'stream.opened' });
  source.onerror = () => close(source);
  source.addEventListener('reload', () => report({ type: 'stream.reload' }));
  source.addEventListener('notification', (event) => {
    const message = event as MessageEvent<string>;
    if (message.lastEventId)
      report({ type: 'stream.notification', notification: JSON.parse(message.data) as CentreNotification, eventId: message.lastEventId });
  });
}

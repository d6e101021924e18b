import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import type { EventBus } from './eventBus.js';
import type { Clock } from './clock.js';
import { NOTIFICATION_EVENT, personChannel, type NotificationKind, type NotificationParams } from '../../contracts/notifications.js';
import { addNotification, buildingIdOfUuid, membersWanting, userUuidOf, wants, type NotificationRow } from '../stores/notifications.js';

export interface Notice {
  userId: number;
  buildingId: number;
  kind: NotificationKind;
  params: NotificationParams;
  /** The app path of what it is about (a receipt, a request's page, a content); none when the app has no page for it. */
  link: string | null;
}

export interface NotifierDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
}

/** The row as the list and the stream answer it (the stream's `notification` event's data). */
export const notificationAnswer = (row: NotificationRow) => ({ ...row, params: { ...row.params } });

/**
 * Tells a person what happened (decision 225-notification-centre): when they want that kind, it is stored, published
 * on their channel (`person:<uuid>`, event `notification`) for their open streams, and `mail` (the email that told
 * them before the centre existed) is sent; a kind turned off sends neither. A failure here is logged, never thrown:
 * what it reports has happened.
 */
export async function notify(deps: NotifierDeps, log: FastifyBaseLogger, notice: Notice, mail?: () => Promise<void>): Promise<void> {
  try {
    if (!(await wants(deps.db, notice.userId, notice.kind))) return;
    const row = await addNotification(deps.db, { ...notice, at: deps.clock.now() });
    const uuid = await userUuidOf(deps.db, notice.userId);
    if (uuid) await deps.events.publish(personChannel(uuid), NOTIFICATION_EVENT, notificationAnswer(row));
  } catch (error) {
    log.error({ err: error, kind: notice.kind }, 'notification not recorded');
  }
  if (mail) await mail();
}

/** A building's announcement: every member who wants announcements is told (no mail: the feed is where it is read). */
export async function notifyBuilding(deps: NotifierDeps, log: FastifyBaseLogger, notice: Omit<Notice, 'userId'>): Promise<number> {
  try {
    const people = await membersWanting(deps.db, notice.buildingId, notice.kind);
    for (const person of people) {
      const row = await addNotification(deps.db, { ...notice, userId: person.id, at: deps.clock.now() });
      await deps.events.publish(personChannel(person.uuid), NOTIFICATION_EVENT, notificationAnswer(row));
    }
    return people.length;
  } catch (error) {
    log.error({ err: error, kind: notice.kind }, 'announcement not recorded');
    return 0;
  }
}

/** App paths of what a notification is about. */
export const notificationLinks = {
  booking: (b: { owner_uuid: string; owner_type: string; resource_uuid: string; uuid: string }) =>
    `/building/${b.owner_uuid}/bookings/${b.owner_type}/${b.owner_uuid}/${b.resource_uuid}/${b.uuid}`,
  serviceRequest: (buildingUuid: string, requestUuid: string) => `/building/${buildingUuid}/service-requests/${requestUuid}`,
  content: (buildingUuid: string, contentUuid: string) => `/building/${buildingUuid}/content/${contentUuid}`,
};

const BOOKING_KINDS = {
  pending: 'booking_requested',
  pending_payment: 'booking_requested',
  accepted: 'booking_approved',
  denied_available: 'booking_denied',
  denied_unavailable: 'booking_denied',
  cancelled_vendor: 'booking_cancelled',
} as const satisfies Partial<Record<string, NotificationKind>>;

/** The kind a booking's status tells its person of; none for the person's own confirmed booking or own cancel. */
export const bookingKindOf = (status: string): NotificationKind | null => BOOKING_KINDS[status as keyof typeof BOOKING_KINDS] ?? null;

/** Tells a booking's person of its status (a request sent, the vendor's decision), with the booking's mail when given. */
export async function notifyOfBooking(
  deps: NotifierDeps,
  log: FastifyBaseLogger,
  b: { user_id: number; status: string; owner_uuid: string; owner_type: string; resource_uuid: string; resource_name: string; uuid: string },
  mail?: () => Promise<void>,
): Promise<void> {
  const kind = bookingKindOf(b.status);
  const buildingId = kind ? await buildingIdOfUuid(deps.db, b.owner_uuid) : undefined;
  if (!kind || buildingId === undefined) {
    if (mail) await mail();
    return;
  }
  await notify(deps, log, { userId: b.user_id, buildingId, kind, params: { subject: b.resource_name }, link: notificationLinks.booking(b) }, mail);
}

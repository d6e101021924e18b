/**
 * The notification centre's kinds (issue 26), shared by the app and the reference server: what the server records
 * and what the app writes in the person's language, and the kinds a person can turn off (in the app and by mail).
 */
export const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_approved',
  'booking_denied',
  'booking_cancelled',
  'service_request_status',
  'visitor_arrived',
  'announcement',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/**
 * What a notification names, by kind; the app writes the sentence from these in the person's language.
 * `subject`: the resource's name, the request's reference, the guest's name or the content's title; `status`: a
 * service request's new status.
 */
export interface NotificationParams {
  subject: string;
  status?: string;
}

/** The SSE event name of a notification on a person's stream. */
export const NOTIFICATION_EVENT = 'notification';
/** The SSE event that tells the client its Last-Event-ID could not be replayed: it reloads the list instead. */
export const NOTIFICATION_RELOAD_EVENT = 'reload';
/** The bus channel of a person. */
export const personChannel = (userUuid: string) => `person:${userUuid}`;

/** Notifications per page of the list (the first page is the newest). */
export const NOTIFICATION_PAGE_SIZE = 20;

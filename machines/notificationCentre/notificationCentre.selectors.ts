import type { CentreNotification } from './notificationCentre.types';

/** The bell's badge: nothing at zero, the number up to 99, then "99+". */
export const badgeText = (unread: number): string | null => (unread <= 0 ? null : unread > 99 ? '99+' : String(unread));

/** How a notification shows: new (not yet seen in the list), unread, or read. */
export const notificationState = (n: CentreNotification): 'unseen' | 'seen' | 'read' => (n.read_at ? 'read' : n.seen_at ? 'seen' : 'unseen');

import type { CentreNotification, NotificationCounts, NotificationWrite } from './notificationCentre.types';

/**
 * The notification centre's rules, pure: how a write changes the list as shown (before the server answers, and in the
 * other tabs), how a new notification joins it, and the wait before the stream tries again.
 */

/** The list after a write, at `at`: the notifications it names seen (and read). */
export function applyWrite(items: CentreNotification[], write: NotificationWrite, at: string): CentreNotification[] {
  const upTo = write.type === 'seen' ? items.findIndex((n) => n.id === write.upTo) : -1;
  return items.map((n, index) => {
    if (write.type === 'seen') return index >= upTo && upTo >= 0 && !n.seen_at ? { ...n, seen_at: at } : n;
    if (write.type === 'read' && n.id !== write.id) return n;
    return n.read_at ? n : { ...n, seen_at: n.seen_at ?? at, read_at: at };
  });
}

/** The counts after a write, as far as the loaded list tells (the server's answer replaces them). */
export function countsAfter(items: CentreNotification[], counts: NotificationCounts, write: NotificationWrite): NotificationCounts {
  if (write.type === 'readAll') return { unseen: 0, unread: 0 };
  if (write.type === 'read') {
    const found = items.find((n) => n.id === write.id);
    if (!found || found.read_at) return counts;
    return { unseen: Math.max(0, counts.unseen - (found.seen_at ? 0 : 1)), unread: Math.max(0, counts.unread - 1) };
  }
  const index = items.findIndex((n) => n.id === write.upTo);
  const newlySeen = index < 0 ? 0 : items.slice(index).filter((n) => !n.seen_at).length;
  return { unseen: Math.max(0, counts.unseen - newlySeen), unread: counts.unread };
}

/** A notification from the stream at the head of the list, once (a replay may bring one the list has). */
export const withNew = (items: CentreNotification[], n: CentreNotification) => (items.some((i) => i.id === n.id) ? items : [n, ...items]);

/** An older page after the loaded list, without the ones it has (a new notification shifts the pages by one). */
export const withOlder = (items: CentreNotification[], older: CentreNotification[]) => [
  ...items,
  ...older.filter((o) => !items.some((i) => i.id === o.id)),
];

/** The wait before the stream's next try: 1 s, doubled each time, 30 s at most. */
export const backoffMs = (retries: number) => Math.min(30_000, 1000 * 2 ** Math.min(Math.max(retries - 1, 0), 5));

/** Days of the list, newest first, each with its notifications (by the calendar of `timeZone`). */
export function byDay(items: CentreNotification[], timeZone: string): { day: string; items: CentreNotification[] }[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days: { day: string; items: CentreNotification[] }[] = [];
  for (const item of items) {
    const day = format.format(new Date(item.created_at));
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}

import { describe, expect, it } from 'vitest';
import { applyWrite, backoffMs, byDay, countsAfter, withNew, withOlder } from '../../machines/notificationCentre/notificationCentre.rules';
import { badgeText, notificationState } from '../../machines/notificationCentre/notificationCentre.selectors';
import { makeNotification } from '../fixtures/notifications';

const AT = '2026-11-29T10:00:00.000Z';

describe('the notification centre’s rules', () => {
  const [newest, middle, oldest] = [makeNotification(), makeNotification(), makeNotification({ seen_at: AT, read_at: AT })];
  const list = [newest, middle, oldest];

  it('a seen write marks that one and the older ones seen, nothing read', () => {
    const after = applyWrite(list, { type: 'seen', upTo: middle.id }, AT);
    expect(after.map((n) => n.seen_at)).toEqual([null, AT, AT]);
    expect(after.map((n) => n.read_at)).toEqual([null, null, AT]);
    expect(countsAfter(list, { unseen: 2, unread: 2 }, { type: 'seen', upTo: middle.id })).toEqual({ unseen: 1, unread: 2 });
  });

  it('a read write marks one read (and seen); a second read of it changes nothing', () => {
    const after = applyWrite(list, { type: 'read', id: newest.id }, AT);
    expect(after[0]).toMatchObject({ seen_at: AT, read_at: AT });
    expect(after[1]!.read_at).toBeNull();
    expect(countsAfter(list, { unseen: 2, unread: 2 }, { type: 'read', id: newest.id })).toEqual({ unseen: 1, unread: 1 });
    expect(countsAfter(after, { unseen: 1, unread: 1 }, { type: 'read', id: newest.id })).toEqual({ unseen: 1, unread: 1 });
  });

  it('read all marks every one read and empties the counts', () => {
    expect(applyWrite(list, { type: 'readAll' }, AT).every((n) => n.read_at)).toBe(true);
    expect(countsAfter(list, { unseen: 7, unread: 9 }, { type: 'readAll' })).toEqual({ unseen: 0, unread: 0 });
  });

  it('a notification joins the head once; an older page joins the tail without the ones shown', () => {
    const fresh = makeNotification();
    expect(withNew(list, fresh)[0]).toBe(fresh);
    expect(withNew(list, newest)).toBe(list);
    expect(withOlder(list, [oldest, fresh]).map((n) => n.id)).toEqual([...list, fresh].map((n) => n.id));
  });

  it('waits 1 s, then twice as long each time, 30 s at most', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffMs)).toEqual([1000, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('groups by the day of the building’s calendar, newest first', () => {
    const late = makeNotification({ created_at: '2026-11-29T02:00:00.000Z' });
    const early = makeNotification({ created_at: '2026-11-28T22:00:00.000Z' });
    expect(byDay([late, early], 'UTC').map((d) => d.day)).toEqual(['2026-11-29', '2026-11-28']);
    // In New York both are on the 28th.
    expect(byDay([late, early], 'America/New_York').map((d) => [d.day, d.items.length])).toEqual([['2026-11-28', 2]]);
  });

  it('the badge says nothing at zero and 99+ past 99; each notification is unseen, seen or read', () => {
    expect([0, 1, 99, 100].map(badgeText)).toEqual([null, '1', '99', '99+']);
    expect([newest, { ...newest, seen_at: AT }, oldest].map(notificationState)).toEqual(['unseen', 'seen', 'read']);
  });
});

import type { paths } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

type ListAnswer = paths['/tenant/v1/buildings/{id}/notifications']['get']['responses'][200]['content']['application/json'];

/** One page of the list: the notifications, newest first, the counts, and whether older ones follow. */
export type NotificationPage = ListAnswer['data'];
/** A notification as the list and the stream answer it: its kind, what it names, its link, when it was seen and read. */
export type CentreNotification = NotificationPage['items'][number];
/** Not yet shown in the list (unseen) and not yet opened (unread: the bell's count). */
export type NotificationCounts = NotificationPage['counts'];

/** What the centre tells the server (and the other tabs): the list showed up to one, one was opened, all were read. */
export type NotificationWrite = { type: 'seen'; upTo: string } | { type: 'read'; id: string } | { type: 'readAll' };

export interface NotificationCentreContext {
  /** The building whose notifications are shown; null while nobody is signed in to one. */
  buildingUuid: string | null;
  items: CentreNotification[];
  counts: NotificationCounts;
  /** Whether older notifications follow the loaded ones. */
  more: boolean;
  error: AppError | null;
  /** The id of the last event the stream gave (sent back as Last-Event-ID when it reconnects). */
  lastEventId: string | null;
  /** Reconnections since the stream was last open (the wait before the next one grows with it). */
  retries: number;
  /** Writes not yet answered by the server, oldest first (sent one at a time). */
  writes: NotificationWrite[];
}

/** What the stream actor reports. */
export type StreamEvent =
  | { type: 'stream.opened' }
  | { type: 'stream.notification'; notification: CentreNotification; eventId: string }
  /** The server could not replay what was missed: the list loads again. */
  | { type: 'stream.reload' }
  | { type: 'stream.closed' };

/** Another tab of the same person changed what this one shows. */
export type TabsEvent = { type: 'tabs.changed'; buildingUuid: string; write: NotificationWrite; counts: NotificationCounts };

export type NotificationCentreEvent =
  /** The app's building is ready (sign-in, a switch): the centre shows this building's notifications. */
  | { type: 'centre.building'; buildingUuid: string }
  /** Nobody is signed in (or no building): nothing is shown. */
  | { type: 'centre.clear' }
  | { type: 'user.retry' }
  | { type: 'user.loadMore' }
  /** The list page showed the notifications: the ones shown are seen. */
  | { type: 'list.viewed' }
  /** One was opened (its link followed): it is read. */
  | { type: 'user.open'; id: string }
  | { type: 'user.readAll' }
  | StreamEvent
  | TabsEvent;

/** What the tabs actor is asked to tell the other tabs. */
export type TabsMessage = { type: 'tabs.post'; buildingUuid: string; write: NotificationWrite; counts: NotificationCounts };

export type NotificationCentreTag = 'loading' | 'loadingMore' | 'failed' | 'ready' | 'live' | 'reconnecting' | 'saving';

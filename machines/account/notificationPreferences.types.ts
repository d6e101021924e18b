import type { AppError } from '../../contracts/errors';
import type { NotificationKind } from '../../contracts/notifications';

/** Every kind of notification with whether the person wants it (in the app and by email). */
export type NotificationPreferences = Record<NotificationKind, boolean>;

export interface NotificationPreferencesContext {
  /** As the server has them; null until loaded. */
  preferences: NotificationPreferences | null;
  /** The change being saved, shown on its switch while it is. */
  requested: { kind: NotificationKind; enabled: boolean } | null;
  error: AppError | null;
}

export type NotificationPreferencesEvent = { type: 'user.toggle'; kind: NotificationKind; enabled: boolean } | { type: 'user.retry' };

export type NotificationPreferencesTag = 'loading' | 'failed' | 'ready' | 'submitting';

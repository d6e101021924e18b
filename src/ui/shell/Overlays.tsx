import { lazy, Suspense } from 'react';
import { useCardSheetSelector, useGlobalErrorSelector, useNotificationsSelector, useSessionSelector } from '../appContext';
import { useT } from '../../i18n/useT';

// The app-wide modals and the toasts load when they show, so the first load of /login does not carry them.
const GlobalErrorModal = lazy(() => import('./GlobalErrorModal').then((m) => ({ default: m.GlobalErrorModal })));
const SessionExpiredModal = lazy(() => import('./SessionExpiredModal').then((m) => ({ default: m.SessionExpiredModal })));
const CardSheet = lazy(() => import('../payments/CardSheet').then((m) => ({ default: m.CardSheet })));
const NotificationList = lazy(() => import('./Notifications').then((m) => ({ default: m.NotificationList })));

/**
 * The global error and session-expired modals over whatever page is showing, a mini-app's card sheet, and the toasts'
 * polite live region.
 */
export function Overlays() {
  const t = useT();
  const errorOpen = useGlobalErrorSelector((s) => s.hasTag('modal:globalError'));
  const sessionExpired = useSessionSelector((s) => s.hasTag('modal:sessionExpired'));
  const toasts = useNotificationsSelector((s) => s.hasTag('visible'));
  const cardSheet = useCardSheetSelector((s) => s.hasTag('open'));
  return (
    <>
      {/* Always in the page, so what comes into it is announced. */}
      <div role="status" aria-label={t('notifications.region')} data-testid="toasts">
        <Suspense fallback={null}>{toasts ? <NotificationList /> : null}</Suspense>
      </div>
      <Suspense fallback={null}>
        {cardSheet ? <CardSheet /> : null}
        {sessionExpired ? <SessionExpiredModal /> : null}
        {errorOpen ? <GlobalErrorModal /> : null}
      </Suspense>
    </>
  );
}

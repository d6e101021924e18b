import { lazy, Suspense } from 'react';
import { useGlobalErrorSelector, useSessionSelector } from '../appContext';

// The app-wide modals load when they open, so the first load of /login does not carry them.
const GlobalErrorModal = lazy(() => import('./GlobalErrorModal').then((m) => ({ default: m.GlobalErrorModal })));
const SessionExpiredModal = lazy(() => import('./SessionExpiredModal').then((m) => ({ default: m.SessionExpiredModal })));

/** The global error and session-expired modals, over whatever page is showing. */
export function Overlays() {
  const errorOpen = useGlobalErrorSelector((s) => s.hasTag('modal:globalError'));
  const sessionExpired = useSessionSelector((s) => s.hasTag('modal:sessionExpired'));
  return (
    <Suspense fallback={null}>
      {sessionExpired ? <SessionExpiredModal /> : null}
      {errorOpen ? <GlobalErrorModal /> : null}
    </Suspense>
  );
}

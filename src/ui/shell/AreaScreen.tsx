import { Suspense, type ReactNode } from 'react';
import { useLocation, useMatch } from '@tanstack/react-router';
import { isWebViewPath, WEB_VIEW_ROOT } from '../../../machines/app/webView';
import { useBuildingSelector } from '../appContext';
import type { Area } from '../../i18n/areas';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { FullScreenCenter, Spinner } from '../kit/Layout';
import { AppHeader } from './AppHeader';

/** The spinner a screen shows while its messages, its building or its data load. */
export function ScreenLoading() {
  const t = useT();
  return (
    <FullScreenCenter css={{ minHeight: '50vh' }} aria-busy="true">
      <Spinner role="progressbar" aria-label={t('app.loading')} />
    </FullScreenCenter>
  );
}

/**
 * The building a screen under /building/{uuid} is about: the address's, else the current one (older layouts). The
 * param is read from that route's match, typed by the route tree (no match: the screen is elsewhere).
 */
export function useScreenBuilding(): string | null {
  const buildingUuid = useMatch({ from: '/building/$buildingUuid', shouldThrow: false, select: (m) => m.params.buildingUuid });
  const current = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  return buildingUuid ?? current;
}

/**
 * The web view's root when the screen is shown inside a native app (`/webview` or `/webview/{locale}`), else null: the
 * screens link within it.
 */
export function useWebViewRoot(): string | null {
  const pathname = useLocation({ select: (l) => l.pathname });
  const locale = useMatch({ from: '/webview/{-$locale}', shouldThrow: false, select: (m) => m.params.locale });
  if (!isWebViewPath(pathname)) return null;
  return locale ? `${WEB_VIEW_ROOT}/${locale}` : WEB_VIEW_ROOT;
}

/**
 * A lazily loaded screen past sign-in: the header (none inside a native app's web view, whose own bar is around it), then the screen's area messages; the spinner shows until they
 * and the screen's ids (`ready`) are in. `children` renders only then.
 */
export function AreaScreen({ areas, ready, children }: { areas: readonly Area[]; ready: boolean; children: () => ReactNode }) {
  const inWebView = useWebViewRoot() !== null;
  return (
    <>
      {inWebView ? null : <AppHeader />}
      <Suspense fallback={<ScreenLoading />}>
        <AreaMessages areas={areas}>{ready ? children() : <ScreenLoading />}</AreaMessages>
      </Suspense>
    </>
  );
}

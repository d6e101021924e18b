import { Suspense, type ReactNode } from 'react';
import { useParams } from '@tanstack/react-router';
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

/** The building a screen under /building/{uuid} is about: the address's, else the current one (older layouts). */
export function useScreenBuilding(): string | null {
  const { buildingUuid } = useParams({ strict: false }) as { buildingUuid?: string };
  const current = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  return buildingUuid ?? current;
}

/**
 * A lazily loaded screen past sign-in: the header, then the screen's area messages; the spinner shows until they
 * and the screen's ids (`ready`) are in. `children` renders only then.
 */
export function AreaScreen({ areas, ready, children }: { areas: readonly Area[]; ready: boolean; children: () => ReactNode }) {
  return (
    <>
      <AppHeader />
      <Suspense fallback={<ScreenLoading />}>
        <AreaMessages areas={areas}>{ready ? children() : <ScreenLoading />}</AreaMessages>
      </Suspense>
    </>
  );
}

import { useSelector } from '@xstate/react';
import { ChevronRight, SearchX } from 'lucide-react';
import type { SuitesRef } from '../../../machines/smartBuilding/suites.machine';
import { smartBuildingPaths } from '../../../machines/smartBuilding/smartBuilding.rules';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Link } from '../kit/Link';
import { EmptyState } from '../kit/States';
import { AreaScreen, ScreenLoading, useScreenBuilding, useWebViewRoot } from '../shell/AreaScreen';
import { LoadFailed, NavList, NoneFound, Screen, Title } from './parts';

/** /building/{uuid}/smart-building/floors/{floorId}/suites: a floor's suites. */
export function SuitesPage() {
  const buildingUuid = useScreenBuilding();
  const suites = useScreen('smartSuites');
  return (
    <AreaScreen areas={['smartBuilding', 'shell']} ready={!!buildingUuid && !!suites}>
      {() => <Suites suites={suites!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function Suites({ suites, buildingUuid }: { suites: SuitesRef; buildingUuid: string }) {
  const t = useT();
  const loading = useSelector(suites, (s) => s.hasTag('loading'));
  const failed = useSelector(suites, (s) => s.hasTag('failed'));
  const empty = useSelector(suites, (s) => s.hasTag('empty'));
  const notFound = useSelector(suites, (s) => s.hasTag('notFound'));
  const floor = useSelector(suites, (s) => s.context.floor);
  const list = useSelector(suites, (s) => s.context.suites);
  const email = useSelector(suites, (s) => s.context.helpDeskEmail);
  const paths = smartBuildingPaths(buildingUuid, useWebViewRoot());
  const title = floor?.navName ?? t('smartBuilding.suites.heading');
  return (
    <Screen>
      <Link to={paths.floors}>{t('smartBuilding.allFloors')}</Link>
      <Title tabIndex={-1}>{title}</Title>
      {loading ? <ScreenLoading /> : null}
      {failed ? <LoadFailed onRetry={() => suites.send({ type: 'user.retry' })} /> : null}
      {notFound ? <EmptyState icon={SearchX} title={t('smartBuilding.suites.notFound')} /> : null}
      {empty ? <NoneFound title={t('smartBuilding.suites.empty')} email={email} about={title} /> : null}
      {list.length ? (
        <nav aria-label={t('smartBuilding.suites.heading')}>
          <NavList data-testid="suites">
            {list.map((suite) => (
              <li key={suite.id}>
                <Link to={paths.control(suite.id)}>
                  {suite.navName}
                  <ChevronRight size={20} aria-hidden="true" />
                </Link>
              </li>
            ))}
          </NavList>
        </nav>
      ) : null}
    </Screen>
  );
}

import { useSelector } from '@xstate/react';
import { ChevronRight } from 'lucide-react';
import type { FloorsRef } from '../../../machines/smartBuilding/floors.machine';
import { smartBuildingPaths } from '../../../machines/smartBuilding/smartBuilding.rules';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Link } from '../kit/Link';
import { Text } from '../kit/Layout';
import { AreaScreen, ScreenLoading, useScreenBuilding, useWebViewRoot } from '../shell/AreaScreen';
import { LoadFailed, NavList, NoneFound, Screen, Title } from './parts';

/** /building/{uuid}/smart-building: the floors with smart suites. */
export function FloorsPage() {
  const buildingUuid = useScreenBuilding();
  const floors = useScreen('smartFloors');
  return (
    <AreaScreen areas={['smartBuilding', 'shell']} ready={!!buildingUuid && !!floors}>
      {() => <Floors floors={floors!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function Floors({ floors, buildingUuid }: { floors: FloorsRef; buildingUuid: string }) {
  const t = useT();
  const loading = useSelector(floors, (s) => s.hasTag('loading'));
  const failed = useSelector(floors, (s) => s.hasTag('failed'));
  const empty = useSelector(floors, (s) => s.hasTag('empty'));
  const list = useSelector(floors, (s) => s.context.floors);
  const email = useSelector(floors, (s) => s.context.helpDeskEmail);
  const paths = smartBuildingPaths(buildingUuid, useWebViewRoot());
  return (
    <Screen>
      <Title tabIndex={-1}>{t('smartBuilding.title')}</Title>
      {loading ? <ScreenLoading /> : null}
      {failed ? <LoadFailed onRetry={() => floors.send({ type: 'user.retry' })} /> : null}
      {empty ? <NoneFound title={t('smartBuilding.floors.empty')} email={email} about={t('smartBuilding.title')} /> : null}
      {list.length ? (
        <>
          <Text css={{ margin: 0 }}>{t('smartBuilding.floors.intro')}</Text>
          <nav aria-label={t('smartBuilding.floors.heading')}>
            <NavList data-testid="floors">
              {list.map((floor) => (
                <li key={floor.id}>
                  <Link to={paths.suites(floor.id)}>
                    {floor.navName}
                    <ChevronRight size={20} aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </NavList>
          </nav>
        </>
      ) : null}
    </Screen>
  );
}

import { useLocation, useNavigate } from '@tanstack/react-router';
import type { SuiteControlRef } from '../../../machines/smartBuilding/suiteControl.machine';
import { controlOfPath, smartBuildingPaths } from '../../../machines/smartBuilding/smartBuilding.rules';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Link } from '../kit/Link';
import { AreaScreen, useScreenBuilding, useWebViewRoot } from '../shell/AreaScreen';
import { Screen } from './parts';
import { SuiteControlView } from './SuiteControl';

/**
 * /building/{uuid}/suites/{suiteId}/control, and its fixed /lighting and /temperature paths: the tab is the address's,
 * and choosing a tab moves to its path (the same flow goes on: a change in flight is not lost).
 */
export function SuiteControlPage() {
  const buildingUuid = useScreenBuilding();
  const control = useScreen('suiteControl');
  return (
    <AreaScreen areas={['smartBuilding', 'shell']} ready={!!buildingUuid && !!control}>
      {() => <SuiteControlScreen control={control!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function SuiteControlScreen({ control, buildingUuid }: { control: SuiteControlRef; buildingUuid: string }) {
  const t = useT();
  const pathname = useLocation({ select: (l) => l.pathname });
  const navigate = useNavigate();
  const paths = smartBuildingPaths(buildingUuid, useWebViewRoot());
  const suiteId = control.getSnapshot().context.suiteId;
  return (
    <Screen>
      <Link to={paths.floors}>{t('smartBuilding.allFloors')}</Link>
      <SuiteControlView
        control={control}
        requested={controlOfPath(pathname)}
        onSelectControl={(chosen) => void navigate({ to: paths.control(suiteId, chosen), replace: true })}
      />
    </Screen>
  );
}

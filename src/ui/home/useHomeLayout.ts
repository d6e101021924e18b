import { homeLayout, isLiveWork, type HomeLayout } from '../../../machines/home/liveWork';
import { useAppSelector, useBuildingSelector, useFlag } from '../appContext';

/** The home's layout: the live-work one when the host, the building or the test flag force it (machines/home/liveWork.ts). */
export function useHomeLayout(): HomeLayout {
  const buildingUuid = useBuildingSelector((s) => s.context.current?.uuid ?? null);
  const liveWorkBuildings = useAppSelector((s) => s.context.config.liveWorkBuildings);
  const flag = useFlag('live-work-ui');
  const host = typeof window === 'undefined' ? '' : window.location.hostname;
  return homeLayout(isLiveWork({ host, buildingUuid, liveWorkBuildings: liveWorkBuildings ?? [], flag }));
}

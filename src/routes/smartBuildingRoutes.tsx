import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { systemActor } from '../../machines/app/system';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { APP_HOME } from '../../machines/routing/routeAccess';
import { screenFlows, screenPath, type RouterContext } from './screens';

/**
 * Smart-suite routes open only while the `show-smart-building` flag is on; otherwise home (content document, sections 2
 * and 6). The flags are read once they are loaded for the person (a reload of the page must not bounce on the default).
 */
const requireSmartBuilding =
  (whenOff: (params: Record<string, string | undefined>) => string) =>
  async ({ context, params }: { context: unknown; params: unknown }) => {
    const flags = systemActor((context as RouterContext).app.system, FLAGS_ID);
    const off = whenOff(params as Record<string, string | undefined>);
    if (!flags) throw redirect({ href: off, replace: true });
    const ready = await waitFor(flags, (s) => s.hasTag('ready'), { timeout: 10_000 }).catch(() => flags.getSnapshot());
    if (!ready.context.values['show-smart-building']) throw redirect({ href: off, replace: true });
  };

const SuiteControlPage = lazyRouteComponent(() => import('../ui/smartBuilding/SuiteControlPage'), 'SuiteControlPage');

/**
 * Floors, a floor's suites and a suite's control (with the fixed lighting and temperature paths) under `parent`; with the
 * flag off, to home (or, in the web view, where `whenOff` says).
 */
export function smartBuildingRoutes<TParent extends AnyRoute>(
  parent: TParent,
  whenOff: (params: Record<string, string | undefined>) => string = () => APP_HOME,
) {
  const beforeLoad = requireSmartBuilding(whenOff);
  const control = (path: `suites/$suiteId/control${'' | '/lighting' | '/temperature'}`) =>
    createRoute({
      getParentRoute: () => parent,
      beforeLoad,
      component: SuiteControlPage,
      ...screenPath(path, { suiteControl: ({ params }) => ({ buildingUuid: params.buildingUuid, suiteId: params.suiteId }) }),
    });
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'smart-building',
      beforeLoad,
      component: lazyRouteComponent(() => import('../ui/smartBuilding/FloorsPage'), 'FloorsPage'),
      ...screenFlows({ smartFloors: ({ params }) => ({ buildingUuid: params.buildingUuid }) }),
    }),
    createRoute({
      getParentRoute: () => parent,
      beforeLoad,
      component: lazyRouteComponent(() => import('../ui/smartBuilding/SuitesPage'), 'SuitesPage'),
      ...screenPath('smart-building/floors/$floorId/suites', {
        smartSuites: ({ params }) => ({ buildingUuid: params.buildingUuid, floorId: params.floorId }),
      }),
    }),
    control('suites/$suiteId/control'),
    control('suites/$suiteId/control/lighting'),
    control('suites/$suiteId/control/temperature'),
  ] as const;
}

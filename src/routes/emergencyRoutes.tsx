import { createRoute, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { systemActor } from '../../machines/app/system';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { emergencyManagementAllowed } from '../../machines/emergency/emergency.rules';
import { APP_HOME } from '../../machines/routing/routeAccess';
import { screenFlows, type RouterContext } from './screens';

/**
 * /building/{uuid}/emergency-management (content document, section 2's EmergencyManagement route): for a brand that
 * hides the utility, only while the `emergency-management-utility` flag allows it; otherwise home. The flags are read
 * once they are loaded for the person (a reload must not bounce on the default).
 */
export function emergencyRoutes<TParent extends AnyRoute>(parent: TParent) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: 'emergency-management',
      beforeLoad: async ({ context }) => {
        const { app } = context as RouterContext;
        const brand = app.getSnapshot().context.whitelabel?.brand;
        if (emergencyManagementAllowed(brand, false)) return;
        const flags = systemActor(app.system, FLAGS_ID);
        if (!flags) throw redirect({ href: APP_HOME, replace: true });
        const ready = await waitFor(flags, (s) => s.hasTag('ready'), { timeout: 10_000 }).catch(() => flags.getSnapshot());
        if (!emergencyManagementAllowed(brand, ready.context.values['emergency-management-utility']))
          throw redirect({ href: APP_HOME, replace: true });
      },
      component: lazyRouteComponent(() => import('../ui/emergency/EmergencyPage'), 'EmergencyPage'),
      ...screenFlows({ emergency: ({ params }) => ({ buildingUuid: params.buildingUuid }) }),
    }),
  ] as const;
}

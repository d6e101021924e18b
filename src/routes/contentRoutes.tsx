import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { sourceOfPath } from '../../machines/content/contentSource';
import { origin, screenPath } from './screens';

/**
 * The content detail screens under `parent`, one per path segment: `content/{uuid}` (any type, through the v2
 * content call), `posts/`, `event-posts/`, `offers/` (each through its own call) and `articles/`. The older layouts
 * put `{type}s/{uuid}` under the current path (`/home/event-posts/{uuid}`): the same screen in the current building.
 */
export function contentRoutes<TParent extends AnyRoute>(parent: TParent, segments: readonly string[]) {
  return segments.map((segment) =>
    createRoute({
      getParentRoute: () => parent,
      component: lazyRouteComponent(() => import('../ui/content/ContentDetailPage'), 'ContentDetailPage'),
      ...screenPath(`${segment}/$contentUuid`, {
        contentDetail: ({ params, pathname }) => ({
          ...(params.buildingUuid ? { buildingUuid: params.buildingUuid } : {}),
          contentUuid: params.contentUuid,
          source: sourceOfPath(pathname),
          origin: origin(),
          now: new Date().toISOString(),
        }),
      }),
    }),
  );
}

import type { ResolveParams } from '@tanstack/react-router';
import type { AnyActorLogic } from 'xstate';
import type { ScreenName, ScreenParams } from '../../machines/app/screens';
import type { AppActor } from '../../machines/app/app.refs';

/** A screen flow's logic with its real implementations (the composition root provides it; see src/app/screens). */
export type ScreenLoader = (name: ScreenName) => Promise<AnyActorLogic>;

export interface RouterContext {
  app: AppActor;
  screens: ScreenLoader;
}

/**
 * The params a parent route may give a screen: the building of /building/{uuid} (absent under the older /home paths and
 * in the web view, where the flow takes the current building).
 */
export interface ParentParams {
  buildingUuid?: string;
}

/** A route's params typed from its path (`suites/$suiteId/control` → `{ suiteId: string }`), with its parents'. */
export type PathParams<TPath extends string> = ParentParams & ResolveParams<TPath>;

/** What a route's lifecycle hooks are given of the match (the loader gives the same fields under other names). */
interface ScreenMatch<TParams = ParentParams> {
  routeId: string;
  params: TParams;
  search: Record<string, unknown>;
  pathname: string;
  context: RouterContext;
  loaderData?: Partial<Record<ScreenName, AnyActorLogic>>;
}

type ParamsOf<N extends ScreenName, TParams> = (match: Pick<ScreenMatch<TParams>, 'params' | 'search' | 'pathname'>) => ScreenParams<N>;

/**
 * Route options for a screen with one or more flows. The loader loads the flows' code and sends the app `screen.open`
 * with the params read from the address; entering or staying sends it again (the app restarts a flow only when what
 * it is about changed, so a repeat is harmless); leaving sends `screen.close`. Each carries the route's id as the
 * owner, and the app closes a flow only for the route that opened it last: two routes that show the same screen
 * (/home and /building/{uuid}) hand it over, whatever order the router runs their hooks in.
 */
export function screenFlows<N extends ScreenName, TParams = ParentParams>(flows: { [K in N]: ParamsOf<K, TParams> }) {
  const names = Object.keys(flows) as N[];
  const open = (
    app: AppActor,
    owner: string,
    logics: Partial<Record<ScreenName, AnyActorLogic>> | undefined,
    match: Pick<ScreenMatch<TParams>, 'params' | 'search' | 'pathname'>,
  ) => {
    for (const screen of names) {
      const logic = logics?.[screen];
      if (logic) app.send({ type: 'screen.open', screen, logic, owner, params: flows[screen](match) });
    }
  };
  // The hooks take the match loosely: the route tree's parents give it many shapes, all with these fields.
  return {
    // Named for preloadRouteCode: the flows' code can load before the route runs.
    staticData: { screens: names as ScreenName[] },
    loader: async (args: {
      context: unknown;
      params: unknown;
      location: { pathname: string; search: unknown };
      route: { id: string };
      preload: boolean;
      abortController: AbortController;
    }) => {
      const { screens, app } = args.context as RouterContext;
      const logics = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await screens(name)] as const))) as Partial<
        Record<ScreenName, AnyActorLogic>
      >;
      if (!args.preload && !args.abortController.signal.aborted) {
        open(app, args.route.id, logics, {
          params: args.params as TParams,
          search: args.location.search as Record<string, unknown>,
          pathname: args.location.pathname,
        });
      }
      return logics;
    },
    onEnter: (match: object) => {
      const m = match as ScreenMatch<TParams>;
      open(m.context.app, m.routeId, m.loaderData, m);
    },
    onStay: (match: object) => {
      const m = match as ScreenMatch<TParams>;
      open(m.context.app, m.routeId, m.loaderData, m);
    },
    onLeave: (match: object) => {
      const m = match as ScreenMatch;
      for (const screen of names) m.context.app.send({ type: 'screen.close', screen, owner: m.routeId });
    },
  };
}
/**
 * A screen route's `path` with its flows (spread into `createRoute`), the flows' params typed from that path: the router
 * matched every `$param` of it, so a flow reads `params.suiteId` as a string, with no `!` (issue 25).
 */
export function screenPath<const TPath extends string, N extends ScreenName>(path: TPath, flows: { [K in N]: ParamsOf<K, PathParams<TPath>> }) {
  return { path, ...screenFlows<N, PathParams<TPath>>(flows) };
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen flows the route opens (set by screenFlows). */
    screens?: ScreenName[];
  }
}

/** The page's origin and hash: where links stay in the app, and a section a home address names. */
export const origin = () => window.location.origin;
export const hashTarget = () => decodeURIComponent(window.location.hash.slice(1)) || null;

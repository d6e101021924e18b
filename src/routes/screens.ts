import type { AnyActorLogic } from 'xstate';
import type { ScreenName, ScreenParams } from '../../machines/app/screens';
import type { AppActor } from '../../machines/app/app.refs';

/** A screen flow's logic with its real implementations (the composition root provides it; see src/app/screens). */
export type ScreenLoader = (name: ScreenName) => Promise<AnyActorLogic>;

export interface RouterContext {
  app: AppActor;
  screens: ScreenLoader;
}

/** What a route's lifecycle hooks are given of the match. */
interface ScreenMatch {
  params: Record<string, string>;
  search: Record<string, unknown>;
  pathname: string;
  context: RouterContext;
  loaderData?: Partial<Record<ScreenName, AnyActorLogic>>;
}

type ParamsOf<N extends ScreenName> = (match: ScreenMatch) => ScreenParams<N>;

/**
 * Route options for a screen with one or more flows: the flows' code loads with the route (its loader); entering or
 * staying sends the app `screen.open` with the params read from the address (the app restarts a flow only when
 * what it is about changed); leaving sends `screen.close`. The flows run in the app's actor system.
 */
export function screenFlows<N extends ScreenName>(flows: { [K in N]: ParamsOf<K> }) {
  const names = Object.keys(flows) as N[];
  const open = (match: ScreenMatch) => {
    for (const screen of names) {
      const logic = match.loaderData?.[screen];
      if (logic) match.context.app.send({ type: 'screen.open', screen, logic, params: flows[screen](match) });
    }
  };
  // The hooks take the match loosely: the route tree's parents give it many shapes, all with these fields.
  return {
    loader: async ({ context }: { context: unknown }) => {
      const { screens } = context as RouterContext;
      return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await screens(name)] as const))) as Partial<Record<ScreenName, AnyActorLogic>>;
    },
    onEnter: (match: object) => open(match as ScreenMatch),
    onStay: (match: object) => open(match as ScreenMatch),
    onLeave: (match: object) => {
      for (const screen of names) (match as ScreenMatch).context.app.send({ type: 'screen.close', screen });
    },
  };
}

/** The page's origin and hash: where links stay in the app, and a section a home address names. */
export const origin = () => window.location.origin;
export const hashTarget = () => decodeURIComponent(window.location.hash.slice(1)) || null;

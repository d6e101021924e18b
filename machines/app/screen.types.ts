import type { FlagValues } from '../../contracts/flags';
import type { SessionUser } from '../session/session.types';
import type { PendingSso } from '../auth/authFlow.types';
import type { MiniAppRegistration } from '../../contracts/runtimeConfig';

/**
 * What the app knows that a screen flow may start from: the current building, the language, the flags, the person,
 * and the deployment's registered mini-apps and help desk. The app machine keeps these in its context from its
 * children's reports.
 */
export interface ScreenFacts {
  buildingUuid: string | null;
  /** The current building as requests name it: its name, portfolio and asset (access document, section 3). */
  building: { uuid: string; name: string; portfolioUuid: string; assetUuid: string } | null;
  /**
   * The app runs inside a host's navigation: a native app's web view (the /webview paths) or a native host around the
   * page (React Native, WebKit's handler, a known parent frame). A flow's end closes that navigation.
   */
  inHostNavigation: boolean;
  locale: string;
  flags: FlagValues;
  user: SessionUser | null;
  miniAppUrls: string[];
  /** The registered mini-apps (runtime config), for a link straight to one by its uuid. */
  miniApps: MiniAppRegistration[];
  helpDeskEmail: string | null;
  /** What the sign-in kept before leaving for an identity provider (session storage), read when the page loaded. */
  pendingSso: PendingSso | null;
  /** Kiosk (lobby) mode is on: the screen is shared, so flows leave out the person's own actions. */
  lobby: boolean;
}

/**
 * How a screen flow starts from its route's params and the app's facts. Declared beside each screen machine
 * (`<flow>.screen.ts`), so the rule "which inputs restart this flow" is read where the flow is.
 */
export interface ScreenSpec<TParams, TInput> {
  /** The flow's input, or null while a fact it needs is missing (the screen shows its spinner meanwhile). */
  input: (params: TParams, facts: ScreenFacts) => TInput | null;
  /**
   * What the flow is about: when this changes while the screen is open (another building, language, flag or id),
   * the app stops the flow and starts a new one; otherwise the running flow keeps its state.
   */
  restartKey: (params: TParams, facts: ScreenFacts) => string;
}

export const defineScreen = <TParams, TInput>(spec: ScreenSpec<TParams, TInput>) => spec;

/** Params of screens under /building/{uuid} (absent under the older /home paths: the current building). */
export interface BuildingParams {
  buildingUuid?: string;
}

/** The building a screen is about: the address's, else the current one. */
export const buildingOf = (params: BuildingParams, facts: ScreenFacts) => params.buildingUuid ?? facts.buildingUuid;

import { SESSION_ID } from '../../machines/session/session.machine';
import { BUILDING_ID } from '../../machines/building/building.machine';
import { isRegisteredMiniApp, microFrontendUrl, type MicroFrontendParams } from '../../machines/content/links';
import type { AppActor, BuildingRef, SessionRef } from './appActor';
import { requestContext } from './requestContext';

/** The parameters a micro-frontend link carries, from the signed-in person, the current building and the API base. */
export function microFrontendParams(app: AppActor): MicroFrontendParams {
  const session = (app.system.get(SESSION_ID) as SessionRef).getSnapshot().context;
  const building = (app.system.get(BUILDING_ID) as BuildingRef).getSnapshot().context.current;
  const ctx = requestContext();
  return {
    appBrand: ctx.brand,
    buildingUuid: building?.uuid ?? '',
    locale: ctx.locale,
    authToken: session.token ?? '',
    firstName: session.user?.first_name ?? '',
    lastName: session.user?.last_name ?? '',
    userId: String(session.user?.id ?? ''),
    userUuid: session.user?.uuid ?? '',
    apiUrl: new URL(ctx.apiBase, window.location.origin).toString(),
  };
}

/**
 * A micro-frontend (survey) link with the person's auth parameters, when it is a registered mini-app; any other link
 * as it is, so a token never leaves for a site the server did not register.
 */
export function withMicroFrontendParams(app: AppActor, url: string): string {
  const registry = { origin: window.location.origin, miniApps: app.getSnapshot().context.config.miniAppUrls };
  return isRegisteredMiniApp(url, registry) ? microFrontendUrl(url, microFrontendParams(app), window.location.origin) : url;
}

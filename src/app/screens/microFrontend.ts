import { SESSION_ID } from '../../../machines/session/session.machine';
import { isRegisteredMiniApp, microFrontendUrl, type MicroFrontendParams } from '../../../machines/content/links';
import type { AppActor } from '../appActor';
import { runningActor } from '../../../machines/app/system';
import { requestValuesOf } from '../appActor';

/** The parameters a micro-frontend link carries, from the signed-in person, the current building and the API base. */
export function microFrontendParams(app: AppActor): MicroFrontendParams {
  const session = runningActor(app.system, SESSION_ID).getSnapshot().context;
  const values = requestValuesOf(app);
  return {
    appBrand: values.brand,
    buildingUuid: values.buildingUuid ?? '',
    locale: values.locale,
    authToken: session.token ?? '',
    firstName: session.user?.first_name ?? '',
    lastName: session.user?.last_name ?? '',
    userId: String(session.user?.id ?? ''),
    userUuid: session.user?.uuid ?? '',
    apiUrl: new URL(values.apiBase, window.location.origin).toString(),
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

import { fromCallback, fromPromise } from 'xstate';
import { connect, type AtriumBridge } from '../../bridge/client/atriumBridge';
import { visitorPassesMachine, type SaveVisitInput } from '../../../machines/visitors/visitorPasses.machine';
import type { HostFacts, VisitorPassesEvent } from '../../../machines/visitors/visitorPasses.types';
import { visitsApi } from './api';

/**
 * The mini-app's composition root: the flow with the bridge (through the authors' client) and the visits API. The
 * bridge is the one the connect actor made; the other actors use it once connected.
 */
export function visitorPassesLogic(options: { apiBase: string; connectBridge?: typeof connect }) {
  const api = visitsApi(options.apiBase);
  let bridge: AtriumBridge | null = null;
  const connected = () => {
    if (!bridge) throw { status: 0, message: 'The bridge is not connected' };
    return bridge;
  };
  return visitorPassesMachine.provide({
    actors: {
      connectBridge: fromPromise<HostFacts, { appUuid: string }>(async ({ input }) => {
        bridge?.disconnect();
        bridge = await (options.connectBridge ?? connect)({ appUuid: input.appUuid });
        const [info, theme] = await Promise.all([bridge.getHostInfo(), bridge.getTheme().catch(() => null)]);
        return { locale: info.locale, theme };
      }),
      hostEvents: fromCallback<VisitorPassesEvent>(({ sendBack }) => {
        const host = connected();
        // The current building comes at once (as the subscription's first value): only a different one is a switch.
        let building: string | null | undefined;
        const stops = [
          host.on('languageChanged', (data) => data?.locale && sendBack({ type: 'host.languageChanged', locale: data.locale })),
          host.on('themeChanged', (theme) => theme && sendBack({ type: 'host.themeChanged', theme })),
          host.on('buildingChanged', (data) => {
            const uuid = data?.uuid ?? null;
            if (building !== undefined && uuid !== building) sendBack({ type: 'host.buildingChanged' });
            building = uuid;
          }),
          // Subscribing answers null at once; the reset itself carries {}.
          host.on('kioskReset', (data) => data && sendBack({ type: 'host.kioskReset' })),
        ];
        return () => stops.forEach((stop) => stop());
      }),
      getToken: fromPromise(async () => {
        try {
          const { token } = await connected().getJWT();
          return { token };
        } catch (error) {
          // The bridge refused (no one signed in, no building): the same as a session that ended.
          throw { status: 401, message: (error as Error).message ?? 'No token', code: (error as { code?: string }).code };
        }
      }),
      loadVisits: fromPromise(({ input }: { input: { token: string } }) => api.list(input.token)),
      saveVisit: fromPromise(({ input }: { input: SaveVisitInput }) => api.save(input)),
      cancelVisit: fromPromise(({ input }: { input: { token: string; uuid: string } }) => api.cancel(input.token, input.uuid)),
    },
  });
}

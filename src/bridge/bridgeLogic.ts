import { fromCallback, fromPromise } from 'xstate';
import { bridgeMachine, type BridgeEvent } from '../../machines/bridge/bridge.machine';
import { bridgeFrameMachine } from '../../machines/bridge/bridgeFrame.machine';
import { bridgeCallMachine } from '../../machines/bridge/bridgeCall.machine';
import type { AppActor } from '../../machines/app/app.refs';
import { listenForBridge } from './hostListener';
import { postToFrame } from './frames';
import { notifyNativeHost } from './nativeHost';

const hostActions = () => import('./hostActions');

/**
 * The bridge with the browser's parts (the composition root provides it once): the window listener, posting to a
 * frame's window at its origin, the host's work for each action, and the native host.
 */
export function bridgeLogic(app: () => AppActor) {
  return bridgeMachine.provide({
    actors: {
      messages: fromCallback<BridgeEvent>(({ sendBack }) => (typeof window === 'undefined' ? () => {} : listenForBridge(window, sendBack))),
      // The host's work loads with a mini-app's first message (not with the app's first page).
      readEvent: fromPromise(async ({ input }) => (await hostActions()).readEventValue(app(), input.event)),
      frame: bridgeFrameMachine.provide({
        actions: { post: (_, { frameId, origin, message }) => void postToFrame(document, frameId, origin, message) },
        actors: {
          call: bridgeCallMachine.provide({
            actors: { perform: fromPromise(async ({ input }) => (await hostActions()).performBridgeAction(app(), input)) },
          }),
        },
      }),
    },
    actions: { notifyNativeHost: (_, { message }) => void notifyNativeHost(message) },
  });
}

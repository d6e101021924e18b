import type { BridgeEvent } from '../../machines/bridge/bridge.machine';
import { FRAME_ATTRIBUTE, frameIdOfSource } from './frames';

/**
 * The bridge's one window `message` listener (and the frames' load events, the page's visibility and the device's colour scheme). A message is
 * handed to the bridge only when its source is the window of a frame the app opened for a registered mini-app; the
 * bridge then checks the origin against that mini-app's registration and the action against its scopes. Nothing a
 * message carries can throw out of here.
 */
export function listenForBridge(win: Window, send: (event: BridgeEvent) => void): () => void {
  const doc = win.document;
  const onMessage = (event: MessageEvent) => {
    try {
      const frameId = frameIdOfSource(doc, event.source);
      if (frameId === null) return;
      send({ type: 'bridge.message', frameId, origin: String(event.origin), data: event.data });
    } catch {
      // A message is never a reason for the app to fail.
    }
  };
  // Load events do not bubble; the capture phase on the document sees every iframe's.
  const onLoad = (event: Event) => {
    const target = event.target as Element | null;
    if (target && target.tagName === 'IFRAME' && target.hasAttribute(FRAME_ATTRIBUTE))
      send({ type: 'frame.loaded', frameId: target.getAttribute(FRAME_ATTRIBUTE)! });
  };
  const onVisibility = () => send({ type: 'host.visibility', visible: doc.visibilityState === 'visible' });
  // The device turning dark or light changes the theme a mini-app is told of when the person follows the system.
  const scheme = typeof win.matchMedia === 'function' ? win.matchMedia('(prefers-color-scheme: dark)') : null;
  const onScheme = () => send({ type: 'host.changed', event: 'themeChanged' });
  win.addEventListener('message', onMessage);
  doc.addEventListener('load', onLoad, true);
  doc.addEventListener('visibilitychange', onVisibility);
  scheme?.addEventListener?.('change', onScheme);
  return () => {
    scheme?.removeEventListener?.('change', onScheme);
    win.removeEventListener('message', onMessage);
    doc.removeEventListener('load', onLoad, true);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

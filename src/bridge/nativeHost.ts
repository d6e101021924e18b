/**
 * The native app around a web view (access document, "Mini-app bridge"; issue 23): one way to tell it something, used by
 * the card form ({errors, validation, paymentMethodData}), the web view's close and the bridge's closeWebView.
 *
 * In order: React Native's `window.ReactNativeWebView.postMessage` (a JSON string), WebKit's
 * `window.webkit.messageHandlers.atrium.postMessage` (the object: WebKit copies it), else the parent frame when the
 * page is framed by an origin the deployment names (`embedderOrigins`, the same list the server allows to frame the
 * app), posted to that origin only, never `*`; else nobody is told (decision 171).
 */

/** The name of the WKScriptMessageHandler an iOS host registers (`userContentController.add(self, name: "atrium")`). */
export const IOS_HANDLER_NAME = 'atrium';

/** What the web view's own Close asks of the host: the same shape as a mini-app's closeWebView action. */
export const CLOSE_WEB_VIEW_MESSAGE = { action: 'closeWebView' } as const;

export type NativeHostKind = 'reactNative' | 'webkit' | 'parent';

type HostWindow = Pick<Window, 'parent' | 'location' | 'document'> & {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> };
};

let embedderOrigins: readonly string[] = [];

/** The origins that may frame the app and hear from it (the runtime configuration's `embedderOrigins`). */
export function configureNativeHost(origins: readonly string[]): void {
  embedderOrigins = origins.filter((origin) => origin !== '*' && origin !== 'null');
}

/** The origin of the page framing `win` (ancestorOrigins, else the referrer), or null when it is not framed. */
export function framingOrigin(win: Window = window): string | null {
  if (!win.parent || win.parent === win) return null;
  return ancestorOrReferrer(win as unknown as HostWindow);
}

function ancestorOrReferrer(win: HostWindow): string | null {
  const ancestors = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors.item(0);
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Which host would hear a message now, or null when there is none. */
export function nativeHostOf(win: Window = window): NativeHostKind | null {
  const host = win as unknown as HostWindow;
  if (host.ReactNativeWebView && typeof host.ReactNativeWebView.postMessage === 'function') return 'reactNative';
  if (typeof host.webkit?.messageHandlers?.[IOS_HANDLER_NAME]?.postMessage === 'function') return 'webkit';
  if (host.parent && host.parent !== (win as unknown)) {
    const origin = framingOrigin(win);
    if (origin && embedderOrigins.includes(origin)) return 'parent';
  }
  return null;
}

/**
 * Tells the native host `message` (a plain object, sent as JSON to React Native and as a copy to WebKit and the parent
 * frame). Returns which host heard it, or null when none did.
 */
export function notifyNativeHost(message: object, win: Window = window): NativeHostKind | null {
  const kind = nativeHostOf(win);
  const host = win as unknown as HostWindow;
  // One JSON round trip: what is not JSON (a function, a File) is not sent to any host.
  const json = JSON.stringify(message);
  switch (kind) {
    case 'reactNative':
      host.ReactNativeWebView!.postMessage(json);
      break;
    case 'webkit':
      host.webkit!.messageHandlers![IOS_HANDLER_NAME]!.postMessage(JSON.parse(json));
      break;
    case 'parent':
      host.parent.postMessage(JSON.parse(json), framingOrigin(win)!);
      break;
    case null:
      break;
  }
  return kind;
}

/**
 * The native app around a web view (access document, mini-app bridge): React Native's `ReactNativeWebView` or
 * WebKit's `webkit.messageHandlers.atrium`. Outside a web view there is no host and nothing is posted.
 */
type HostWindow = Window & {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { atrium?: { postMessage(message: unknown): void } } };
};

export function postToNativeHost(win: Window, message: unknown): boolean {
  const host = win as HostWindow;
  if (host.ReactNativeWebView) {
    host.ReactNativeWebView.postMessage(JSON.stringify(message));
    return true;
  }
  const handler = host.webkit?.messageHandlers?.atrium;
  if (handler) {
    handler.postMessage(JSON.parse(JSON.stringify(message)));
    return true;
  }
  return false;
}

/**
 * What the bridge tells a native app around the web view (closeWebView). Part E of issue 23 fills this in with the
 * native messaging (`window.ReactNativeWebView.postMessage`, the iOS handler, else the parent frame at its known
 * origin); until then, outside a web view, there is nobody to tell.
 */
export function notifyNativeHost(_message: unknown): void {}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_WEB_VIEW_MESSAGE, configureNativeHost, IOS_HANDLER_NAME, nativeHostOf, notifyNativeHost } from '../../src/bridge/nativeHost';

/** A window as the messenger sees it: its own, or framed by `parentOrigin` (reported by ancestorOrigins or the referrer). */
function fakeWindow(options: { parentOrigin?: string; by?: 'ancestors' | 'referrer'; extra?: Record<string, unknown> } = {}) {
  const parentPost = vi.fn();
  const win: Record<string, unknown> = { location: {}, document: { referrer: '' }, ...options.extra };
  win.parent = options.parentOrigin ? { postMessage: parentPost } : win;
  if (options.parentOrigin && options.by !== 'referrer') {
    win.location = { ancestorOrigins: { length: 1, item: () => options.parentOrigin } };
  } else if (options.parentOrigin) {
    win.document = { referrer: `${options.parentOrigin}/page?x=1` };
  }
  return { win: win as unknown as Window, parentPost };
}

const CARD = { errors: [], validation: { number: true }, paymentMethodData: { token: 'tok_1' } };

afterEach(() => configureNativeHost([]));

describe('notifyNativeHost', () => {
  it('posts a JSON string to React Native first', () => {
    const postMessage = vi.fn();
    const webkit = vi.fn();
    const { win } = fakeWindow({
      extra: { ReactNativeWebView: { postMessage }, webkit: { messageHandlers: { [IOS_HANDLER_NAME]: { postMessage: webkit } } } },
    });
    expect(notifyNativeHost(CARD, win)).toBe('reactNative');
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify(CARD));
    expect(webkit).not.toHaveBeenCalled();
  });

  it("posts the object to WebKit's atrium handler when there is no React Native", () => {
    const postMessage = vi.fn();
    const { win } = fakeWindow({ extra: { webkit: { messageHandlers: { [IOS_HANDLER_NAME]: { postMessage } } } } });
    expect(nativeHostOf(win)).toBe('webkit');
    expect(notifyNativeHost(CLOSE_WEB_VIEW_MESSAGE, win)).toBe('webkit');
    expect(postMessage).toHaveBeenCalledWith({ action: 'closeWebView' });
  });

  it('ignores a WebKit handler of another name', () => {
    const postMessage = vi.fn();
    const { win } = fakeWindow({ extra: { webkit: { messageHandlers: { other: { postMessage } } } } });
    expect(notifyNativeHost(CARD, win)).toBeNull();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it.each(['ancestors', 'referrer'] as const)('posts to a parent frame of a configured origin, at that origin (%s)', (by) => {
    configureNativeHost(['https://host.example']);
    const { win, parentPost } = fakeWindow({ parentOrigin: 'https://host.example', by });
    expect(notifyNativeHost(CARD, win)).toBe('parent');
    expect(parentPost).toHaveBeenCalledWith(CARD, 'https://host.example');
  });

  it('tells a parent of any other origin nothing, and never posts to *', () => {
    configureNativeHost(['*', 'null', 'https://host.example']);
    const { win, parentPost } = fakeWindow({ parentOrigin: 'https://evil.example' });
    expect(notifyNativeHost(CARD, win)).toBeNull();
    const { win: nullParent, parentPost: nullPost } = fakeWindow({ parentOrigin: 'null' });
    expect(notifyNativeHost(CARD, nullParent)).toBeNull();
    expect(parentPost).not.toHaveBeenCalled();
    expect(nullPost).not.toHaveBeenCalled();
  });

  it('tells nobody outside a web view or a frame', () => {
    configureNativeHost(['https://host.example']);
    const { win } = fakeWindow();
    expect(nativeHostOf(win)).toBeNull();
    expect(notifyNativeHost(CARD, win)).toBeNull();
  });

  it('sends only what JSON carries', () => {
    const postMessage = vi.fn();
    const { win } = fakeWindow({ extra: { webkit: { messageHandlers: { [IOS_HANDLER_NAME]: { postMessage } } } } });
    notifyNativeHost({ a: 1, f: () => 1, when: new Date(0) }, win);
    expect(postMessage).toHaveBeenCalledWith({ a: 1, when: '1970-01-01T00:00:00.000Z' });
  });
});

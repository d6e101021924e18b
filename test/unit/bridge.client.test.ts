import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_NOTICE_EVERY_MS, BridgeClientError, createBridge } from '../../src/bridge/client/atriumBridge';

const HOST = 'http://localhost:8080';

/** A host window that records what the mini-app posts, and answers through the page's message event. */
function fakeHost() {
  const posted: { message: Record<string, unknown>; origin: string }[] = [];
  const host = { postMessage: (message: string, origin: string) => void posted.push({ message: JSON.parse(message), origin }) } as unknown as Window;
  const answer = (data: unknown, origin = HOST, source: unknown = host) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as never }));
  return { host, posted, answer };
}

afterEach(() => vi.useRealTimers());

describe('the bridge client', () => {
  it('posts each call to the host’s origin only and resolves it with the answer of the same id', async () => {
    const h = fakeHost();
    const bridge = createBridge({ appUuid: 'app-1', hostOrigin: HOST, host: h.host });
    const user = bridge.getUser();
    const theme = bridge.getTheme();
    expect(h.posted.map((p) => [p.origin, p.message.action])).toEqual([
      [HOST, 'getUser'],
      [HOST, 'getTheme'],
    ]);
    const [u, t] = h.posted.map((p) => p.message.id);
    h.answer(JSON.stringify({ event: 'getThemeResponse', id: t, ok: true, data: { color_scheme: 'dark' } }));
    h.answer({ event: 'getUserResponse', id: u, ok: true, data: { first_name: 'Dana' } });
    await expect(user).resolves.toEqual({ first_name: 'Dana' });
    await expect(theme).resolves.toEqual({ color_scheme: 'dark' });
    bridge.disconnect();
  });

  it('rejects with the host’s error code, and ignores answers from another origin or window', async () => {
    const h = fakeHost();
    const bridge = createBridge({ appUuid: 'app-1', hostOrigin: HOST, host: h.host });
    const jwt = bridge.getJWT();
    const id = h.posted[0]!.message.id;
    h.answer({ event: 'getJWTResponse', id, ok: true, data: 'forged' }, 'http://evil.localhost');
    h.answer({ event: 'getJWTResponse', id, ok: true, data: 'forged' }, HOST, window);
    h.answer({ event: 'getJWTResponse', id, ok: false, data: null, error: { code: 'ACCESS_DENIED', message: 'getJWT needs the scope token' } });
    await expect(jwt).rejects.toMatchObject({ name: 'BridgeClientError', code: 'ACCESS_DENIED', message: 'getJWT needs the scope token' });
    bridge.disconnect();
  });

  it('fails a call with TIMEOUT when no answer comes', async () => {
    vi.useFakeTimers();
    const h = fakeHost();
    const bridge = createBridge({ appUuid: 'app-1', hostOrigin: HOST, host: h.host, timeoutMs: 1000 });
    const call = bridge.getHostInfo();
    vi.advanceTimersByTime(1000);
    await expect(call).rejects.toBeInstanceOf(BridgeClientError);
    await expect(call).rejects.toMatchObject({ code: 'TIMEOUT' });
    bridge.disconnect();
  });

  it('delivers subscribed events, the current value first, and inits again when the host asks', async () => {
    const h = fakeHost();
    const bridge = createBridge({ appUuid: 'app-1', hostOrigin: HOST, host: h.host });
    const seen: unknown[] = [];
    bridge.on('languageChanged', (data) => seen.push(data));
    const subscribe = h.posted[0]!.message;
    expect(subscribe).toMatchObject({ action: 'subscribe', data: { events: ['languageChanged'] } });
    h.answer({
      event: 'subscribeResponse',
      id: subscribe.id,
      ok: true,
      data: { events: ['languageChanged'], refused: [], current: { languageChanged: { locale: 'en' } } },
    });
    await vi.waitFor(() => expect(seen).toEqual([{ locale: 'en' }]));
    h.answer({ event: 'languageChanged', data: { locale: 'de-DE' } });
    expect(seen).toEqual([{ locale: 'en' }, { locale: 'de-DE' }]);
    h.answer({ event: 'initRequired', data: null });
    expect(h.posted.at(-1)!.message).toMatchObject({ action: 'init', data: { app_uuid: 'app-1' } });
    bridge.disconnect();
  });

  it('tells the host the person is using the mini-app, at most once every five seconds, as a notice with no id', () => {
    vi.useFakeTimers();
    const h = fakeHost();
    const bridge = createBridge({ appUuid: 'app-1', hostOrigin: HOST, host: h.host });
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(ACTIVITY_NOTICE_EVERY_MS);
    window.dispatchEvent(new Event('keydown'));
    expect(h.posted).toEqual([
      { message: { action: 'userActivity' }, origin: HOST },
      { message: { action: 'userActivity' }, origin: HOST },
    ]);
    bridge.disconnect();
    vi.advanceTimersByTime(ACTIVITY_NOTICE_EVERY_MS);
    window.dispatchEvent(new Event('pointerdown'));
    expect(h.posted).toHaveLength(2);
  });

  it('needs the host’s origin, and a host around it', () => {
    expect(() => createBridge({ appUuid: 'a', host: fakeHost().host })).toThrow(BridgeClientError);
    expect(() => createBridge({ appUuid: 'a', hostOrigin: HOST, host: window })).toThrow('not inside a host');
  });
});

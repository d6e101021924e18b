import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { bridgeMachine, type BridgeEvent } from '../../machines/bridge/bridge.machine';
import { bridgeFrameMachine } from '../../machines/bridge/bridgeFrame.machine';
import { bridgeCallMachine } from '../../machines/bridge/bridgeCall.machine';
import { BRIDGE_ACTIONS, BRIDGE_EVENTS } from '../../machines/bridge/bridge.protocol';
import { listenForBridge } from '../../src/bridge/hostListener';
import { FRAME_ATTRIBUTE, frameIdOfSource, postToFrame } from '../../src/bridge/frames';
import { buildMiniApp } from '../fixtures/miniApps';

const ORIGIN = 'http://apps.localhost:8080';
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * An iframe in the page; a frame id makes it one of the bridge's (as the link-out frame's view does). Its window is a
 * stand-in that records what is posted to it (happy-dom loads no frame documents here).
 */
function iframe(frameId: string | null) {
  const el = document.createElement('iframe');
  if (frameId) el.setAttribute(FRAME_ATTRIBUTE, frameId);
  document.body.appendChild(el);
  const posted: { message: unknown; origin: string }[] = [];
  const win = { postMessage: (message: unknown, origin: string) => void posted.push({ message, origin }) } as unknown as Window;
  Object.defineProperty(el, 'contentWindow', { value: win });
  return { el, win, posted };
}

const deliver = (data: unknown, origin: string, source: Window | null) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as never }));

/** The bridge with the real listener and the real posting, the host's work faked. */
function hostBridge() {
  const logic = bridgeMachine.provide({
    actors: {
      messages: fromCallback<BridgeEvent>(({ sendBack }) => listenForBridge(window, sendBack)),
      frame: bridgeFrameMachine.provide({
        actions: { post: (_, { frameId, origin, message }) => void postToFrame(document, frameId, origin, message), logOut: () => {} },
        actors: { call: bridgeCallMachine.provide({ actors: { perform: fromPromise(async ({ input }) => ({ did: input.request.action })) } }) },
      }),
    },
  });
  const actor = createActor(logic, { input: {} }).start();
  actor.send({ type: 'host.ready' });
  return actor;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('frames', () => {
  it('finds a message’s frame by its window, the exact object, and only among the bridge’s frames', () => {
    const a = iframe('f1');
    const other = iframe(null);
    expect(frameIdOfSource(document, a.win)).toBe('f1');
    expect(frameIdOfSource(document, other.win)).toBeNull();
    expect(frameIdOfSource(document, window)).toBeNull();
    expect(frameIdOfSource(document, null)).toBeNull();
  });

  it('posts to a frame at exactly the origin given, never to * or to an opaque origin', () => {
    const a = iframe('f1');
    expect(postToFrame(document, 'f1', ORIGIN, { x: 1 })).toBe(true);
    expect(postToFrame(document, 'f1', '*', { x: 1 })).toBe(false);
    expect(postToFrame(document, 'f1', 'null', { x: 1 })).toBe(false);
    expect(postToFrame(document, 'nope', ORIGIN, { x: 1 })).toBe(false);
    expect(a.posted).toEqual([{ message: { x: 1 }, origin: ORIGIN }]);
  });
});

describe('the host’s listener with the bridge', () => {
  it('answers a registered frame at its origin, and nobody else', async () => {
    const registered = iframe('f1');
    const stranger = iframe(null);
    const actor = hostBridge();
    actor.send({ type: 'frame.opened', frameId: 'f1', app: buildMiniApp() });
    const init = { action: 'init', data: { app_uuid: buildMiniApp().uuid }, id: 1 };
    deliver(JSON.stringify(init), ORIGIN, stranger.win);
    deliver(JSON.stringify(init), 'http://evil.localhost:8080', registered.win);
    deliver(JSON.stringify(init), ORIGIN, window);
    await flush();
    expect(registered.posted).toEqual([]);
    expect(stranger.posted).toEqual([]);
    deliver(JSON.stringify(init), ORIGIN, registered.win);
    deliver({ action: 'getUser', id: 2 }, ORIGIN, registered.win);
    await flush();
    expect(registered.posted.map((p) => [p.origin, (p.message as { id: number }).id])).toEqual([
      [ORIGIN, 1],
      [ORIGIN, 2],
    ]);
    actor.stop();
  });

  it('tells the bridge about a frame’s loads and the page’s visibility', () => {
    const registered = iframe('f1');
    const seen: BridgeEvent[] = [];
    const stop = listenForBridge(window, (e) => seen.push(e));
    registered.el.dispatchEvent(new Event('load'));
    document.dispatchEvent(new Event('visibilitychange'));
    stop();
    registered.el.dispatchEvent(new Event('load'));
    expect(seen).toEqual([
      { type: 'frame.loaded', frameId: 'f1' },
      { type: 'host.visibility', visible: true },
    ]);
  });

  it('tells the bridge when the device turns dark or light (the theme a mini-app is told of)', () => {
    const query = new EventTarget();
    const win = {
      document: new EventTarget(),
      addEventListener: () => {},
      removeEventListener: () => {},
      matchMedia: (q: string) => (q === '(prefers-color-scheme: dark)' ? query : null),
    } as unknown as Window;
    const seen: BridgeEvent[] = [];
    const stop = listenForBridge(win, (e) => seen.push(e));
    query.dispatchEvent(new Event('change'));
    stop();
    query.dispatchEvent(new Event('change'));
    expect(seen.filter((e) => e.type === 'host.changed')).toEqual([{ type: 'host.changed', event: 'themeChanged' }]);
  });
});

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('fuzz: 10,000 random and malformed messages', () => {
  it('lets no exception escape, answers no unregistered origin or frame, and keeps working', async () => {
    const rnd = random(23);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
    const registered = iframe('f1');
    const stranger = iframe(null);
    const unscoped = iframe('f2');
    const actor = hostBridge();
    actor.send({ type: 'frame.opened', frameId: 'f1', app: buildMiniApp() });
    actor.send({
      type: 'frame.opened',
      frameId: 'f2',
      app: buildMiniApp({ uuid: 'other-app', scopes: [], origins: ['http://other.localhost:8080'] }),
    });
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error ?? e.message);
    window.addEventListener('error', onError);
    const actions = [...Object.keys(BRIDGE_ACTIONS), 'nope', '__proto__', 'constructor', 'toString', '', 'hasOwnProperty'];
    const origins = [
      ORIGIN,
      'http://evil.localhost:8080',
      'null',
      '',
      '*',
      'http://other.localhost:8080',
      ORIGIN + '/',
      'HTTP://APPS.LOCALHOST:8080',
    ];
    const sources = [registered.win, stranger.win, unscoped.win, window, null];
    const values = (): unknown =>
      pick([
        () => null,
        () => undefined,
        () => rnd() * 1e9,
        () => Number.NaN,
        () => 'x'.repeat(Math.floor(rnd() * 200_000)),
        () => ({ __proto__: { polluted: true } }),
        () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
        () => [1, 'a', {}],
        () => ({ app_uuid: pick([buildMiniApp().uuid, 'other-app', 5, null]) }),
        () => ({ key: pick(['k', '', 'k'.repeat(300), 4]), value: pick(['v', 3, 'v'.repeat(9000)]) }),
        () => ({ events: pick([[...BRIDGE_EVENTS], ['nope'], 'themeChanged', [{}]]) }),
        () => true,
      ])();
    const message = (): unknown =>
      pick([
        () => JSON.stringify({ action: pick(actions), data: values(), id: pick([1, 'id', null, {}, 'x'.repeat(500)]) }),
        () => ({ action: pick(actions), data: values(), id: rnd() }),
        () => '{"action":"init"' + 'x'.repeat(Math.floor(rnd() * 10)),
        () => values(),
        () => JSON.stringify(values()) ?? 'undefined',
        () => ({ action: pick(actions), __proto__: { id: 1 } }),
        () => 'closeMFE',
        () => new Uint8Array(8),
      ])();
    let sent = 0;
    for (; sent < 10_000; sent++) {
      const source = pick(sources);
      try {
        deliver(message(), pick(origins), source);
      } catch (error) {
        errors.push(error);
      }
      if (sent % 500 === 0) await flush();
    }
    await flush();
    await flush();
    expect(sent).toBe(10_000);
    expect(errors).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(stranger.posted).toEqual([]);
    expect(registered.posted.every((p) => p.origin === ORIGIN)).toBe(true);
    expect(unscoped.posted.every((p) => p.origin === 'http://other.localhost:8080')).toBe(true);
    // Still working: an init and a call from the registered frame are answered.
    registered.posted.length = 0;
    deliver({ action: 'init', data: { app_uuid: buildMiniApp().uuid }, id: 'final-init' }, ORIGIN, registered.win);
    // What waited for init (at most 16 requests) is answered first.
    await vi.waitFor(() => expect(registered.posted.map((p) => (p.message as { id?: unknown }).id)).toContain('final-init'));
    await flush();
    deliver({ action: 'getTheme', id: 'final' }, ORIGIN, registered.win);
    await vi.waitFor(() =>
      expect(registered.posted.map((p) => p.message)).toContainEqual({ event: 'getThemeResponse', data: { did: 'getTheme' }, id: 'final', ok: true }),
    );
    window.removeEventListener('error', onError);
    actor.stop();
  }, 60_000);
});

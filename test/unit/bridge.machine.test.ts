import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { bridgeMachine } from '../../machines/bridge/bridge.machine';
import { bridgeFrameMachine, INIT_WAIT_MS, MAX_CALLS } from '../../machines/bridge/bridgeFrame.machine';
import { bridgeCallMachine, CALL_TIMEOUT_MS, type BridgeCallInput } from '../../machines/bridge/bridgeCall.machine';
import { ACTIVITY_NOTICE, type BridgeReply, type BridgePush } from '../../machines/bridge/bridge.protocol';
import { buildMiniApp } from '../fixtures/miniApps';
import type { MiniAppRegistration } from '../../contracts/runtimeConfig';

const ORIGIN = 'http://apps.localhost:8080';
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The bridge with fake parts: posts are recorded, the host's work answers what `work` says (by default the action's
 * name), a frame's owner records its close, the native host records what it is told.
 */
function bridge(work: (input: BridgeCallInput) => Promise<unknown> = async (input) => ({ answered: input.request.action })) {
  const posts: { frameId: string; origin: string; message: BridgeReply | BridgePush }[] = [];
  const performed: BridgeCallInput[] = [];
  const native: unknown[] = [];
  const loggedOut: string[] = [];
  const logic = bridgeMachine.provide({
    actors: {
      readEvent: fromPromise(async ({ input }) => ({ read: input.event })),
      frame: bridgeFrameMachine.provide({
        actions: {
          post: (_, params) => void posts.push(params),
          logOut: ({ context }) => void loggedOut.push(context.frameId),
        },
        actors: {
          call: bridgeCallMachine.provide({
            actors: {
              perform: fromPromise(({ input }) => {
                performed.push(input);
                return work(input);
              }),
            },
          }),
        },
      }),
    },
    actions: { notifyNativeHost: (_, { message }) => void native.push(message) },
  });
  const actor = createActor(logic, { input: {} }).start();
  const closed: string[] = [];
  const open = (frameId = 'f1', app: MiniAppRegistration = buildMiniApp()) => {
    const owner = createActor(createMachine({ on: { 'linkOut.close': { actions: () => closed.push(frameId) } } })).start();
    actor.send({ type: 'frame.opened', frameId, app, owner });
  };
  const message = (data: unknown, origin = ORIGIN, frameId = 'f1') => actor.send({ type: 'bridge.message', frameId, origin, data });
  const init = async (frameId = 'f1', uuid = buildMiniApp().uuid) => {
    message({ action: 'init', data: { app_uuid: uuid }, id: 'init' }, ORIGIN, frameId);
    await flush();
  };
  const replies = () => posts.map((p) => p.message as BridgeReply);
  const reply = (id: string | number) => replies().find((m) => m.id === id);
  return { actor, posts, performed, native, loggedOut, closed, open, message, init, replies, reply };
}

afterEach(() => vi.useRealTimers());

describe('the bridge: who is answered', () => {
  it('answers a registered frame at its registered origin, to that origin only', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    b.message({ action: 'getUser', id: 'u' });
    await flush();
    expect(b.reply('u')).toEqual({ event: 'getUserResponse', data: { answered: 'getUser' }, id: 'u', ok: true });
    expect(b.posts.every((p) => p.origin === ORIGIN && p.frameId === 'f1')).toBe(true);
  });

  it('answers nothing to an origin the registration does not list, nor to a frame it does not know', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.message({ action: 'init', data: { app_uuid: buildMiniApp().uuid }, id: 1 }, 'http://evil.localhost:8080');
    b.message({ action: 'init', data: { app_uuid: buildMiniApp().uuid }, id: 2 }, 'null');
    b.message({ action: 'init', data: { app_uuid: buildMiniApp().uuid }, id: 3 }, ORIGIN, 'f-unknown');
    b.message({ action: 'init', data: { app_uuid: buildMiniApp().uuid }, id: 4 }, ORIGIN, '__proto__');
    await flush();
    expect(b.posts).toEqual([]);
  });

  it('holds messages until the app is ready, then answers them', async () => {
    const b = bridge();
    b.open();
    await b.init();
    b.message({ action: 'getTheme', id: 't' });
    await flush();
    expect(b.posts).toEqual([]);
    b.actor.send({ type: 'host.ready' });
    await flush();
    expect(b.replies().map((r) => r.id)).toEqual(['init', 't']);
  });

  it('ignores non-JSON, unknown actions without an id, and answers UNSUPPORTED to one with an id', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    b.message('{not json');
    b.message({ action: 'format' });
    b.message({ action: 'format', id: 'x' });
    await flush();
    expect(b.replies().slice(1)).toEqual([
      { event: 'formatResponse', data: null, id: 'x', ok: false, error: { code: 'UNSUPPORTED', message: 'Unknown action format' } },
    ]);
  });
});

describe('the bridge: activity', () => {
  it('tells the app someone uses a mini-app for each message of a registered frame at its origin (the activity notice answered nothing), and for no other', async () => {
    const reports: string[] = [];
    const parent = createActor(
      createMachine({
        invoke: { src: bridgeMachine, id: 'bridge', input: ({ self }) => ({ reportTo: self }) },
        on: { 'bridge.activity': { actions: ({ event }) => void reports.push(event.type) } },
      }),
    ).start();
    const child = parent.getSnapshot().children.bridge!;
    child.send({ type: 'host.ready' });
    child.send({ type: 'frame.opened', frameId: 'f1', app: buildMiniApp() });
    const send = (origin: string, frameId: string, data: unknown) => child.send({ type: 'bridge.message', frameId, origin, data });
    send(ORIGIN, 'f1', JSON.stringify({ action: ACTIVITY_NOTICE }));
    send('http://evil.localhost', 'f1', JSON.stringify({ action: ACTIVITY_NOTICE }));
    send(ORIGIN, 'f2', JSON.stringify({ action: ACTIVITY_NOTICE }));
    await flush();
    expect(reports).toEqual(['bridge.activity']);
    parent.stop();
  });
});

describe('the bridge: init', () => {
  it("answers 'Invalid init event data' to an init without app_uuid", async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.message({ action: 'init', id: 'i' });
    await flush();
    expect(b.reply('i')).toMatchObject({ event: 'initResponse', ok: false, error: { code: 'INVALID_PARAMS', message: 'Invalid init event data' } });
  });

  it('refuses an init for another mini-app', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init('f1', 'someone-else');
    expect(b.reply('init')).toMatchObject({ ok: false, error: { code: 'ACCESS_DENIED' } });
  });

  it('lists the actions with versions and the granted scopes', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open('f1', buildMiniApp({ scopes: ['user'] }));
    await b.init();
    const data = b.reply('init')!.data as { actions: { action: string; version: number }[]; scopes: string[] };
    expect(data.actions).toContainEqual({ action: 'tokenizeCard', version: 1 });
    expect(data.scopes).toEqual(['user']);
  });

  it('answers requests sent before init once it comes, in order', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.message({ action: 'getHostInfo', id: 'early' });
    b.message({ action: 'getBrand', id: 'early2' });
    await flush();
    expect(b.posts).toEqual([]);
    await b.init();
    expect(b.replies().map((r) => r.id)).toEqual(['init', 'early', 'early2']);
  });

  it('answers TIMEOUT to requests when no init comes within the wait', async () => {
    vi.useFakeTimers();
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.message({ action: 'getHostInfo', id: 'early' });
    await vi.advanceTimersByTimeAsync(INIT_WAIT_MS);
    expect(b.reply('early')).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
  });

  it('must init again after the frame loads a new document, and tells the new document so', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.actor.send({ type: 'frame.loaded', frameId: 'f1' });
    await b.init();
    b.actor.send({ type: 'frame.loaded', frameId: 'f1' });
    b.message({ action: 'getTheme', id: 'after' });
    await flush();
    expect(b.posts.at(-1)!.message).toEqual({ event: 'initRequired', data: null });
    expect(b.reply('after')).toBeUndefined();
    await b.init();
    expect(b.reply('after')).toMatchObject({ ok: true });
  });
});

describe('the bridge: checks and answers', () => {
  it('refuses an action outside the granted scopes with ACCESS_DENIED, without the host’s work', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open('f1', buildMiniApp({ scopes: ['user'] }));
    await b.init();
    b.message({ action: 'getJWT', id: 'j' });
    await flush();
    expect(b.reply('j')).toMatchObject({ ok: false, error: { code: 'ACCESS_DENIED' } });
    expect(b.performed).toEqual([]);
  });

  it('refuses storage without a string key and value', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    b.message({ action: 'setStorage', data: { key: 'k', value: 3 }, id: 's' });
    await flush();
    expect(b.reply('s')).toMatchObject({ ok: false, error: { code: 'INVALID_PARAMS', message: 'Storage needs a string value' } });
  });

  it('answers the code the host’s work refused with, UNAVAILABLE for any other failure, TIMEOUT when it takes too long', async () => {
    vi.useFakeTimers();
    const b = bridge(async ({ request }) => {
      if (request.action === 'getUser') throw { code: 'USER_CANCELLED', message: 'No' };
      if (request.action === 'getBrand') throw new Error('boom');
      if (request.action === 'getJWT') return new Promise(() => {});
      return null;
    });
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.message({ action: 'init', data: { app_uuid: buildMiniApp().uuid }, id: 'init' });
    b.message({ action: 'getUser', id: 1 });
    b.message({ action: 'getBrand', id: 2 });
    b.message({ action: 'getJWT', id: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.reply(1)).toMatchObject({ ok: false, error: { code: 'USER_CANCELLED', message: 'No' } });
    expect(b.reply(2)).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(b.reply(3)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS);
    expect(b.reply(3)).toMatchObject({ event: 'getJWTResponse', ok: false, error: { code: 'TIMEOUT' } });
  });

  it(`runs at most ${MAX_CALLS} calls of a frame at once`, async () => {
    const b = bridge(() => new Promise(() => {}));
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    for (let i = 0; i <= MAX_CALLS; i++) b.message({ action: 'getTheme', id: i });
    await flush();
    expect(b.performed).toHaveLength(MAX_CALLS);
    expect(b.reply(MAX_CALLS)).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });

  it('closes the frame on closeWebView and tells a native host', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    b.message({ action: 'closeWebView', id: 'c' });
    await flush();
    expect(b.reply('c')).toMatchObject({ ok: true, data: { success: true } });
    expect(b.closed).toEqual(['f1']);
    expect(b.native).toEqual([{ action: 'closeWebView' }]);
  });

  it('logs the person out through the session on logout (with the session scope)', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    b.message({ action: 'logout', id: 'l' });
    await flush();
    expect(b.reply('l')).toMatchObject({ ok: true });
    expect(b.loggedOut).toEqual(['f1']);
  });

  it('forgets a closed frame: its messages are not answered', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    b.actor.send({ type: 'frame.closed', frameId: 'f1' });
    const before = b.posts.length;
    b.message({ action: 'getTheme', id: 'late' });
    await flush();
    expect(b.posts.length).toBe(before);
  });
});

describe('the bridge: events', () => {
  it('reads nothing when a value changes with no mini-app open (the host code for it loads with the first frame)', async () => {
    const reads: string[] = [];
    const actor = createActor(bridgeMachine.provide({ actors: { readEvent: fromPromise(async ({ input }) => void reads.push(input.event)) } }), {
      input: {},
    }).start();
    actor.send({ type: 'host.ready' });
    actor.send({ type: 'host.changed', event: 'brandChanged' });
    await flush();
    expect(reads).toEqual([]);
    actor.send({ type: 'frame.opened', frameId: 'f1', app: buildMiniApp() });
    actor.send({ type: 'host.changed', event: 'themeChanged' });
    await flush();
    expect(reads).toEqual(['themeChanged']);
    actor.stop();
  });

  it('sends the current values on subscribe, then the changes a frame subscribed to', async () => {
    const b = bridge(async ({ request }) => (request.action === 'subscribe' ? { events: ['themeChanged'], current: { themeChanged: 1 } } : null));
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.open('f2');
    await b.init();
    await b.init('f2');
    b.message({ action: 'subscribe', data: { events: ['themeChanged', 'visibilityChanged', 'kioskReset'] }, id: 's' });
    await flush();
    expect(b.reply('s')).toMatchObject({ ok: true, data: { current: { themeChanged: 1 } } });
    b.actor.send({ type: 'host.changed', event: 'themeChanged' });
    b.actor.send({ type: 'host.changed', event: 'languageChanged' });
    b.actor.send({ type: 'host.visibility', visible: false });
    await flush();
    const pushes = b.posts.filter((p) => !('id' in p.message)).map((p) => [p.frameId, p.message]);
    // The theme's value is read first, so it may come after the visibility.
    expect(pushes).toHaveLength(2);
    expect(pushes).toContainEqual(['f1', { event: 'themeChanged', data: { read: 'themeChanged' } }]);
    expect(pushes).toContainEqual(['f1', { event: 'visibilityChanged', data: { visible: false } }]);
  });

  it('does not push buildingChanged to a mini-app without the buildings scope', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open('f1', buildMiniApp({ scopes: [] }));
    await b.init();
    b.message({ action: 'subscribe', data: { events: ['buildingChanged'] }, id: 's' });
    await flush();
    b.actor.send({ type: 'host.changed', event: 'buildingChanged' });
    await flush();
    expect(b.posts.filter((p) => (p.message as BridgePush).event === 'buildingChanged')).toEqual([]);
  });

  it('unsubscribes', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    await b.init();
    b.message({ action: 'subscribe', data: { events: ['languageChanged'] }, id: 's' });
    b.message({ action: 'unsubscribe', data: { events: ['languageChanged'] }, id: 'u' });
    await flush();
    expect(b.reply('u')).toMatchObject({ ok: true, data: { events: [] } });
    b.actor.send({ type: 'host.changed', event: 'languageChanged' });
    await flush();
    expect(b.posts.filter((p) => (p.message as BridgePush).event === 'languageChanged')).toEqual([]);
  });

  it('on the kiosk’s idle reset, tells subscribed frames kioskReset, then closes every frame', async () => {
    const b = bridge();
    b.actor.send({ type: 'host.ready' });
    b.open();
    b.open('f2');
    await b.init();
    b.message({ action: 'subscribe', data: { events: ['kioskReset'] }, id: 's' });
    await flush();
    b.actor.send({ type: 'kiosk.idleReset' });
    await flush();
    expect(b.posts.filter((p) => (p.message as BridgePush).event === 'kioskReset')).toEqual([
      { frameId: 'f1', origin: ORIGIN, message: { event: 'kioskReset', data: {} } },
    ]);
    expect(b.closed.sort()).toEqual(['f1', 'f2']);
  });
});

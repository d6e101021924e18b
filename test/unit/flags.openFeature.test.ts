import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ErrorCode, OpenFeature, ProviderEvents, ProviderStatus, StandardResolutionReasons } from '@openfeature/web-sdk';
import { FLAG_DEFAULTS, type FlagName, type FlagValues } from '../../contracts/flags';
import { flagsMachine, type FlagUser } from '../../machines/flags/flags.machine';
import type { FlagEvaluation } from '../../src/api/flags';
import { AtriumFlagProvider, evaluationContextOf, flagUserOfContext, type EventSourceLike } from '../../src/app/flags/openFeatureProvider';
import { openFeatureFlagActors } from '../../src/app/flags/openFeatureFlags';
import { deferred, flush } from '../fixtures/async';
import { anonymousFlagUser, flagUser } from '../fixtures/people';

const anonymous = anonymousFlagUser();
const ada = flagUser({ key: 'user-ada', admin: true, roles: ['tenant', 'building_admin'], buildingUuids: ['b-plaza'], host: 'acme.test' });

/** An EventSource the test drives: it records its address and delivers the events the test sends. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  send(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent<string>);
  }
  static latest() {
    const source = FakeEventSource.opened.at(-1);
    if (!source) throw new Error('no stream was opened');
    return source;
  }
}

/**
 * The flag server as the provider sees it: global values and per-building overrides, evaluated like the reference
 * server, behind a fake fetch that records each request.
 */
function fakeFlagServer() {
  const global: Partial<FlagValues> = {};
  const byBuilding: Record<string, Partial<FlagValues>> = {};
  let version = 0;
  const evaluate = (user: FlagUser): FlagEvaluation => {
    const flags = { ...FLAG_DEFAULTS } as FlagValues;
    const reasons = {} as Record<FlagName, 'DEFAULT' | 'STATIC' | 'TARGETING_MATCH'>;
    for (const name of Object.keys(FLAG_DEFAULTS) as FlagName[]) {
      const override = user.buildingUuids.map((b) => byBuilding[b]?.[name]).find((v) => v !== undefined);
      flags[name] = override ?? global[name] ?? FLAG_DEFAULTS[name];
      reasons[name] = override !== undefined ? 'TARGETING_MATCH' : global[name] !== undefined ? 'STATIC' : 'DEFAULT';
    }
    return { flags, reasons, version };
  };
  const requests: { url: string; headers: Record<string, string>; user: FlagUser }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const user = JSON.parse(String(init?.body)) as FlagUser;
    requests.push({ url: String(url), headers: init?.headers as Record<string, string>, user });
    return new Response(JSON.stringify({ data: evaluate(user) }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return {
    fetch,
    requests,
    evaluate,
    get version() {
      return version;
    },
    set(name: FlagName, value: boolean, building?: string) {
      if (building) byBuilding[building] = { ...byBuilding[building], [name]: value };
      else global[name] = value;
      version += 1;
    },
  };
}

function makeProvider(server = fakeFlagServer(), apiBase = '/api') {
  let base = apiBase;
  const provider = new AtriumFlagProvider({
    apiBase: () => base,
    apiKey: () => 'static-key',
    fetch: server.fetch as unknown as typeof fetch,
    eventSource: (url) => new FakeEventSource(url),
    reopenAfterMs: 1000,
  });
  return { provider, server, moveApi: (next: string) => (base = next) };
}

afterEach(async () => {
  vi.useRealTimers();
  FakeEventSource.opened = [];
  OpenFeature.clearHandlers();
  await OpenFeature.clearProviders();
});

describe('the evaluation context', () => {
  it('is the flag user: its key as targeting key and the rest as attributes, and back again', () => {
    const context = evaluationContextOf(ada);
    expect(context).toEqual({
      targetingKey: 'user-ada',
      anonymous: false,
      admin: true,
      roles: ['tenant', 'building_admin'],
      buildingUuids: ['b-plaza'],
      hqo: false,
      host: 'acme.test',
    });
    expect(flagUserOfContext(context)).toEqual(ada);
    expect(flagUserOfContext({})).toMatchObject({ key: 'anonymous', anonymous: true, roles: [], buildingUuids: [] });
  });
});

describe('AtriumFlagProvider', () => {
  it('initialize evaluates for the context at the API base, with the API key, and opens the change stream', async () => {
    const { provider, server } = makeProvider();
    server.set('dropdown-kiosk', true);
    await OpenFeature.setProviderAndWait(provider, evaluationContextOf(ada));

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ url: '/api/flags/v1/evaluate', user: ada });
    expect(server.requests[0]!.headers['x-api-key']).toBe('static-key');
    expect(FakeEventSource.latest().url).toBe('/api/flags/v1/stream?key=static-key');

    const client = OpenFeature.getClient();
    expect(client.getBooleanValue('dropdown-kiosk', false)).toBe(true);
    expect(client.getBooleanDetails('dropdown-kiosk', false)).toMatchObject({
      value: true,
      variant: 'on',
      reason: 'STATIC',
      flagMetadata: { version: 1 },
    });
    expect(client.getBooleanDetails('dropdown-logout', false)).toMatchObject({ value: true, reason: 'DEFAULT' });
  });

  it('answers the spec default before any load, the caller default for unknown flags, and refuses other types', async () => {
    const { provider } = makeProvider();
    expect(provider.resolveBooleanEvaluation('dropdown-logout', false)).toMatchObject({ value: true, reason: StandardResolutionReasons.DEFAULT });
    expect(provider.resolveBooleanEvaluation('no-such-flag', true)).toMatchObject({ value: true, errorCode: ErrorCode.FLAG_NOT_FOUND });

    await OpenFeature.setProviderAndWait(provider, evaluationContextOf(anonymous));
    const client = OpenFeature.getClient();
    expect(client.getBooleanDetails('no-such-flag', false)).toMatchObject({ value: false, errorCode: ErrorCode.FLAG_NOT_FOUND });
    expect(client.getStringDetails('header-logo', 'yes')).toMatchObject({ value: 'yes', errorCode: ErrorCode.TYPE_MISMATCH });
  });

  it('a context change evaluates for the new user; the same user again asks nothing', async () => {
    const { provider, server } = makeProvider();
    server.set('account-history', true, 'b-plaza');
    await OpenFeature.setProviderAndWait(provider, evaluationContextOf(anonymous));
    const client = OpenFeature.getClient();
    expect(client.getBooleanValue('account-history', false)).toBe(false);

    await OpenFeature.setContext(evaluationContextOf(ada));
    expect(server.requests.at(-1)!.user).toEqual(ada);
    expect(client.getBooleanDetails('account-history', false)).toMatchObject({ value: true, reason: 'TARGETING_MATCH' });

    await OpenFeature.setContext(evaluationContextOf(ada));
    expect(server.requests).toHaveLength(2);
    await OpenFeature.setContext(evaluationContextOf(anonymous));
    expect(server.requests).toHaveLength(3);
    expect(client.getBooleanValue('account-history', false)).toBe(false);
  });

  it('when answers come back out of order, the newest context wins', async () => {
    const first = deferred<FlagEvaluation>();
    const second = deferred<FlagEvaluation>();
    const answers = [first, second];
    const server = fakeFlagServer();
    const provider = new AtriumFlagProvider({ apiBase: () => '/api', evaluate: () => answers.shift()!.promise, eventSource: null });
    const a = provider.initialize(evaluationContextOf(anonymous));
    const b = provider.onContextChange(evaluationContextOf(anonymous), evaluationContextOf(ada));
    second.resolve({ ...server.evaluate(ada), flags: { ...FLAG_DEFAULTS, 'dropdown-kiosk': true } });
    first.resolve(server.evaluate(anonymous));
    await Promise.all([a, b]);
    expect(provider.resolveBooleanEvaluation('dropdown-kiosk', false).value).toBe(true);
  });

  it('on flags.changed with a new version, evaluates again and emits ConfigurationChanged with the flags that moved', async () => {
    const { provider, server } = makeProvider();
    await OpenFeature.setProviderAndWait(provider, evaluationContextOf(ada));
    const changes: (string[] | undefined)[] = [];
    OpenFeature.addHandler(ProviderEvents.ConfigurationChanged, (details) =>
      changes.push((details as { flagsChanged?: string[] } | undefined)?.flagsChanged),
    );
    const stream = FakeEventSource.latest();

    // The version on connect is the one the provider has: nothing to do.
    stream.send('flags.version', JSON.stringify({ version: server.version }));
    await flush();
    expect(server.requests).toHaveLength(1);

    server.set('dropdown-kiosk', true);
    stream.send('flags.changed', JSON.stringify({ version: server.version }));
    await vi.waitFor(() => expect(changes).toEqual([['dropdown-kiosk']]));
    expect(server.requests).toHaveLength(2);
    expect(OpenFeature.getClient().getBooleanValue('dropdown-kiosk', false)).toBe(true);

    // A change that moves nothing for this user (another building's override) is not announced.
    server.set('dropdown-kiosk', false, 'b-elsewhere');
    stream.send('flags.changed', JSON.stringify({ version: server.version }));
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    await flush();
    expect(changes).toHaveLength(1);
  });

  it('a failed reload marks the flags stale; the next good one says Ready and announces the change', async () => {
    const { provider, server } = makeProvider();
    await OpenFeature.setProviderAndWait(provider, evaluationContextOf(anonymous));
    const events: string[] = [];
    for (const type of [ProviderEvents.Stale, ProviderEvents.Ready, ProviderEvents.ConfigurationChanged]) {
      OpenFeature.addHandler(type, () => events.push(type));
    }
    events.length = 0; // a Ready handler runs at once when the provider is already ready
    server.fetch.mockRejectedValueOnce(new TypeError('network down'));
    server.set('maintenance-mode', true);
    FakeEventSource.latest().send('flags.changed', JSON.stringify({ version: server.version }));
    await vi.waitFor(() => expect(events).toEqual([ProviderEvents.Stale]));
    expect(OpenFeature.getClient().providerStatus).toBe(ProviderStatus.STALE);

    FakeEventSource.latest().send('flags.version', JSON.stringify({ version: server.version }));
    await vi.waitFor(() => expect(events).toEqual([ProviderEvents.Stale, ProviderEvents.Ready, ProviderEvents.ConfigurationChanged]));
    expect(OpenFeature.getClient().getBooleanValue('maintenance-mode', false)).toBe(true);
  });

  it('reopens a stream the browser gave up on, follows the API base, and closes it on close', async () => {
    vi.useFakeTimers();
    const { provider, moveApi } = makeProvider();
    await provider.initialize(evaluationContextOf(anonymous));
    const first = FakeEventSource.latest();
    first.readyState = 2;
    first.send('error');
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened).toHaveLength(2);

    moveApi('https://farm.example/api/');
    await provider.onContextChange(evaluationContextOf(anonymous), evaluationContextOf(ada));
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
    expect(FakeEventSource.latest().url).toBe('https://farm.example/api/flags/v1/stream?key=static-key');

    await provider.onClose();
    expect(FakeEventSource.latest().closed).toBe(true);
  });
});

describe('the flags machine through OpenFeature', () => {
  function start(server = fakeFlagServer()) {
    const { provider } = makeProvider(server);
    const actors = openFeatureFlagActors({ provider, anonymousUser: () => anonymous });
    const actor = createActor(flagsMachine.provide({ actors }), { input: {} }).start();
    return { actor, server, provider };
  }

  it('loads every flag for the anonymous user, then for the identified user', async () => {
    const server = fakeFlagServer();
    server.set('account-history', true, 'b-plaza');
    const { actor } = start(server);
    let snapshot = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(snapshot.context.values).toEqual(FLAG_DEFAULTS);
    expect(server.requests[0]!.user).toEqual(anonymous);

    actor.send({ type: 'flags.identify', user: ada });
    snapshot = await waitFor(actor, (s) => s.hasTag('ready') && s.context.user === ada);
    expect(server.requests.at(-1)!.user).toEqual(ada);
    expect(snapshot.context.values).toEqual({ ...FLAG_DEFAULTS, 'account-history': true });
    actor.stop();
  });

  it('a change on the server reaches the machine without a reload of the page', async () => {
    const { actor, server } = start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.values['dropdown-kiosk']).toBe(false);

    server.set('dropdown-kiosk', true);
    FakeEventSource.latest().send('flags.changed', JSON.stringify({ version: server.version }));
    const snapshot = await waitFor(actor, (s) => s.hasTag('ready') && s.context.values['dropdown-kiosk']);
    expect(snapshot.context.values).toEqual({ ...FLAG_DEFAULTS, 'dropdown-kiosk': true });
    // The machine's reload reads the provider's fresh cache: one evaluation for the change, not two.
    expect(server.requests).toHaveLength(2);
    actor.stop();
  });

  it('stops listening when the machine stops', async () => {
    const { actor, server } = start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.stop();
    server.set('dropdown-kiosk', true);
    FakeEventSource.latest().send('flags.changed', JSON.stringify({ version: server.version }));
    await flush();
    expect(actor.getSnapshot().context.values['dropdown-kiosk']).toBe(false);
  });

  it('keeps the values it had when the flag service fails after identify', async () => {
    // The SDK logs the failed context change; this one is expected.
    OpenFeature.setLogger({ error: () => {}, warn: () => {}, info: () => {}, debug: () => {} });
    const server = fakeFlagServer();
    server.set('show-smart-building', true);
    const { actor } = start(server);
    await waitFor(actor, (s) => s.hasTag('ready'));
    server.fetch.mockRejectedValueOnce(new TypeError('network down'));
    actor.send({ type: 'flags.identify', user: ada });
    await waitFor(actor, (s) => s.hasTag('ready') && server.fetch.mock.calls.length === 2);
    expect(actor.getSnapshot().context.values['show-smart-building']).toBe(true);
    actor.stop();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AtriumBridge, EventData } from '../../src/bridge/client/atriumBridge';
import { visitorPassesLogic } from '../../src/miniapps/visitors/logic';
import { buildVisit } from '../fixtures/visits';

/**
 * The Visitors mini-app's composition root (src/miniapps/visitors/logic.ts): the chart with the bridge client and the
 * visits API. A fake bridge answers and emits; fetch is stubbed.
 */
type Handler = (data: unknown) => void;

function fakeBridge(options: { jwt?: () => Promise<{ token: string; expires_in: number }> } = {}) {
  const handlers = new Map<string, Handler>();
  let issued = 0;
  const bridge = {
    getHostInfo: vi.fn(async () => ({ name: 'atrium', version: '1', platform: 'web', locale: 'fr-FR', kiosk: false })),
    getTheme: vi.fn(async () => ({
      primary_color: '#123456',
      secondary_color: '#000000',
      primary_font_color: null,
      font: null,
      color_scheme: 'dark',
    })),
    getJWT: vi.fn(options.jwt ?? (async () => ({ token: `t-${++issued}`, expires_in: 300 }))),
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    }),
    disconnect: vi.fn(),
  };
  const emit = <E extends keyof EventData>(event: E, data: EventData[E] | null) => handlers.get(event)?.(data);
  return { bridge, emit, connect: vi.fn(async () => bridge as unknown as AtriumBridge) };
}

/** fetch answering each call in turn, recording the address and the bearer. */
function stubFetch(...answers: { status: number; body: unknown }[]) {
  const calls: { url: string; auth: string | null; method: string }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, auth: new Headers(init.headers).get('authorization'), method: init.method ?? 'GET' });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const LISTS = { data: { upcoming: [buildVisit()], past: [] } };
const start = (host: ReturnType<typeof fakeBridge>) =>
  createActor(visitorPassesLogic({ apiBase: 'https://atrium.example/api/', connectBridge: host.connect }), {
    input: { appUuid: 'app-1', locale: 'en', today: '2026-12-01' },
  }).start();

afterEach(() => vi.unstubAllGlobals());

describe('the Visitors mini-app’s composition root', () => {
  it('connects with the app’s uuid, takes the host’s language and theme, and loads the list with its own token', async () => {
    const host = fakeBridge();
    const calls = stubFetch({ status: 200, body: LISTS });
    const actor = start(host);
    const ready = await waitFor(actor, (s) => s.hasTag('list'));
    expect(host.connect).toHaveBeenCalledWith({ appUuid: 'app-1' });
    expect(ready.context.locale).toBe('fr-FR');
    expect(ready.context.theme?.color_scheme).toBe('dark');
    expect(calls).toEqual([{ url: 'https://atrium.example/api/tenant/v1/visits', auth: 'Bearer t-1', method: 'GET' }]);
    expect(ready.context.visits.upcoming).toHaveLength(1);
    actor.stop();
  });

  it('on a 401 asks the bridge for a new token and calls once more', async () => {
    const host = fakeBridge();
    const calls = stubFetch({ status: 401, body: { statusCode: 401, message: 'expired', code: 'invalid_token' } }, { status: 200, body: LISTS });
    const actor = start(host);
    await waitFor(actor, (s) => s.hasTag('list'));
    expect(calls.map((c) => c.auth)).toEqual(['Bearer t-1', 'Bearer t-2']);
    expect(host.bridge.getJWT).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('reads a refused getJWT as an ended session', async () => {
    const host = fakeBridge({ jwt: () => Promise.reject(Object.assign(new Error('Nobody is signed in'), { code: 'UNAVAILABLE' })) });
    stubFetch({ status: 200, body: LISTS });
    const actor = start(host);
    const failed = await waitFor(actor, (s) => s.hasTag('loadFailed'));
    expect(failed.context.error).toEqual({ status: 401, message: 'Nobody is signed in', code: 'UNAVAILABLE' });
    actor.stop();
  });

  it('hears the host: a language, a theme, another building (not the first one heard), a kiosk reset (not the subscription’s null)', async () => {
    const host = fakeBridge();
    stubFetch({ status: 200, body: LISTS });
    const actor = start(host);
    await waitFor(actor, (s) => s.hasTag('list'));
    host.emit('languageChanged', { locale: 'de-DE' });
    expect(actor.getSnapshot().context.locale).toBe('de-DE');
    host.emit('themeChanged', { primary_color: '#abcdef', secondary_color: '#000', primary_font_color: null, font: null, color_scheme: 'light' });
    expect(actor.getSnapshot().context.theme?.primary_color).toBe('#abcdef');
    // The subscription's current values: the building the person is in, and no kiosk reset.
    host.emit('buildingChanged', { uuid: 'b-1', name: 'Plaza', address_1: null, timezone: 'UTC', image_url: null, locale: 'en' });
    host.emit('kioskReset', null);
    host.emit('buildingChanged', { uuid: 'b-1', name: 'Plaza', address_1: null, timezone: 'UTC', image_url: null, locale: 'en' });
    expect(actor.getSnapshot().hasTag('list')).toBe(true);
    expect(host.bridge.getJWT).toHaveBeenCalledTimes(1);
    // Another building: a new token, a new list.
    host.emit('buildingChanged', { uuid: 'b-2', name: 'Harbor', address_1: null, timezone: 'UTC', image_url: null, locale: 'en' });
    await waitFor(actor, (s) => s.hasTag('list') && host.bridge.getJWT.mock.calls.length === 2);
    // The kiosk's reset: the form goes, the list again.
    actor.send({ type: 'user.invite' });
    actor.send({ type: 'user.change', field: 'guest_name', value: 'Someone' });
    host.emit('kioskReset', {} as EventData['kioskReset']);
    const reset = await waitFor(actor, (s) => s.hasTag('list'));
    expect(reset.context.fields.guest_name).toBe('');
    actor.stop();
  });

  it('sends an invitation without an empty note, and an edit’s cleared note as null', async () => {
    const host = fakeBridge();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        if (init.body) bodies.push(JSON.parse(String(init.body)));
        const visit = buildVisit({ uuid: 'v-9', note: 'Floor 3' });
        const data = init.method === 'GET' || !init.method ? { upcoming: [visit], past: [] } : visit;
        return new Response(JSON.stringify({ data }), { status: init.method === 'POST' ? 201 : 200 });
      }),
    );
    const actor = start(host);
    await waitFor(actor, (s) => s.hasTag('list'));
    actor.send({ type: 'user.invite' });
    for (const [field, value] of Object.entries({
      guest_name: 'Kim',
      guest_email: 'kim@guest.example',
      date: '2026-12-03',
      start_time: '09:00',
      end_time: '10:00',
    }))
      actor.send({ type: 'user.change', field: field as 'guest_name', value });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('done'));
    actor.send({ type: 'user.done' });
    actor.send({ type: 'user.edit', uuid: 'v-9' });
    actor.send({ type: 'user.change', field: 'note', value: '' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.hasTag('done'));
    expect(bodies).toEqual([
      { guest_name: 'Kim', guest_email: 'kim@guest.example', date: '2026-12-03', start_time: '09:00', end_time: '10:00' },
      { note: null },
    ]);
    actor.stop();
  });
});

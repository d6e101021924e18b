import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from './harness.js';
import { expectError } from './helpers.js';
import { buildApp } from '../../server/app.js';
import { DEMO_LOGIN } from '../../server/db/seed.js';
import { FLAG_DEFAULTS, FlagStore, type FlagUser } from '../../server/lib/flags.js';
import { parseArgs, requestFor, UsageError } from '../../scripts/flags.js';

let server: TestServer;
let buildings: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({}, { listen: true });
  const rows = await server.db.query<{ name: string; uuid: string }>('SELECT name, uuid::text AS uuid FROM buildings');
  buildings = Object.fromEntries(rows.map((r) => [r.name, r.uuid]));
});
afterAll(() => server?.close());

const anonymous: FlagUser = { key: 'anonymous', anonymous: true, admin: false, roles: [], buildingUuids: [], hqo: false, host: 'localhost' };
const person = (buildingUuids: string[], key = 'someone'): FlagUser => ({ ...anonymous, key, anonymous: false, roles: ['tenant'], buildingUuids });
const evaluate = (user: FlagUser, token?: string) => server.call('POST', '/flags/v1/evaluate', { body: user, ...(token ? { token } : {}) });
const setFlag = (name: string, body: object) => server.call('PUT', `/admin/flags/${name}`, { body });
const uuidOf = (name: string) => {
  const uuid = buildings[name];
  if (!uuid) throw new Error(`no seeded building ${name}: ${Object.keys(buildings).join(', ')}`);
  return uuid;
};

/** Another app on the same database, with other settings (production, API key, admin token). */
async function appWith(config: Partial<TestServer['config']>, adminToken?: string): Promise<FastifyInstance> {
  vi.stubEnv('FLAGS_ADMIN_TOKEN', adminToken ?? '');
  try {
    const app = await buildApp({ ...server.app.deps, config: { ...server.config, ...config } });
    await app.ready();
    return app;
  } finally {
    vi.unstubAllEnvs();
  }
}

/** What EventSource sends. */
const sse = { accept: 'text/event-stream' };

/** Reads server-sent events from a streaming response, one at a time. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: string }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event) return { event, data: data ?? '' };
          continue; // a retry line or a comment
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('POST /flags/v1/evaluate', () => {
  it('answers every flag of the specification with its default for the anonymous user, and nothing else', async () => {
    const res = await evaluate(anonymous);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.flags).toEqual(FLAG_DEFAULTS);
    expect(Object.keys(res.body.data.flags).sort()).toEqual(Object.keys(FLAG_DEFAULTS).sort());
    expect(new Set(Object.values(res.body.data.reasons))).toEqual(new Set(['DEFAULT']));
    expect(res.body.data.version).toEqual(expect.any(Number));
  });

  it('ignores rows of flags the specification does not list', async () => {
    await server.db.query(`INSERT INTO flag_values (flag, value) VALUES ('not-a-flag', true)`);
    try {
      const res = await evaluate(anonymous);
      expect(res.body.data.flags).not.toHaveProperty('not-a-flag');
      expect(res.body.data.reasons).not.toHaveProperty('not-a-flag');
    } finally {
      await server.db.query(`DELETE FROM flag_values WHERE flag = 'not-a-flag'`);
    }
  });

  it('refuses a flag user with missing or unknown fields, or a building that is not a uuid', async () => {
    const { host: _host, ...withoutHost } = anonymous;
    expectError(await server.call('POST', '/flags/v1/evaluate', { body: withoutHost }), 400, /host/);
    expectError(await server.call('POST', '/flags/v1/evaluate', { body: { ...anonymous, colour: 'blue' } }), 400);
    expectError(await evaluate(person(['b-1'])), 400, /buildingUuids/);
  });

  it('a global value applies to everyone, anonymous included, and raises the version', async () => {
    const before = (await evaluate(anonymous)).body.data.version;
    const set = await setFlag('feat-tenant-vis-reg-to-admin-link', { value: true });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({ name: 'feat-tenant-vis-reg-to-admin-link', value: true, building_uuid: null, version: before + 1 });
    for (const user of [anonymous, person([uuidOf('One Atrium Plaza')])]) {
      const res = await evaluate(user);
      expect(res.body.data.flags['feat-tenant-vis-reg-to-admin-link']).toBe(true);
      expect(res.body.data.reasons['feat-tenant-vis-reg-to-admin-link']).toBe('STATIC');
      expect(res.body.data.version).toBe(before + 1);
    }
    // Removing the global value goes back to the specification's default.
    const unset = await server.call('DELETE', '/admin/flags/feat-tenant-vis-reg-to-admin-link');
    expect(unset.body.data).toMatchObject({ removed: true, version: before + 2 });
    expect((await evaluate(anonymous)).body.data.flags['feat-tenant-vis-reg-to-admin-link']).toBe(FLAG_DEFAULTS['feat-tenant-vis-reg-to-admin-link']);
  });

  it('a building override applies only to users of that building, over the global value', async () => {
    const plaza = uuidOf('One Atrium Plaza');
    const west = uuidOf('Atrium Tower West');
    expect((await setFlag('dropdown-kiosk', { value: false })).status).toBe(200);
    expect((await setFlag('dropdown-kiosk', { value: true, building_uuid: plaza })).body.data).toMatchObject({ value: true, building_uuid: plaza });

    const inPlaza = await evaluate(person([plaza]));
    expect(inPlaza.body.data.flags['dropdown-kiosk']).toBe(true);
    expect(inPlaza.body.data.reasons['dropdown-kiosk']).toBe('TARGETING_MATCH');
    expect((await evaluate(person([west]))).body.data.flags['dropdown-kiosk']).toBe(false);
    expect((await evaluate(anonymous)).body.data.flags['dropdown-kiosk']).toBe(false);
    // Upper-case uuids are the same building.
    expect((await evaluate(person([plaza.toUpperCase()]))).body.data.flags['dropdown-kiosk']).toBe(true);

    // When the user's buildings disagree, on wins.
    expect((await setFlag('dropdown-kiosk', { value: false, building_uuid: west })).status).toBe(200);
    expect((await evaluate(person([west]))).body.data.flags['dropdown-kiosk']).toBe(false);
    expect((await evaluate(person([west, plaza]))).body.data.flags['dropdown-kiosk']).toBe(true);

    // Removing an override falls back to the global value.
    expect((await server.call('DELETE', `/admin/flags/dropdown-kiosk?building_uuid=${plaza}`)).body.data.removed).toBe(true);
    expect((await evaluate(person([plaza]))).body.data.flags['dropdown-kiosk']).toBe(false);
    await server.call('DELETE', `/admin/flags/dropdown-kiosk?building_uuid=${west}`);
    await server.call('DELETE', '/admin/flags/dropdown-kiosk');
  });

  it("with the flag user's own valid bearer, the user's buildings come from the database", async () => {
    const { token, user } = await server.login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const plaza = uuidOf('One Atrium Plaza');
    await setFlag('account-history', { value: true, building_uuid: plaza });
    try {
      expect((await evaluate(person([], user.uuid), token)).body.data.flags['account-history']).toBe(true);
      // Another key, or no bearer: only what the body says.
      expect((await evaluate(person([], 'someone-else'), token)).body.data.flags['account-history']).toBe(false);
      expect((await evaluate(person([], user.uuid))).body.data.flags['account-history']).toBe(false);
      // A bad bearer does not cost the user the flags.
      expect((await evaluate(person([], user.uuid), 'not-a-token')).status).toBe(200);
    } finally {
      await server.call('DELETE', `/admin/flags/account-history?building_uuid=${plaza}`);
    }
  });
});

describe('admin endpoints', () => {
  it('lists every flag with its default, global value and overrides', async () => {
    const plaza = uuidOf('One Atrium Plaza');
    await setFlag('service-requests', { value: false });
    await setFlag('service-requests', { value: true, building_uuid: plaza });
    try {
      const res = await server.call('GET', '/admin/flags');
      expect(res.status).toBe(200);
      expect(res.body.data.flags.map((f: { name: string }) => f.name)).toEqual(Object.keys(FLAG_DEFAULTS));
      expect(res.body.data.flags.find((f: { name: string }) => f.name === 'service-requests')).toEqual({
        name: 'service-requests',
        default: true,
        value: false,
        overrides: [{ building_uuid: plaza, building_name: 'One Atrium Plaza', value: true }],
      });
      expect(res.body.data.flags.find((f: { name: string }) => f.name === 'header-logo')).toMatchObject({ value: null, overrides: [] });
    } finally {
      await server.call('DELETE', `/admin/flags/service-requests?building_uuid=${plaza}`);
      await server.call('DELETE', '/admin/flags/service-requests');
    }
  });

  it('answers 400 naming the known flags for an unknown flag, 404 for an unknown building, 400 for bad bodies', async () => {
    const unknown = await setFlag('dropdown-kisok', { value: true });
    expectError(unknown, 400, /Unknown flag "dropdown-kisok"\. Known flags: header-logo, /);
    expectError(await server.call('DELETE', '/admin/flags/nope'), 400, /Unknown flag "nope"/);
    expectError(await setFlag('dropdown-kiosk', { value: true, building_uuid: '00000000-0000-4000-8000-000000000000' }), 404, /No building/);
    expectError(await setFlag('dropdown-kiosk', { value: true, building_uuid: 'plaza' }), 400, /building_uuid/);
    expectError(await setFlag('dropdown-kiosk', { value: 'yes' }), 400, /value/);
    expectError(await setFlag('dropdown-kiosk', {}), 400, /value/);
    // Removing what was never set changes nothing.
    const version = (await evaluate(anonymous)).body.data.version;
    expect((await server.call('DELETE', '/admin/flags/header-logo')).body.data).toMatchObject({ removed: false, version });
  });

  it('without FLAGS_ADMIN_TOKEN, outside production: this machine only, and not through a proxy', async () => {
    const list = { method: 'GET' as const, url: '/api/admin/flags' };
    expect((await server.app.inject({ ...list, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await server.app.inject({ ...list, remoteAddress: '::1' })).statusCode).toBe(200);
    const remote = await server.app.inject({ ...list, remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toMatch(/only from this machine/);
    expect((await server.app.inject({ ...list, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    // Reading flags needs nothing.
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/flags/v1/evaluate', payload: anonymous, remoteAddress: '10.1.2.3' })).statusCode,
    ).toBe(200);
  });

  it('in production without FLAGS_ADMIN_TOKEN, administration is off, even from this machine', async () => {
    const app = await appWith({ production: true });
    try {
      const res = await app.inject({ method: 'PUT', url: '/api/admin/flags/dropdown-kiosk', payload: { value: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/FLAGS_ADMIN_TOKEN/);
    } finally {
      await app.close();
    }
  });

  it('with FLAGS_ADMIN_TOKEN, the token is required (bearer or x-admin-token), from anywhere', async () => {
    const app = await appWith({ production: true }, 'a-long-admin-token');
    try {
      const list = { method: 'GET' as const, url: '/api/admin/flags' };
      expect((await app.inject(list)).statusCode).toBe(401);
      expect((await app.inject({ ...list, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      expect((await app.inject({ ...list, headers: { 'x-admin-token': 'a-long-admin-token-but-longer' } })).statusCode).toBe(401);
      expect((await app.inject({ ...list, remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer a-long-admin-token' } })).statusCode).toBe(
        200,
      );
      const put = await app.inject({
        method: 'PUT',
        url: '/api/admin/flags/header-logo',
        headers: { 'x-admin-token': 'a-long-admin-token' },
        payload: { value: false },
      });
      expect(put.statusCode).toBe(200);
      expect((await evaluate(anonymous)).body.data.flags['header-logo']).toBe(false);
      await server.call('DELETE', '/admin/flags/header-logo');
    } finally {
      await app.close();
    }
  });

  it('with API_KEY set, every flag route needs it; the stream also takes it as ?key= (EventSource sends no headers)', async () => {
    const app = await appWith({ apiKey: 'the-api-key' });
    try {
      expect((await app.inject({ method: 'POST', url: '/api/flags/v1/evaluate', payload: anonymous })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: '/api/flags/v1/evaluate', payload: anonymous, headers: { 'x-api-key': 'the-api-key' } })).statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/admin/flags' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/flags/v1/stream?key=wrong' })).statusCode).toBe(401);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const res = await fetch(`${address}/api/flags/v1/stream?key=the-api-key`, { signal: controller.signal, headers: sse });
      expect(res.status).toBe(200);
      controller.abort();
    } finally {
      await app.close();
    }
  });
});

describe('GET /flags/v1/stream', () => {
  it('sends the version on connect, then flags.changed with the new version after a change', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.config.publicOrigin}/api/flags/v1/stream`, { signal: controller.signal, headers: sse });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = eventReader(res.body!);
      const hello = await events.next();
      expect(hello.event).toBe('flags.version');
      const { version } = JSON.parse(hello.data) as { version: number };

      const put = await setFlag('enable-tw-direct-link', { value: true });
      expect(put.status).toBe(200);
      const changed = await events.next();
      expect(changed).toEqual({ event: 'flags.changed', data: JSON.stringify({ version: version + 1 }) });

      await server.call('DELETE', '/admin/flags/enable-tw-direct-link');
      expect(await events.next()).toEqual({ event: 'flags.changed', data: JSON.stringify({ version: version + 2 }) });
      await events.cancel();
    } finally {
      controller.abort();
    }
  });

  it('answers 406 to a client that does not ask for an event stream', async () => {
    const res = await server.call('GET', '/flags/v1/stream', { headers: { accept: 'application/json' } });
    expectError(res, 406, /accept: text\/event-stream/);
    expectError(await server.call('GET', '/flags/v1/stream'), 406);
  });

  it('ends open streams when the server closes, so closing does not hang', async () => {
    const app = await appWith({});
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/flags/v1/stream`, { headers: sse });
    const events = eventReader(res.body!);
    expect((await events.next()).event).toBe('flags.version');
    await app.close();
    await expect(events.next()).rejects.toThrow(/ended/);
  });

  it('a change written by another process is announced once it is polled', async () => {
    const store = new FlagStore(server.db, server.clock);
    const heard: number[] = [];
    store.onChange((v) => heard.push(v));
    await store.poll();
    heard.length = 0;
    const [row] = await server.db.query<{ version: number }>(
      `INSERT INTO flag_changes (flag, value, source) VALUES ('header-logo', true, 'elsewhere') RETURNING version`,
    );
    await store.poll();
    await store.poll();
    expect(heard).toEqual([row!.version]);
  });
});

describe('npm run flags: parseArgs', () => {
  it('reads set NAME on|off with an optional building, url and token', () => {
    const plaza = '3f2c1e0a-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    expect(parseArgs(['set', 'dropdown-kiosk', 'on'])).toEqual({
      command: 'set',
      name: 'dropdown-kiosk',
      value: true,
      building: null,
      url: 'http://localhost:8080',
      urlGiven: false,
      token: null,
    });
    expect(parseArgs(['set', 'dropdown-kiosk', 'off', '--building', plaza, '--url', 'http://example.test:9000/'])).toMatchObject({
      value: false,
      building: plaza,
      url: 'http://example.test:9000',
      urlGiven: true,
    });
    expect(parseArgs(['--building=' + plaza, 'set', 'dropdown-kiosk', 'OFF'])).toMatchObject({ value: false, building: plaza });
    expect(parseArgs(['set', 'header-logo', 'true', '--token', 't0k'])).toMatchObject({ value: true, token: 't0k' });
  });

  it('takes the port, token and API base from the environment', () => {
    const env = { PORT: '9123', FLAGS_ADMIN_TOKEN: 'from-env', API_BASE: '/v', API_KEY: 'k' };
    const command = parseArgs(['set', 'header-logo', 'off', '--building', '3f2c1e0a-5b6d-4e7f-8a9b-0c1d2e3f4a5b'], env);
    expect(command).toMatchObject({ url: 'http://localhost:9123', token: 'from-env' });
    if (command.command !== 'set') throw new Error('set expected');
    expect(requestFor(command, env)).toEqual({
      method: 'PUT',
      url: 'http://localhost:9123/v/admin/flags/header-logo',
      headers: { accept: 'application/json', authorization: 'Bearer from-env', 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ value: false, building_uuid: '3f2c1e0a-5b6d-4e7f-8a9b-0c1d2e3f4a5b' }),
    });
  });

  it('reads list, unset and help', () => {
    expect(parseArgs(['list'])).toMatchObject({ command: 'list' });
    expect(parseArgs(['unset', 'header-logo'])).toMatchObject({ command: 'unset', name: 'header-logo', building: null });
    expect(parseArgs([])).toEqual({ command: 'help' });
    expect(parseArgs(['set', '--help'])).toEqual({ command: 'help' });
    const unset = parseArgs(['unset', 'header-logo', '--building', '3f2c1e0a-5b6d-4e7f-8a9b-0c1d2e3f4a5b']);
    if (unset.command !== 'unset') throw new Error('unset expected');
    expect(requestFor(unset)).toMatchObject({
      method: 'DELETE',
      url: 'http://localhost:8080/api/admin/flags/header-logo?building_uuid=3f2c1e0a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    });
  });

  it.each([
    [['set', 'no-such-flag', 'on'], /Unknown flag "no-such-flag"\. Known flags: header-logo/],
    [['set', 'header-logo'], /on or off/],
    [['set', 'header-logo', 'maybe'], /on or off, not "maybe"/],
    [['set', 'header-logo', 'on', 'extra'], /Unexpected "extra"/],
    [['set'], /needs a flag name/],
    [['set', 'header-logo', 'on', '--building'], /--building needs a value/],
    [['set', 'header-logo', 'on', '--building', 'plaza'], /building uuid/],
    [['set', 'header-logo', 'on', '--colour', 'red'], /Unknown option --colour/],
    [['set', 'header-logo', 'on', '--url', 'localhost:8080'], /http\(s\) address/],
    [['toggle', 'header-logo'], /Unknown command "toggle"/],
    [['list', '--building', '3f2c1e0a-5b6d-4e7f-8a9b-0c1d2e3f4a5b'], /list takes no --building/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

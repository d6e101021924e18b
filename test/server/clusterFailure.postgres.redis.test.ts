/**
 * An instance killed under load (issue 27): two instances as child processes on one Postgres database and one Redis,
 * behind the proxy of `npm run cluster` (scripts/cluster.ts); a steady mixed load through the proxy (feed reads,
 * acknowledged writes of mini-app storage values); one instance gets kill -9. Afterwards every acknowledged write is
 * in the database, the errors are no more than the requests in flight at the kill, and the proxy answered throughout
 * from the other instance. The run's figures are printed.
 *
 * It needs Postgres (TEST_DATABASE_URL, else the machine's postgres://postgres@127.0.0.1:5432/test, on which a
 * database is made for the run and dropped after it) and Redis (test/server/redisTest.ts); without them it fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/index.js';
import { DEMO_LOGIN, DEMO_MINI_APP_UUIDS } from '../../server/db/seed.js';
import { startCluster, type RunningCluster } from '../../scripts/cluster.js';
import { homeCalls } from '../../scripts/feedBench.js';
import { freePort } from './harness.js';
import { redisForTest } from './redisTest.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `atrium_failure_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let admin: Db;
let db: Db;
let cluster: RunningCluster | undefined;
let redis: Awaited<ReturnType<typeof redisForTest>>;
const attachments = mkdtempSync(path.join(tmpdir(), 'atrium-cluster-attachments-'));

beforeAll(async () => {
  redis = await redisForTest();
  admin = await openDb({ databaseUrl: adminUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const port = await freePort();
  const instancePorts = [await freePort(), await freePort()];
  cluster = await startCluster({
    instances: 2,
    port,
    instancePorts,
    databaseUrl: url.toString(),
    redisUrl: redis.url,
    fromSource: true,
    quiet: true,
    env: {
      REDIS_KEY_PREFIX: redis.prefix,
      WRITE_LIMIT_FACTOR: '1000',
      SENSITIVE_RATE_LIMIT: '100000',
      DEV_OIDC: 'off',
      ATTACHMENTS_DIR: attachments,
    },
  });
  db = await openDb({ databaseUrl: url.toString() });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.close();
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
  await redis?.cleanUp();
  rmSync(attachments, { recursive: true, force: true });
}, 60_000);

interface Outcome {
  kind: 'read' | 'write';
  started: number;
  ended: number;
  ok: boolean;
  status: number;
}

describe('two instances behind the proxy, one killed with kill -9 under load', () => {
  it('passes an event stream through unbuffered: a flag change through the proxy arrives at once', async () => {
    const base = cluster!.proxy.url;
    const controller = new AbortController();
    const res = await fetch(`${base}/api/flags/v1/stream`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const until = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended: ${text}`);
          text += decoder.decode(value, { stream: true });
        }
      };
      await until(/event: flags\.version\n/);
      // Two changes, so that each instance makes one (the proxy takes turns) and the stream hears both.
      for (const value of [true, false]) {
        const put = await fetch(`${base}/api/admin/flags/enable-tw-direct-link`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value }),
        });
        expect(put.status).toBe(200);
      }
      const sent = performance.now();
      await until(/(id: \d+-\d+\nevent: flags\.changed\n[^\n]*\n\n[^]*){2}/);
      expect(performance.now() - sent).toBeLessThan(1000);
    } finally {
      controller.abort();
    }
  });

  it('loses no acknowledged write, fails no more requests than were in flight at the kill, and answers throughout', async () => {
    const base = cluster!.proxy.url;
    const login = await fetch(`${base}/api/auth/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_LOGIN.email, password: DEMO_LOGIN.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const { feedCall } = await homeCalls(base, token);
    const [building] = await db.query<{ uuid: string }>(
      `SELECT b.uuid::text AS uuid FROM buildings b JOIN user_buildings ub ON ub.building_id = b.id JOIN users u ON u.id = ub.user_id
       WHERE u.email = $1 ORDER BY b.id LIMIT 1`,
      [DEMO_LOGIN.email],
    );
    // Storage of two demo mini-apps granted it: 100 keys each, every key written once.
    const storageApps = [DEMO_MINI_APP_UUIDS[0]!, DEMO_MINI_APP_UUIDS[2]!];
    const writes = storageApps.flatMap((app) =>
      Array.from({ length: 100 }, (_, i) => ({ app, key: `load-${i}`, value: `value-${app.slice(-2)}-${i}` })),
    );
    const acknowledged: typeof writes = [];
    const outcomes: Outcome[] = [];
    const auth = { authorization: `Bearer ${token}` };

    let stopping = false;
    let killedAt = 0;
    const worker = async (n: number) => {
      for (let i = 0; !stopping; i++) {
        const write = i % 2 === 1 ? writes.shift() : undefined;
        const started = performance.now();
        let status = 0;
        try {
          const res = write
            ? await fetch(`${base}/api/tenant/v1/apps/${write.app}/storage/${write.key}?building_uuid=${building!.uuid}`, {
                method: 'PUT',
                headers: { ...auth, 'content-type': 'application/json' },
                body: JSON.stringify({ value: write.value }),
                signal: AbortSignal.timeout(10_000),
              })
            : await fetch(`${base}${feedCall.path}`, { headers: feedCall.headers ?? {}, signal: AbortSignal.timeout(10_000) });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          status = 0; // no answer at all
        }
        const ok = status >= 200 && status < 300;
        if (ok && write) acknowledged.push(write);
        outcomes.push({ kind: write ? 'write' : 'read', started, ended: performance.now(), ok, status });
      }
      return n;
    };
    const started = performance.now();
    const load = Promise.all(Array.from({ length: 6 }, (_, n) => worker(n)));
    /** Waits for a condition of the load (not for a time). */
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    // Steady load first: forty answers, from both instances.
    await until(() => outcomes.length >= 40);
    const victim = cluster!.instances[1]!;
    killedAt = performance.now();
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    // And on for a hundred requests more on the instance left.
    await until(() => outcomes.filter((o) => o.started > killedAt).length >= 100);
    stopping = true;
    await load;
    const ended = performance.now();

    const errors = outcomes.filter((o) => !o.ok);
    const inFlightAtKill = outcomes.filter((o) => o.started <= killedAt && o.ended >= killedAt).length;
    const after = outcomes.filter((o) => o.started > killedAt);
    console.log(
      `cluster failure: ${outcomes.length} requests in ${((ended - started) / 1000).toFixed(1)} s ` +
        `(${outcomes.filter((o) => o.kind === 'write').length} writes, ${acknowledged.length} acknowledged); ` +
        `${errors.length} errors [${errors.map((e) => e.status).join(', ')}], ${inFlightAtKill} in flight at the kill; ` +
        `${after.length} requests after it, ${after.filter((o) => o.ok).length} answered; the proxy retried ${cluster!.proxy.stats.retried}`,
    );

    // The load was steady on both sides of the kill.
    expect(outcomes.filter((o) => o.ended < killedAt).length).toBeGreaterThan(10);
    expect(after.length).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(10);
    // Errors only among the requests the dead instance held when it died.
    expect(errors.length).toBeLessThanOrEqual(inFlightAtKill);
    // Answered throughout: every half second after the kill had answers, and the last second's requests all succeeded.
    for (let from = killedAt; from + 500 <= ended - 500; from += 500) {
      expect(
        outcomes.some((o) => o.ok && o.ended >= from && o.ended < from + 500),
        `no answer between ${Math.round(from - killedAt)} and ${Math.round(from - killedAt + 500)} ms after the kill`,
      ).toBe(true);
    }
    expect(outcomes.filter((o) => o.started > ended - 1000).every((o) => o.ok)).toBe(true);

    // Every acknowledged write is in the database.
    const kept = await db.query<{ uuid: string; key: string; value: string }>(
      `SELECT a.uuid::text AS uuid, s.key, s.value FROM mini_app_storage s JOIN mini_apps a ON a.id = s.app_id WHERE s.key LIKE 'load-%'`,
    );
    const stored = new Set(kept.map((row) => `${row.uuid}/${row.key}=${row.value}`));
    const missing = acknowledged.filter((w) => !stored.has(`${w.app}/${w.key}=${w.value}`));
    expect(missing).toEqual([]);
  }, 60_000);
});

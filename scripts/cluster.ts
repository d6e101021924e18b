/**
 * `npm run cluster`: several instances of the server (API and app) on one Postgres and one Redis, behind a small proxy
 * that spreads requests over them and retries an idempotent request on another instance when one fails (issue 27,
 * decision 220-cluster-proxy). The proxy is Fastify with @fastify/reply-from over undici's BalancedPool: no balancing
 * of our own.
 *
 *   npm run cluster                      two instances, the proxy on PORT (default 8080), instances on PORT+1, PORT+2
 *   npm run cluster -- --instances 3     three
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/atrium_cluster, made when missing), REDIS_URL (default
 * redis://127.0.0.1:6379). The first instance migrates and seeds the database before the others start, so they never
 * race to do it. The test of an instance killed under load (test/server/clusterFailure.postgres.redis.test.ts) and the bench
 * (`npm run bench -- --only cluster`) start clusters with the same functions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import replyFrom from '@fastify/reply-from';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_CLUSTER_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/atrium_cluster';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Methods whose repetition does what one does; a POST only with an Idempotency-Key (the bookings honour it). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Failures that mean the instance went away before it answered: another instance may be asked instead. */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_CLOSED']);
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Makes the database of a URL when it does not exist yet (connecting to the server's `postgres` database to do it). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`The database name ${name} is not one this script makes`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${name}`);
      console.log(`Made the database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

export interface ProxyStats {
  /** Requests sent again to an instance after one failed to answer. */
  retried: number;
  /** Requests answered with an error because no instance answered. */
  failed: number;
}

export interface RunningProxy {
  url: string;
  app: FastifyInstance;
  stats: ProxyStats;
  close(): Promise<void>;
}

/**
 * The proxy: every request goes to one of `upstreams` (undici's BalancedPool, which also sends less to an instance
 * whose connections fail); one that failed before an answer came is sent again, up to `retries` times, when repeating
 * it is safe. Bodies are read whole first (up to `bodyLimit`) so that they can be sent again; answers stream through
 * as they come, event streams included.
 */
export async function startProxy(options: {
  port: number;
  host?: string;
  upstreams: string[];
  retries?: number;
  bodyLimit?: number;
}): Promise<RunningProxy> {
  const retries = options.retries ?? 3;
  const bodyLimit = options.bodyLimit ?? 40 * 1024 * 1024;
  const stats: ProxyStats = { retried: 0, failed: 0 };
  const app = Fastify({ logger: false, bodyLimit, requestTimeout: 0 });
  // Every body as bytes, untouched (JSON included): the instances parse and check it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(replyFrom, {
    base: options.upstreams.length === 1 ? options.upstreams[0]! : options.upstreams,
    // An event stream is quiet between its heartbeats (15 s): the body timeout is longer than that.
    undici: { connections: 128, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 60_000 },
    disableRequestLogging: true,
  });
  app.all('/*', (request, reply) => {
    const method = request.method;
    const repeatable = IDEMPOTENT.has(method) || (method === 'POST' && typeof request.headers['idempotency-key'] === 'string');
    const body = request.body as Buffer | undefined;
    const client = request.socket.remoteAddress ?? '';
    void reply.from(request.url, {
      ...(body && method !== 'GET' && method !== 'HEAD' ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      retriesCount: retries,
      retryDelay: ({ err, res, attempt }) => {
        const refused = !!err && CONNECTION_FAILURES.has((err as { code?: string }).code ?? '');
        // A GET an instance shed (503) may find room on another.
        const shed = !err && res?.statusCode === 503 && (method === 'GET' || method === 'HEAD');
        if (!repeatable || attempt >= retries || !(refused || shed)) return null;
        stats.retried++;
        return 1 + attempt * 50;
      },
      rewriteRequestHeaders: (_request, headers) => {
        // The instances see the host the browser asked for (it picks the brand) and, from elsewhere, who asked: a
        // caller on this machine stays one, so the development routes answer it through the proxy as without it.
        const rewritten: Record<string, unknown> = { ...headers, host: request.headers.host ?? headers.host };
        if (!LOOPBACK.has(client)) {
          const before = request.headers['x-forwarded-for'];
          rewritten['x-forwarded-for'] = before ? `${String(before)}, ${client}` : client;
          rewritten['x-forwarded-proto'] = request.protocol;
        }
        return rewritten as typeof headers;
      },
      onError: (failedReply, { error }) => {
        stats.failed++;
        void failedReply
          .code(502)
          .send({ message: 'No instance answered. Please try again.', code: 'upstream_failed', cause: (error as Error).message });
      },
    });
  });
  const address = await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  return { url: address, app, stats, close: () => app.close() };
}

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  /** The instance's output so far (printed when it fails to start). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Waits until the instance's health check answers 200. */
async function healthy(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The instance at ${url} exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/healthcheck`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The instance at ${url} did not answer its health check in ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts one instance as a child process: the built server (`node .build/server.js`, as `npm start` runs it) or, with
 * `fromSource`, server/main.ts through tsx (the tests: no build). Resolves once its health check answers.
 */
export async function startInstance(options: {
  port: number;
  env: Record<string, string>;
  fromSource?: boolean;
  timeoutMs?: number;
  quiet?: boolean;
}): Promise<Instance> {
  const args = options.fromSource ? ['--import', 'tsx', path.join(root, 'server', 'main.ts')] : [path.join(root, '.build', 'server.js')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (!options.quiet) process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${options.port}] `));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const instance: Instance = {
    port: options.port,
    url,
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
  try {
    await healthy(url, child, options.timeoutMs ?? 120_000, instance.output);
  } catch (error) {
    await instance.stop('SIGKILL');
    throw error;
  }
  return instance;
}

export interface ClusterOptions {
  instances: number;
  /** The proxy's port; the instances take the next ones unless `instancePorts` says otherwise. */
  port: number;
  instancePorts?: number[];
  databaseUrl: string;
  redisUrl: string;
  /** More environment for every instance. */
  env?: Record<string, string>;
  fromSource?: boolean;
  quiet?: boolean;
}

export interface RunningCluster {
  proxy: RunningProxy;
  instances: Instance[];
  stop(): Promise<void>;
}

/** The instances (the first alone, then the others together), then the proxy in this process. */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const ports = options.instancePorts ?? Array.from({ length: options.instances }, (_, i) => options.port + 1 + i);
  const publicOrigin = `http://localhost:${options.port}`;
  const env = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    PUBLIC_ORIGIN: publicOrigin,
    TRUST_PROXY: 'true',
    // The development OpenID provider keeps its sessions in one process's memory: a sign-in could come back to another
    // instance than the one that began it (decision 222). Password and code sign-in work on every instance.
    DEV_OIDC: 'off',
    ...options.env,
  };
  const instances: Instance[] = [];
  const stopAll = () => Promise.all(instances.map((instance) => instance.stop()));
  try {
    // The first instance migrates, seeds and makes the shared secrets; the others then find them made.
    instances.push(await startInstance({ port: ports[0]!, env, fromSource: options.fromSource, quiet: options.quiet }));
    instances.push(
      ...(await Promise.all(ports.slice(1).map((port) => startInstance({ port, env, fromSource: options.fromSource, quiet: options.quiet })))),
    );
    const proxy = await startProxy({ port: options.port, upstreams: instances.map((instance) => instance.url) });
    return {
      proxy,
      instances,
      async stop() {
        await proxy.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function main() {
  const at = process.argv.indexOf('--instances');
  const instances = at === -1 ? Number(process.env.CLUSTER_INSTANCES ?? 2) : Number(process.argv[at + 1]);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error('--instances takes a number from 1 to 16');
  const port = Number(process.env.PORT ?? 8080);
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_CLUSTER_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  await ensureDatabase(databaseUrl);
  // The app and the server's bundle, built once here rather than by every instance at once.
  const build = spawn(process.execPath, [path.join(root, 'scripts', 'start.js'), '--build-only'], { cwd: root, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) process.exit(code ?? 1);
  const cluster = await startCluster({ instances, port, databaseUrl, redisUrl });
  const safeUrl = new URL(databaseUrl);
  safeUrl.password = '';
  console.log(`\nAtrium runs as ${instances} instances behind a proxy at http://localhost:${port}`);
  console.log(`  Instances: ${cluster.instances.map((instance) => instance.url).join(', ')}`);
  console.log(`  Database:  ${safeUrl.toString()}   Redis: ${redisUrl}`);
  console.log('  Stop with Ctrl-C.\n');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cluster.stop().finally(() => process.exit(0));
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

/**
 * `npm run bench -- --only cluster` (issue 27): the feed call's throughput and p99 latency with one and with two
 * instances on one Postgres and one Redis, both behind the proxy of `npm run cluster` (scripts/cluster.ts), in one run,
 * printed as ratios (two against one) and added to docs/performance.md. The proxy and the load run in this process,
 * the instances in their own. On a two-core machine the two instances share the cores with the proxy and the load, so a
 * ratio near 1 is expected; the figure is for larger machines.
 */
import autocannon from 'autocannon';
import { startCluster } from './cluster';
import { homeCalls } from './feedBench';

export interface ClusterBenchRun {
  instances: number;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface ClusterBenchResult {
  connections: number;
  seconds: number;
  runs: ClusterBenchRun[];
  /** Two instances' throughput over one's. */
  throughputRatio: number;
  /** Two instances' p99 over one's. */
  p99Ratio: number;
}

export async function clusterBench(options: {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  login: { email: string; password: string };
  connections?: number;
  seconds?: number;
}): Promise<ClusterBenchResult> {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? 10;
  const runs: ClusterBenchRun[] = [];
  for (const instances of [1, 2]) {
    const cluster = await startCluster({
      instances,
      port: options.port,
      databaseUrl: options.databaseUrl,
      redisUrl: options.redisUrl,
      quiet: true,
      env: { REDIS_KEY_PREFIX: options.redisPrefix, SENSITIVE_RATE_LIMIT: '1000000', WRITE_LIMIT_FACTOR: '1000' },
    });
    try {
      const base = cluster.proxy.url;
      const login = await fetch(`${base}/api/auth/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(options.login),
      });
      if (!login.ok) throw new Error(`sign-in through the proxy: ${login.status}`);
      const { feedCall } = await homeCalls(base, ((await login.json()) as { token: string }).token);
      const request = { method: 'GET' as const, path: feedCall.path, headers: feedCall.headers ?? {} };
      // A short warm-up, not timed: the instances' first queries and the proxy's connections.
      await autocannon({ url: base, connections, duration: 2, requests: [request] });
      const result = await autocannon({ url: base, connections, duration: seconds, timeout: 10, requests: [request] });
      runs.push({
        instances,
        requestsPerSecond: result.requests.average,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      });
    } finally {
      await cluster.stop();
    }
  }
  const [one, two] = runs as [ClusterBenchRun, ClusterBenchRun];
  return { connections, seconds, runs, throughputRatio: two.requestsPerSecond / one.requestsPerSecond, p99Ratio: two.p99Ms / one.p99Ms };
}

export function clusterLines(result: ClusterBenchResult): string[] {
  return [
    `feed call through the proxy on Postgres and Redis (${result.connections} connections, ${result.seconds} s each):`,
    ...result.runs.map(
      (run) =>
        `  ${run.instances} instance${run.instances > 1 ? 's' : ''}: ${Math.round(run.requestsPerSecond)} req/s, p99 ${run.p99Ms} ms` +
        ` (non-2xx ${run.non2xx}, errors ${run.errors}, timeouts ${run.timeouts})`,
    ),
    `  two against one: throughput ×${result.throughputRatio.toFixed(2)}, p99 ×${result.p99Ratio.toFixed(2)}`,
  ];
}

export const CLUSTER_TABLE =
  '| date | cores | one instance req/s | p99 | two instances req/s | p99 | throughput ratio | p99 ratio | failed |\n|---|---|---|---|---|---|---|---|---|';
export const CLUSTER_HEADING = 'Feed call with one and two instances (Postgres and Redis, through the proxy of npm run cluster; 50 connections)';

export function clusterRow(result: ClusterBenchResult, cores: number, day = new Date().toISOString().slice(0, 10)): string {
  const [one, two] = result.runs as [ClusterBenchRun, ClusterBenchRun];
  const failed = result.runs.reduce((n, run) => n + run.non2xx + run.errors + run.timeouts, 0);
  return (
    `| ${day} | ${cores} | ${Math.round(one.requestsPerSecond)} | ${one.p99Ms} ms | ${Math.round(two.requestsPerSecond)} | ${two.p99Ms} ms | ` +
    `${result.throughputRatio.toFixed(2)}× | ${result.p99Ratio.toFixed(2)}× | ${failed} |`
  );
}

/**
 * The mixed load of `npm run bench -- --only load` (issue 27): 200 connections on ONE instance for a fixed time, each
 * sending in turn what people do most — the feed (categories, a category's contents), a content's detail, an RSVP and
 * its withdrawal, a sign-in — with autocannon, each request given 10 s. It prints the requests answered, the 5xx other
 * than the shed 503s, the shed 503s and how fast they were answered, p99 and max, and how many requests waited past
 * 10 s (the target: none; a shed request, answered 503 with Retry-After, counts apart, as an honest "not now").
 *
 * The only 503 this load can meet is load shedding's (`overloaded`: no Redis here, so no `limits_unavailable`, and no
 * event streams in the mix), so every 503 counts as shed.
 */
import autocannon from 'autocannon';

export const LOAD_CONNECTIONS = 200;
export const LOAD_SECONDS = 30;
/** The bound: no request waits longer. */
export const LOAD_TIMEOUT_S = 10;

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadBenchResult {
  connections: number;
  seconds: number;
  /** Answers of every kind (and the timeouts, which have none). */
  requests: number;
  requestsPerSecond: number;
  /** Answers 5xx other than 503. */
  otherFiveHundreds: number;
  /** 503 answers (load shedding), with their slowest and 99th-percentile answer time. */
  shed: number;
  shedP99Ms: number;
  shedMaxMs: number;
  /** Shed answers that took longer than a second. */
  shedSlow: number;
  /** Over every answer. */
  p99Ms: number;
  maxMs: number;
  /** Requests with no answer within LOAD_TIMEOUT_S. */
  pastTimeout: number;
  /** Connection errors other than timeouts. */
  errors: number;
  /** Answers by status class, for the record. */
  byStatus: Record<string, number>;
}

const json = { 'content-type': 'application/json' };

async function call<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  // The set-up's calls are retried while the server sheds them (it may still be busy with its start).
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(body ? json : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await answer.text();
    if (answer.status === 503 && attempt < 20) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    return { status: answer.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

/**
 * The mix, found the way the app finds it: sign in as the demo person, their first building's feed categories and
 * contents, a content to open, and an event post that takes RSVPs (an attend and a withdrawal that both answer 200).
 */
export async function loadCalls(base: string, demo: { email: string; password: string }): Promise<Call[]> {
  const signIn = await call<{ token: string }>(base, 'POST', '/auth/v2/login', undefined, demo);
  if (signIn.status !== 200) throw new Error(`sign-in of ${demo.email}: ${signIn.status}`);
  const token = signIn.body.token;
  const buildings = await call<{ data: { buildings: { uuid: string }[] } }>(
    base,
    'GET',
    '/tenant/v1/users/current/buildings?include=languages',
    token,
  );
  const building = buildings.body.data.buildings[0]!.uuid;
  const categoriesPath = `/tenant/v1/buildings/${building}/categories?active=true&lang=en`;
  const categories = (await call<{ data: { uuid: string }[] }>(base, 'GET', categoriesPath, token)).body.data;
  const contentPaths = categories.map((c) => `/tenant/v2/buildings/${building}/categories/${c.uuid}/content?lang=en&limit=100`);
  const tiles: { uuid: string; type: string }[] = [];
  for (const path of contentPaths) tiles.push(...(await call<{ data: { uuid: string; type: string }[] }>(base, 'GET', path, token)).body.data);
  if (!tiles.length) throw new Error('the demo building has no content');
  let rsvp: string | undefined;
  for (const tile of tiles.filter((t) => /event/i.test(t.type))) {
    const attend = await call(base, 'PUT', `/tenant/v1/buildings/${building}/event-posts/${tile.uuid}/attend`, token);
    if (attend.status !== 200) continue;
    if ((await call(base, 'PUT', `/tenant/v1/event-posts/${tile.uuid}/recall`, token)).status !== 200) continue;
    rsvp = tile.uuid;
    break;
  }
  if (!rsvp) throw new Error('no demo event post takes RSVPs');
  const detail = tiles.find((t) => t.uuid !== rsvp) ?? tiles[0]!;
  const authed = (method: Call['method'], path: string): Call => ({ method, path: `/api${path}`, headers: { authorization: `Bearer ${token}` } });
  return [
    authed('GET', categoriesPath),
    authed('GET', contentPaths[0]!),
    authed('GET', `/tenant/v2/buildings/${building}/content/${detail.uuid}?lang=en`),
    authed('PUT', `/tenant/v1/buildings/${building}/event-posts/${rsvp}/attend`),
    authed('GET', contentPaths[contentPaths.length - 1]!),
    authed('GET', `/tenant/v2/buildings/${building}/content/${rsvp}?lang=en`),
    authed('PUT', `/tenant/v1/event-posts/${rsvp}/recall`),
    { method: 'POST', path: '/api/auth/v2/login', headers: json, body: JSON.stringify(demo) },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/** Runs the mix against `base` (the server must allow the sign-ins and RSVPs of one person and one address). */
export async function loadBench(
  base: string,
  demo: { email: string; password: string },
  options = { connections: LOAD_CONNECTIONS, seconds: LOAD_SECONDS },
): Promise<LoadBenchResult> {
  const calls = await loadCalls(base, demo);
  const times: number[] = [];
  const shedTimes: number[] = [];
  const byStatus: Record<string, number> = {};
  let otherFiveHundreds = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: options.connections,
        duration: options.seconds,
        timeout: LOAD_TIMEOUT_S,
        requests: calls.map((c) => ({ method: c.method, path: c.path, headers: c.headers ?? {}, ...(c.body ? { body: c.body } : {}) })),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      byStatus[statusCode] = (byStatus[statusCode] ?? 0) + 1;
      if (statusCode === 503) shedTimes.push(responseTime);
      else if (statusCode >= 500) otherFiveHundreds += 1;
    });
  });
  times.sort((a, b) => a - b);
  shedTimes.sort((a, b) => a - b);
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: times.length + result.timeouts,
    requestsPerSecond: times.length / options.seconds,
    otherFiveHundreds,
    shed: shedTimes.length,
    shedP99Ms: percentile(shedTimes, 99),
    shedMaxMs: shedTimes.at(-1) ?? 0,
    shedSlow: shedTimes.filter((t) => t > 1000).length,
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? 0,
    pastTimeout: result.timeouts,
    errors: result.errors - result.timeouts,
    byStatus,
  };
}

export function loadLines(r: LoadBenchResult): string[] {
  const classes = Object.entries(r.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  return [
    `mixed load on one instance, ${r.connections} connections for ${r.seconds} s (feed, content details, RSVPs, sign-ins in turn):`,
    `  ${r.requests} requests, ${Math.round(r.requestsPerSecond)} answers/s; p99 ${Math.round(r.p99Ms)} ms, max ${Math.round(r.maxMs)} ms`,
    `  5xx other than shed 503s: ${r.otherFiveHundreds}`,
    `  shed 503s: ${r.shed}` +
      (r.shed ? ` (answered in p99 ${Math.round(r.shedP99Ms)} ms, max ${Math.round(r.shedMaxMs)} ms; over 1 s: ${r.shedSlow})` : ''),
    `  past ${LOAD_TIMEOUT_S} s: ${r.pastTimeout}   connection errors: ${r.errors}`,
    `  answers by status: ${classes}`,
  ];
}

/**
 * The targets: nothing past 10 s and no 5xx but shed 503s. How fast the shed ones were told is printed, not
 * asserted: a shed answer is decided at the request's first hook, but a request waits for the event loop before it.
 */
export const loadFailures = (r: LoadBenchResult) =>
  [
    r.pastTimeout > 0 && `${r.pastTimeout} requests of the mixed load waited past ${LOAD_TIMEOUT_S} s`,
    r.otherFiveHundreds > 0 && `${r.otherFiveHundreds} requests of the mixed load answered 5xx (not shed)`,
  ].filter((f): f is string => !!f);

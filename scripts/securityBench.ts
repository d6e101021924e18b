/**
 * The account-security figures of `npm run bench`, against a running server (started by bench.ts):
 *  - login timing: wrong passwords for known accounts against unknown addresses, as a ratio of medians (an
 *    attacker must not tell them apart; the issue wants it within 2x);
 *  - the home-feed calls under 200 connections for 30 s: 5xx answers (must be 0) and timeouts;
 *  - 1,000 slow connections that never finish their headers, with health check and sign-in still answering beside
 *    them, and how many the server cut off.
 */
import { connect, type Socket } from 'node:net';
import autocannon from 'autocannon';

interface Session {
  token: string;
}

const json = { 'content-type': 'application/json' };
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function post(base: string, path: string, body: unknown, token?: string) {
  return fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(base: string, email: string, password: string): Promise<Session> {
  const answer = await post(base, '/auth/v2/login', { email, password });
  if (!answer.ok) throw new Error(`sign-in of ${email}: ${answer.status} ${await answer.text()}`);
  return { token: ((await answer.json()) as { token: string }).token };
}

/** A confirmed account made through the API and the dev mailbox (the bench runs on this machine). */
async function confirmedAccount(base: string, email: string, password: string) {
  const registered = await post(base, '/auth/register', { email, password, first_name: 'Bench', last_name: 'Mark', is_term_accepted: true });
  if (!registered.ok) throw new Error(`register ${email}: ${registered.status}`);
  const mail = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { data: { text: string }[] };
  const code = /\b(\d{4})\b/.exec(mail.data[0]?.text ?? '')?.[1];
  const confirmed = await fetch(`${base}/api/user-verification/code/${code}/consume?email=${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ password }),
  });
  if (!confirmed.ok) throw new Error(`confirm ${email}: ${confirmed.status}`);
}

async function timedLogin(base: string, email: string, password: string): Promise<number> {
  const started = performance.now();
  const answer = await post(base, '/auth/v2/login', { email, password });
  await answer.arrayBuffer();
  if (answer.status !== 401) throw new Error(`expected 401 for a wrong password, got ${answer.status}`);
  return performance.now() - started;
}

/** Wrong passwords for known accounts and for unknown addresses, interleaved; four per account stay under its lock. */
export async function loginTiming(base: string, accounts = 40, triesPerAccount = 4) {
  const stamp = Date.now().toString(36);
  const known = Array.from({ length: accounts }, (_, i) => `timing.${stamp}.${i}@northwind.example`);
  for (const email of known) await confirmedAccount(base, email, `Bench!${stamp}Aa1`);
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  let unknownSerial = 0;
  for (let round = 0; round < triesPerAccount; round++) {
    for (const email of known) {
      knownTimes.push(await timedLogin(base, email, `Wrong!${round}xY`));
      unknownTimes.push(await timedLogin(base, `nobody.${stamp}.${unknownSerial++}@northwind.example`, `Wrong!${round}xY`));
    }
  }
  const ratio = median(unknownTimes) / median(knownTimes);
  console.log(`login with a wrong password (${knownTimes.length} tries each, interleaved):`);
  console.log(`  known account  median ${ms(median(knownTimes))}`);
  console.log(`  unknown address median ${ms(median(unknownTimes))}`);
  console.log(`  ratio unknown/known ${ratio.toFixed(2)} (must be within 0.5–2)`);
  return ratio;
}

/** The calls the signed-in home page makes for its feed, for the demo tenant's building. */
async function feedPaths(base: string, session: Session): Promise<string[]> {
  const get = async <T>(path: string) =>
    ((await (await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${session.token}` } })).json()) as { data: T }).data;
  const { buildings } = await get<{ buildings: { uuid: string }[] }>('/tenant/v1/users/current/buildings?include=languages');
  const building = buildings[0]!.uuid;
  const categories = await get<{ uuid: string }[]>(`/tenant/v1/buildings/${building}/categories?active=true&lang=en`);
  return [
    `/api/tenant/v1/buildings/${building}/categories?active=true&lang=en`,
    `/api/tenant/v1/buildings/${building}/utility-buttons?lang=en`,
    ...categories.map((c) => `/api/tenant/v2/buildings/${building}/categories/${c.uuid}/content?lang=en`),
  ];
}

/** 200 connections on the feed calls for 30 s: the count of 5xx answers and of timeouts (10 s). */
export async function feedLoad(base: string, session: Session, options = { connections: 200, seconds: 30 }) {
  const paths = await feedPaths(base, session);
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: paths.map((path) => ({ method: 'GET' as const, path, headers: { authorization: `Bearer ${session.token}` } })),
  });
  console.log(`home-feed calls, ${options.connections} connections for ${options.seconds} s (${paths.length} paths in turn):`);
  console.log(`  ${result.requests.total} answers, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
  console.log(`  5xx: ${result['5xx']}   timeouts: ${result.timeouts}   errors: ${result.errors}`);
  return { fiveHundreds: result['5xx'], timeouts: result.timeouts };
}

/** Opens `count` connections that send a request line and then a header line every 2 s, never finishing. */
async function slowConnections(port: number, count: number) {
  const sockets: Socket[] = [];
  let closedByServer = 0;
  const drips: NodeJS.Timeout[] = [];
  await Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(`GET /api/healthcheck HTTP/1.1\r\nHost: localhost\r\nX-Slow-${i}: 1\r\n`);
            drips.push(setInterval(() => socket.writable && socket.write(`X-Drip: ${Date.now()}\r\n`), 2000));
            resolve();
          });
          socket.on('error', () => resolve());
          socket.on('close', () => (closedByServer += 1));
          socket.on('data', () => {});
          sockets.push(socket);
        }),
    ),
  );
  return {
    closed: () => closedByServer,
    end() {
      for (const drip of drips) clearInterval(drip);
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Health check and sign-in while 1,000 slow connections are held; then how many of them the server let go. */
export async function slowClients(base: string, port: number, demo: { email: string; password: string }, count = 1000) {
  const slow = await slowConnections(port, count);
  const timed = async (run: () => Promise<Response>) => {
    const started = performance.now();
    const answer = await run();
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - started };
  };
  const health = await timed(() => fetch(`${base}/api/healthcheck`));
  const login = await timed(() => post(base, '/auth/v2/login', demo));
  console.log(`${count} slow connections held open (headers never finished):`);
  console.log(`  health check ${health.status} in ${ms(health.ms)}; sign-in ${login.status} in ${ms(login.ms)}`);
  // The headers timeout (10 s) plus Node's check interval: by then the server has cut them off.
  await new Promise((resolve) => setTimeout(resolve, 14_000));
  console.log(`  cut off by the server within 14 s: ${slow.closed()} of ${count}`);
  slow.end();
  return { health: health.status, login: login.status };
}

export async function securityBench(base: string, port: number, demo: { email: string; password: string }) {
  const ratio = await loginTiming(base);
  const session = await signIn(base, demo.email, demo.password);
  const load = await feedLoad(base, session);
  const slow = await slowClients(base, port, demo);
  return { ratio, ...load, ...slow };
}

/**
 * The upload figures of `npm run bench` (issue 22): does a support request's upload hold the server up? Against a
 * running server, one probe at a time asks the health check back to back
 *  - idle, for a few seconds (its p99 is the floor);
 *  - while five maximum-size support requests (five files of 5 MB each) upload at once, for a few rounds;
 * and prints both p99s, their ratio, the uploads and probes that failed, and the server's peak resident memory.
 * The bodies are made before the clock starts (the client's own work is not the server's).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../contracts/helpDesk';

/** The target: the health check's p99 during the uploads under 100 ms on the development machine. */
export const UPLOAD_P99_TARGET_MS = 100;
/** Support requests sent at once, each with MAX_ATTACHMENTS files of MAX_ATTACHMENT_BYTES. */
export const CONCURRENT_UPLOADS = 5;

export interface UploadBenchResult {
  idleP99Ms: number;
  loadedP99Ms: number;
  ratio: number;
  /** Uploads answered other than 201, and health checks answered other than 200 or not at all. */
  failedUploads: number;
  failedProbes: number;
  uploads: number;
  probes: { idle: number; loaded: number };
  /** The slowest upload (the whole request, sent to answered). */
  slowestUploadMs: number;
}

/** The run's keep-alive connections (made by uploadBench). */
let agent: http.Agent | undefined;

function request(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error('timed out')));
    req.end(options.body);
  });
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? NaN;
};

/** Health checks one after another until `until` settles (or for `ms`): their times and how many failed. */
async function probe(base: string, until: Promise<unknown> | number) {
  let done = false;
  const stop = typeof until === 'number' ? new Promise((resolve) => setTimeout(resolve, until)) : until;
  void stop.finally(() => (done = true));
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const started = performance.now();
    try {
      const answer = await request(base, '/api/healthcheck');
      if (answer.status !== 200) failed++;
    } catch {
      failed++;
    }
    times.push(performance.now() - started);
  }
  return { times, failed };
}

/** One support request with MAX_ATTACHMENTS files of MAX_ATTACHMENT_BYTES (a PDF header, then bytes that do not compress). */
async function maximumRequest(): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('issue_type', 'building');
  form.append('subject', 'Bench: five large attachments');
  form.append('description', 'Photos and scans of the broken lift.');
  const head = Buffer.from('%PDF-1.7\n');
  for (let i = 0; i < MAX_ATTACHMENTS; i++) {
    const bytes = Buffer.concat([head, randomBytes(MAX_ATTACHMENT_BYTES - head.length)]);
    form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `scan-${i + 1}.pdf`);
  }
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/**
 * Against `base` (the server's write limits lifted: WRITE_LIMIT_FACTOR and SENSITIVE_RATE_LIMIT), signed in as `demo`:
 * `idleMs` of idle probes, then `rounds` rounds of CONCURRENT_UPLOADS maximum-size support requests at once.
 */
export async function uploadBench(
  base: string,
  demo: { email: string; password: string },
  options: { idleMs?: number; rounds?: number } = {},
): Promise<UploadBenchResult> {
  // Keep-alive connections for the run: the health checks' own, and one per upload.
  agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT_UPLOADS + 1 });
  const login = await request(base, '/api/auth/v2/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(demo)),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${demo.email}: ${login.status} ${login.body}`);
  const token = (JSON.parse(login.body) as { token: string }).token;
  const { body, contentType } = await maximumRequest();
  const headers = { 'content-type': contentType, 'content-length': String(body.length), authorization: `Bearer ${token}` };
  // Warm-up: the route's first call compiles its schemas; the probes' first calls open their connection.
  await probe(base, 500);
  const first = await request(base, '/api/helpdesk-service/v1/records/create', { method: 'POST', headers, body });
  if (first.status !== 201) throw new Error(`a maximum-size support request answered ${first.status}: ${first.body}`);

  const idle = await probe(base, options.idleMs ?? 3000);
  const loaded = { times: [] as number[], failed: 0 };
  let failedUploads = 0;
  let uploads = 0;
  let slowestUploadMs = 0;
  for (let round = 0; round < (options.rounds ?? 3); round++) {
    const sent = Promise.all(
      Array.from({ length: CONCURRENT_UPLOADS }, async () => {
        const started = performance.now();
        try {
          const answer = await request(base, '/api/helpdesk-service/v1/records/create', { method: 'POST', headers, body });
          if (answer.status !== 201) failedUploads++;
        } catch {
          failedUploads++;
        }
        uploads++;
        slowestUploadMs = Math.max(slowestUploadMs, performance.now() - started);
      }),
    );
    const during = await probe(base, sent);
    loaded.times.push(...during.times);
    loaded.failed += during.failed;
  }
  agent.destroy();
  agent = undefined;
  const idleP99Ms = p99(idle.times);
  const loadedP99Ms = p99(loaded.times);
  return {
    idleP99Ms,
    loadedP99Ms,
    ratio: loadedP99Ms / idleP99Ms,
    failedUploads,
    failedProbes: idle.failed + loaded.failed,
    uploads,
    probes: { idle: idle.times.length, loaded: loaded.times.length },
    slowestUploadMs,
  };
}

export function uploadLines(r: UploadBenchResult, memory: { rssMb: number; peakMb: number } | null): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const verdict = r.loadedP99Ms < UPLOAD_P99_TARGET_MS && r.failedUploads === 0 && r.failedProbes === 0 ? 'PASS' : 'OVER';
  const mb = Math.round((MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES) / (1024 * 1024));
  return [
    `health check while ${CONCURRENT_UPLOADS} support requests of ${MAX_ATTACHMENTS} × ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB (${mb} MB each) upload at once:`,
    `  idle p99 ${ms(r.idleP99Ms)} (${r.probes.idle} probes); during the uploads p99 ${ms(r.loadedP99Ms)} (${r.probes.loaded} probes) = ${r.ratio.toFixed(1)}× idle`,
    `  target: under ${UPLOAD_P99_TARGET_MS} ms and nothing failing: ${verdict}; failed uploads ${r.failedUploads} of ${r.uploads}, failed health checks ${r.failedProbes}; slowest upload ${Math.round(r.slowestUploadMs)} ms`,
    ...(memory ? [`  server memory after: ${Math.round(memory.rssMb)} MB resident, peak ${Math.round(memory.peakMb)} MB`] : []),
  ];
}

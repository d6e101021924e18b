import { mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_SHEDDING } from './harness.js';
import { readConfig } from '../../server/config.js';
import { createServer } from '../../server/server.js';
import { DataFolderLockedError, LOCK_FILE } from '../../server/db/dataLock.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = { ...readConfig({}), shedding: NO_SHEDDING, devOidc: false, dataDir, sensitiveRateLimit: 10_000, writeLimitFactor: 1000 };
const json = { 'content-type': 'application/json' };

describe('the PGlite data folder', () => {
  it('keeps a user created before a restart, and seeds the demo data only once', async () => {
    const email = `kept.${Date.now()}@northwind.example`;
    const password = 'Kept!2026ok';
    const first = await createServer(config);
    const registered = await first.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: json,
      payload: { email, password, first_name: 'Kim', last_name: 'Kept', is_term_accepted: true },
    });
    expect(registered.statusCode).toBe(200);
    const [mail] = await first.db.query<{ text_body: string }>('SELECT text_body FROM dev_mail WHERE to_address = $1', [email]);
    const code = /\b(\d{4})\b/.exec(mail!.text_body)![1]!;
    const confirmed = await first.app.inject({
      method: 'PUT',
      url: `/api/user-verification/code/${code}/consume?email=${encodeURIComponent(email)}`,
      headers: json,
      payload: { password },
    });
    expect(confirmed.statusCode).toBe(200);
    const [before] = await first.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    await first.close();

    const second = await createServer(config);
    const login = await second.app.inject({ method: 'POST', url: '/api/auth/v2/login', headers: json, payload: { email, password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.first_name).toBe('Kim');
    const [after] = await second.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    expect(after!.count).toBe(before!.count);
    await second.close();
  });

  it('refuses a second server on a folder a live server holds, with a clear message, and lets one start once it is gone', async () => {
    const first = await createServer(config);
    const attempt = createServer(config);
    await expect(attempt).rejects.toBeInstanceOf(DataFolderLockedError);
    await expect(attempt).rejects.toThrow(/in use by another Atrium server \(process \d+\)/);
    // The first one still works: the refused start touched nothing.
    const health = await first.app.inject({ method: 'GET', url: '/api/healthcheck' });
    expect(health.statusCode).toBe(200);
    await first.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    // A lock left by a process that is gone (a crash) does not keep the folder shut.
    writeFileSync(path.join(dataDir, LOCK_FILE), '2147483646');
    const after = await createServer(config);
    await after.close();
  });
});

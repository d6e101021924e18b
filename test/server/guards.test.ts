import { describe, expect, it } from 'vitest';
import { codePolicy, lockSeconds, MAIL_POLICY, PASSWORD_POLICY, waitText } from '../../server/lib/throttle.js';
import { findBadText, isDateTime } from '../../server/lib/inputGuard.js';
import { lockDataFolder } from '../../server/db/dataLock.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('guessing locks', () => {
  it('lets `free` tries through, then locks from the base, doubling to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10, 20].map((n) => lockSeconds(PASSWORD_POLICY, n))).toEqual([0, 0, 0, 0, 30, 60, 120, 900, 900]);
    expect([9, 10, 11, 12, 30].map((n) => lockSeconds(codePolicy('signup'), n))).toEqual([0, 900, 1800, 3600, 86_400]);
    expect([4, 5, 6].map((n) => lockSeconds(MAIL_POLICY, n))).toEqual([0, 3600, 3600]);
  });

  it('names a wait a person can read', () => {
    expect([0.2, 30, 89, 90, 900, 5399, 5400, 86_400].map(waitText)).toEqual([
      '1 seconds',
      '30 seconds',
      '89 seconds',
      '2 minutes',
      '15 minutes',
      '90 minutes',
      '2 hours',
      '24 hours',
    ]);
  });
});

describe('bad text and dates', () => {
  it('finds NUL and unpaired surrogates in keys and values at any depth, and lets paired ones be', () => {
    expect(findBadText({ a: [{ b: 'ok 😀' }] })).toBeNull();
    expect(findBadText({ a: [{ b: 'x\u0000' }] })).toBe('x\u0000');
    expect(findBadText({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(findBadText(['\udc00'])).toBe('\udc00');
    expect(findBadText('\ud83d\ude00')).toBeNull();
    expect(findBadText(null)).toBeNull();
  });

  it('takes RFC 3339 date-times of years 1 to 9999 with real days', () => {
    for (const ok of ['0001-01-01T00:00:00Z', '2026-11-23T18:00:00.123+01:00', '2024-02-29T12:00:00Z', '9999-12-31T23:59:59Z'])
      expect(isDateTime(ok), ok).toBe(true);
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01',
      '2026-01-01T24:00:00Z',
      'x',
    ]) {
      expect(isDateTime(bad), bad).toBe(false);
    }
  });
});

describe('the data folder lock', () => {
  it('is held once, refused while held, and free again after release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atrium-lock-'));
    try {
      const release = lockDataFolder(dir);
      expect(() => lockDataFolder(dir)).toThrow(/in use by another Atrium server/);
      release();
      lockDataFolder(dir)();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

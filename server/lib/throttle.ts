import type { Db } from '../db/index.js';
import type { Clock } from './clock.js';
import { httpError, type HttpError } from './errors.js';
import { clearThrottle, lockThrottle, pruneThrottle, saveThrottle } from '../stores/throttle.js';

/**
 * A guessing limit (OWASP ASVS 2.2.1): `free` tries, then a lock of `baseLockSeconds`; each try after a lock opens
 * locks again for twice as long, up to `maxLockSeconds`. The count starts again after `resetAfterSeconds` without a try, or
 * at once on a success. The lock is never permanent, so an attacker who trips it on purpose delays the owner only
 * for a while.
 */
export interface ThrottlePolicy {
  kind: string;
  free: number;
  baseLockSeconds: number;
  maxLockSeconds: number;
  resetAfterSeconds: number;
  /** The answer while locked. */
  refusal: (retryAfterSeconds: number) => HttpError;
}

/** "in 45 seconds", "in 15 minutes", "in 2 hours": the wait a lock message names. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/** The lock after the `failures`-th try: none before the `free`-th, then base, doubling with each try after it. */
export const lockSeconds = (policy: ThrottlePolicy, failures: number) =>
  failures < policy.free ? 0 : Math.min(policy.maxLockSeconds, policy.baseLockSeconds * 2 ** (failures - policy.free));

/** Every this many tries, rows that no longer hold anything back are deleted (sprayed addresses would pile up). */
const PRUNE_EVERY = 500;
const PRUNE_AFTER_SECONDS = 24 * 60 * 60;

export class Throttle {
  private tries = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Deletes the rows with no lock and no try for a day: their count would start again anyway. */
  async prune(): Promise<number> {
    const now = this.clock.now();
    return pruneThrottle(this.db, new Date(now.getTime() - PRUNE_AFTER_SECONDS * 1000), now);
  }

  /**
   * Counts a try before it is checked, so tries sent side by side cannot all slip in under the limit; a success
   * takes it back with `clear`. Throws the policy's refusal while the subject is locked.
   */
  async attempt(policy: ThrottlePolicy, subject: string): Promise<void> {
    if (++this.tries % PRUNE_EVERY === 0) await this.prune();
    const now = this.clock.now();
    const refusal = await this.db.transaction(async (tx) => {
      const row = await lockThrottle(tx, policy.kind, subject, now);
      const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0;
      if (lockedUntil > now.getTime()) return (lockedUntil - now.getTime()) / 1000;
      const stale = now.getTime() - new Date(row.last_at).getTime() > policy.resetAfterSeconds * 1000;
      const failures = (stale ? 0 : row.failures) + 1;
      const lock = lockSeconds(policy, failures);
      await saveThrottle(tx, policy.kind, subject, { failures, lastAt: now, lockedUntil: lock ? new Date(now.getTime() + lock * 1000) : null });
      return null;
    });
    if (refusal !== null) throw policy.refusal(refusal);
  }

  /** A success: the subject's count starts again. */
  async clear(policy: ThrottlePolicy, subject: string): Promise<void> {
    await clearThrottle(this.db, policy.kind, subject);
  }
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The message of a sign-up or reset code that may not be tried again; the specification's words. */
export const RETRY_LIMIT_MESSAGE = 'The retry attempt limit is reached';

/** Wrong passwords per address (known or not, so the lock says nothing of whether an account exists). */
export const PASSWORD_POLICY: ThrottlePolicy = {
  kind: 'password',
  free: 5,
  baseLockSeconds: 30,
  maxLockSeconds: 15 * MINUTE,
  resetAfterSeconds: 24 * HOUR,
  refusal: (wait) =>
    withRetryAfter(httpError(429, `Too many sign-in attempts for this email. Please try again in ${waitText(wait)}.`, 'login_throttled'), wait),
};

/** Wrong codes per account and purpose, across every code re-sent: four digits must not be guessable by re-sending. */
export const codePolicy = (purpose: 'signup' | 'reset'): ThrottlePolicy => ({
  kind: `code:${purpose}`,
  free: 10,
  baseLockSeconds: 15 * MINUTE,
  maxLockSeconds: 24 * HOUR,
  resetAfterSeconds: 24 * HOUR,
  refusal: (wait) => withRetryAfter(httpError(403, `${RETRY_LIMIT_MESSAGE}. You can try again in ${waitText(wait)}.`, 'retry_limit'), wait),
});

/** Codes mailed to one address: five an hour, then one an hour, so nobody can flood a mailbox. */
export const MAIL_POLICY: ThrottlePolicy = {
  kind: 'mail',
  free: 5,
  baseLockSeconds: HOUR,
  maxLockSeconds: HOUR,
  resetAfterSeconds: HOUR,
  refusal: (wait) =>
    withRetryAfter(httpError(429, `Too many codes were sent to this address. Please try again in ${waitText(wait)}.`, 'mail_throttled'), wait),
};

function withRetryAfter(error: HttpError, seconds: number): HttpError {
  error.retryAfter = Math.max(1, Math.ceil(seconds));
  return error;
}

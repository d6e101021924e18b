import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../db/index.js';
import { HttpError, httpError } from './errors.js';
import { randomToken } from './random.js';
import { workGate } from './shedding.js';
import { recentPasswordHashes } from '../stores/users.js';

export const PASSWORD_REUSED = 'You can not reuse this old password';

/**
 * Hashes run on libuv's four threads, beside the file system's work: at most four at once, a queue of 32 behind them,
 * and none kept waiting over 2 s; past that a sign-in is shed (503 overloaded, lib/shedding.ts) instead of waiting in a
 * queue the event loop does not see (issue 27). Unknown and known addresses go through the same queue.
 */
const hashing = workGate({ atOnce: 4, waiting: 32, maxWaitMs: 2000, retryAfter: 2 });

// argon2id with the library's defaults (19 MiB, 2 passes): memory-hard, as the architecture asks.
export const hashPassword = (password: string) => hashing(() => hash(password));

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. Without a stored hash (no such account, or one with no password) it checks
 * against a hash of a random secret all the same, so the answer takes as long for an unknown address as for a known
 * one and timing does not tell which addresses have accounts.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    const against = stored || (await (dummyHash ??= hash(randomToken())));
    return (await hashing(() => verify(against, password))) && !!stored;
  } catch (error) {
    // Shed: the client is told to come back; any other failure is a wrong password.
    if (error instanceof HttpError) throw error;
    return false;
  }
}

/** The password rules of the specification: upper and lower case, a digit, a special character, 8 or more. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('at least 8 characters');
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (!/[0-9]/.test(password)) problems.push('a number');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('a special character');
  return problems;
}

/** The rule for every new password (sign-up, reset, change): 400 weak_password naming what it lacks. */
export function requireStrongPassword(password: string) {
  const problems = passwordProblems(password);
  if (problems.length) throw httpError(400, `The password needs ${problems.join(', ')}`, 'weak_password');
}

/** A new password of an account must be none of its recent ones (recentPasswordHashes): 409 password_has_been_used. */
export async function requireUnusedPassword(db: Db, userId: number, password: string) {
  for (const old of await recentPasswordHashes(db, userId)) {
    if (await verifyPassword(old, password)) throw httpError(409, PASSWORD_REUSED, 'password_has_been_used');
  }
}

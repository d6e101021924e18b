import type { Db } from '../db/index.js';
import { addSeconds, type Clock } from './clock.js';
import { httpError } from './errors.js';
import { fourDigitCode, sha256 } from './random.js';
import { codePolicy, MAIL_POLICY, RETRY_LIMIT_MESSAGE, type Throttle } from './throttle.js';

export { RETRY_LIMIT_MESSAGE };

export type CodePurpose = 'signup' | 'reset';

export const CODE_TTL_SECONDS = 24 * 60 * 60;
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Four-digit codes: one live code per user and purpose, valid 24 hours, locked after MAX_CODE_ATTEMPTS wrong tries.
 * Four digits are guessable by re-sending, so wrong tries also count per account across every code (codePolicy), and
 * an address gets only so many codes an hour (MAIL_POLICY).
 */
export class CodeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
  ) {}

  /**
   * Replaces any live code of this purpose with a new one and returns it (the caller mails it to `address`); refused
   * with a 429 when the address has had its share of codes this hour.
   */
  async create(userId: number, purpose: CodePurpose, address: string, db: Db = this.db): Promise<string> {
    await this.throttle.attempt(MAIL_POLICY, address);
    const now = this.clock.now();
    const code = fourDigitCode();
    await db.query(
      `UPDATE verification_codes SET replaced_at = $3
        WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL AND replaced_at IS NULL`,
      [userId, purpose, now],
    );
    await db.query(
      `INSERT INTO verification_codes (user_id, purpose, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [userId, purpose, sha256(`${userId}:${code}`), addSeconds(now, CODE_TTL_SECONDS), now],
    );
    return code;
  }

  /**
   * Checks a code. A wrong code counts a try; the try that reaches the limit, and every one after it, answers 403.
   * An expired code answers 410. Only a right, live code under the limit is consumed (unless `keep`: check only).
   * It never runs inside a caller's transaction, so a wrong try is counted even when the caller fails afterwards.
   */
  async consume(userId: number, purpose: CodePurpose, code: string, options: { keep?: boolean } = {}): Promise<void> {
    const db = this.db;
    const policy = codePolicy(purpose);
    await this.throttle.attempt(policy, String(userId));
    const [live] = await db.query<{ id: number; code_hash: string; expires_at: Date; attempts: number }>(
      `SELECT id, code_hash, expires_at, attempts FROM verification_codes
        WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL AND replaced_at IS NULL
        ORDER BY id DESC LIMIT 1`,
      [userId, purpose],
    );
    if (!live) throw httpError(400, 'Please enter a valid code', 'invalid_code');
    if (live.attempts >= MAX_CODE_ATTEMPTS) throw httpError(403, RETRY_LIMIT_MESSAGE, 'retry_limit');
    const now = this.clock.now();
    if (new Date(live.expires_at) <= now) throw httpError(410, 'The code has expired. Please ask for a new one.', 'code_expired');
    if (live.code_hash !== sha256(`${userId}:${code}`)) {
      const [row] = await db.query<{ attempts: number }>(
        'UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
        [live.id],
      );
      if (row!.attempts >= MAX_CODE_ATTEMPTS) throw httpError(403, RETRY_LIMIT_MESSAGE, 'retry_limit');
      throw httpError(400, 'Please enter a valid code', 'invalid_code');
    }
    await this.throttle.clear(policy, String(userId));
    if (!options.keep) await db.query('UPDATE verification_codes SET consumed_at = $2 WHERE id = $1', [live.id, now]);
  }
}

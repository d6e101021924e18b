import type { Db } from '../db/index.js';
import { addSeconds, type Clock } from './clock.js';
import { httpError } from './errors.js';
import { fourDigitCode, sha256 } from './random.js';
import { codePolicy, MAIL_POLICY, RETRY_LIMIT_MESSAGE, type Throttle } from './throttle.js';
import { countWrongTry, liveCode, markCodeConsumed, replaceLiveCodes, saveCode, type CodePurpose } from '../stores/verification.js';

export { RETRY_LIMIT_MESSAGE, type CodePurpose };

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
    await replaceLiveCodes(db, userId, purpose, now);
    await saveCode(db, { userId, purpose, hash: sha256(`${userId}:${code}`), expiresAt: addSeconds(now, CODE_TTL_SECONDS), createdAt: now });
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
    const live = await liveCode(db, userId, purpose);
    if (!live) throw httpError(400, 'Please enter a valid code', 'invalid_code');
    if (live.attempts >= MAX_CODE_ATTEMPTS) throw httpError(403, RETRY_LIMIT_MESSAGE, 'retry_limit');
    const now = this.clock.now();
    if (new Date(live.expires_at) <= now) throw httpError(410, 'The code has expired. Please ask for a new one.', 'code_expired');
    if (live.code_hash !== sha256(`${userId}:${code}`)) {
      if ((await countWrongTry(db, live.id)) >= MAX_CODE_ATTEMPTS) throw httpError(403, RETRY_LIMIT_MESSAGE, 'retry_limit');
      throw httpError(400, 'Please enter a valid code', 'invalid_code');
    }
    await this.throttle.clear(policy, String(userId));
    if (!options.keep) await markCodeConsumed(db, live.id, now);
  }
}

import { SignJWT, calculateJwkThumbprint, errors as joseErrors, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/index.js';
import type { Clock } from './clock.js';
import { httpError } from './errors.js';
import { storedSetting } from '../stores/settings.js';
import { MINI_APP_TOKEN_TTL, miniAppAudience } from '../../contracts/miniApps.js';

/** What a verified mini-app token says. */
export interface MiniAppClaims {
  appUuid: string;
  userUuid: string;
  buildingUuid: string;
  scopes: string[];
  jti: string;
}

const ALG = 'ES256';

/**
 * Mini-app tokens (issue 23; decision 165): ES256 JWTs for one mini-app (`aud` miniapp:<uuid>), one
 * person (`sub`) and one building, with the scopes granted, living five minutes at most. The private key comes from
 * MINI_APP_SIGNING_KEY (a JWK) or is made on first start and kept in the settings table, so every instance signs with
 * the same one; its public half is published at /.well-known/jwks.json, so a mini-app's own server verifies a token
 * without any shared secret. The person's access tokens are HS256 with another key: neither verifies as the other.
 */
export class MiniAppTokens {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly publicJwk: JWK,
    private readonly clock: Clock,
    private readonly issuer: string,
  ) {}

  static async create(db: Db, fromEnv: string | undefined, clock: Clock, issuer: string): Promise<MiniAppTokens> {
    const text =
      fromEnv ??
      (await storedSetting(db, 'mini_app_signing_key', async () => {
        const pair = await generateKeyPair(ALG, { extractable: true });
        return JSON.stringify(await exportJWK(pair.privateKey));
      }));
    let jwk: JWK;
    try {
      jwk = JSON.parse(text) as JWK;
    } catch {
      throw new Error('MINI_APP_SIGNING_KEY must be a JSON Web Key (an EC P-256 private key)');
    }
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('MINI_APP_SIGNING_KEY must be an EC P-256 private key (a JWK with d)');
    const { d: _d, ...publicPart } = jwk;
    const kid = await calculateJwkThumbprint(publicPart);
    const privateKey = (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey;
    const publicKey = (await importJWK({ ...publicPart, alg: ALG }, ALG)) as CryptoKey;
    const publicJwk: JWK = { kty: publicPart.kty, crv: publicPart.crv, x: publicPart.x, y: publicPart.y, kid, alg: ALG, use: 'sig' };
    return new MiniAppTokens(privateKey, publicKey, publicJwk, clock, issuer);
  }

  /** The published key set. */
  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  async issue(claims: { appUuid: string; userUuid: string; buildingUuid: string; scopes: string[] }): Promise<{ token: string; expires_in: number }> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({ building: claims.buildingUuid, scope: claims.scopes.join(' ') })
      .setProtectedHeader({ alg: ALG, kid: this.publicJwk.kid!, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(miniAppAudience(claims.appUuid))
      .setSubject(claims.userUuid)
      .setIssuedAt(now)
      .setExpirationTime(now + MINI_APP_TOKEN_TTL)
      .setJti(crypto.randomUUID())
      .sign(this.privateKey);
    return { token, expires_in: MINI_APP_TOKEN_TTL };
  }

  /**
   * Signature (ES256 with this server's key only: `none`, HS256 and other keys fail), issuer, expiry by the server's
   * clock, an audience of the form miniapp:<uuid>, and the scope asked for. 401 otherwise (403 for a missing scope).
   */
  async verify(token: string, scope: string): Promise<MiniAppClaims> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [ALG],
        issuer: this.issuer,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'aud', 'exp', 'iat', 'jti'],
        maxTokenAge: MINI_APP_TOKEN_TTL + 60,
      }));
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw httpError(
        401,
        expired ? 'The mini-app token has expired' : 'A valid mini-app token is required',
        expired ? 'token_expired' : 'invalid_token',
      );
    }
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    const audience = aud.length === 1 ? /^miniapp:([0-9a-zA-Z-]{1,64})$/.exec(String(aud[0])) : null;
    if (!audience || typeof payload.building !== 'string' || typeof payload.scope !== 'string')
      throw httpError(401, 'A valid mini-app token is required', 'invalid_token');
    const scopes = payload.scope.split(' ').filter(Boolean);
    if (!scopes.includes(scope)) throw httpError(403, `The mini-app token does not carry the scope ${scope}`, 'scope_not_granted');
    return { appUuid: audience[1]!, userUuid: String(payload.sub), buildingUuid: payload.building, scopes, jti: String(payload.jti) };
  }
}

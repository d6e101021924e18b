import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { httpError } from '../lib/errors.js';

/** What the app needs of a provider's discovery document. */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

export interface IdTokenClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  nonce?: string;
}

/** The part of a provider row the relying party uses. */
export interface OidcClientSettings {
  issuer: string;
  client_id: string;
  client_secret: string | null;
}

const TIMEOUT_MS = 10_000;
/** How long a discovery document is trusted before it is fetched again. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/** PKCE S256 challenge for a verifier. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const unreachable = (issuer: string, cause: unknown) => {
  const error = httpError(502, `The identity provider ${issuer} could not be reached`, 'sso_provider_unreachable');
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
};

/**
 * An OpenID Connect relying party for the providers in sso_providers: discovery (cached per issuer), the
 * authorization URL, the code exchange at the token endpoint and ID token verification against the provider's keys.
 * One instance per server, so tests with servers on different ports never share keys.
 */
export class OidcRelyingParty {
  private readonly discovered = new Map<string, { metadata: OidcMetadata; jwks: ReturnType<typeof createRemoteJWKSet>; at: number }>();
  private readonly pending = new Map<string, Promise<OidcMetadata>>();

  async discover(issuer: string): Promise<OidcMetadata> {
    const cached = this.discovered.get(issuer);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.metadata;
    const inFlight = this.pending.get(issuer);
    if (inFlight) return inFlight;
    const load = this.load(issuer).finally(() => this.pending.delete(issuer));
    this.pending.set(issuer, load);
    return load;
  }

  private async load(issuer: string): Promise<OidcMetadata> {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    let metadata: OidcMetadata;
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      metadata = (await response.json()) as OidcMetadata;
    } catch (cause) {
      throw unreachable(issuer, cause);
    }
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof metadata[key] !== 'string') throw unreachable(issuer, new Error(`discovery document has no ${key}`));
    }
    if (metadata.issuer !== issuer) throw unreachable(issuer, new Error(`discovery names issuer ${metadata.issuer}`));
    this.discovered.set(issuer, { metadata, jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: TIMEOUT_MS }), at: Date.now() });
    return metadata;
  }

  async authorizationUrl(
    provider: OidcClientSettings,
    request: { redirectUri: string; state: string; nonce: string; codeVerifier: string; scope: string; loginHint?: string | null | undefined },
  ): Promise<string> {
    const metadata = await this.discover(provider.issuer);
    const url = new URL(metadata.authorization_endpoint);
    url.searchParams.set('client_id', provider.client_id);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', request.scope);
    url.searchParams.set('redirect_uri', request.redirectUri);
    url.searchParams.set('state', request.state);
    url.searchParams.set('nonce', request.nonce);
    url.searchParams.set('code_challenge', pkceChallenge(request.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    if (request.loginHint) url.searchParams.set('login_hint', request.loginHint);
    return url.toString();
  }

  /** Trades the authorization code for tokens (client_secret_basic, PKCE) and verifies the ID token. */
  async exchangeCode(
    provider: OidcClientSettings,
    request: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
  ): Promise<IdTokenClaims> {
    const metadata = await this.discover(provider.issuer);
    const basic = Buffer.from(`${encodeURIComponent(provider.client_id)}:${encodeURIComponent(provider.client_secret ?? '')}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(metadata.token_endpoint, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: request.code,
          redirect_uri: request.redirectUri,
          code_verifier: request.codeVerifier,
        }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw unreachable(provider.issuer, cause);
    }
    const body = (await response.json().catch(() => ({}))) as {
      id_token?: string;
      access_token?: string;
      error?: string;
      error_description?: string;
    };
    if (!response.ok) {
      if (response.status >= 500) throw unreachable(provider.issuer, new Error(`token endpoint answered ${response.status}`));
      const reason = body.error_description ?? body.error ?? `status ${response.status}`;
      throw httpError(
        400,
        `The identity provider did not accept the sign-in code (${reason}). Please start single sign-on again.`,
        'sso_code_rejected',
      );
    }
    if (typeof body.id_token !== 'string') throw httpError(403, 'The identity provider sent no ID token', 'sso_token_invalid');
    const claims = await this.verifyIdToken(provider, metadata, body.id_token, request.nonce);
    if (!claims.email && body.access_token && metadata.userinfo_endpoint) {
      Object.assign(claims, await this.userinfo(provider, metadata, body.access_token, claims.sub));
    }
    return claims;
  }

  private async verifyIdToken(provider: OidcClientSettings, metadata: OidcMetadata, idToken: string, nonce: string): Promise<IdTokenClaims> {
    const jwks = this.discovered.get(provider.issuer)?.jwks ?? createRemoteJWKSet(new URL(metadata.jwks_uri));
    let payload: IdTokenClaims;
    try {
      ({ payload } = await jwtVerify<IdTokenClaims>(idToken, jwks, {
        issuer: provider.issuer,
        audience: provider.client_id,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch {
      throw httpError(403, 'The ID token from the identity provider could not be verified', 'sso_token_invalid');
    }
    if (payload.nonce !== nonce) throw httpError(403, 'The ID token does not belong to this sign-in (nonce mismatch)', 'sso_nonce_mismatch');
    return payload;
  }

  private async userinfo(
    _provider: OidcClientSettings,
    metadata: OidcMetadata,
    accessToken: string,
    sub: string | undefined,
  ): Promise<Partial<IdTokenClaims>> {
    try {
      const response = await fetch(metadata.userinfo_endpoint!, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return {};
      const info = (await response.json()) as IdTokenClaims;
      // Userinfo claims count only for the ID token's subject.
      if (info.sub !== sub) return {};
      const { email, email_verified, given_name, family_name } = info;
      return { email, email_verified, given_name, family_name };
    } catch {
      return {};
    }
  }
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type ProviderType from 'oidc-provider';
import type { InteractionDetails } from 'oidc-provider';
import type { Db } from '../db/index.js';
import type { ServerConfig } from '../config.js';
import { randomToken } from '../lib/random.js';
import { brandHosts } from '../stores/brands.js';
import { storedSetting } from '../stores/settings.js';
import { upsertProvider } from '../stores/sso.js';
import { checkIdpLogin, findIdpAccount, idpAccounts, idpClaims, IDP_PASSWORD } from './accounts.js';
import { createMemoryAdapterFactory } from './memoryAdapter.js';

/** Where the local provider is mounted on the server. */
export const DEV_OIDC_PATH = '/oidc';
export const DEV_OIDC_CLIENT_ID = 'atrium-tenant-web';
export const DEV_OIDC_PROVIDER_NAME = 'Atrium Demo ID';
export const DEV_OIDC_SCOPE = 'openid email profile';
export const devOidcIssuer = (config: Pick<ServerConfig, 'publicOrigin'>) => `${config.publicOrigin.replace(/\/+$/, '')}${DEV_OIDC_PATH}`;

/** The SSO domains the local provider serves, and the SAML row shown beside it (SAML itself is not implemented here). */
const DEV_SSO_DOMAINS = ['initech.example', 'umbrella.example'] as const;
const DEV_SAML = { domain: 'umbrella.example', name: 'Umbrella SAML', single_signon_service: 'https://sso.umbrella.example/saml/login' };

async function newSigningKey(): Promise<string> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint({ kty: jwk.kty!, n: jwk.n!, e: jwk.e! });
  return JSON.stringify({ ...jwk, kid, use: 'sig', alg: 'RS256' });
}

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${DEV_OIDC_PROVIDER_NAME}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1d2327; margin: 0; }
  main { max-width: 360px; margin: 48px auto; background: #fff; padding: 24px 28px; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  p.sub { color: #555; margin: 0 0 20px; font-size: .9rem; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 1rem; border: 1px solid #99a; border-radius: 4px; }
  button { margin-top: 18px; padding: 9px 16px; font-size: 1rem; border-radius: 4px; border: 1px solid #257BAD; cursor: pointer; }
  button.primary { background: #257BAD; color: #fff; }
  button.secondary { background: #fff; color: #257BAD; margin-left: 8px; }
  .error { background: #fdecee; color: #a1001f; padding: 8px 10px; border-radius: 4px; margin-bottom: 8px; }
  details { margin-top: 24px; font-size: .85rem; color: #555; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function loginPage(uid: string, options: { email?: string; error?: string; clientId?: string }): string {
  const action = `${DEV_OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
  return page(
    'Sign in',
    `<h1>${DEV_OIDC_PROVIDER_NAME}</h1>
<p class="sub">Sign in to continue to ${escapeHtml(options.clientId ?? 'the app')}. This is the local development identity provider.</p>
${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autofocus value="${escapeHtml(options.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required>
  <button class="primary" type="submit" name="action" value="login">Sign in</button>
  <button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
<details><summary>Demo accounts</summary>
<p>Password for all: <code>${escapeHtml(IDP_PASSWORD)}</code></p>
<ul>${idpAccounts.map((a) => `<li>${escapeHtml(a.email)} (${escapeHtml(`${a.given_name} ${a.family_name}`)})</li>`).join('')}</ul>
</details>`,
  );
}

const expiredPage = () =>
  page(
    'Sign-in expired',
    `<h1>${DEV_OIDC_PROVIDER_NAME}</h1>
<div class="error" role="alert">This sign-in attempt has expired or was already finished. Go back to the app and start single sign-on again.</div>`,
  );

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-frame-options', 'DENY')
    .send(html);
}

/**
 * The local OpenID provider for the demo SSO domains (development only): `oidc-provider` mounted under /oidc on
 * the same server, with its own small sign-in page, one confidential client for the app, and the sso_providers
 * rows that point the demo domains at it.
 */
export async function mountDevOidc(app: FastifyInstance, db: Db, config: ServerConfig): Promise<void> {
  // Imported here so servers without the local provider never load it.
  const { default: Provider, interactionPolicy } = await import('oidc-provider');
  const issuer = devOidcIssuer(config);
  const clientSecret = await storedSetting(db, 'dev_oidc_client_secret', () => randomToken(32));
  const cookieKey = await storedSetting(db, 'dev_oidc_cookie_key', () => randomToken(32));
  const signingKey = JSON.parse(await storedSetting(db, 'dev_oidc_signing_key', newSigningKey)) as JWK;

  const port = new URL(config.publicOrigin).port;
  const redirectUris = (await brandHosts(db)).map((host) => `http://${host}${port ? `:${port}` : ''}/login`);

  // The app passes the typed email as login_hint: a provider session of another account then asks to sign in again.
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('login_hint_mismatch', 'login_hint names another account than the session', 'login_required', (ctx) => {
      const hint = typeof ctx.oidc.params.login_hint === 'string' ? ctx.oidc.params.login_hint.trim().toLowerCase() : '';
      const accountId = ctx.oidc.session?.accountId;
      if (!hint || !accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      return findIdpAccount(accountId)?.email === hint ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );

  const provider: ProviderType = new Provider(issuer, {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Atrium',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [cookieKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    scopes: ['openid', 'email', 'profile'],
    responseTypes: ['code'],
    // Scope claims go into the ID token too, so the app needs no userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}`,
      policy,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = findIdpAccount(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => idpClaims(account) };
    },
    clientBasedCORS: () => false,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
      Interaction: 10 * 60,
      Session: 8 * 60 * 60,
      Grant: 8 * 60 * 60,
    },
    async renderError(ctx: { type: string; body: unknown }, out: Record<string, unknown>) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>${DEV_OIDC_PROVIDER_NAME}</h1><div class="error" role="alert">${escapeHtml(out.error_description ?? out.error ?? 'Something went wrong')}</div>`,
      );
    },
  });
  // Honour X-Forwarded-* from a development proxy in front of the server.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => app.log.error(error));

  const callback = provider.callback();

  // The provider itself: every other /oidc path, raw request and response, bodies read by the provider.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = async (request: { raw: IncomingMessage }, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string; baseUrl?: string };
      const original = raw.url ?? DEV_OIDC_PATH;
      raw.originalUrl = original;
      raw.baseUrl = DEV_OIDC_PATH;
      const rest = original.slice(DEV_OIDC_PATH.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(raw, reply.raw);
    };
    scope.all(DEV_OIDC_PATH, { schema: { hide: true } }, handle);
    scope.all(`${DEV_OIDC_PATH}/*`, { schema: { hide: true } }, handle);
  });

  // The interaction (sign-in) page.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const details = async (
      request: { raw: IncomingMessage; params: { uid: string } },
      reply: FastifyReply,
    ): Promise<InteractionDetails | undefined> => {
      try {
        const found = await provider.interactionDetails(request.raw, reply.raw);
        return found.uid === request.params.uid ? found : undefined;
      } catch {
        return undefined;
      }
    };

    /** Finishes the interaction signed in as the account, with a grant for the app's scopes (so no consent page). */
    const finish = async (
      request: { raw: IncomingMessage },
      reply: FastifyReply,
      interaction: InteractionDetails,
      accountId: string,
      withLogin: boolean,
    ) => {
      const clientId = String(interaction.params.client_id ?? DEV_OIDC_CLIENT_ID);
      const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(DEV_OIDC_SCOPE);
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { ...(withLogin ? { login: { accountId } } : {}), consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    };

    // The interaction can end (expire, or finish in another tab) at any step: then the page says so.
    scope.setErrorHandler((error, request, reply) => {
      request.log.warn(error);
      return sendHtml(reply, 400, expiredPage());
    });

    scope.get<{ Params: { uid: string } }>(`${DEV_OIDC_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return sendHtml(reply, 400, expiredPage());
      const accountId = interaction.session?.accountId;
      if (interaction.prompt.name !== 'login' && accountId) return finish(request, reply, interaction, accountId, false);
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      return sendHtml(reply, 200, loginPage(interaction.uid, { email: hint, clientId: 'Atrium' }));
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${DEV_OIDC_PATH}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return sendHtml(reply, 400, expiredPage());
        const body = request.body && typeof request.body === 'object' ? request.body : {};
        if (body.action === 'cancel') {
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { error: 'access_denied', error_description: 'The sign-in was cancelled' },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(returnTo, 303);
        }
        const email = String(body.email ?? '');
        const account = checkIdpLogin(email, String(body.password ?? ''));
        if (!account) {
          return sendHtml(reply, 401, loginPage(interaction.uid, { email, error: 'The email or password is not correct.', clientId: 'Atrium' }));
        }
        return finish(request, reply, interaction, account.sub, true);
      },
    );
  });

  const oidcRow = {
    kind: 'oidc' as const,
    name: DEV_OIDC_PROVIDER_NAME,
    issuer,
    client_id: DEV_OIDC_CLIENT_ID,
    client_secret: clientSecret,
    single_signon_service: null,
  };
  for (const domain of DEV_SSO_DOMAINS) await upsertProvider(db, { domain, ...oidcRow });
  await upsertProvider(db, { ...DEV_SAML, kind: 'saml', issuer: null, client_id: null, client_secret: null });
}

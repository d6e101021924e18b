import { request, type RequestOptions, type Schemas } from './client';
import type { SsoCallbackResult } from '../../machines/auth/authFlow.types';

/** What an SSO sign-up sends: the user's fields (the document's body of POST /sso/v2/authenticate). */
type SsoSignupFields = NonNullable<RequestOptions<'/sso/v2/authenticate', 'post'>['body']>;

export const ssoProviders = async (source: string, redirectUri: string) =>
  (await request('get', '/sso/v1/providers/{source}', { params: { source }, query: { source: 'tenantweb', redirect_uri: redirectUri } })).data;

/** Exchanges the identity provider's code: a signed-in session, or what sign-up needs to go on. */
export async function ssoCallback(code: string, state: string): Promise<SsoCallbackResult> {
  const { data } = await request('get', '/sso/v1/callback/oidc', { query: { code, state, tenantweb: true } });
  if (data.status === 'authenticated') {
    return {
      status: 'authenticated',
      session: { user: data.user as Schemas['User'], token: data.token!, expires_in: data.expires_in!, refresh_token: data.refresh_token! },
    };
  }
  const prefill = data.user!;
  return {
    status: 'signup',
    transaction_uuid: data.transaction_uuid!,
    user: { email: prefill.email, first_name: prefill.first_name, last_name: prefill.last_name },
  };
}

export const ssoAuthenticate = (email: string, transaction: string, user: SsoSignupFields) =>
  request('post', '/sso/v2/authenticate', { query: { email, uuid: transaction }, body: user });

import { api } from './client';
import type { components, paths } from '../../contracts/api';

type User = components['schemas']['User'];
import type { SsoCallbackResult } from '../../machines/auth/authFlow.types';

type Answer<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

export type SsoProvidersAnswer = Answer<'/sso/v1/providers/{source}', 'get'>['data'];
type CallbackAnswer = Answer<'/sso/v1/callback/oidc', 'get'>['data'];
type AuthenticateAnswer = Answer<'/sso/v2/authenticate', 'post'>;

export const ssoProviders = async (source: string, redirectUri: string) =>
  (
    await api().call<{ data: SsoProvidersAnswer }>(`/sso/v1/providers/${encodeURIComponent(source)}`, {
      query: { source: 'tenantweb', redirect_uri: redirectUri } ,
    })
  ).data;

/** Exchanges the identity provider's code: a signed-in session, or what sign-up needs to go on. */
export async function ssoCallback(code: string, state: string): Promise<SsoCallbackResult> {
  const { data } = await api().call<{ data: CallbackAnswer }>('/sso/v1/callback/oidc', {
    query: { code, state, tenantweb: true } ,
  });
  if (data.status === 'authenticated') {
    return {
      status: 'authenticated',
      session: { user: data.user as User, token: data.token!, expires_in: data.expires_in!, refresh_token: data.refresh_token! },
    };
  }
  const prefill = data.user!;
  return {
    status: 'signup',
    transaction_uuid: data.transaction_uuid!,
    user: { email: prefill.email, first_name: prefill.first_name, last_name: prefill.last_name },
  };
}

export const ssoAuthenticate = (email: string, transaction: string, user: Record<string, unknown>) =>
  api().call<AuthenticateAnswer>('/sso/v2/authenticate', { method: 'POST', query: { email, uuid: transaction }, body: user });

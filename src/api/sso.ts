import { api } from './client';
import type { SessionPayload, SsoCallbackResult, SsoProviders } from '../../machines/auth/authFlow.types';

export const ssoProviders = async (source: string, redirectUri: string) =>
  (
    await api().call<{ data: SsoProviders }>(`/sso/v1/providers/${encodeURIComponent(source)}`, {
      query: { source: 'tenantweb', redirect_uri: redirectUri },
      anonymous: true,
    })
  ).data;

type CallbackAnswer =
  | ({ status: 'authenticated' } & SessionPayload)
  | { status: 'signup'; transaction_uuid: string; user: { email: string; first_name: string | null; last_name: string | null } };

export async function ssoCallback(code: string, state: string): Promise<SsoCallbackResult> {
  const { data } = await api().call<{ data: CallbackAnswer }>('/sso/v1/callback/oidc', {
    query: { code, state, tenantweb: true },
    anonymous: true,
  });
  if (data.status === 'authenticated') {
    const { status: _status, ...session } = data;
    return { status: 'authenticated', session };
  }
  return data;
}

export const ssoAuthenticate = (email: string, transaction: string, user: Record<string, unknown>) =>
  api().call<SessionPayload>('/sso/v2/authenticate', { method: 'POST', query: { email, uuid: transaction }, body: user, anonymous: true });

import { defineScreen } from '../app/screen.types';
import type { AuthFlowInput, PendingSso, SamlProvider } from './authFlow.types';

export interface AuthFlowParams {
  /** /login, /signup or /reset-password: where the flow starts. */
  pathname: string;
  /** The identity provider's answer in the address, when the person comes back from it. */
  code: string | null;
  state: string | null;
}

/** The flow's start: an SSO return (code and state in the address, with what was kept before leaving) or the route's flow. */
export function authFlowInput(params: AuthFlowParams, pending: PendingSso | null): AuthFlowInput {
  const ssoReturn = params.code && params.state ? { code: params.code, state: params.state, pending } : null;
  const flow = params.pathname.startsWith('/reset-password') ? 'reset_password' : params.pathname.startsWith('/signup') ? 'sign_up' : 'auth_login';
  return { flow, ssoReturn };
}

/**
 * One auth flow across /login, /signup and /reset-password: moving between them (the flow moves the address itself)
 * keeps it; leaving them stops it, and coming back starts a new one.
 */
export const authFlowScreen = defineScreen<AuthFlowParams, AuthFlowInput>({
  input: (params, facts) => authFlowInput(params, facts.pendingSso),
  restartKey: () => 'auth',
});

/**
 * The link a SAML provider's button opens: the API's SAML response path with the provider, its sign-on service, the
 * building and the token, as the specification gives it.
 */
export function samlLink(apiBase: string, provider: SamlProvider, buildingUuid = '', token = ''): string {
  const query = new URLSearchParams({ serviceprovider: provider.name, url: provider.single_signon_service ?? '', buildingUUID: buildingUuid, token });
  return `${apiBase}/user-verification/samlResponse?${query.toString()}`;
}

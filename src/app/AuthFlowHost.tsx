import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { authRoute } from '../../machines/auth/authFlow.selectors';
import { AuthFlowContext } from '../ui/auth/AuthFlowContext';
import { AuthScreen } from '../ui/auth/AuthScreen';
import { useAppActor } from '../ui/appContext';
import { authFlowInput, authFlowLogic } from './authFlow';

/**
 * Starts the auth flow for /login, /signup and /reset-password (one actor across the three, stopped when the
 * person leaves them) and keeps the address bar on the route the flow is on.
 */
export function AuthFlowHost() {
  const app = useAppActor();
  const location = useLocation();
  const navigate = useNavigate();
  const [logic] = useState(() => authFlowLogic(app, { supportEmail: () => app.getSnapshot().context.whitelabel?.helpDeskEmail ?? 'help@atrium.localhost' }));
  const [input] = useState(() => authFlowInput(location.pathname, new URLSearchParams(location.searchStr)));
  const flow = useActorRef(logic, { input });
  const route = useSelector(flow, authRoute);
  const finished = useSelector(flow, (s) => s.status === 'done');
  useEffect(() => {
    // Once signed in, the routing rules take the person on; until then the address follows the flow. The SSO
    // return's code and state are spent once read, so they leave the address too.
    if (finished || !AUTH_PATHS.includes(location.pathname)) return;
    const search = location.search as Record<string, unknown>;
    const hasSsoParams = 'code' in search || 'state' in search;
    if (location.pathname !== route || hasSsoParams) void navigate({ to: route, replace: true, search: withoutSsoParams(search) });
  }, [finished, route, location.pathname, location.search, navigate]);
  return (
    <AuthFlowContext.Provider value={flow}>
      <AuthScreen />
    </AuthFlowContext.Provider>
  );
}

const AUTH_PATHS = ['/login', '/signup', '/reset-password'];

/** The identity provider's answer (code, state, and the issuer it names) is spent once read. */
function withoutSsoParams(search: Record<string, unknown>) {
  const { code: _code, state: _state, iss: _iss, session_state: _sessionState, ...rest } = search;
  return rest;
}

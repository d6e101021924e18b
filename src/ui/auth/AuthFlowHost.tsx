import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { authRoute } from '../../../machines/auth/authFlow.selectors';
import { useScreen, type ScreenActors } from '../appContext';
import { FullScreenCenter, Spinner } from '../kit/Layout';
import { AuthFlowContext } from './AuthFlowContext';
import { AuthScreen } from './AuthScreen';
import { useT } from '../../i18n/useT';

/**
 * /login, /signup and /reset-password: the auth flow the route opened in the app's system (one actor across the
 * three, stopped when the person leaves them), with the address bar kept on the route the flow is on.
 */
export function AuthFlowHost() {
  const flow = useScreen('authFlow');
  const t = useT();
  if (!flow) {
    return (
      <FullScreenCenter aria-busy="true">
        <Spinner role="progressbar" aria-label={t('app.loading')} />
      </FullScreenCenter>
    );
  }
  return <AuthFlowView flow={flow} />;
}

function AuthFlowView({ flow }: { flow: ScreenActors['authFlow'] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const route = useSelector(flow, authRoute);
  const finished = useSelector(flow, (s) => s.status === 'done');
  const t = useT();
  useEffect(() => {
    // Once signed in, the routing rules take the person on; until then the address follows the flow. The SSO
    // return's code and state are spent once read, so they leave the address too.
    if (finished || !AUTH_PATHS.includes(location.pathname)) return;
    const search = location.search as Record<string, unknown>;
    const hasSsoParams = 'code' in search || 'state' in search;
    if (location.pathname !== route || hasSsoParams) void navigate({ to: route, replace: true, search: withoutSsoParams(search) });
  }, [finished, route, location.pathname, location.search, navigate]);
  if (finished) {
    // Signed in: the sign-in stays in its busy state until the next page takes over, never the email form again.
    return (
      <FullScreenCenter aria-busy="true">
        <Spinner role="progressbar" aria-label={t('app.loading')} />
      </FullScreenCenter>
    );
  }
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

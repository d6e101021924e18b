import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { authRoute } from '../../../machines/auth/authFlow.selectors';
import { useScreen, type ScreenActors } from '../appContext';
import { FullScreenCenter, Spinner } from '../kit/Layout';
import { AuthFlowContext } from './AuthFlowContext';
import { AuthScreen } from './AuthScreen';
import { useT } from '../../i18n/useT';
import { SignedInFrame } from '../shell/SignedInFrame';

/**
 * /login, /signup and /reset-password: the auth flow the route opened in the app's system (one actor across the
 * three, stopped when the person leaves them). The flow's chart names the address of the step under way (its
 * `address`, decision 204); the host applies it to the address bar and renders the step.
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
  const address = useSelector(flow, authRoute);
  const finished = useSelector(flow, (s) => s.status === 'done');
  useEffect(() => {
    // Applies the chart's address (none once signed in), on the auth pages only: a move elsewhere is under way.
    if (address === null || !AUTH_PATHS.includes(location.pathname)) return;
    const search = location.search as Record<string, unknown>;
    const hasSsoParams = 'code' in search || 'state' in search;
    if (location.pathname !== address || hasSsoParams) void navigate({ to: address, replace: true, search: withoutSsoParams(search) });
  }, [address, location.pathname, location.search, navigate]);
  // Signed in: the home's frame until the next page takes over (issue 26), never the email form again.
  if (finished) return <SignedInFrame />;
  return (
    <AuthFlowContext.Provider value={flow}>
      <AuthScreen />
    </AuthFlowContext.Provider>
  );
}

const AUTH_PATHS = ['/login', '/signup', '/reset-password'];

/** The identity provider's answer (code, state, and the issuer it names): spent once the flow read it, never in its address. */
function withoutSsoParams(search: Record<string, unknown>) {
  const { code: _code, state: _state, iss: _iss, session_state: _sessionState, ...rest } = search;
  return rest;
}

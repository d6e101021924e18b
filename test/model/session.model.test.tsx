import { expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { SESSION_ID, sessionMachine } from '../../machines/session/session.machine';
import type { LoginPayload, PersistedAuth, SessionUser } from '../../machines/session/session.types';
import { useSessionSelector } from '../../src/ui/appContext';
import { SessionExpiredModal } from '../../src/ui/shell/SessionExpiredModal';
import { deferred, type Deferred } from '../fixtures/async';
import { makeUser } from '../fixtures/people';
import { sessionModel, type SessionModelContext, type SessionModelEvent, type SessionModelState } from './session.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { renderInApp, standInApp } from './appStandIn.harness';

const USER: SessionUser = makeUser({ first_name: 'Dana' });
const now = () => Math.floor(Date.now() / 1000);
/** A JWT of token version 2 (the app works with 3), not expired: read, never verified, by the session. */
const jwt = (claims: Record<string, unknown>) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
const WEB_VIEW_TOKEN = 'native-app-token';

/** What the browser kept, by the model's start. */
const KEPT: Record<string, () => PersistedAuth | null | Error> = {
  'start.nothingKept': () => null,
  'start.storageBroken': () => new Error('SecurityError: storage is not available'),
  'start.kept': () => ({
    token: 'kept-access',
    tokenExpiresAt: now() + 600,
    refreshToken: { token: 'kept-refresh', expiresAt: now() + 86_400 },
    user: USER,
  }),
  'start.keptExpired': () => ({
    token: 'kept-access',
    tokenExpiresAt: now() - 60,
    refreshToken: { token: 'kept-refresh', expiresAt: now() + 86_400 },
    user: USER,
  }),
  'start.keptOldVersion': () => ({
    token: jwt({ ver: 2, exp: now() + 600 }),
    tokenExpiresAt: now() + 600,
    refreshToken: { token: 'kept-refresh', expiresAt: now() + 86_400 },
    user: USER,
  }),
};

const payload = (token: string, user = USER): LoginPayload => ({
  token,
  expires_in: 900,
  refresh_token: { token: `${token}-refresh`, expires_in: 86_400 },
  user,
});

type Call = { name: string; input: unknown; call: Deferred<unknown> };

/** The session alone, its server calls settled by the test and its storage a variable the test reads. */
function start(event: SessionModelEvent, inspect?: (event: InspectionEvent) => void) {
  const calls: Call[] = [];
  const pending = <T,>(name: string, input?: unknown) => {
    const call = deferred<T>();
    calls.push({ name, input, call: call as Deferred<unknown> });
    return call.promise;
  };
  const webView = event.type === 'start.webView';
  const kept = webView ? null : KEPT[event.type]!();
  const storage: { auth: PersistedAuth | null } = { auth: kept instanceof Error ? null : kept };
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadPersisted: fromPromise(async () => {
          if (kept instanceof Error) throw kept;
          return kept;
        }),
        refreshTokens: fromPromise(({ input }) => pending<LoginPayload>('refreshTokens', input)),
        upgradeTokens: fromPromise(() => pending<LoginPayload>('upgradeTokens')),
        fetchUser: fromPromise(() => pending<SessionUser>('fetchUser')),
        logoutCall: fromPromise(() => pending<void>('logoutCall')),
      },
      actions: {
        persist: (_, { auth }) => void (storage.auth = auth),
        clearPersisted: () => void (storage.auth = null),
      },
    }),
    { input: { awaitAdoption: webView }, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, calls, storage };
}
type Flow = ReturnType<typeof start>;
type Model = { context: SessionModelContext };

/** The server's answer to the call in flight, as the model says. */
function answer(flow: Flow, event: SessionModelEvent['type']) {
  const { name, call } = flow.calls.at(-1)!;
  if (event === 'api.refused') return call.reject(Object.assign(new Error('Unauthorized'), { status: 401 }));
  if (event === 'api.dropped') return call.reject(Object.assign(new TypeError('Failed to fetch'), { status: 0 }));
  if (name === 'fetchUser') return call.resolve(USER);
  if (name === 'logoutCall') return call.resolve(undefined);
  // The server's user as it stands (a refresh after a saved profile answers the saved one).
  return call.resolve(payload(`${name}-access`, s(flow).context.user ?? USER));
}

/** Who the app's views see signed in: the session's user, as the header reads it. */
function Who() {
  return <p data-testid="who">{useSessionSelector((s) => s.context.user?.first_name ?? 'nobody')}</p>;
}

const s = (flow: Flow) => flow.actor.getSnapshot();
const inCall = (flow: Flow, name: string) => flow.calls.at(-1)?.name === name;
/** The refresh in flight was made with this refresh token. */
const refreshedWith = (flow: Flow, token: string | undefined) =>
  (flow.calls.at(-1)?.input as { refreshToken?: string } | undefined)?.refreshToken === token;
/** What holds in every state: the storage keeps a session exactly when the model says, and the auth screens' mode. */
const always = (flow: Flow, { context }: Model) => (flow.storage.auth !== null) === context.kept && s(flow).context.authMode === context.mode;

const MACHINE_STATE: Record<Exclude<SessionModelState, 'opening'>, (flow: Flow, model: Model) => boolean> = {
  awaitingAdoption: (flow) => s(flow).matches({ restoring: 'awaitingAdoption' }) && s(flow).context.token === null,
  adopting: (flow) => s(flow).matches({ restoring: 'adopting' }) && s(flow).context.token === WEB_VIEW_TOKEN && inCall(flow, 'fetchUser'),
  upgrading: (flow) => s(flow).matches({ restoring: 'upgrading' }) && inCall(flow, 'upgradeTokens'),
  refreshingKept: (flow) => s(flow).matches({ restoring: 'refreshing' }) && inCall(flow, 'refreshTokens') && refreshedWith(flow, 'kept-refresh'),
  loadingUser: (flow) => s(flow).matches({ restoring: 'loadingUser' }) && inCall(flow, 'fetchUser'),
  signedOut: (flow) => s(flow).hasTag('signedOut') && s(flow).context.token === null && s(flow).context.user === null,
  signedIn: (flow, { context }) =>
    s(flow).matches({ signedIn: 'active' }) &&
    s(flow).context.user?.first_name === context.name &&
    (s(flow).context.refreshToken !== null) === context.refreshable,
  refreshing: (flow) =>
    s(flow).matches({ signedIn: 'refreshing' }) &&
    s(flow).hasTag('refreshing') &&
    inCall(flow, 'refreshTokens') &&
    refreshedWith(flow, s(flow).context.refreshToken?.token),
  expired: (flow) => s(flow).hasTag('modal:sessionExpired') && s(flow).context.token === null,
  signingOut: (flow) => s(flow).hasTag('signingOut') && inCall(flow, 'logoutCall'),
};

/** Who the views show in each state: the kept user while it is checked, nobody once signed out or expired. */
const WHO: Record<Exclude<SessionModelState, 'opening'>, (model: Model) => string> = {
  awaitingAdoption: () => 'nobody',
  adopting: () => 'nobody',
  upgrading: () => 'Dana',
  refreshingKept: () => 'Dana',
  loadingUser: () => 'Dana',
  signedOut: () => 'nobody',
  signedIn: ({ context }) => context.name,
  refreshing: ({ context }) => context.name,
  expired: () => 'nobody',
  signingOut: ({ context }) => context.name,
};

const expiredModal = () => screen.queryByRole('dialog', { name: 'Your session has expired. Please login again.' });
const opening = (): never => {
  throw new Error('no step ends in opening: it is the state before a start.* event');
};

modelSuite<typeof sessionModel, Flow, SessionModelState>({
  name: 'session',
  model: sessionModel,
  areas: ['shell'],
  lens: {
    viewKey: ({ value, context }) => {
      const { name } = context as SessionModelContext;
      return `${String(value)} ${name}`;
    },
  },
  start: (event, { inspect }) => start(event!, inspect),
  render: ({ actor }) =>
    renderInApp(
      standInApp({ [SESSION_ID]: actor }),
      <>
        <Who />
        <SessionExpiredModal />
      </>,
    ),
  world: (flow, event) => {
    switch (event.type) {
      case 'app.adopt':
        return flow.actor.send({ type: 'session.adopt', token: WEB_VIEW_TOKEN });
      case 'app.adoptRefused':
        return flow.actor.send({ type: 'session.adoptRefused' });
      case 'app.signIn':
        return flow.actor.send({ type: 'session.loggedIn', payload: payload('signed-in') });
      case 'app.logout':
        return flow.actor.send({ type: 'session.logout' });
      case 'app.refresh':
        return flow.actor.send({ type: 'session.refresh' });
      case 'app.userUpdated': {
        const name = s(flow).context.user!.first_name === 'Dana' ? 'Ada' : 'Dana';
        return flow.actor.send({ type: 'session.userUpdated', user: { ...USER, first_name: name } });
      }
      case 'app.authMode':
        return flow.actor.send({ type: 'session.authMode', mode: s(flow).context.authMode === 'login' ? 'signup' : 'login' });
      default:
        return answer(flow, event.type);
    }
  },
  send: ({ actor }) => actor.send({ type: 'user.acknowledge' }),
  press: () => fireEvent.click(within(expiredModal()!).getByRole('button', { name: 'OK' })),
  machineState: {
    opening,
    ...(Object.fromEntries(
      Object.entries(MACHINE_STATE).map(([state, check]) => [state, (flow: Flow, model: Model) => check(flow, model) && always(flow, model)]),
    ) as Record<Exclude<SessionModelState, 'opening'>, (flow: Flow, model: Model) => boolean>),
  },
  viewState: {
    opening,
    ...(Object.fromEntries(
      Object.entries(WHO).map(([state, who]) => [
        state,
        (_: Flow, model: Model) => {
          expect(screen.getByTestId('who').textContent).toBe(who(model));
          expect(expiredModal() !== null).toBe(state === 'expired');
        },
      ]),
    ) as Record<Exclude<SessionModelState, 'opening'>, (flow: Flow, model: Model) => void>),
  },
  // The session made a call for each step that waits on the server, and no other.
  finally: ({ calls }, events) => {
    const waits = ['adopting', 'upgrading', 'refreshingKept', 'loadingUser', 'refreshing', 'signingOut'];
    const model = createActor(sessionModel).start();
    let entered = 0;
    for (const event of events) {
      const before = model.getSnapshot().value;
      model.send(event);
      const after = model.getSnapshot().value;
      if (after !== before && waits.includes(String(after))) entered += 1;
    }
    expect(calls.length).toBe(entered);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [sessionMachine],
  everyMachineTransition: true,
});

it('session: the test model starts every way the browser can and reaches every state', () => {
  expect(new Set(modelGraph(sessionModel).states.values()).size).toBe(11);
});

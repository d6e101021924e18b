import { expect, it, vi } from 'vitest';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { appMachine } from '../../machines/app/app.machine';
import { sessionMachine, SESSION_ID } from '../../machines/session/session.machine';
import type { PersistedAuth, SessionUser } from '../../machines/session/session.types';
import { AppActorProvider } from '../../src/ui/appContext';
import type { AppActor, SessionRef } from '../../src/app/appActor';
import { englishCatalogue } from '../../src/i18n/locales';
import { WebViewShell } from '../../src/ui/webView/WebViewShell';
import { deferred, type Deferred } from '../fixtures/async';
import { makeUser } from '../fixtures/people';
import { webViewLaunchModel, type WebViewLaunchModelState } from './webViewLaunch.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const TOKEN = 'native-app-token';
const USER = makeUser({ first_name: 'Nia' });

/**
 * The app launched as a web view with its API base check and the session's user call answered when the test says;
 * every other start-up call waits forever (the launch is what is under test).
 */
function startApp(inspect?: (event: InspectionEvent) => void) {
  const base = deferred<null>();
  const user = deferred<SessionUser>();
  const seenTokens: (string | null)[] = [];
  const closeWebView = vi.fn();
  const never = fromPromise(() => new Promise<never>(() => {}));
  const logic = appMachine.provide({
    actors: {
      loadWhitelabel: never,
      healthCheck: never,
      matchWebViewBase: fromPromise(() => base.promise),
      session: sessionMachine.provide({
        actors: {
          loadPersisted: fromPromise(async (): Promise<PersistedAuth | null> => null),
          fetchUser: fromPromise(() => user.promise),
        },
      }),
    } as never,
    actions: { closeWebView },
  });
  const app = createActor(logic, {
    input: { requestedLocale: 'en', nativeHost: true, webView: { token: TOKEN, buildingUuid: null, baseUrl: 'https://api.example/api' } },
    ...(inspect ? { inspect } : {}),
  }).start() as unknown as AppActor;
  const session = app.system.get(SESSION_ID) as SessionRef;
  session.subscribe((s) => seenTokens.push(s.context.token));
  return { app, session, base, user, closeWebView, seenTokens };
}
type Flow = ReturnType<typeof startApp>;

const settle = <T,>(call: Deferred<T>, value: T | Error) => (value instanceof Error ? call.reject(value) : call.resolve(value));
const webViewProblem = (flow: Flow) => flow.app.getSnapshot().context.webView?.problem ?? null;
/** The app never keeps the token once the session has it (or once the launch was refused). */
const tokenForgotten = (flow: Flow) => flow.app.getSnapshot().context.webView?.token === null;

const refused = (reason: string) => () => {
  expect(screen.getByTestId('webview-refused').getAttribute('data-reason')).toBe(reason);
  screen.getByRole('button', { name: 'Close' });
  expect(screen.queryByText('Web view screens')).toBeNull();
};

modelSuite<typeof webViewLaunchModel, Flow, WebViewLaunchModelState>({
  name: 'web view launch',
  model: webViewLaunchModel,
  areas: ['shell'],
  start: (_, { inspect }) => startApp(inspect),
  render: ({ app }) => {
    // The web view's shell over one screen, in memory at /webview.
    const rootRoute = createRootRoute();
    const webView = createRoute({ getParentRoute: () => rootRoute, path: '/webview', component: WebViewShell });
    const screens = createRoute({ getParentRoute: () => webView, path: '/', component: () => <p>Web view screens</p> });
    const router = createRouter({
      routeTree: rootRoute.addChildren([webView.addChildren([screens])]),
      history: createMemoryHistory({ initialEntries: ['/webview'] }),
    });
    render(
      <AppActorProvider actor={app}>
        <IntlProvider locale="en" messages={englishCatalogue}>
          <RouterProvider router={router} />
        </IntlProvider>
      </AppActorProvider>,
    );
  },
  world: (flow, event) => {
    switch (event.type) {
      case 'api.baseKnown':
        return settle(flow.base, null);
      case 'api.baseUnknown':
        return settle(flow.base, new Error('not the configured API nor a registered farm'));
      case 'api.userOk':
        return settle(flow.user, USER);
      case 'api.userRefused':
        return settle(flow.user, Object.assign(new Error('Unauthorized'), { status: 401 }));
      default:
        throw new Error(`${event.type} is the person's`);
    }
  },
  send: ({ app }) => app.send({ type: 'user.closeWebView' }),
  press: () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
  machineState: {
    checkingBase: (flow) =>
      flow.app.getSnapshot().matches({ starting: { webView: 'checkingBase' } }) &&
      flow.session.getSnapshot().matches({ restoring: 'awaitingAdoption' }),
    adopting: (flow) =>
      flow.session.getSnapshot().matches({ restoring: 'adopting' }) && flow.session.getSnapshot().context.token === TOKEN && tokenForgotten(flow),
    signedIn: (flow) => flow.session.getSnapshot().hasTag('signedIn') && flow.session.getSnapshot().context.user?.first_name === 'Nia',
    refusedBase: (flow) => webViewProblem(flow) === 'baseUrl' && flow.session.getSnapshot().hasTag('signedOut') && tokenForgotten(flow),
    refusedToken: (flow) =>
      webViewProblem(flow) === 'token' && flow.session.getSnapshot().hasTag('signedOut') && flow.session.getSnapshot().context.token === null,
    closing: (flow) => flow.closeWebView.mock.calls.length === 1,
  },
  viewState: {
    checkingBase: () => expect(screen.queryByText('Web view screens')).toBeNull(),
    adopting: () => expect(screen.queryByText('Web view screens')).toBeNull(),
    signedIn: () => screen.getByText('Web view screens'),
    refusedBase: refused('baseUrl'),
    refusedToken: refused('token'),
    closing: () => expect(screen.queryByText('Web view screens')).toBeNull(),
  },
  // A base the deployment does not know never sees the token: the session never held it.
  finally: (flow, events) => {
    if (events[0]!.type === 'api.baseUnknown') expect(flow.seenTokens.every((token) => token === null)).toBe(true);
    expect(flow.closeWebView).toHaveBeenCalledTimes(events.some((event) => event.type === 'user.close') ? 1 : 0);
  },
  stop: ({ app }) => app.stop(),
  // The session's transitions are counted by its own suite (session.model.test.tsx), which takes them all.
});

it('web view launch: the test model agrees with the charts: a base check, then the token check, each refusable', () => {
  expect(Object.keys(appMachine.config.states!.starting!.states!.webView!.states ?? {}).sort()).toEqual(['checkingBase', 'deciding', 'done']);
  expect(Object.keys(sessionMachine.config.states!.restoring!.states ?? {})).toEqual(expect.arrayContaining(['awaitingAdoption', 'adopting']));
  expect(modelGraph(webViewLaunchModel).edges.length).toBe(6);
});

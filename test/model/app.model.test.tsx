import { expect, it, vi, type Mock } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, setup, type AnyActorRef, type InspectionEvent } from 'xstate';
import { appMachine, type AppEvent } from '../../machines/app/app.machine';
import { screenId } from '../../machines/app/screens';
import { FALLBACK_RUNTIME_CONFIG, type RuntimeConfig } from '../../contracts/runtimeConfig';
import type { Farm } from '../../machines/farm/farmSelector.types';
import type { AppActor } from '../../src/app/appActor';
import { AppActorProvider } from '../../src/ui/appContext';
import { Startup } from '../../src/ui/shell/Startup';
import { englishCatalogue } from '../../src/i18n/locales';
import { deferred, type Deferred } from '../fixtures/async';
import { makeBuilding } from '../fixtures/buildings';
import { makeUser } from '../fixtures/people';
import { appModel, type AppModelContext, type AppModelEvent, type AppModelState } from './app.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';

const USER = makeUser({ first_name: 'Dana', default_building_uuid: 'b-1' });
const B1 = makeBuilding('b-1', { locale: 'en-US' });
const B2 = makeBuilding('b-2', { locale: 'fr-FR' });
const FARM: Farm = { uuid: 'f-1', description: 'Harbour farm', url: 'https://harbour.example/api' };
const CONFIG: RuntimeConfig = { ...FALLBACK_RUNTIME_CONFIG, supportEmail: 'help@tenant.example' };

/**
 * A child that takes every event and does nothing: the app's children are the suites' own (session, flags,
 * building …); here they only receive what the app tells them, and the test sends their reports for them.
 */
const stub = setup({}).createMachine({});
const CHILDREN = [
  'session',
  'flags',
  'building',
  'locale',
  'headerMenu',
  'globalError',
  'kiosk',
  'analyticsConsent',
  'colorScheme',
  'notifications',
  'bridge',
  'cardSheet',
] as const;

/** A screen flow that runs until the test ends it (as the auth flow ends once someone is signed in). */
const screenFlow = setup({ types: { events: {} as { type: 'test.end' } } }).createMachine({
  initial: 'running',
  states: { running: { on: { 'test.end': 'ended' } }, ended: { type: 'final' } },
});

/** The actions the app wires to the page and its children, as spies (their effect is the rest of the app's). */
const SPIED = [
  'applyConfig',
  'applyWhitelabel',
  'loadBuilding',
  'clearBuilding',
  'clearUserState',
  'recheckRoute',
  'identifyFlagUser',
  'showBuildingInAddress',
  'reloadBuilding',
  'tellBridgeTheme',
  'forwardBridgeActivity',
  'forwardKioskExit',
  'goHome',
  'persistFarm',
  'adoptWebViewSession',
  'refuseWebViewSession',
  'closeWebView',
] as const;
type Spied = (typeof SPIED)[number];

const CALLS = ['loadConfig', 'loadWhitelabel', 'matchWebViewBase', 'healthCheck', 'flagsReady', 'userReady', 'localeReady', 'resolveRoute'] as const;
type CallName = (typeof CALLS)[number];

/** The app with its start-up calls settled by the test, stand-in children and its wired actions as spies. */
function start(event: AppModelEvent, inspect?: (event: InspectionEvent) => void) {
  const calls = new Map<CallName, Deferred<unknown>>();
  const call = (name: CallName) =>
    fromPromise(() => {
      const pending = deferred<unknown>();
      calls.set(name, pending);
      return pending.promise;
    });
  const spies = Object.fromEntries(SPIED.map((name) => [name, vi.fn<(params: unknown) => void>()])) as Record<Spied, Mock<(params: unknown) => void>>;
  const logic = appMachine.provide({
    actors: {
      ...Object.fromEntries(CHILDREN.map((name) => [name, stub])),
      ...Object.fromEntries(CALLS.map((name) => [name, call(name)])),
    } as never,
    actions: Object.fromEntries(SPIED.map((name) => [name, (_: unknown, params: unknown) => spies[name](params)])) as never,
  });
  const app = createActor(logic, {
    input: {
      requestedLocale: 'en',
      ...(event.type === 'start.farm' ? { farm: FARM } : {}),
      ...(event.type === 'start.webView'
        ? { nativeHost: true, webView: { token: 'native-token', buildingUuid: null, baseUrl: 'https://api.example/api' } }
        : {}),
    },
    ...(inspect ? { inspect } : {}),
  }).start();
  /** What the step just taken must have done, checked once the app is in the model's state. */
  const flow = { app, calls, spies, check: (() => true) as () => boolean };
  return flow;
}
type Flow = ReturnType<typeof start>;
type Model = { context: AppModelContext };

const ctx = (flow: Flow) => flow.app.getSnapshot().context;
const send = (flow: Flow, event: AppEvent) => flow.app.send(event);
const settle = (flow: Flow, name: CallName, value: unknown | Error) => {
  const pending = flow.calls.get(name);
  if (!pending) throw new Error(`no ${name} call in flight`);
  flow.calls.delete(name);
  if (value instanceof Error) pending.reject(value);
  else pending.resolve(value);
};
/** A spy's calls so far; the step's check compares with the count before it. */
const count = (flow: Flow, name: Spied) => flow.spies[name].mock.calls.length;
const more = (flow: Flow, name: Spied, by = 1) => {
  const before = count(flow, name);
  return () => count(flow, name) === before + by;
};
const both =
  (...checks: (() => boolean)[]) =>
  () =>
    checks.every((c) => c());

/** The world's part of each model event: a server's answer, or a child's reports as the real child sends them. */
function world(flow: Flow, event: AppModelEvent) {
  flow.check = () => true;
  const webView = ctx(flow).webView !== null;
  switch (event.type) {
    case 'api.config': {
      const applied = more(flow, 'applyConfig');
      settle(flow, 'loadConfig', CONFIG);
      flow.check = () => applied() && ctx(flow).config.supportEmail === CONFIG.supportEmail;
      return;
    }
    case 'api.configFailed': {
      const applied = more(flow, 'applyConfig');
      settle(flow, 'loadConfig', new Error('config.json: 404'));
      flow.check = () => applied() && ctx(flow).config === FALLBACK_RUNTIME_CONFIG;
      return;
    }
    case 'api.loaded': {
      const brand = more(flow, 'applyWhitelabel');
      const adopted = more(flow, 'adoptWebViewSession', webView ? 1 : 0);
      settle(flow, 'loadWhitelabel', { name: 'Harbor', brand: 'harbor' });
      if (webView) settle(flow, 'matchWebViewBase', null);
      for (const name of ['healthCheck', 'flagsReady', 'userReady', 'localeReady'] as const) settle(flow, name, undefined);
      flow.check = both(brand, adopted, () => ctx(flow).whitelabel?.brand === 'harbor' && (ctx(flow).webView?.problem ?? null) === null);
      return;
    }
    case 'api.degraded': {
      const refused = more(flow, 'refuseWebViewSession', webView ? 1 : 0);
      settle(flow, 'loadWhitelabel', new Error('white-label service down'));
      if (webView) settle(flow, 'matchWebViewBase', new Error('not the configured API nor a registered farm'));
      settle(flow, 'healthCheck', undefined);
      for (const name of ['flagsReady', 'userReady', 'localeReady'] as const) settle(flow, name, new Error('stopped'));
      flow.check = both(refused, () => ctx(flow).whitelabel === null && (ctx(flow).webView?.problem ?? null) === (webView ? 'baseUrl' : null));
      return;
    }
    case 'api.healthFailed':
      return settle(flow, 'healthCheck', Object.assign(new Error('Bad gateway'), { status: 502 }));
    case 'api.routed':
      return settle(flow, 'resolveRoute', undefined);
    case 'api.routeFailed':
      return settle(flow, 'resolveRoute', new Error('a route loader threw'));
    case 'session.restored': {
      const loads = more(flow, 'loadBuilding', 2);
      send(flow, { type: 'session.restoring', user: USER, loadBuilding: true });
      send(flow, { type: 'session.signedIn', user: USER, loadBuilding: true });
      send(flow, { type: 'building.ready', building: B1, switched: false });
      flow.check = both(loads, () => ctx(flow).user === USER && ctx(flow).buildingUuid === B1.uuid);
      return;
    }
    case 'session.signedInNoBuilding': {
      const loads = more(flow, 'loadBuilding', 0);
      const identified = more(flow, 'identifyFlagUser');
      send(flow, { type: 'session.signedIn', user: USER, loadBuilding: false });
      flow.check = both(loads, identified, () => ctx(flow).user === USER);
      return;
    }
    case 'session.ended': {
      const cleared = more(flow, 'clearUserState');
      const rechecked = more(flow, 'recheckRoute');
      send(flow, { type: 'session.cleared' });
      send(flow, { type: 'session.signedOut' });
      send(flow, { type: 'building.cleared' });
      flow.check = both(
        cleared,
        rechecked,
        () => ctx(flow).user === null && ctx(flow).buildingUuid === null && ctx(flow).preferredBuildingUuid === null,
      );
      return;
    }
    case 'building.switchOnPage': {
      const shown = more(flow, 'showBuildingInAddress');
      send(flow, { type: 'route.changed', from: ctx(flow).path, to: `/building/${B1.uuid}/services` });
      send(flow, { type: 'building.ready', building: B2, switched: true });
      flow.check = both(
        shown,
        () =>
          (flow.spies.showBuildingInAddress.mock.lastCall?.[0] as { uuid?: string } | undefined)?.uuid === B2.uuid &&
          ctx(flow).buildingUuid === B2.uuid,
      );
      return;
    }
    case 'building.switchElsewhere': {
      const shown = more(flow, 'showBuildingInAddress', 0);
      send(flow, { type: 'route.changed', from: ctx(flow).path, to: '/account' });
      send(flow, { type: 'building.ready', building: B1, switched: true });
      flow.check = both(shown, () => ctx(flow).buildingUuid === B1.uuid && ctx(flow).path === '/account');
      return;
    }
    case 'locale.changed': {
      const next = ctx(flow).locale === 'fr' ? 'en' : 'fr';
      const reloaded = more(flow, 'reloadBuilding');
      send(flow, { type: 'locale.changed', locale: next });
      flow.check = both(reloaded, () => ctx(flow).locale === next);
      return;
    }
    case 'colorScheme.changed': {
      const told = more(flow, 'tellBridgeTheme');
      send(flow, { type: 'colorScheme.changed' });
      flow.check = told;
      return;
    }
    case 'kiosk.toggled': {
      const on = !ctx(flow).kioskEnabled;
      // A touch in an open mini-app counts as use of a lobby screen only.
      const forwarded = more(flow, 'forwardBridgeActivity', on ? 1 : 0);
      send(flow, { type: 'kiosk.changed', on });
      send(flow, { type: 'bridge.activity' } as AppEvent);
      flow.check = both(forwarded, () => ctx(flow).kioskEnabled === on);
      return;
    }
    case 'kiosk.idleReset': {
      const home = more(flow, 'goHome');
      send(flow, { type: 'kiosk.idleReset' } as AppEvent);
      flow.check = home;
      return;
    }
    case 'flags.changed': {
      const values = {
        ...ctx(flow).flags,
        'maintenance-mode': !ctx(flow).flags['maintenance-mode'],
        'enable-exit-kiosk-mode': !ctx(flow).flags['enable-exit-kiosk-mode'],
      };
      const rechecked = more(flow, 'recheckRoute');
      const exit = more(flow, 'forwardKioskExit');
      send(flow, { type: 'flags.updated', values });
      flow.check = both(rechecked, exit, () => ctx(flow).flags === values);
      return;
    }
    case 'farm.chosen': {
      const farm = ctx(flow).farm ? null : FARM;
      const kept = more(flow, 'persistFarm');
      send(flow, { type: 'farm.choose', farm });
      flow.check = both(kept, () => ctx(flow).farm === farm);
      return;
    }
    case 'screen.run': {
      // The sign-in page opens its flow; the flow ends (signed in); the route closes it.
      send(flow, { type: 'route.changed', from: ctx(flow).path, to: '/login' });
      send(flow, {
        type: 'screen.open',
        screen: 'authFlow',
        params: { pathname: '/login', code: null, state: null },
        logic: screenFlow,
        owner: 'route:auth',
      });
      const child = flow.app.system.get(screenId('authFlow')) as AnyActorRef | undefined;
      const started = child !== undefined && ctx(flow).screens.authFlow?.key === 'auth';
      child?.send({ type: 'test.end' });
      const finished = ctx(flow).screens.authFlow?.finished === true;
      send(flow, { type: 'screen.close', screen: 'authFlow', owner: 'route:auth' });
      flow.check = () => started && finished && ctx(flow).screens.authFlow === undefined;
      return;
    }
    case 'webView.tokenRefused':
      send(flow, { type: 'session.adoptFailed' });
      flow.check = () => ctx(flow).webView?.problem === 'token';
      return;
    case 'webView.close': {
      const closed = more(flow, 'closeWebView');
      send(flow, { type: 'user.closeWebView' });
      flow.check = closed;
      return;
    }
    default:
      throw new Error(`${event.type} is the person's`);
  }
}

const is = (value: string) => (flow: Flow) => flow.app.getSnapshot().matches(value as never) && flow.check();
const spinner = () => screen.queryByRole('progressbar', { name: 'Loading…' });
const opening = (): never => {
  throw new Error('no step ends in opening: it is the state before a start.* event');
};

modelSuite<typeof appModel, Flow, AppModelState>({
  name: 'app',
  model: appModel,
  start: (event, { inspect }) => start(event!, inspect),
  render: ({ app }) =>
    render(
      <AppActorProvider actor={app as unknown as AppActor}>
        <IntlProvider locale="en" messages={englishCatalogue}>
          <Startup>
            <p>App screens</p>
          </Startup>
        </IntlProvider>
      </AppActorProvider>,
    ),
  world: (flow, event) => world(flow, event),
  send: (flow, event) => {
    flow.check = () => true;
    if (event.type === 'user.useDefaultFarm') {
      const kept = more(flow, 'persistFarm');
      flow.app.send({ type: 'user.useDefaultFarm' });
      flow.check = both(kept, () => ctx(flow).farm === null);
      return;
    }
    flow.app.send({ type: 'user.retry' });
  },
  press: (flow, event) => {
    flow.check = () => true;
    if (event.type === 'user.useDefaultFarm') {
      const kept = more(flow, 'persistFarm');
      fireEvent.click(screen.getByRole('button', { name: 'Back to the default farm' }));
      flow.check = both(kept, () => ctx(flow).farm === null);
      return;
    }
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  },
  machineState: {
    opening,
    configuring: is('configuring'),
    starting: is('starting'),
    unavailable: (flow) => flow.app.getSnapshot().hasTag('unavailable') && ctx(flow).error?.message === 'health check failed' && flow.check(),
    routing: is('routing'),
    ready: (flow, { context }: Model) => is('ready')(flow) && (ctx(flow).webView !== null) === context.webView,
  },
  viewState: {
    opening,
    configuring: () => expect(spinner()).not.toBeNull(),
    starting: () => expect(spinner()).not.toBeNull(),
    routing: () => expect(spinner()).not.toBeNull(),
    unavailable: (flow) => {
      screen.getByText("We can't reach the service right now");
      screen.getByRole('button', { name: 'Try again' });
      expect(screen.queryByRole('button', { name: 'Back to the default farm' }) !== null).toBe(ctx(flow).farm !== null);
    },
    ready: () => {
      screen.getByText('App screens');
      expect(spinner()).toBeNull();
    },
  },
  whereIs: (flow) => JSON.stringify(flow.app.getSnapshot().value),
  stop: ({ app }) => app.stop(),
  machines: [appMachine],
  everyMachineTransition: true,
});

it('app: the test model starts three ways and takes every report of a child once shown', () => {
  const events = new Set(modelGraph(appModel).edges.map((edge) => edge.event.type));
  expect(events.size).toBe(26);
});

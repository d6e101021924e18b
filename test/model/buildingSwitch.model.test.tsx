import { flushSync } from 'react-dom';
import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { appMachine } from '../../machines/app/app.machine';
import { ADMIN_LINK_PERMISSION, buildingMachine, BUILDING_ID, canSeeAdminLink, type Building } from '../../machines/building/building.machine';
import { GLOBAL_ERROR_ID } from '../../machines/globalError/globalError.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import type { AppActor, BuildingRef, GlobalErrorRef, SessionRef } from '../../src/app/appActor';
import { SESSION_ID } from '../../machines/session/session.machine';
import { englishCatalogue } from '../../src/i18n/locales';
import { HomePage } from '../../src/ui/home/HomePage';
import { GlobalErrorModal } from '../../src/ui/shell/GlobalErrorModal';
import { makeBuilding, makeTheme } from '../fixtures/buildings';
import {
  BUILDING_UUIDS,
  buildingSwitchModel,
  chosen,
  type BuildingSwitchModelContext,
  type BuildingSwitchModelEvent,
  type BuildingSwitchModelState,
  type Uuid,
} from './buildingSwitch.model';
import { modelSuite } from './modelSuite';

/** A building's name as the server answers it, in the language the app asks in (English unless French). */
const nameOf = (uuid: Uuid, language: 'en' | 'fr') => (language === 'fr' ? `Immeuble ${uuid}` : `Building ${uuid}`);
const buildingsIn = (language: 'en' | 'fr'): Building[] =>
  BUILDING_UUIDS.map((uuid) => makeBuilding(uuid, { name: nameOf(uuid, language), address_1: `${uuid} Main Street` }));

/** What the fake server does with this step's calls (every step starts with it answering). */
interface Server {
  /** The user's buildings: answered, refused (403), no answer (status 0), or none at all. */
  list: 'ok' | 'refused' | 'unanswered' | 'empty';
  /** The building's detail: answered, or 503. */
  detail: 'ok' | 'down';
  /** Its theme and permissions: answered, or 503. */
  extras: 'ok' | 'down';
}
const ANSWERING: Server = { list: 'ok', detail: 'ok', extras: 'ok' };

/**
 * The app with the building's calls faked, once its session has found nobody kept (a sign-out would clear the
 * building). The server answers in the app's language; the session's logouts are counted.
 */
async function startApp(inspect?: (event: InspectionEvent) => void) {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const flow = { server: { ...ANSWERING }, logouts: 0 };
  let app: AppActor | null = null;
  const language = () => (app!.getSnapshot().context.locale.startsWith('fr') ? 'fr' : 'en');
  const fail = (status: number) => Promise.reject({ status, message: status ? 'Service unavailable' : 'Failed to fetch' });
  const logic = appMachine.provide({
    actors: {
      loadWhitelabel: never,
      healthCheck: never,
      building: buildingMachine.provide({
        actors: {
          loadBuildings: fromPromise(async () => {
            const { list } = flow.server;
            if (list === 'refused') return fail(403);
            if (list === 'unanswered') return fail(0);
            return list === 'empty' ? [] : buildingsIn(language());
          }),
          loadBuilding: fromPromise(async ({ input }) =>
            flow.server.detail === 'down' ? fail(503) : buildingsIn(language()).find((b) => b.uuid === input.uuid)!,
          ),
          loadTheme: fromPromise(async ({ input }) =>
            flow.server.extras === 'down' ? fail(503) : makeTheme({ home_header_image_url: `/media/${input.uuid}.svg` }),
          ),
          loadPermissions: fromPromise(async () => (flow.server.extras === 'down' ? fail(503) : [ADMIN_LINK_PERMISSION])),
        },
      }),
    } as never,
  });
  const recordLogouts = (event: InspectionEvent) => {
    if (event.type === '@xstate.event' && event.event.type === 'session.logout' && event.actorRef === app?.system.get(SESSION_ID)) flow.logouts += 1;
    inspect?.(event);
  };
  app = createActor(logic, { input: { requestedLocale: 'en' }, inspect: recordLogouts }).start() as unknown as AppActor;
  await waitFor(app.system.get(SESSION_ID) as SessionRef, (s) => s.hasTag('signedOut'));
  return {
    app,
    building: app.system.get(BUILDING_ID) as BuildingRef,
    globalError: app.system.get(GLOBAL_ERROR_ID) as GlobalErrorRef,
    get server() {
      return flow.server;
    },
    set server(server: Server) {
      flow.server = server;
    },
    logouts: () => flow.logouts,
  };
}
type Flow = Awaited<ReturnType<typeof startApp>>;
type Model = { context: BuildingSwitchModelContext };

/** The session told to end as often as the user's buildings were refused. */
const loggedOutFor = (flow: Flow, events: BuildingSwitchModelEvent[]) => flow.logouts() === events.filter((e) => e.type === 'load.refused').length;

/**
 * The building actor settled (nothing loading) in the model's state, with the model's current building read in the
 * model's language, that building's theme and the admin link its permissions allow (neither when they failed).
 */
const MACHINE_STATE: Record<BuildingSwitchModelState, (flow: Flow, model: Model, events: BuildingSwitchModelEvent[]) => boolean> = {
  signedOut: (flow, _, events) => {
    const s = flow.building.getSnapshot();
    return s.matches('idle') && s.context.current === null && loggedOutFor(flow, events);
  },
  failed: ({ building, globalError }) => building.getSnapshot().matches('failed') && globalError.getSnapshot().hasTag('modal:globalError'),
  noBuilding: ({ building }) => building.getSnapshot().matches('noBuilding') && building.getSnapshot().context.current === null,
  ready: ({ building, globalError }, { context }) => {
    const s = building.getSnapshot();
    const themed = context.look === 'theme';
    return (
      s.matches('ready') &&
      !s.hasTag('loading') &&
      s.context.current?.uuid === context.current &&
      s.context.current.name === nameOf(context.current, context.language) &&
      (s.context.theme?.home_header_image_url ?? null) === (themed ? `/media/${context.current}.svg` : null) &&
      canSeeAdminLink(s.context) === themed &&
      !globalError.getSnapshot().hasTag('modal:globalError')
    );
  },
};

const errorModal = () => screen.queryByRole('dialog', { name: 'Something went wrong' });
/** No building shown: no hero, no error. */
const noBuildingShown = () => {
  expect(screen.queryByTestId('hero')).toBeNull();
  expect(errorModal()).toBeNull();
};

/**
 * The home page: no hero while no building is current (the global error modal when it failed to load, a word when
 * the user has none); else the building's name in the header and the title, its hero (none in the brand's look).
 */
const VIEW_STATE: Record<BuildingSwitchModelState, (flow: Flow, model: Model) => void> = {
  signedOut: noBuildingShown,
  failed: () => {
    expect(screen.queryByTestId('hero')).toBeNull();
    expect(within(errorModal()!).getByRole('button', { name: 'Try again' })).toBeTruthy();
  },
  noBuilding: () => {
    noBuildingShown();
    expect(screen.getByTestId('current-building').textContent).toBe('You are not linked to a building yet.');
  },
  ready: (_, { context: { current, language, look } }) => {
    const name = nameOf(current!, language);
    expect(screen.getByTestId('current-building-name').textContent).toBe(name);
    expect(screen.getByRole('heading', { level: 1, name })).toBeTruthy();
    expect(screen.getByTestId('hero').getAttribute('data-hero')).toBe(look === 'theme' ? `/media/${current}.svg` : '');
    expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** The world's events: what the session asks for (and what the server and the app do meanwhile), an address, a sign-out. */
function world(flow: Flow, event: BuildingSwitchModelEvent) {
  const { building, app } = flow;
  const load = () => building.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
  flow.server = { ...ANSWERING };
  switch (event.type) {
    case 'load':
      return load();
    case 'load.refused':
      flow.server = { ...ANSWERING, list: 'refused' };
      return load();
    case 'load.unanswered':
      flow.server = { ...ANSWERING, list: 'unanswered' };
      return load();
    case 'load.buildingDown':
      flow.server = { ...ANSWERING, detail: 'down' };
      return load();
    case 'load.noBuildings':
      flow.server = { ...ANSWERING, list: 'empty' };
      return load();
    case 'load.noDefault':
      return building.send({ type: 'building.load', defaultBuildingUuid: null });
    case 'load.withoutTheme':
      flow.server = { ...ANSWERING, extras: 'down' };
      return load();
    case 'load.addressB3':
      // The address names b-3 while the user's buildings load (the router's check, before the page).
      load();
      return building.send({ type: 'building.select', uuid: 'b-3' });
    case 'load.languageChanged':
      // The language changes while they load: the locale reports it to the app, which asks for the building again.
      load();
      return app.send({ type: 'locale.changed', locale: 'fr-FR' });
    case 'language':
      return app.send({ type: 'locale.changed', locale: 'fr-FR' });
    case 'address.unknown':
      return building.send({ type: 'building.select', uuid: 'not-a-building' });
    case 'clear':
      return building.send({ type: 'building.clear' });
    default:
      throw new Error(`not the world's event: ${event.type}`);
  }
}

const { paths } = modelSuite({
  name: 'building switching',
  model: buildingSwitchModel,
  // The header shows which building is current: each one is a view state of its own.
  lens: { viewKey: ({ value, context }) => `${String(value)} current:${(context as BuildingSwitchModelContext).current}` },
  // The header's and the modal's texts load with them (the shell area).
  areas: ['shell'],
  start: (_, { inspect }) => startApp(inspect),
  render: ({ app }: Flow) => {
    // The home page's links need a router: one route, the page, in memory.
    const page = () => (
      <>
        <HomePage />
        <GlobalErrorModal />
      </>
    );
    const router = createRouter({ routeTree: createRootRoute({ component: page }), history: createMemoryHistory({ initialEntries: ['/home'] }) });
    render(
      <AppActorProvider actor={app}>
        <IntlProvider locale="en" messages={englishCatalogue}>
          <RouterProvider router={router} />
        </IntlProvider>
      </AppActorProvider>,
    );
  },
  world: (flow: Flow, event) => world(flow, event),
  // The person's actions find the server answering: a retry, from the global error modal; a switch, from the header's.
  send: (flow: Flow, event) => {
    flow.server = { ...ANSWERING };
    if (event.type === 'user.retry') flow.globalError.send({ type: 'user.retry' });
    else flow.building.send({ type: 'building.select', uuid: chosen(event)! });
  },
  press: (flow: Flow, event, before) => {
    flow.server = { ...ANSWERING };
    if (event.type === 'user.retry') return fireEvent.click(within(errorModal()!).getByRole('button', { name: 'Try again' }));
    // What a person does: the building name in the header opens the switcher; pick one. The step runs inside one
    // act, which renders only when it ends: the opened switcher is rendered at once (flushSync) to be picked from.
    flushSync(() => fireEvent.click(screen.getByTestId('current-building-name')));
    const dialog = screen.getByRole('dialog', { name: 'Choose a building' });
    fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(nameOf(chosen(event)!, before.context.language)) }));
  },
  machineState: MACHINE_STATE,
  viewState: VIEW_STATE,
  stop: ({ app }) => app.stop(),
  machines: [buildingMachine],
  everyMachineTransition: true,
});

it('building switching: the paths load (as the server fails each way), choose each building, retry, change the language, meet an unknown address and clear', () => {
  const seen = new Set(paths.flatMap((path) => path.events.map((event) => event.type)));
  expect([...seen].sort()).toEqual(
    [
      'address.unknown',
      'clear',
      'language',
      'load',
      'load.addressB3',
      'load.buildingDown',
      'load.languageChanged',
      'load.noBuildings',
      'load.noDefault',
      'load.refused',
      'load.unanswered',
      'load.withoutTheme',
      'user.choose.b-1',
      'user.choose.b-2',
      'user.choose.b-3',
      'user.retry',
    ].sort(),
  );
});

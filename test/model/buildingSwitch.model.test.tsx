import { flushSync } from 'react-dom';
import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { appMachine } from '../../machines/app/app.machine';
import { buildingMachine, BUILDING_ID, type Building } from '../../machines/building/building.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import type { AppActor, BuildingRef, SessionRef } from '../../src/app/appActor';
import { SESSION_ID } from '../../machines/session/session.machine';
import { englishCatalogue } from '../../src/i18n/locales';
import { HomePage } from '../../src/ui/home/HomePage';
import { makeBuilding, makeTheme } from '../fixtures/buildings';
import { BUILDING_UUIDS, buildingSwitchModel, chosen, type BuildingSwitchModelContext, type BuildingSwitchModelState } from './buildingSwitch.model';
import { modelSuite } from './modelSuite';

const BUILDINGS: Building[] = BUILDING_UUIDS.map((uuid) => makeBuilding(uuid, { name: `Building ${uuid}`, address_1: `${uuid} Main Street` }));

/** The app with the building's calls faked, once its session has found nobody kept (a sign-out would clear the building). */
async function startApp(inspect?: (event: InspectionEvent) => void) {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const logic = appMachine.provide({
    actors: {
      loadWhitelabel: never,
      healthCheck: never,
      building: buildingMachine.provide({
        actors: {
          loadBuildings: fromPromise(async () => BUILDINGS),
          loadBuilding: fromPromise(async ({ input }) => BUILDINGS.find((b) => b.uuid === input.uuid)!),
          loadTheme: fromPromise(async ({ input }) => makeTheme({ home_header_image_url: `/media/${input.uuid}.svg` })),
        },
      }),
    } as never,
  });
  const app = createActor(logic, { input: { requestedLocale: 'en' }, ...(inspect ? { inspect } : {}) }).start() as unknown as AppActor;
  await waitFor(app.system.get(SESSION_ID) as SessionRef, (s) => s.hasTag('signedOut'));
  return { app, building: app.system.get(BUILDING_ID) as BuildingRef };
}
type Flow = Awaited<ReturnType<typeof startApp>>;
type Model = { context: BuildingSwitchModelContext };

/**
 * The building actor settled (nothing loading) in the model's state, with the model's current building and that
 * building's theme.
 */
const MACHINE_STATE: Record<BuildingSwitchModelState, (flow: Flow, model: Model) => boolean> = {
  signedOut: ({ building }) => {
    const s = building.getSnapshot();
    return s.matches('idle') && s.context.current === null;
  },
  ready: ({ building }, { context }) => {
    const s = building.getSnapshot();
    return (
      s.matches('ready') &&
      !s.hasTag('loading') &&
      s.context.current?.uuid === context.current &&
      s.context.theme?.home_header_image_url === `/media/${context.current}.svg`
    );
  },
};

/** The home page: no hero while no building is current; else the building's name in the header and the title, its hero. */
const VIEW_STATE: Record<BuildingSwitchModelState, (flow: Flow, model: Model) => void> = {
  signedOut: () => expect(screen.queryByTestId('hero')).toBeNull(),
  ready: (_, { context: { current } }) => {
    expect(screen.getByTestId('current-building-name').textContent).toBe(`Building ${current}`);
    expect(screen.getByRole('heading', { level: 1, name: `Building ${current}` })).toBeTruthy();
    expect(screen.getByTestId('hero').getAttribute('data-hero')).toBe(`/media/${current}.svg`);
    expect(screen.queryByRole('dialog')).toBeNull();
  },
};

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
    const router = createRouter({ routeTree: createRootRoute({ component: HomePage }), history: createMemoryHistory({ initialEntries: ['/home'] }) });
    render(
      <AppActorProvider actor={app}>
        <IntlProvider locale="en" messages={englishCatalogue}>
          <RouterProvider router={router} />
        </IntlProvider>
      </AppActorProvider>,
    );
  },
  world: ({ building }: Flow, event) => {
    if (event.type === 'load') building.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
    else if (event.type === 'address.unknown') building.send({ type: 'building.select', uuid: 'not-a-building' });
    else if (event.type === 'clear') building.send({ type: 'building.clear' });
    else throw new Error(`not the world's event: ${event.type}`);
  },
  send: ({ building }: Flow, event) => building.send({ type: 'building.select', uuid: chosen(event)! }),
  press: (_: Flow, event) => {
    // What a person does: the building name in the header opens the switcher; pick one. The step runs inside one
    // act, which renders only when it ends: the opened switcher is rendered at once (flushSync) to be picked from.
    flushSync(() => fireEvent.click(screen.getByTestId('current-building-name')));
    const dialog = screen.getByRole('dialog', { name: 'Choose a building' });
    fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`Building ${chosen(event)!}`) }));
  },
  machineState: MACHINE_STATE,
  viewState: VIEW_STATE,
  stop: ({ app }) => app.stop(),
  machines: [buildingMachine],
});

it('building switching: the paths load, choose each building, meet an unknown address and clear', () => {
  const seen = new Set(paths.flatMap((path) => path.events.map((event) => event.type)));
  expect([...seen].sort()).toEqual(['address.unknown', 'clear', 'load', 'user.choose.b-1', 'user.choose.b-2', 'user.choose.b-3']);
});

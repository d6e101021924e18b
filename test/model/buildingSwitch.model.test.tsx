import { afterEach, describe, expect, it, beforeAll } from 'vitest';
import { warmAreaMessages } from './areaMessages.harness';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { act, cleanup, fireEvent, render, screen, waitFor as waitForDom, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { appMachine } from '../../machines/app/app.machine';
import { buildingMachine, BUILDING_ID, type Building } from '../../machines/building/building.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import type { AppActor, BuildingRef, SessionRef } from '../../src/app/appActor';
import { SESSION_ID } from '../../machines/session/session.machine';
import { englishCatalogue } from '../../src/i18n/locales';
import { HomePage } from '../../src/ui/home/HomePage';
import { makeBuilding, makeTheme } from '../unit/fixtures';

// The header's and the modal's texts load with them (the shell area): loaded once here, so no path waits for the first import.
beforeAll(() => warmAreaMessages(['shell']));

afterEach(cleanup);

type Uuid = 'b-1' | 'b-2' | 'b-3';
type ModelEvent = { type: 'load' } | { type: 'user.choose'; uuid: Uuid } | { type: 'address.unknown' } | { type: 'clear' };

/** The test model: which building is current, as the person sees it. The user's default building is b-1. */
const model = setup({
  types: { context: {} as { current: Uuid | null }, events: {} as ModelEvent },
  guards: { other: ({ context, event }) => event.type === 'user.choose' && event.uuid !== context.current },
}).createMachine({
  context: { current: null },
  initial: 'signedOut',
  states: {
    signedOut: { on: { load: { target: 'ready', actions: assign({ current: 'b-1' as Uuid }) } } },
    ready: {
      on: {
        'user.choose': { guard: 'other', actions: assign({ current: ({ event }) => event.uuid }) },
        'address.unknown': { actions: assign({ current: 'b-1' as Uuid }) },
        clear: { target: 'signedOut', actions: assign({ current: null }) },
      },
    },
  },
});

const BUILDINGS: Building[] = (['b-1', 'b-2', 'b-3'] as const).map((uuid) =>
  makeBuilding(uuid, { name: `Building ${uuid}`, address_1: `${uuid} Main Street` }),
);

/** The app with the building's calls faked, once its session has found nobody kept (a sign-out would clear the building). */
async function startApp() {
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
  const app = createActor(logic, { input: { requestedLocale: 'en' } }).start() as unknown as AppActor;
  await waitFor(app.system.get(SESSION_ID) as SessionRef, (s) => s.hasTag('signedOut'));
  return { app, building: app.system.get(BUILDING_ID) as BuildingRef };
}

const settle = (building: BuildingRef) => waitFor(building, (s) => !s.hasTag('loading'));

/** Every transition of the model, each from the shortest path to its source. */
function paths() {
  const testModel = createTestModel(model);
  const events: ModelEvent[] = [
    { type: 'load' },
    { type: 'user.choose', uuid: 'b-1' },
    { type: 'user.choose', uuid: 'b-2' },
    { type: 'user.choose', uuid: 'b-3' },
    { type: 'address.unknown' },
    { type: 'clear' },
  ];
  return testModel.getSimplePaths({ events, allowDuplicatePaths: false }).map((path) => ({
    description:
      path.steps
        .filter((s) => !s.event.type.startsWith('xstate.'))
        .map((s) => (s.event.type === 'user.choose' ? `choose ${s.event.uuid}` : s.event.type))
        .join(' → ') || 'start',
    events: path.steps.map((s) => s.event as ModelEvent).filter((e) => !e.type.startsWith('xstate.')),
  }));
}

const PATHS = paths();

describe('building switching model', () => {
  it('has paths through every transition', () => {
    const seen = new Set(PATHS.flatMap((p) => p.events.map((e) => (e.type === 'user.choose' ? `choose ${e.uuid}` : e.type))));
    expect([...seen].sort()).toEqual(['address.unknown', 'choose b-1', 'choose b-2', 'choose b-3', 'clear', 'load']);
  });
});

describe('building switching against the machine', () => {
  for (const { description, events } of PATHS) {
    it(description, async () => {
      const { building } = await startApp();
      const expected = createActor(model).start();
      for (const event of events) {
        if (event.type === 'load') building.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
        else if (event.type === 'user.choose') building.send({ type: 'building.select', uuid: event.uuid });
        else if (event.type === 'address.unknown') building.send({ type: 'building.select', uuid: 'not-a-building' });
        else building.send({ type: 'building.clear' });
        await settle(building);
        expected.send(event);
        expect(building.getSnapshot().context.current?.uuid ?? null).toBe(expected.getSnapshot().context.current);
        if (expected.getSnapshot().context.current)
          expect(building.getSnapshot().context.theme?.home_header_image_url).toBe(`/media/${expected.getSnapshot().context.current}.svg`);
      }
    });
  }
});

describe('building switching against the rendered home page', () => {
  for (const { description, events } of PATHS) {
    it(description, async () => {
      const { app, building } = await startApp();
      const expected = createActor(model).start();
      // The home page's links need a router: one route, the page, in memory.
      const router = createRouter({
        routeTree: createRootRoute({ component: HomePage }),
        history: createMemoryHistory({ initialEntries: ['/home'] }),
      });
      await router.load();
      render(
        <AppActorProvider actor={app}>
          <IntlProvider locale="en" messages={englishCatalogue}>
            <RouterProvider router={router} />
          </IntlProvider>
        </AppActorProvider>,
      );
      for (const event of events) {
        if (event.type === 'user.choose') {
          // What a person does: the building name in the header opens the switcher; pick one.
          fireEvent.click(await screen.findByTestId('current-building-name', {}, { timeout: 10_000 }));
          const dialog = await screen.findByRole('dialog', { name: 'Choose a building' }, { timeout: 10_000 });
          fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`Building ${event.uuid}`) }));
        }
        await act(async () => {
          if (event.type === 'load') building.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
          else if (event.type === 'address.unknown') building.send({ type: 'building.select', uuid: 'not-a-building' });
          else if (event.type === 'clear') building.send({ type: 'building.clear' });
          await settle(building);
        });
        expected.send(event);
        const current = expected.getSnapshot().context.current;
        await waitForDom(
          () => {
            if (!current) {
              expect(screen.queryByTestId('hero')).toBeNull();
              return;
            }
            expect(screen.getByTestId('current-building-name').textContent).toBe(`Building ${current}`);
            expect(screen.getByRole('heading', { level: 1, name: `Building ${current}` })).toBeTruthy();
            expect(screen.getByTestId('hero').getAttribute('data-hero')).toBe(`/media/${current}.svg`);
            expect(screen.queryByRole('dialog')).toBeNull();
            // The header's texts load with their own chunk: on a busy machine that takes more than the default second.
          },
          { timeout: 10_000 },
        );
      }
    });
  }
});

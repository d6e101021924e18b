import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { assign, createActor, setup, type AnyActorLogic, type ActorOptions, type InspectionEvent } from 'xstate';
import { FLAG_DEFAULTS, type FlagValues } from '../../contracts/flags';
import type { Whitelabel } from '../../contracts/boot';
import type { AppActor } from '../../machines/app/app.refs';
import { screenId, type ScreenName } from '../../machines/app/screens';
import { BUILDING_ID, type Building, type BuildingTheme } from '../../machines/building/building.machine';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import { KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
import { SESSION_ID } from '../../machines/session/session.machine';
import type { SessionUser } from '../../machines/session/session.types';
import { headerMenuMachine, HEADER_MENU_ID } from '../../machines/shell/headerMenu.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import { englishCatalogue } from '../../src/i18n/locales';
import { getCssText } from '../../src/ui/kit/stitches.config';
import { flush } from '../fixtures/async';

/**
 * The app as a screen and its header read it, without the app's start-up: a root actor whose context holds the brand
 * and the configuration, with stand-ins for the session, the building, the flags and the kiosk under their system
 * ids (each holds the context it is given, and `set` changes it), the real header menu, and any screen flows.
 */
type Context = Record<string, unknown>;
const standIn = setup({
  types: {} as { context: Context; input: Context; events: { type: 'test.set'; context: Context } },
}).createMachine({
  context: ({ input }) => input,
  on: { 'test.set': { actions: assign(({ context, event }) => ({ ...context, ...event.context })) } },
});

export interface ShellOptions {
  user?: SessionUser | null;
  whitelabel?: Partial<Whitelabel>;
  flags?: Partial<FlagValues>;
  building?: { current?: Building | null; theme?: BuildingTheme | null; buildings?: Building[]; permissions?: Record<string, string[]> };
  /** Screen flows the app runs (`screen.<name>`), as `useScreen` finds them: the logic and its input. */
  screens?: Partial<Record<ScreenName, { logic: AnyActorLogic; input?: unknown }>>;
  /** Sees every actor of the app's system (a model test's transition coverage). */
  inspect?: (event: InspectionEvent) => void;
  /** The system's clock (a SimulatedClock moves the delays of every actor in it). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** The header menu's logic, when a test provides its actions and its admin token (by default the real one, bare). */
  headerMenu?: AnyActorLogic;
}

const WHITELABEL: Whitelabel = {
  brand: 'atrium',
  name: 'Atrium',
  uuid: 'brand-1',
  logoUrl: null,
  logoDarkUrl: null,
  primaryColor: '#257BAD',
  secondaryColor: '#7C7933',
  language: 'en',
  helpDeskEmail: 'help@atrium.test',
  isAvatarVisible: true,
};

export function shellApp(options: ShellOptions = {}) {
  const screens = options.screens ?? {};
  const root = setup({
    actors: {
      standIn,
      headerMenu: options.headerMenu ?? headerMenuMachine,
      ...Object.fromEntries(Object.entries(screens).map(([name, screen]) => [name, screen.logic])),
    } as Record<string, AnyActorLogic>,
  }).createMachine({
    context: {
      whitelabel: { ...WHITELABEL, ...options.whitelabel },
      config: { apiBase: '/api', adminBaseUrl: '/admin' },
      farm: null,
    },
    invoke: [
      { src: 'standIn', systemId: SESSION_ID, id: 'session', input: { user: options.user ?? null } },
      {
        src: 'standIn',
        systemId: BUILDING_ID,
        id: 'building',
        input: { current: null, theme: null, buildings: [], permissions: {}, ...options.building },
      },
      { src: 'standIn', systemId: FLAGS_ID, id: 'flags', input: { values: { ...FLAG_DEFAULTS, ...options.flags } } },
      { src: 'standIn', systemId: KIOSK_ID, id: 'kiosk', input: {} },
      { src: 'headerMenu', systemId: HEADER_MENU_ID, id: 'headerMenu' },
      ...Object.entries(screens).map(([name, screen]) => ({
        src: name,
        id: screenId(name as ScreenName),
        systemId: screenId(name as ScreenName),
        input: screen.input,
      })),
    ],
  });
  const app = createActor(root, {
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  }).start() as unknown as AppActor;
  /** Turns flags on or off while the view is drawn, as the flag server's changes do. */
  const setFlags = (flags: Partial<FlagValues>) =>
    act(() => {
      const ref = app.system.get(FLAGS_ID)!;
      const values = (ref.getSnapshot() as { context: { values: FlagValues } }).context.values;
      ref.send({ type: 'test.set', context: { values: { ...values, ...flags } } });
    });
  return { app, setFlags };
}

/** Renders `ui` in English (the core catalogue; areas load as the app loads them) at `path` of a memory router. */
export async function renderInShell(app: AppActor, ui: () => ReactNode, path = '/home') {
  const router = createRouter({ routeTree: createRootRoute({ component: ui }), history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  await act(async () => {
    render(
      <AppActorProvider actor={app}>
        <IntlProvider locale="en" defaultLocale="en" messages={englishCatalogue}>
          <RouterProvider router={router} />
        </IntlProvider>
      </AppActorProvider>,
    );
    await flush();
  });
}

/**
 * The kit's style rules, laid into the document for computed styles: another file of the worker may have emptied
 * document.head, and the kit then goes on writing to a sheet that is no longer in the document. Returns the way to
 * take them out again.
 */
export function layKitStyles(): () => void {
  const style = document.createElement('style');
  style.textContent = getCssText();
  document.head.append(style);
  return () => style.remove();
}

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { ADMIN_LINK_PERMISSION, BUILDING_ID } from '../../machines/building/building.machine';
import { SESSION_ID } from '../../machines/session/session.machine';
import { headerMenuMachine, HEADER_MENU_ID, type AdminTarget, type HeaderMenuEvent } from '../../machines/shell/headerMenu.machine';
import { AppHeader } from '../../src/ui/shell/AppHeader';
import { makeBuilding } from '../fixtures/buildings';
import { makeUser } from '../fixtures/people';
import { renderInShell, shellApp } from '../unit/appShell.harness';
import { headerMenuModel, type HeaderMenuModelEvent, type HeaderMenuModelState } from './headerMenu.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';

// ---------------------------------------------------------------------------------------------------------------
// The header's account menu and building switcher, over the real header of the stand-in app: a person with two
// buildings, the admin permission in the current one and account history on, so every item of the menu is offered.

const BUILDINGS = [makeBuilding('b-1'), makeBuilding('b-2')];
const ADMIN: AdminTarget = { baseUrl: '/admin', buildingUuid: 'b-1', companyUuid: 'c-1', visitors: false };

/** What each model event does outside the menu: a page it goes to, what it tells the session or the building, the admin tab. */
const EFFECTS: Partial<Record<HeaderMenuModelEvent['type'], string>> = {
  'user.goHome': 'navigate /home',
  'user.openAccount': 'navigate /account',
  'user.openHistory': 'navigate /my-history',
  'user.openServiceRequests': 'navigate /building/b-1/service-requests',
  'user.openHelpDesk': 'navigate /help-desk',
  'user.logout': 'session session.logout',
  'user.chooseBuilding': 'building building.select b-2',
  'user.launchAdmin': 'open the admin tab',
  'api.token': 'send the admin tab to /admin?building=b-1&company=c-1&authCode=ott-1',
  'api.refused': 'close the admin tab',
};
const effectsOf = (events: HeaderMenuModelEvent[]) => events.flatMap((e) => (EFFECTS[e.type] ? [EFFECTS[e.type]!] : []));

/** The menu's events as the header sends them (machine runs). */
const MACHINE_EVENTS: Partial<Record<HeaderMenuModelEvent['type'], HeaderMenuEvent>> = {
  'user.chooseBuilding': { type: 'user.chooseBuilding', uuid: 'b-2' },
  'user.openServiceRequests': { type: 'user.openServiceRequests', buildingUuid: 'b-1' },
  'user.launchAdmin': { type: 'user.launchAdmin', admin: ADMIN },
};

function startMenu(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const effects: string[] = [];
  let app: ReturnType<typeof shellApp>['app'] | null = null;
  const logic = headerMenuMachine.provide({
    actors: { generateAuthLink: fromPromise(() => calls.call<string>('token')) },
    actions: {
      navigate: (_, params) => effects.push(`navigate ${params.to}`),
      openAdminTab: () => effects.push('open the admin tab'),
      sendAdminTab: (_, params) => effects.push(`send the admin tab to ${params.url}`),
      closeAdminTab: () => effects.push('close the admin tab'),
    },
  });
  // What the menu tells the session and the building actors (their stand-ins keep no record of it).
  const record = (event: InspectionEvent) => {
    if (event.type === '@xstate.event' && app) {
      const { type, uuid } = event.event as { type: string; uuid?: string };
      if (event.actorRef === app.system.get(SESSION_ID) && type === 'session.logout') effects.push(`session ${type}`);
      if (event.actorRef === app.system.get(BUILDING_ID) && type === 'building.select') effects.push(`building ${type} ${uuid}`);
    }
    inspect?.(event);
  };
  app = shellApp({
    user: makeUser(),
    building: { current: BUILDINGS[0]!, buildings: BUILDINGS, permissions: { 'b-1': [ADMIN_LINK_PERMISSION] } },
    flags: { 'account-history': true },
    headerMenu: logic,
    inspect: record,
  }).app;
  const menu = app.system.get(HEADER_MENU_ID) as AnyActorRef;
  return { app, menu, calls, effects };
}
type MenuFlow = ReturnType<typeof startMenu>;

const MENU_ITEMS = ['Change building', 'Manage my account', 'Account history', 'Service requests', 'Help desk', 'Launch admin', 'Log out'];
const MENU_ITEM_OF: Partial<Record<HeaderMenuModelEvent['type'], string>> = {
  'user.openBuildings': 'Change building',
  'user.openAccount': 'Manage my account',
  'user.openHistory': 'Account history',
  'user.openServiceRequests': 'Service requests',
  'user.openHelpDesk': 'Help desk',
  'user.launchAdmin': 'Launch admin',
  'user.logout': 'Log out',
};
const openMenu = () => screen.queryByRole('menu', { name: 'Account menu' });
const switcher = () => screen.queryByRole('dialog', { name: 'Choose a building' });

modelSuite<typeof headerMenuModel, MenuFlow, HeaderMenuModelState>({
  name: 'header menu',
  model: headerMenuModel,
  areas: ['shell'],
  start: (_, { inspect }) => startMenu(inspect),
  render: ({ app }) => renderInShell(app, () => <AppHeader />, '/home'),
  world: ({ menu, calls }, event) => {
    // The app moved to another page: the app chart forwards the router's report to the menu.
    if (event.type === 'route.changed') return menu.send({ type: 'route.changed' });
    const pending = calls.take(['token']);
    if (event.type === 'api.token') return pending.resolve('ott-1');
    return pending.reject({ status: 500, message: 'Internal Server Error' });
  },
  send: ({ menu }, event) => menu.send(MACHINE_EVENTS[event.type] ?? { type: event.type }),
  press: async (_, event, before) => {
    const trigger = await screen.findByTestId('account-menu-trigger');
    if (event.type === 'user.openMenu') return fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    // Escape closes the open menu (so does its trigger): the header says `user.closeMenu`.
    if (event.type === 'user.closeMenu') return fireEvent.keyDown(openMenu()!, { key: 'Escape' });
    if (event.type === 'user.goHome') return fireEvent.click(screen.getByTestId('home-link'));
    if (event.type === 'user.openBuildings' && before.value === 'closed') return fireEvent.click(screen.getByTestId('current-building-name'));
    if (event.type === 'user.chooseBuilding') return fireEvent.click(within(switcher()!).getByRole('button', { name: /Building b-2/ }));
    if (event.type === 'user.closeBuildings') return fireEvent.click(within(switcher()!).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(openMenu()!).getByRole('menuitem', { name: MENU_ITEM_OF[event.type] }));
  },
  machineState: Object.fromEntries(
    (['closed', 'open', 'buildings', 'launchingAdmin'] as const).map((state) => [
      state,
      ({ menu, effects }: MenuFlow, model: { context: { adminError: boolean } }, events: HeaderMenuModelEvent[]) =>
        menu.getSnapshot().matches(state) &&
        menu.getSnapshot().context.error === (model.context.adminError ? 'admin' : null) &&
        JSON.stringify(effects) === JSON.stringify(effectsOf(events)),
    ]),
  ) as Record<HeaderMenuModelState, (flow: MenuFlow, model: { context: { adminError: boolean } }, events: HeaderMenuModelEvent[]) => boolean>,
  viewState: {
    closed: () => {
      expect(screen.getByTestId('account-menu-trigger').getAttribute('aria-expanded')).toBe('false');
      expect(openMenu()).toBeNull();
      expect(switcher()).toBeNull();
    },
    open: () => {
      expect(screen.getByTestId('account-menu-trigger').getAttribute('aria-expanded')).toBe('true');
      expect(
        within(openMenu()!)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(MENU_ITEMS);
      expect(switcher()).toBeNull();
    },
    buildings: () => {
      expect(openMenu()).toBeNull();
      const names = within(switcher()!)
        .getAllByRole('button')
        .map((b) => b.textContent);
      expect(names).toEqual(expect.arrayContaining([expect.stringContaining('Building b-1'), expect.stringContaining('Building b-2')]));
    },
    // The admin tab is the browser's: the menu has closed while the token comes.
    launchingAdmin: () => {
      expect(openMenu()).toBeNull();
      expect(switcher()).toBeNull();
    },
  },
  stop: ({ app }) => app.stop(),
  machines: [headerMenuMachine],
  everyMachineTransition: true,
});

describe('header menu: the test model', () => {
  it('agrees with the machine: every state of the menu has a model state', () => {
    expect(Object.keys(headerMenuModel.states).sort()).toEqual(Object.keys(headerMenuMachine.states).sort());
  });
});

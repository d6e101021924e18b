import { assign, setup } from 'xstate';

/**
 * The pure test model of the header's account menu and the building switcher it opens (no invoke, as createTestModel
 * needs). `user.*` are what the person does in the header, the menu and the switcher; `api.*` the server's answer to
 * the admin site's one-time token; `route.changed` the app moving to another page (the app chart forwards it).
 */
export type HeaderMenuModelEvent =
  | { type: 'user.openMenu' }
  | { type: 'user.closeMenu' }
  | { type: 'user.openBuildings' }
  | { type: 'user.chooseBuilding' }
  | { type: 'user.closeBuildings' }
  | { type: 'user.goHome' }
  | { type: 'user.logout' }
  | { type: 'user.openAccount' }
  | { type: 'user.openHistory' }
  | { type: 'user.openServiceRequests' }
  | { type: 'user.openHelpDesk' }
  | { type: 'user.launchAdmin' }
  | { type: 'api.token' }
  | { type: 'api.refused' }
  | { type: 'route.changed' };
export type HeaderMenuModelState = 'closed' | 'open' | 'buildings' | 'launchingAdmin';
export interface HeaderMenuModelContext {
  /** The logo was followed from the closed menu (once: a second time adds nothing the model can see). */
  wentHome: boolean;
  /** The admin token was refused since the last launch. */
  adminError: boolean;
}

/** The menu's items that go to a page and close it. */
const toPage = { target: 'closed' as const };

export const headerMenuModel = setup({
  types: { events: {} as HeaderMenuModelEvent, context: {} as HeaderMenuModelContext },
}).createMachine({
  id: 'headerMenuModel',
  context: { wentHome: false, adminError: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'user.openMenu': 'open',
        // The building's name in the header opens the switcher.
        'user.openBuildings': 'buildings',
        'user.goHome': { guard: ({ context }) => !context.wentHome, actions: assign({ wentHome: true }) },
      },
    },
    // The open menu's trigger and Escape close it (`user.closeMenu`): the view never sends it a second toggle.
    open: {
      on: {
        'user.closeMenu': 'closed',
        'user.openBuildings': 'buildings',
        'user.goHome': toPage,
        'user.logout': toPage,
        'user.openAccount': toPage,
        'user.openHistory': toPage,
        'user.openServiceRequests': toPage,
        'user.openHelpDesk': toPage,
        'user.launchAdmin': { target: 'launchingAdmin', actions: assign({ adminError: false }) },
        'route.changed': 'closed',
      },
    },
    buildings: { on: { 'user.chooseBuilding': 'closed', 'user.closeBuildings': 'closed', 'route.changed': 'closed' } },
    // The admin tab is open; it goes to the admin site with the token, or closes (the menu open again) without one.
    launchingAdmin: { on: { 'api.token': 'closed', 'api.refused': { target: 'open', actions: assign({ adminError: true }) } } },
  },
});

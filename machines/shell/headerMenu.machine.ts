import { assign, fromPromise, sendTo, setup } from 'xstate';
import { BUILDING_ID } from '../building/building.machine';
import { SESSION_ID } from '../session/session.machine';

export const HEADER_MENU_ID = 'headerMenu';

export type HeaderMenuEvent =
  | { type: 'user.openMenu' }
  | { type: 'user.closeMenu' }
  | { type: 'user.openBuildings' }
  | { type: 'user.chooseBuilding'; uuid: string }
  | { type: 'user.closeBuildings' }
  | { type: 'user.logout' }
  | { type: 'user.openAccount' }
  /** The logo: the way home from every screen (issue 22). */
  | { type: 'user.goHome' }
  | { type: 'user.openHistory' }
  | { type: 'user.openServiceRequests'; buildingUuid: string }
  | { type: 'user.openHelpDesk' }
  | { type: 'user.launchAdmin'; admin: AdminTarget }
  /** The app moved to another page (the app chart forwards the router's report): an open menu or switcher closes. */
  | { type: 'route.changed' };

/** `loading` while the admin link's one-time token is asked for. */
export type HeaderMenuTag = 'menu:open' | 'modal:buildingSwitcher' | 'loading';

/** Where the admin site opens: its base, the building, the company and whether the visitors page was open. */
export interface AdminTarget {
  baseUrl: string;
  buildingUuid: string;
  companyUuid: string | null;
  visitors: boolean;
}

/** The admin link of the specification: building, company and a one-time authCode; the visitors path when asked. */
export function adminUrl(target: AdminTarget, authCode: string): string {
  const base = target.baseUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ building: target.buildingUuid, company: target.companyUuid ?? '', authCode });
  return `${base}${target.visitors ? '/visitors' : ''}?${query.toString()}`;
}

/**
 * The header's account menu and the building switcher it opens. Choosing a building hands the choice to the
 * building actor and closes the switcher; log out goes to the session; launch admin opens a tab at once (so the
 * browser allows it) and sends it to the admin site once the one-time token is in.
 */
export const headerMenuMachine = setup({
  types: { context: {} as { admin: AdminTarget | null; error: string | null }, events: {} as HeaderMenuEvent, tags: {} as HeaderMenuTag },
  actors: {
    generateAuthLink: fromPromise<string, void>(() => Promise.reject(new Error('generateAuthLink is not provided'))),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    openAdminTab: () => {},
    sendAdminTab: (_, _params: { url: string }) => {},
    closeAdminTab: () => {},
  },
}).createMachine({
  id: HEADER_MENU_ID,
  context: { admin: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'user.openMenu': 'open',
        'user.openBuildings': 'buildings',
        'user.goHome': { actions: { type: 'navigate', params: { to: '/home' } } },
      },
    },
    open: {
      tags: ['menu:open'],
      on: {
        'user.closeMenu': 'closed',
        'user.openBuildings': 'buildings',
        'user.logout': { target: 'closed', actions: sendTo(({ system }) => system.get(SESSION_ID), { type: 'session.logout' }) },
        'user.goHome': { target: 'closed', actions: { type: 'navigate', params: { to: '/home' } } },
        'user.openAccount': { target: 'closed', actions: { type: 'navigate', params: { to: '/account' } } },
        'user.openHistory': { target: 'closed', actions: { type: 'navigate', params: { to: '/my-history' } } },
        'user.openServiceRequests': {
          target: 'closed',
          actions: { type: 'navigate', params: ({ event }) => ({ to: `/building/${encodeURIComponent(event.buildingUuid)}/service-requests` }) },
        },
        'user.openHelpDesk': { target: 'closed', actions: { type: 'navigate', params: { to: '/help-desk' } } },
        'user.launchAdmin': { target: 'launchingAdmin', actions: [assign({ admin: ({ event }) => event.admin, error: null }), 'openAdminTab'] },
        'route.changed': 'closed',
      },
    },
    buildings: {
      description: 'The building switcher modal.',
      tags: ['modal:buildingSwitcher'],
      on: {
        'user.chooseBuilding': {
          target: 'closed',
          actions: sendTo(
            ({ system }) => system.get(BUILDING_ID),
            ({ event }) => ({ type: 'building.select' as const, uuid: event.uuid }),
          ),
        },
        'user.closeBuildings': 'closed',
        'route.changed': 'closed',
      },
    },
    launchingAdmin: {
      tags: ['loading'],
      invoke: {
        src: 'generateAuthLink',
        onDone: {
          target: 'closed',
          actions: { type: 'sendAdminTab', params: ({ context, event }) => ({ url: adminUrl(context.admin!, event.output) }) },
        },
        onError: { target: 'open', actions: ['closeAdminTab', assign({ error: 'admin' })] },
      },
    },
  },
});

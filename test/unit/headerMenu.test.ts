import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { adminUrl, headerMenuMachine, type AdminTarget } from '../../machines/shell/headerMenu.machine';
import { adminOnVisitors, initials, menuItems } from '../../machines/shell/headerMenu.selectors';
import { FLAG_DEFAULTS } from '../../contracts/flags';
import { deferred } from '../fixtures/async';

const TARGET: AdminTarget = { baseUrl: 'https://admin.example/', buildingUuid: 'b-1', companyUuid: 'c-1', visitors: false };

describe('menuItems', () => {
  it('shows log out, change building, my account, service requests and the help desk by default; history, kiosk and admin are off', () => {
    expect(menuItems(FLAG_DEFAULTS, { canSeeAdminLink: false, buildingCount: 2 })).toEqual([
      'buildings',
      'account',
      'serviceRequests',
      'helpDesk',
      'logout',
    ]);
  });

  it('follows every flag', () => {
    const all = { ...FLAG_DEFAULTS, 'account-history': true, 'dropdown-kiosk': true };
    expect(menuItems(all, { canSeeAdminLink: true, buildingCount: 3 })).toEqual([
      'buildings',
      'account',
      'history',
      'serviceRequests',
      'helpDesk',
      'kiosk',
      'admin',
      'logout',
    ]);
    const none = { ...FLAG_DEFAULTS, 'dropdown-buildings': false, 'dropdown-account': false, 'dropdown-logout': false, 'service-requests': false };
    // The help desk has no flag: a person with a building can always ask for help.
    expect(menuItems(none, { canSeeAdminLink: false, buildingCount: 3 })).toEqual(['helpDesk']);
  });

  it('offers service requests behind their flag, and both services only to a person with a building', () => {
    expect(menuItems({ ...FLAG_DEFAULTS, 'service-requests': false }, { canSeeAdminLink: false, buildingCount: 1 })).not.toContain('serviceRequests');
    expect(menuItems(FLAG_DEFAULTS, { canSeeAdminLink: false, buildingCount: 1 })).toContain('serviceRequests');
    expect(menuItems(FLAG_DEFAULTS, { canSeeAdminLink: false, buildingCount: 0 })).not.toContain('serviceRequests');
    expect(menuItems(FLAG_DEFAULTS, { canSeeAdminLink: false, buildingCount: 0 })).not.toContain('helpDesk');
  });

  it('shows change building only with more than one building, and launch admin only with the permission', () => {
    expect(menuItems(FLAG_DEFAULTS, { canSeeAdminLink: false, buildingCount: 1 })).not.toContain('buildings');
    expect(menuItems(FLAG_DEFAULTS, { canSeeAdminLink: true, buildingCount: 1 })).toContain('admin');
  });
});

describe('adminUrl and friends', () => {
  it('builds the admin link with building, company and authCode', () => {
    expect(adminUrl(TARGET, 'ott-1')).toBe('https://admin.example?building=b-1&company=c-1&authCode=ott-1');
    expect(adminUrl({ ...TARGET, visitors: true, companyUuid: null }, 'x')).toBe('https://admin.example/visitors?building=b-1&company=&authCode=x');
  });

  it('uses the visitors path only on a visitor page with the flag on', () => {
    expect(adminOnVisitors('/visitor-registration', true)).toBe(true);
    expect(adminOnVisitors('/visitor-registration', false)).toBe(false);
    expect(adminOnVisitors('/home', true)).toBe(false);
  });

  it('makes initials', () => {
    expect(initials('ada', 'lovelace')).toBe('AL');
    expect(initials(' ', '')).toBe('?');
  });
});

/** The menu inside a parent that also runs receivers for what it sends to the session and the building. */
function startMenu(generate: () => Promise<string>) {
  const sessionEvents: string[] = [];
  const buildingEvents: unknown[] = [];
  const actions = { navigate: vi.fn(), openAdminTab: vi.fn(), sendAdminTab: vi.fn(), closeAdminTab: vi.fn() };
  const receiver = (log: (e: unknown) => void) => createMachine({ on: { '*': { actions: ({ event }) => log(event) } } });
  const parent = setup({
    actors: {
      menu: headerMenuMachine.provide({
        actors: { generateAuthLink: fromPromise(generate) },
        actions: {
          navigate: (_, params) => actions.navigate(params.to),
          openAdminTab: () => actions.openAdminTab(),
          sendAdminTab: (_, params) => actions.sendAdminTab(params.url),
          closeAdminTab: () => actions.closeAdminTab(),
        },
      }),
      session: receiver((e) => sessionEvents.push((e as { type: string }).type)),
      building: receiver((e) => buildingEvents.push(e)),
    },
  }).createMachine({
    invoke: [
      { src: 'menu', id: 'menu', systemId: 'headerMenu' },
      { src: 'session', systemId: 'session' },
      { src: 'building', systemId: 'building' },
    ],
  });
  const root = createActor(parent).start();
  const menu: ActorRefFrom<typeof headerMenuMachine> = root.system.get('headerMenu');
  return { menu, sessionEvents, buildingEvents, actions };
}

describe('headerMenuMachine', () => {
  it('opens and closes the menu', () => {
    const { menu } = startMenu(async () => 'x');
    menu.send({ type: 'user.openMenu' });
    expect(menu.getSnapshot().hasTag('menu:open')).toBe(true);
    menu.send({ type: 'user.closeMenu' });
    expect(menu.getSnapshot().hasTag('menu:open')).toBe(false);
    // Asking to open an open menu keeps it open (the open menu's trigger says user.closeMenu).
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'user.openMenu' });
    expect(menu.getSnapshot().value).toBe('open');
  });

  it('closes the menu and the switcher when the app moves to another page, and nothing else', () => {
    const { menu } = startMenu(async () => 'x');
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'route.changed' });
    expect(menu.getSnapshot().value).toBe('closed');
    menu.send({ type: 'user.openBuildings' });
    expect(menu.getSnapshot().hasTag('modal:buildingSwitcher')).toBe(true);
    menu.send({ type: 'route.changed' });
    expect(menu.getSnapshot().value).toBe('closed');
    menu.send({ type: 'route.changed' });
    expect(menu.getSnapshot().value).toBe('closed');
  });

  it('goes home from the logo, with the menu closed or open (the open menu closes)', () => {
    const { menu, actions } = startMenu(async () => 'x');
    menu.send({ type: 'user.goHome' });
    expect(actions.navigate).toHaveBeenLastCalledWith('/home');
    expect(menu.getSnapshot().value).toBe('closed');
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'user.goHome' });
    expect(actions.navigate).toHaveBeenCalledTimes(2);
    expect(menu.getSnapshot().value).toBe('closed');
    // Behind the building switcher's modal the logo cannot be reached: nothing happens.
    menu.send({ type: 'user.openBuildings' });
    menu.send({ type: 'user.goHome' });
    expect(actions.navigate).toHaveBeenCalledTimes(2);
    expect(menu.getSnapshot().hasTag('modal:buildingSwitcher')).toBe(true);
  });

  it('logs out through the session and navigates to the account page', () => {
    const { menu, sessionEvents, actions } = startMenu(async () => 'x');
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'user.logout' });
    expect(sessionEvents).toEqual(['session.logout']);
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'user.openAccount' });
    expect(actions.navigate).toHaveBeenCalledWith('/account');
  });

  it('hands the chosen building to the building actor and closes the switcher', () => {
    const { menu, buildingEvents } = startMenu(async () => 'x');
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'user.openBuildings' });
    expect(menu.getSnapshot().hasTag('modal:buildingSwitcher')).toBe(true);
    menu.send({ type: 'user.chooseBuilding', uuid: 'b-9' });
    expect(buildingEvents).toEqual([{ type: 'building.select', uuid: 'b-9' }]);
    expect(menu.getSnapshot().matches('closed')).toBe(true);
  });

  it('opens the admin tab at once, then sends it to the admin link with the one-time token', async () => {
    const ott = deferred<string>();
    const { menu, actions } = startMenu(() => ott.promise);
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'user.launchAdmin', admin: TARGET });
    expect(actions.openAdminTab).toHaveBeenCalledOnce();
    expect(actions.sendAdminTab).not.toHaveBeenCalled();
    ott.resolve('ott-7');
    await waitFor(menu, (s) => s.matches('closed'));
    expect(actions.sendAdminTab).toHaveBeenCalledWith('https://admin.example?building=b-1&company=c-1&authCode=ott-7');
  });

  it('closes the admin tab when no token can be had', async () => {
    const { menu, actions } = startMenu(() => Promise.reject({ status: 500 }));
    menu.send({ type: 'user.openMenu' });
    menu.send({ type: 'user.launchAdmin', admin: TARGET });
    await waitFor(menu, (s) => s.hasTag('menu:open'));
    expect(actions.closeAdminTab).toHaveBeenCalledOnce();
    expect(actions.sendAdminTab).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { HEADER_MENU_ID } from '../../machines/shell/headerMenu.machine';
import { ADMIN_LINK_PERMISSION } from '../../machines/building/building.machine';
import { AppHeader } from '../../src/ui/shell/AppHeader';
import { ADMIN_PINK, globalStyles } from '../../src/ui/kit/stitches.config';
import { contrastRatio } from '../../contracts/contrast';
import { DARK, LIGHT } from '../../contracts/palette';
import { makeBuilding, makeTheme } from '../fixtures/buildings';
import { makeUser } from '../fixtures/people';
import { layKitStyles, renderInShell, shellApp, type ShellOptions } from './appShell.harness';

/**
 * The header as flags and data draw it (access document: a default avatar when avatar_url is missing, section 3; the
 * flags header-logo and header-user-profile-image, sections 6 and 9; admin pink, section 9).
 */
afterEach(cleanup);

const BUILDING = makeBuilding('b-2');

async function header(options: ShellOptions = {}) {
  const shell = shellApp({ user: makeUser(), building: { current: BUILDING, buildings: [BUILDING] }, ...options });
  await renderInShell(shell.app, () => <AppHeader />);
  // The header's texts load with it (the shell area): the bar is drawn once they are in.
  await screen.findByTestId('account-menu-trigger');
  return shell;
}

const avatar = () => screen.queryByTestId('avatar');

describe('the header’s avatar', () => {
  it('shows the person’s picture, and a default avatar when avatar_url is missing', async () => {
    await header({ user: makeUser({ avatar_url: 'https://cdn.test/ada.jpg' }) });
    expect(avatar()!.querySelector('img')!.getAttribute('src')).toBe('https://cdn.test/ada.jpg');
    cleanup();

    await header({ user: makeUser({ avatar_url: null }) });
    expect(avatar()!.querySelector('img')).toBeNull();
    expect(avatar()!.querySelector('svg.lucide-user-round')).not.toBeNull();
  });

  it('follows header-user-profile-image: shown with the flag on, gone with it off (the first name stays)', async () => {
    const { setFlags } = await header({ flags: { 'header-user-profile-image': false } });
    expect(avatar()).toBeNull();
    expect(screen.getByTestId('account-menu-trigger').textContent).toContain('Ada');

    setFlags({ 'header-user-profile-image': true });
    expect(avatar()).not.toBeNull();
    expect(screen.getByTestId('account-menu-trigger').textContent).toContain('Ada');

    setFlags({ 'header-user-profile-image': false });
    expect(avatar()).toBeNull();
  });

  it('stays hidden with the flag on when the brand hides avatars (is_avatar_visible false)', async () => {
    await header({ flags: { 'header-user-profile-image': true }, whitelabel: { isAvatarVisible: false } });
    expect(avatar()).toBeNull();
  });
});

describe('the header’s logo', () => {
  const building = { current: BUILDING, buildings: [BUILDING], theme: makeTheme({ building_logo_url: 'https://cdn.test/b-2-logo.svg' }) };
  const homeLink = () => screen.getByTestId('home-link');

  it('follows header-logo: the building’s logo with the flag on, the brand’s name with it off', async () => {
    const { setFlags } = await header({ building, whitelabel: { name: 'Harbor' }, flags: { 'header-logo': true } });
    expect(within(homeLink()).getByRole('img', { name: 'Harbor' }).getAttribute('src')).toBe('https://cdn.test/b-2-logo.svg');

    setFlags({ 'header-logo': false });
    expect(within(homeLink()).queryByRole('img')).toBeNull();
    expect(homeLink().textContent).toBe('Harbor');
    expect(homeLink().getAttribute('aria-label')).toBe('Harbor home');

    setFlags({ 'header-logo': true });
    expect(within(homeLink()).getByRole('img', { name: 'Harbor' })).toBeTruthy();
  });
});

describe('admin pink', () => {
  it('marks the menu’s "Launch admin" icon, and only it, in #D52465 (lightened in dark), at 3:1 or more on the menu', async () => {
    const { app } = await header({ building: { current: BUILDING, buildings: [BUILDING], permissions: { 'b-2': [ADMIN_LINK_PERMISSION] } } });
    act(() => app.system.get(HEADER_MENU_ID)!.send({ type: 'user.openMenu' }));
    const menu = await screen.findByRole('menu');
    const admin = within(menu).getByRole('menuitem', { name: 'Launch admin' });
    expect(admin.getAttribute('data-accent')).toBe('admin');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .filter((item) => item.hasAttribute('data-accent')),
    ).toEqual([admin]);
    const colour = (item: HTMLElement) => getComputedStyle(item.querySelector('svg')!).color.toUpperCase();
    globalStyles();
    const removeStyles = layKitStyles();
    try {
      expect(colour(admin)).toBe('#D52465');
      expect(colour(within(menu).getByRole('menuitem', { name: 'Log out' }))).not.toBe('#D52465');
      document.documentElement.dataset.colorScheme = 'dark';
      expect(colour(admin)).toBe(ADMIN_PINK[1]);
    } finally {
      delete document.documentElement.dataset.colorScheme;
      removeStyles();
    }

    expect(ADMIN_PINK[0]).toBe('#D52465');
    for (const [pink, palette] of [
      [ADMIN_PINK[0], LIGHT],
      [ADMIN_PINK[1], DARK],
    ] as const) {
      // The menu's panel, and an item under the pointer or the keyboard.
      expect(contrastRatio(pink, palette.raised)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(pink, palette.neutralSoft)).toBeGreaterThanOrEqual(3);
    }
  });
});

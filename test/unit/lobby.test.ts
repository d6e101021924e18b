import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { kioskMachine } from '../../machines/kiosk/kiosk.machine';
import { isLobby, lobbyLogo, luminance, showsPersonal } from '../../machines/kiosk/kiosk.selectors';
import { isAppOnlyUrl, mobileOnlyPath, returnPath } from '../../machines/shell/nativeOnly';
import { fallbackLanguage, pickLanguage } from '../../contracts/contentLanguage';

const tags = (on: boolean) => ({ hasTag: (tag: string) => on && tag === 'kiosk' });

describe('kiosk selectors', () => {
  it('a lobby screen shows nothing personal; out of kiosk mode everything shows', () => {
    expect(isLobby(tags(true))).toBe(true);
    expect(showsPersonal(tags(true))).toBe(false);
    expect(isLobby(tags(false))).toBe(false);
    expect(showsPersonal(tags(false))).toBe(true);
  });

  it('read the real kiosk actor as it is switched', () => {
    const kiosk = createActor(kioskMachine, { input: { enabled: false } }).start();
    expect(showsPersonal(kiosk.getSnapshot())).toBe(true);
    kiosk.send({ type: 'kiosk.enable' });
    expect(isLobby(kiosk.getSnapshot())).toBe(true);
    expect(showsPersonal(kiosk.getSnapshot())).toBe(false);
  });

  it('measures luminance as WCAG does', () => {
    expect(luminance('#FFFFFF')).toBeCloseTo(1);
    expect(luminance('#000')).toBeCloseTo(0);
    expect(luminance('#257BAD')).toBeCloseTo(0.176, 2);
    expect(luminance('white')).toBeNull();
  });

  const brand = { logoUrl: '/logo.svg', logoDarkUrl: '/logo-dark.svg' };
  it.each([
    ['light text (a dark bar): the logo drawn for dark bars', '#FFFFFF', '/logo-dark.svg'],
    ['no text colour given: the default white text, so the dark-bar logo', null, '/logo-dark.svg'],
    ['dark text (a light bar): the ordinary logo', '#1A1A1A', '/logo.svg'],
  ])('picks the kiosk logo by the bar: %s', (_, onPrimary, expected) => {
    expect(lobbyLogo(brand, onPrimary)).toBe(expected);
  });

  it('has no logo for a dark bar when the brand has no such variant (the name is written instead)', () => {
    expect(lobbyLogo({ logoUrl: '/logo.svg', logoDarkUrl: null }, '#FFFFFF')).toBeNull();
  });
});

describe('the kiosk reports to the app', () => {
  it('tells its parent when lobby mode starts and ends', () => {
    const heard: boolean[] = [];
    const parent = createMachine({
      invoke: { src: kioskMachine, input: ({ self }) => ({ enabled: false, reportTo: self }) },
      on: { 'kiosk.changed': { actions: ({ event }) => heard.push((event as unknown as { on: boolean }).on) } },
    });
    const app = createActor(parent).start();
    const kiosk = Object.values(app.getSnapshot().children)[0]!;
    kiosk.send({ type: 'kiosk.enable' });
    kiosk.send({ type: 'kiosk.disable' });
    expect(heard).toEqual([false, true, false]);
  });
});

describe('native-only actions', () => {
  it('the mobile-only page remembers where it was asked from', () => {
    expect(mobileOnlyPath('/building/b-1/content/c 1')).toBe('/mobile-only?from=%2Fbuilding%2Fb-1%2Fcontent%2Fc%201');
    expect(mobileOnlyPath(null)).toBe('/mobile-only');
  });

  it.each([
    ['/building/b-1', '/building/b-1'],
    ['/home#utilities', '/home#utilities'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['/a\nb', null],
    [42, null],
    [undefined, null],
  ])('goes back only to a path of this app: %j → %j', (value, expected) => {
    expect(returnPath(value)).toBe(expected);
  });

  it.each([
    ['atrium://wallet/badge', true],
    ['myapp:open', true],
    ['https://example.com', false],
    ['http://example.com', false],
    ['mailto:a@b.c', false],
    ['/relative', false],
    [null, false],
  ])('%s is a link only the app opens: %s', (url, expected) => {
    expect(isAppOnlyUrl(url)).toBe(expected);
  });
});

describe('content language', () => {
  it('picks the building language the server answers in', () => {
    expect(pickLanguage(['en', 'es-ES'], ['fr-FR'])).toBe('en');
    expect(pickLanguage(['en', 'es-ES'], ['es'])).toBe('es-ES');
    expect(pickLanguage(['fr-CA', 'en'], ['fr-FR'])).toBe('fr-CA');
    expect(pickLanguage([], ['nl'])).toBe('en');
  });

  it('names the fallback only when the text is in another language than the interface', () => {
    expect(fallbackLanguage('en', 'fr-FR')).toBe('en');
    expect(fallbackLanguage('en-GB', 'en-US')).toBeNull();
    expect(fallbackLanguage('fr-CA', 'fr-FR')).toBeNull();
    expect(fallbackLanguage('es-ES', 'en')).toBe('es-ES');
    expect(fallbackLanguage(null, 'fr-FR')).toBeNull();
  });
});

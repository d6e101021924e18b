import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import { appMachine, inHostNavigation, screenFacts } from '../../machines/app/app.machine';
import { helpDeskScreen } from '../../machines/helpDesk/helpDesk.screens';
import { screenId } from '../../machines/app/screens';
import { FLAG_DEFAULTS, type FlagValues } from '../../contracts/flags';
import { makeBuilding } from '../fixtures/buildings';
import { makeUser } from '../fixtures/people';

/**
 * The rules by which one actor drives another live in the app machine's chart. Each test runs the real app machine
 * with fake children that only record what they are sent, sends the app a child's report, and checks which child
 * heard what, and which of the app's named effects ran.
 */
function startApp(input: { preferredBuildingUuid?: string | null } = {}) {
  const heard: Record<string, EventObject[]> = {};
  const fake = (name: string) =>
    fromCallback(({ receive }) => {
      heard[name] = [];
      receive((event) => heard[name]!.push(event));
    });
  const effects = {
    recheckRoute: vi.fn(),
    clearUserState: vi.fn(),
    showBuildingInAddress: vi.fn<(params: { uuid: string }) => void>(),
    scrollToTop: vi.fn(),
    focusPageHeading: vi.fn<(params: { first: boolean; to: string }) => void>(),
    trackPageView: vi.fn<(params: { from: string | null; to: string }) => void>(),
    persistFarm: vi.fn(),
    goHome: vi.fn(),
  };
  const pending = fromPromise(() => new Promise<never>(() => {}));
  const app = createActor(
    appMachine.provide({
      actors: {
        session: fake('session'),
        flags: fake('flags'),
        building: fake('building'),
        locale: fake('locale'),
        headerMenu: fake('headerMenu'),
        globalError: fake('globalError'),
        kiosk: fake('kiosk'),
        analyticsConsent: fake('analyticsConsent'),
        colorScheme: fake('colorScheme'),
        notifications: fake('notifications'),
        notificationCentre: fake('notificationCentre'),
        bridge: fake('bridge'),
        loadConfig: pending,
      } as never,
      actions: {
        recheckRoute: () => effects.recheckRoute(),
        clearUserState: () => effects.clearUserState(),
        showBuildingInAddress: (_, params) => effects.showBuildingInAddress(params),
        scrollToTop: () => effects.scrollToTop(),
        focusPageHeading: (_, params) => effects.focusPageHeading(params),
        trackPageView: (_, params) => effects.trackPageView(params),
        persistFarm: (_, params) => effects.persistFarm(params),
        goHome: () => effects.goHome(),
      },
    }),
    { input: { requestedLocale: 'en', host: 'tenant.test', ...input } },
  );
  app.start();
  return { app, heard, effects };
}

const flags = (overrides: Partial<FlagValues>): FlagValues => ({ ...FLAG_DEFAULTS, ...overrides });

let running: AnyActorRef | null = null;
afterEach(() => running?.stop());

describe('the app chart: sign-in', () => {
  it('identifies the person to the flags, loads their building (the preferred one first) and re-runs the routing rules', () => {
    const { app, heard, effects } = startApp({ preferredBuildingUuid: 'b-9' });
    running = app;
    const user = makeUser({ uuid: 'u-7', default_building_uuid: 'b-2' });
    app.send({ type: 'session.signedIn', user, loadBuilding: true });
    expect(heard.flags).toEqual([{ type: 'flags.identify', user: expect.objectContaining({ key: 'u-7', anonymous: false, host: 'tenant.test' }) }]);
    expect(heard.building).toEqual([{ type: 'building.load', defaultBuildingUuid: 'b-2', preferredUuid: 'b-9' }]);
    expect(effects.recheckRoute).toHaveBeenCalledTimes(1);
  });

  it('leaves the building alone when the sign-in asks not to load it (auto-login off)', () => {
    const { app, heard } = startApp();
    running = app;
    app.send({ type: 'session.signedIn', user: makeUser(), loadBuilding: false });
    expect(heard.building).toEqual([]);
    expect(heard.flags).toHaveLength(1);
  });
});

describe('the app chart: a kept session', () => {
  it("loads the kept user's building beside the session check, without flags or routing yet", () => {
    const { app, heard, effects } = startApp({ preferredBuildingUuid: 'b-9' });
    running = app;
    app.send({ type: 'session.restoring', user: makeUser({ default_building_uuid: 'b-2' }), loadBuilding: true });
    expect(heard.building).toEqual([{ type: 'building.load', defaultBuildingUuid: 'b-2', preferredUuid: 'b-9' }]);
    expect(heard.flags).toEqual([]);
    expect(effects.recheckRoute).not.toHaveBeenCalled();
    expect(app.getSnapshot().context.user).toBeNull();
  });

  it('loads nothing early when auto-login is off', () => {
    const { app, heard } = startApp();
    running = app;
    app.send({ type: 'session.restoring', user: makeUser(), loadBuilding: false });
    expect(heard.building).toEqual([]);
  });
});

describe('the app chart: sign-out', () => {
  it('flags go back to the anonymous user, a building a kept session began to load goes, and the routing rules run again', () => {
    const { app, heard, effects } = startApp();
    running = app;
    app.send({ type: 'session.signedOut' });
    expect(heard.flags).toEqual([
      { type: 'flags.identify', user: expect.objectContaining({ key: 'anonymous', anonymous: true, host: 'tenant.test' }) },
    ]);
    expect(heard.building).toEqual([{ type: 'building.clear' }]);
    expect(effects.recheckRoute).toHaveBeenCalledTimes(1);
  });

  it("clears the person's building and browser state, and forgets the preferred building", () => {
    const { app, heard, effects } = startApp({ preferredBuildingUuid: 'b-9' });
    running = app;
    app.send({ type: 'session.cleared' });
    expect(heard.building).toEqual([{ type: 'building.clear' }]);
    expect(effects.clearUserState).toHaveBeenCalledTimes(1);
    expect(app.getSnapshot().context.preferredBuildingUuid).toBeNull();
  });
});

describe('the app chart: building switch', () => {
  const withLanguages = makeBuilding('b-3', {
    languages: [
      { code: 'fr', name: 'Français', priority: 2 },
      { code: 'de', name: 'Deutsch', priority: 1 },
    ],
  });

  it("a switch resets the language to the building's first by priority and puts the building in the address", () => {
    const { app, heard, effects } = startApp();
    running = app;
    app.send({ type: 'route.changed', from: '/login', to: '/building/b-1?x=1#discover' });
    app.send({ type: 'building.ready', building: withLanguages, switched: true });
    expect(heard.locale).toEqual([{ type: 'locale.set', requested: 'de' }]);
    expect(effects.showBuildingInAddress).toHaveBeenCalledWith({ uuid: 'b-3' });
    expect(app.getSnapshot().context).toMatchObject({ buildingUuid: 'b-3', preferredBuildingUuid: 'b-3' });
  });

  it('a switch made away from the building pages (the account) resets the language but leaves the address', () => {
    const { app, heard, effects } = startApp();
    running = app;
    app.send({ type: 'route.changed', from: '/home', to: '/account?tab=settings' });
    app.send({ type: 'building.ready', building: withLanguages, switched: true });
    expect(heard.locale).toEqual([{ type: 'locale.set', requested: 'de' }]);
    expect(effects.showBuildingInAddress).not.toHaveBeenCalled();
    expect(app.getSnapshot().context.path).toBe('/account');
  });

  /** A stand-in home flow that records the input of every start. */
  const countedHome = () => {
    const starts: { buildingUuid: string }[] = [];
    const logic = createMachine({
      types: {} as { context: { input: { buildingUuid: string } }; input: { buildingUuid: string } },
      context: ({ input }) => {
        starts.push(input);
        return { input };
      },
    });
    const open = (app: ReturnType<typeof startApp>['app'], owner: string) =>
      app.send({ type: 'screen.open', screen: 'home', logic, owner, params: { origin: 'https://tenant.test', hashTarget: null } });
    return { starts, open };
  };

  it('a switch into another language starts the home flow once, in that language: the locale’s report changes nothing', () => {
    const { app, heard } = startApp();
    running = app;
    const home = countedHome();
    app.send({ type: 'route.changed', from: null, to: '/home' });
    home.open(app, '/home');
    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    expect(home.starts.map((input) => input.buildingUuid)).toEqual(['b-1']);
    expect(app.getSnapshot().context.locale).toBe('en');

    app.send({ type: 'building.ready', building: withLanguages, switched: true });
    // The building's own language (de) as the locale actor will match it, at once; the building is asked again in it.
    expect(app.getSnapshot().context).toMatchObject({ buildingUuid: 'b-3', locale: 'de-DE' });
    expect(heard.building).toEqual([{ type: 'building.reload' }]);
    // Then the address names the building and its route opens the screen, the catalogue comes, and the building comes
    // again in that language: none of it starts the flow again.
    home.open(app, '/building/$buildingUuid/');
    app.send({ type: 'locale.changed', locale: 'de-DE' });
    app.send({ type: 'building.ready', building: withLanguages, switched: false });
    expect(home.starts.map((input) => input.buildingUuid)).toEqual(['b-1', 'b-3']);
    expect(heard.building).toEqual([{ type: 'building.reload' }]);
  });

  it('a switch into the same language starts the home flow once and does not ask for the building again', () => {
    const { app, heard } = startApp();
    running = app;
    const home = countedHome();
    home.open(app, '/home');
    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    app.send({ type: 'building.ready', building: makeBuilding('b-2'), switched: true });
    app.send({ type: 'locale.changed', locale: 'en' });
    expect(home.starts.map((input) => input.buildingUuid)).toEqual(['b-1', 'b-2']);
    expect(heard.building).toEqual([]);
  });

  it('a first load (not a switch) keeps the language and the address', () => {
    const { app, heard, effects } = startApp();
    running = app;
    app.send({ type: 'building.ready', building: withLanguages, switched: false });
    expect(heard.locale).toEqual([]);
    expect(effects.showBuildingInAddress).not.toHaveBeenCalled();
    expect(app.getSnapshot().context.buildingUuid).toBe('b-3');
  });
});

describe('the app chart: the facts a support request starts from', () => {
  it('names the ready building’s portfolio and asset, and whether the app runs inside a host’s navigation', () => {
    const { app } = startApp();
    running = app;
    // Before the building is ready the help desk waits: its portfolio decides the form's choices.
    expect(helpDeskScreen.input({}, { ...screenFacts(app.getSnapshot().context), user: makeUser() })).toBeNull();
    app.send({ type: 'building.ready', building: makeBuilding('b-1', { name: 'Harbor Point', portfolio_uuid: 'p-h' }), switched: false });
    const facts = screenFacts(app.getSnapshot().context);
    expect(facts.building).toEqual({ uuid: 'b-1', name: 'Harbor Point', portfolioUuid: 'p-h', assetUuid: 'asset-b-1' });
    expect(helpDeskScreen.input({}, { ...facts, user: makeUser() })).toMatchObject({
      building: { name: 'Harbor Point', portfolioUuid: 'p-h', assetUuid: 'asset-b-1' },
      inHostNavigation: false,
    });
    // The native app's web view is a host's navigation; a cleared building names none.
    app.send({ type: 'route.changed', from: '/home', to: '/webview/help-desk' });
    expect(screenFacts(app.getSnapshot().context).inHostNavigation).toBe(true);
    app.send({ type: 'building.cleared' });
    expect(screenFacts(app.getSnapshot().context).building).toBeNull();
  });
});

describe('inHostNavigation', () => {
  const context = { nativeHost: false, path: '/help-desk', framedBy: null as string | null, config: { embedderOrigins: ['https://host.example'] } };
  it.each([
    ['a page of its own', {}, false],
    ['a native host found at start', { nativeHost: true }, true],
    ['the native app’s web view', { path: '/webview/help-desk' }, true],
    ['framed by an origin the deployment names', { framedBy: 'https://host.example' }, true],
    ['framed by any other page', { framedBy: 'https://evil.example' }, false],
  ])('%s: %s', (_, overrides, expected) => {
    expect(inHostNavigation({ ...context, ...overrides } as Parameters<typeof inHostNavigation>[0])).toBe(expected);
  });
});

describe('the app chart: language change', () => {
  it('another language loads the building again; the same language does not', () => {
    const { app, heard } = startApp();
    running = app;
    app.send({ type: 'locale.changed', locale: 'en' });
    expect(heard.building).toEqual([]);
    app.send({ type: 'locale.changed', locale: 'de' });
    expect(heard.building).toEqual([{ type: 'building.reload' }]);
    expect(app.getSnapshot().context.locale).toBe('de');
  });
});

describe('the app chart: flags', () => {
  it('the maintenance flag turning on or off re-runs the routing rules; other flag changes do not', () => {
    const { app, effects } = startApp();
    running = app;
    app.send({ type: 'flags.updated', values: flags({ 'show-content-v-2': !FLAG_DEFAULTS['show-content-v-2'] }) });
    expect(effects.recheckRoute).not.toHaveBeenCalled();
    app.send({ type: 'flags.updated', values: flags({ 'maintenance-mode': true }) });
    app.send({ type: 'flags.updated', values: flags({ 'maintenance-mode': true }) });
    expect(effects.recheckRoute).toHaveBeenCalledTimes(1);
    app.send({ type: 'flags.updated', values: flags({ 'maintenance-mode': false }) });
    expect(effects.recheckRoute).toHaveBeenCalledTimes(2);
  });

  it('the kiosk exit flag is forwarded to the kiosk when it changes', () => {
    const { app, heard } = startApp();
    running = app;
    app.send({ type: 'flags.updated', values: flags({ 'enable-exit-kiosk-mode': false }) });
    app.send({ type: 'flags.updated', values: flags({ 'enable-exit-kiosk-mode': false }) });
    app.send({ type: 'flags.updated', values: flags({ 'enable-exit-kiosk-mode': true }) });
    expect(heard.kiosk).toEqual([
      { type: 'kiosk.exitAllowed', allowed: false },
      { type: 'kiosk.exitAllowed', allowed: true },
    ]);
  });
});

describe('the app chart: flags changing together (issue 25)', () => {
  it('runs each flag’s rule when several flags change in one update: kiosk exit forwarded and the routing rules run again', () => {
    const { app, heard, effects } = startApp();
    running = app;
    app.send({
      type: 'flags.updated',
      values: flags({
        'enable-exit-kiosk-mode': !FLAG_DEFAULTS['enable-exit-kiosk-mode'],
        'show-smart-building': !FLAG_DEFAULTS['show-smart-building'],
      }),
    });
    expect(heard.kiosk).toEqual([{ type: 'kiosk.exitAllowed', allowed: !FLAG_DEFAULTS['enable-exit-kiosk-mode'] }]);
    expect(effects.recheckRoute).toHaveBeenCalledTimes(1);
    expect(app.getSnapshot().context.flags['show-smart-building']).toBe(!FLAG_DEFAULTS['show-smart-building']);
    // Kiosk exit with maintenance, and all three at once: each rule once per update.
    app.send({
      type: 'flags.updated',
      values: flags({
        'enable-exit-kiosk-mode': FLAG_DEFAULTS['enable-exit-kiosk-mode'],
        'show-smart-building': !FLAG_DEFAULTS['show-smart-building'],
        'maintenance-mode': true,
      }),
    });
    expect(heard.kiosk).toHaveLength(2);
    expect(effects.recheckRoute).toHaveBeenCalledTimes(2);
    app.send({ type: 'flags.updated', values: flags({ 'enable-exit-kiosk-mode': !FLAG_DEFAULTS['enable-exit-kiosk-mode'] }) });
    expect(heard.kiosk).toHaveLength(3);
    // Smart building back to its default and maintenance off, with kiosk exit unchanged: the routing rules once more.
    expect(effects.recheckRoute).toHaveBeenCalledTimes(3);
  });
});

describe('the app chart: the address', () => {
  it('a new address scrolls to the top and records a page view with where the person came from', () => {
    const { app, effects } = startApp();
    running = app;
    app.send({ type: 'route.changed', from: '/login', to: '/home' });
    expect(effects.scrollToTop).toHaveBeenCalledTimes(1);
    expect(effects.trackPageView).toHaveBeenCalledWith({ from: '/login', to: '/home' });
  });

  it("a move focuses the new page's heading (not on the first page) and closes the header menu", () => {
    const { app, effects, heard } = startApp();
    running = app;
    app.send({ type: 'route.changed', from: null, to: '/login' });
    expect(effects.focusPageHeading).toHaveBeenLastCalledWith({ first: true, to: '/login' });
    app.send({ type: 'route.changed', from: '/login', to: '/home' });
    expect(effects.focusPageHeading).toHaveBeenLastCalledWith({ first: false, to: '/home' });
    expect(heard.headerMenu).toEqual([{ type: 'route.changed' }, { type: 'route.changed' }]);
  });

  it('a chosen farm is kept in the app (every call reads it) and persisted', () => {
    const { app, effects } = startApp();
    running = app;
    const farm = { uuid: 'f-1', description: 'Staging', url: 'https://staging.test/api' };
    app.send({ type: 'farm.choose', farm });
    expect(app.getSnapshot().context.farm).toEqual(farm);
    expect(effects.persistFarm).toHaveBeenCalledWith({ farm });
  });
});

describe('screen flows in the root system', () => {
  /** A stand-in screen flow that keeps its input, so a test sees which input it was started with. */
  const echo = createMachine({ types: {} as { context: { input: unknown }; input: unknown }, context: ({ input }) => ({ input }) });
  const inputOf = (ref: AnyActorRef | undefined) => (ref?.getSnapshot() as { context: { input: unknown } } | undefined)?.context.input;

  it('screen.open spawns the flow as screen.<name> once its facts are in; a fact it restarts on starts it again', () => {
    const { app } = startApp();
    running = app;
    app.send({ type: 'screen.open', screen: 'home', logic: echo, owner: '/home', params: { origin: 'https://tenant.test', hashTarget: null } });
    // The home flow waits for a building.
    expect(app.system.get(screenId('home'))).toBeUndefined();

    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    const first = app.system.get(screenId('home'));
    const version = FLAG_DEFAULTS['show-content-v-2'] ? 'v2' : 'v1';
    expect(inputOf(first)).toMatchObject({ buildingUuid: 'b-1', origin: 'https://tenant.test', version });
    expect(app.getSnapshot().children[screenId('home')]).toBe(first);

    // The same route entered again (a hash change) keeps the running flow.
    app.send({ type: 'screen.open', screen: 'home', logic: echo, owner: '/home', params: { origin: 'https://tenant.test', hashTarget: 'discover' } });
    expect(app.system.get(screenId('home'))).toBe(first);

    // A new language restarts it, under the same id.
    app.send({ type: 'locale.changed', locale: 'de' });
    const second = app.system.get(screenId('home'));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(first!.getSnapshot().status).toBe('stopped');

    // A flag it declares restarts it too; one it does not declare leaves it running.
    app.send({ type: 'flags.updated', values: flags({ 'enable-exit-kiosk-mode': false }) });
    expect(app.system.get(screenId('home'))).toBe(second);
    app.send({ type: 'flags.updated', values: flags({ 'enable-exit-kiosk-mode': false, 'show-content-v-2': version === 'v1' }) });
    expect(inputOf(app.system.get(screenId('home')))).toMatchObject({ version: version === 'v1' ? 'v2' : 'v1' });

    // Another route showing the same screen takes it over: the first route's leaving, even if it comes later, keeps it.
    app.send({
      type: 'screen.open',
      screen: 'home',
      logic: echo,
      owner: '/building/$buildingUuid/',
      params: { origin: 'https://tenant.test', hashTarget: null },
    });
    app.send({ type: 'screen.close', screen: 'home', owner: '/home' });
    expect(app.system.get(screenId('home'))).toBeDefined();
    app.send({ type: 'screen.close', screen: 'home', owner: '/building/$buildingUuid/' });
    expect(app.system.get(screenId('home'))).toBeUndefined();
    expect(app.getSnapshot().context.screens).toEqual({});
  });

  it("the kiosk's idle reset starts every open flow again with its input, closes the menu and goes home", () => {
    const { app, heard, effects } = startApp();
    running = app;
    app.send({ type: 'session.signedIn', user: makeUser(), loadBuilding: false });
    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    app.send({ type: 'screen.open', screen: 'home', logic: echo, owner: '/home', params: { origin: 'https://tenant.test', hashTarget: null } });
    app.send({ type: 'screen.open', screen: 'helpDesk', logic: echo, owner: '/help-desk', params: {} });
    const home = app.system.get(screenId('home'));
    const helpDesk = app.system.get(screenId('helpDesk'));
    expect(home).toBeDefined();
    expect(helpDesk).toBeDefined();
    heard.headerMenu!.length = 0;

    app.send({ type: 'kiosk.idleReset' });
    const [homeAgain, helpDeskAgain] = [app.system.get(screenId('home')), app.system.get(screenId('helpDesk'))];
    expect(home!.getSnapshot().status).toBe('stopped');
    expect(helpDesk!.getSnapshot().status).toBe('stopped');
    expect(homeAgain).not.toBe(home);
    expect(helpDeskAgain).not.toBe(helpDesk);
    expect(inputOf(homeAgain)).toEqual(inputOf(home));
    expect(app.getSnapshot().children[screenId('home')]).toBe(homeAgain);
    expect(heard.headerMenu).toEqual([{ type: 'route.changed' }]);
    expect(effects.goHome).toHaveBeenCalledTimes(1);
    expect(effects.scrollToTop).toHaveBeenCalled();
  });

  it('the idle reset leaves a flow that waits for a fact, and one that has finished, as they are', () => {
    const { app, effects } = startApp();
    running = app;
    // No building yet: the home flow waits, and the reset does not start it.
    app.send({ type: 'screen.open', screen: 'home', logic: echo, owner: '/home', params: { origin: 'https://tenant.test', hashTarget: null } });
    app.send({ type: 'kiosk.idleReset' });
    expect(app.system.get(screenId('home'))).toBeUndefined();
    expect(effects.goHome).toHaveBeenCalledTimes(1);
  });

  it('kiosk mode going on or off restarts the content screen with `lobby` (no RSVP or claim on a shared screen)', () => {
    const { app } = startApp();
    running = app;
    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    const params = { buildingUuid: 'b-1', contentUuid: 'c-1', source: 'content', origin: 'https://tenant.test', now: '2026-01-01T00:00:00Z' };
    app.send({ type: 'screen.open', screen: 'contentDetail', logic: echo, owner: '/content', params });
    const first = app.system.get(screenId('contentDetail'));
    expect(inputOf(first)).toMatchObject({ uuid: 'c-1', lobby: false });

    // The kiosk reporting what the app already knows changes nothing.
    app.send({ type: 'kiosk.changed', on: false });
    expect(app.system.get(screenId('contentDetail'))).toBe(first);

    app.send({ type: 'kiosk.changed', on: true });
    const second = app.system.get(screenId('contentDetail'));
    expect(second).not.toBe(first);
    expect(inputOf(second)).toMatchObject({ uuid: 'c-1', lobby: true });
    expect(app.getSnapshot().context.kioskEnabled).toBe(true);

    app.send({ type: 'kiosk.changed', on: false });
    expect(inputOf(app.system.get(screenId('contentDetail')))).toMatchObject({ lobby: false });
  });

  it('a flow that finished (the auth flow once signed in) starts again when its route is shown next', () => {
    const { app } = startApp();
    running = app;
    const finishing = createMachine({ initial: 'running', states: { running: { on: { finish: 'done' } }, done: { type: 'final' } } });
    const open = () =>
      app.send({ type: 'screen.open', screen: 'authFlow', logic: finishing, owner: 'auth', params: { pathname: '/login', code: null, state: null } });
    open();
    const first = app.system.get(screenId('authFlow'))!;
    first.send({ type: 'finish' });
    expect(first.getSnapshot().status).toBe('done');
    // The sign-in it finished changes the facts while its page is still shown: it does not start again then (the
    // email form would flash before the home page).
    app.send({ type: 'session.signedIn', user: makeUser(), loadBuilding: true });
    expect(app.system.get(screenId('authFlow'))).toBeUndefined();
    open();
    const second = app.system.get(screenId('authFlow'));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(second!.getSnapshot().status).toBe('active');
  });

  it('a content screen restarts for another content but not for a flag; the address building wins over the current one', () => {
    const { app } = startApp();
    running = app;
    const params = (contentUuid: string) => ({
      buildingUuid: 'b-7',
      contentUuid,
      source: 'content' as const,
      origin: 'https://tenant.test',
      now: '2026-11-23T00:00:00Z',
    });
    app.send({ type: 'screen.open', screen: 'contentDetail', logic: echo, owner: 'content', params: params('c-1') });
    const first = app.system.get(screenId('contentDetail'));
    expect(inputOf(first)).toMatchObject({ buildingUuid: 'b-7', uuid: 'c-1' });
    app.send({ type: 'flags.updated', values: flags({ 'show-content-v-2': true }) });
    expect(app.system.get(screenId('contentDetail'))).toBe(first);
    app.send({ type: 'screen.open', screen: 'contentDetail', logic: echo, owner: 'content', params: params('c-2') });
    expect(inputOf(app.system.get(screenId('contentDetail')))).toMatchObject({ uuid: 'c-2' });
  });

  it('the company directory keeps its pages on a language change (decision 041); amenities start again', () => {
    const { app } = startApp();
    running = app;
    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    app.send({ type: 'screen.open', screen: 'companyDirectory', logic: echo, owner: 'companies', params: { companyTypes: 'tenant, retail' } });
    app.send({ type: 'screen.open', screen: 'amenities', logic: echo, owner: 'amenities', params: {} });
    const companies = app.system.get(screenId('companyDirectory'));
    const amenities = app.system.get(screenId('amenities'));
    expect(inputOf(companies)).toEqual({ buildingUuid: 'b-1', companyTypes: 'tenant,retail', pageSize: expect.any(Number) });
    app.send({ type: 'locale.changed', locale: 'fr' });
    expect(app.system.get(screenId('companyDirectory'))).toBe(companies);
    expect(app.system.get(screenId('amenities'))).not.toBe(amenities);
  });
});

describe('the app chart: the language at start', () => {
  it('asks in the matched locale from the start, so its catalogue arriving loads nothing again', () => {
    const heard: EventObject[] = [];
    const app = createActor(
      appMachine.provide({
        actors: {
          building: fromCallback(({ receive }) => receive((event) => heard.push(event))),
          loadConfig: fromPromise(() => new Promise<never>(() => {})),
        } as never,
      }),
      { input: { requestedLocale: 'en-us', locale: 'en-US' } },
    ).start();
    running = app;
    expect(app.getSnapshot().context.locale).toBe('en-US');
    app.send({ type: 'locale.changed', locale: 'en-US' });
    expect(heard).toEqual([]);
    app.send({ type: 'locale.changed', locale: 'fr-FR' });
    expect(heard).toEqual([{ type: 'building.reload' }]);
  });
});

describe('the mini-app bridge (issue 23)', () => {
  it('hears a building’s arrival (its building and theme), a new language, and the kiosk’s idle reset', () => {
    const { app, heard } = startApp();
    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    app.send({ type: 'locale.changed', locale: 'de-DE' });
    app.send({ type: 'kiosk.idleReset' });
    expect(heard.bridge).toEqual([
      { type: 'host.changed', event: 'buildingChanged' },
      { type: 'host.changed', event: 'themeChanged' },
      { type: 'host.changed', event: 'languageChanged' },
      { type: 'kiosk.idleReset' },
    ]);
  });

  it('hears another colour scheme as themeChanged', () => {
    const { app, heard } = startApp();
    app.send({ type: 'colorScheme.changed' });
    expect(heard.bridge).toEqual([{ type: 'host.changed', event: 'themeChanged' }]);
  });

  it('counts someone using a mini-app as use of a lobby screen, and only in kiosk mode', () => {
    const { app, heard } = startApp();
    app.send({ type: 'bridge.activity' });
    expect(heard.kiosk).toEqual([]);
    app.send({ type: 'kiosk.changed', on: true });
    app.send({ type: 'bridge.activity' });
    expect(heard.kiosk).toEqual([{ type: 'user.activity' }]);
  });

  it('tells nothing for the same language again', () => {
    const { app, heard } = startApp();
    app.send({ type: 'locale.changed', locale: 'en' });
    expect(heard.bridge).toEqual([]);
  });
});

describe('the app chart: the notification centre', () => {
  it('follows the building the app shows (first load, a switch) and is cleared on sign-out and when the building goes', () => {
    const { app, heard } = startApp();
    running = app;
    app.send({ type: 'building.ready', building: makeBuilding('b-1'), switched: false });
    app.send({ type: 'building.ready', building: makeBuilding('b-2'), switched: true });
    app.send({ type: 'building.cleared' });
    app.send({ type: 'session.signedOut' });
    expect(heard.notificationCentre).toEqual([
      { type: 'centre.building', buildingUuid: 'b-1' },
      { type: 'centre.building', buildingUuid: 'b-2' },
      { type: 'centre.clear' },
      { type: 'centre.clear' },
    ]);
  });
});

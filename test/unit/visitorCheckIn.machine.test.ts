import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { REFUSAL_SECONDS, visitorCheckInMachine, WELCOME_SECONDS } from '../../machines/kiosk/visitorCheckIn.machine';
import { readPassCode, refusalOf, typedCodeError, validFromOf } from '../../machines/kiosk/visitorCheckIn.rules';
import { cameraView, deskView, offersVisitorDesk } from '../../machines/kiosk/visitorCheckIn.selectors';
import { visitorCheckInScreen } from '../../machines/kiosk/visitorCheckIn.screen';
import type { CameraFeed, PassAnswer, PassCheck, VisitorCheckInEvent } from '../../machines/kiosk/visitorCheckIn.types';
import { redirectFor, routeKind } from '../../machines/routing/routeAccess';
import { upFor } from '../../machines/routing/upLinks';
import type { ScreenFacts } from '../../machines/app/screen.types';
import { FLAG_DEFAULTS } from '../../contracts/flags';

const CODE = 'ABCD-EFGH-JKMN';
const OTHER = '2345-6789-ABCD';
const ADA: PassAnswer = { guestName: 'Ada Lovelace', hostName: 'Sam Host' };

/** The desk with a fake camera (the test sends its reports), a visibility watch and a check the test settles. */
function desk() {
  const clock = new SimulatedClock();
  const checks: { input: PassCheck; resolve: (a: PassAnswer) => void; reject: (e: unknown) => void }[] = [];
  const camera = { starts: 0, stops: 0, send: null as ((event: VisitorCheckInEvent) => void) | null };
  let visibility: ((event: VisitorCheckInEvent) => void) | null = null;
  const actor = createActor(
    visitorCheckInMachine.provide({
      actors: {
        camera: fromCallback<VisitorCheckInEvent, void>(({ sendBack }) => {
          camera.starts++;
          camera.send = sendBack;
          return () => {
            camera.stops++;
            camera.send = null;
          };
        }),
        watchVisibility: fromCallback<VisitorCheckInEvent, void>(({ sendBack }) => {
          visibility = sendBack;
        }),
        checkPass: fromPromise<PassAnswer, PassCheck>(({ input }) => new Promise((resolve, reject) => checks.push({ input, resolve, reject }))),
      },
    }),
    { input: { buildingUuid: 'b-1' }, clock },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    clock,
    checks,
    camera,
    hide: () => visibility!({ type: 'page.hidden' }),
    show: () => visibility!({ type: 'page.shown' }),
    read: (text: string) => camera.send!({ type: 'camera.read', text }),
    settle,
    snapshot: () => actor.getSnapshot(),
  };
}
const FEED: CameraFeed = { attach: () => () => {} };

describe('pass codes as the kiosk reads them', () => {
  it('reads case, spaces and hyphens away, and O, I, L as 0, 1, 1, as the server does', () => {
    expect(readPassCode('abcd efgh jkmn')).toBe(CODE);
    expect(readPassCode('ABCDEFGHJKMN')).toBe(CODE);
    expect(readPassCode(' abcd-efgh-jkmn ')).toBe(CODE);
    expect(readPassCode('OIL0-1111-2222')).toBe('0110-1111-2222');
  });
  it('refuses anything else before a call', () => {
    for (const text of ['', 'ABCD-EFGH-JKM', 'ABCD-EFGH-JKMNP', 'ABCD-EFGH-JKMU', 'https://example.com/ABCDEFGHJKMN', 'ABCD_EFGH_JKMN'])
      expect(readPassCode(text), text).toBeNull();
    expect(typedCodeError('   ')).toBe('empty');
    expect(typedCodeError('ABC')).toBe('shape');
    expect(typedCodeError('abcd-efgh-jkmn')).toBeNull();
  });
  it('explains every refusal code of the server, and what is no refusal', () => {
    for (const code of ['invalid_pass', 'wrong_building', 'pass_used', 'pass_revoked', 'pass_expired', 'not_checked_in', 'not_a_kiosk'] as const)
      expect(refusalOf({ status: 409, code, message: 'x' })).toEqual({ kind: code, validFrom: null });
    expect(refusalOf({ status: 409, code: 'pass_not_yet_valid', message: 'This pass is valid from 09:30 on 2026-11-28' })).toEqual({
      kind: 'pass_not_yet_valid',
      validFrom: { time: '09:30', date: '2026-11-28' },
    });
    expect(validFromOf('soon')).toBeNull();
    expect(refusalOf({ status: 429, message: 'Too many' }).kind).toBe('rate_limited');
    expect(refusalOf({ status: 0, message: 'offline' }).kind).toBe('offline');
    expect(refusalOf({ status: 500, code: 'internal', message: 'x' }).kind).toBe('failed');
    expect(refusalOf(undefined).kind).toBe('failed');
  });
});

describe('the visitor desk', () => {
  it('starts scanning with the camera starting; live hands the view the feed; a hidden page stops the camera and a shown one starts it again', async () => {
    const d = desk();
    expect(d.snapshot().hasTag('scanning')).toBe(true);
    expect(cameraView(d.snapshot())).toBe('starting');
    expect(d.camera.starts).toBe(1);
    d.camera.send!({ type: 'camera.live', feed: FEED });
    expect(cameraView(d.snapshot())).toBe('live');
    expect(d.snapshot().context.feed).toBe(FEED);
    d.hide();
    expect(cameraView(d.snapshot())).toBe('paused');
    expect(d.camera.stops).toBe(1);
    expect(d.snapshot().context.feed).toBeNull();
    d.show();
    expect(cameraView(d.snapshot())).toBe('starting');
    expect(d.camera.starts).toBe(2);
    d.actor.stop();
    expect(d.camera.stops).toBe(2);
  });

  it('without a camera (or its permission) says why and takes typed codes; the camera can be tried again', () => {
    const d = desk();
    d.camera.send!({ type: 'camera.unavailable', problem: 'denied' });
    expect(cameraView(d.snapshot())).toBe('unavailable');
    expect(d.snapshot().context.cameraProblem).toBe('denied');
    expect(d.camera.stops).toBe(1);
    d.actor.send({ type: 'user.retryCamera' });
    expect(cameraView(d.snapshot())).toBe('starting');
    expect(d.snapshot().context.cameraProblem).toBeNull();
  });

  it('a typed code of the wrong shape is an error of the field, and nothing is sent', async () => {
    const d = desk();
    d.actor.send({ type: 'user.submit' });
    expect(d.snapshot().context.typedError).toBe('empty');
    d.actor.send({ type: 'user.type', value: 'ABCD-12' });
    expect(d.snapshot().context.typedError).toBeNull();
    d.actor.send({ type: 'user.submit' });
    expect(d.snapshot().context.typedError).toBe('shape');
    await d.settle();
    expect(d.checks).toEqual([]);
    expect(deskView(d.snapshot())).toBe('scanning');
  });

  it('checks a typed code in, shows only the two names, and forgets them when it scans again after a while', async () => {
    const d = desk();
    d.actor.send({ type: 'user.type', value: 'abcd efgh jkmn' });
    d.actor.send({ type: 'user.submit' });
    expect(deskView(d.snapshot())).toBe('checking');
    await d.settle();
    expect(d.checks.map((c) => c.input)).toEqual([{ buildingUuid: 'b-1', code: CODE, mode: 'checkIn' }]);
    d.checks[0]!.resolve({ ...ADA, visitUuid: 'v-1', state: 'arrived' } as PassAnswer);
    await d.settle();
    expect(deskView(d.snapshot())).toBe('welcomed');
    expect(d.snapshot().context.guest).toEqual(ADA);
    d.clock.increment(WELCOME_SECONDS * 1000 - 1);
    expect(deskView(d.snapshot())).toBe('welcomed');
    d.clock.increment(1);
    expect(deskView(d.snapshot())).toBe('scanning');
    const c = d.snapshot().context;
    expect([c.guest, c.typed, c.lastCode, c.refusal, c.mode]).toEqual([null, '', null, null, 'checkIn']);
  });

  it('sends a code the camera read once, not again while it is checked or shown; another pass then is the next guest', async () => {
    const d = desk();
    d.camera.send!({ type: 'camera.live', feed: FEED });
    d.read(CODE.toLowerCase());
    d.read(CODE);
    await d.settle();
    expect(d.checks).toHaveLength(1);
    d.checks[0]!.resolve(ADA);
    await d.settle();
    d.read(CODE);
    d.read('abcd-efgh-jkmn');
    await d.settle();
    expect(d.checks).toHaveLength(1);
    expect(deskView(d.snapshot())).toBe('welcomed');
    d.read(OTHER);
    await d.settle();
    expect(d.checks.map((c) => c.input.code)).toEqual([CODE, OTHER]);
    expect(d.snapshot().context.guest).toBeNull();
  });

  it('a QR code that is no pass leaves a hint and sends nothing', async () => {
    const d = desk();
    d.read('https://example.com/menu');
    await d.settle();
    expect(d.checks).toEqual([]);
    expect(d.snapshot().context.foreignQr).toBe(true);
    d.actor.send({ type: 'user.type', value: 'A' });
    expect(d.snapshot().context.foreignQr).toBe(false);
  });

  it('a refusal says why; Try again keeps the typed code to correct; left alone it returns to scanning empty', async () => {
    const d = desk();
    d.actor.send({ type: 'user.type', value: CODE });
    d.actor.send({ type: 'user.submit' });
    await d.settle();
    d.checks[0]!.reject({ status: 409, code: 'pass_not_yet_valid', message: 'This pass is valid from 10:00 on 2026-11-28' });
    await d.settle();
    expect(deskView(d.snapshot())).toBe('refused');
    expect(d.snapshot().context.refusal).toEqual({ kind: 'pass_not_yet_valid', validFrom: { time: '10:00', date: '2026-11-28' } });
    // The same pass read meanwhile is not sent again.
    d.read(CODE);
    await d.settle();
    expect(d.checks).toHaveLength(1);
    d.actor.send({ type: 'user.retry' });
    expect(deskView(d.snapshot())).toBe('scanning');
    expect(d.snapshot().context.typed).toBe(CODE);
    expect(d.snapshot().context.refusal).toBeNull();

    d.actor.send({ type: 'user.submit' });
    await d.settle();
    d.checks[1]!.reject({ status: 404, code: 'invalid_pass', message: 'This is not a valid pass' });
    await d.settle();
    d.clock.increment(REFUSAL_SECONDS * 1000);
    expect(deskView(d.snapshot())).toBe('scanning');
    expect(d.snapshot().context.typed).toBe('');
  });

  it('checks a leaving guest out, and is for arriving guests again after "Next visitor"', async () => {
    const d = desk();
    d.actor.send({ type: 'user.mode', mode: 'checkOut' });
    d.actor.send({ type: 'user.type', value: CODE });
    d.actor.send({ type: 'user.submit' });
    await d.settle();
    expect(d.checks[0]!.input.mode).toBe('checkOut');
    // The mode does not change while a pass is checked.
    d.actor.send({ type: 'user.mode', mode: 'checkIn' });
    expect(d.snapshot().context.mode).toBe('checkOut');
    d.checks[0]!.resolve(ADA);
    await d.settle();
    expect(d.snapshot().context.mode).toBe('checkOut');
    d.actor.send({ type: 'user.next' });
    expect(deskView(d.snapshot())).toBe('scanning');
    expect(d.snapshot().context.mode).toBe('checkIn');
  });

  it('opens for the current building and starts again for another', () => {
    const facts = (buildingUuid: string | null): ScreenFacts => ({
      buildingUuid,
      building: null,
      inHostNavigation: false,
      locale: 'en',
      flags: FLAG_DEFAULTS,
      user: null,
      miniAppUrls: [],
      helpDeskEmail: null,
      pendingSso: null,
      lobby: true,
    });
    expect(visitorCheckInScreen.input({}, facts(null))).toBeNull();
    expect(visitorCheckInScreen.input({}, facts('b-1'))).toEqual({ buildingUuid: 'b-1' });
    expect(visitorCheckInScreen.restartKey({}, facts('b-1'))).not.toBe(visitorCheckInScreen.restartKey({}, facts('b-2')));
    expect(visitorCheckInScreen.restartKey({}, { ...facts('b-1'), locale: 'de-DE', lobby: false })).toBe(
      visitorCheckInScreen.restartKey({}, facts('b-1')),
    );
  });

  it('is a signed-in screen whose way up is home; the kiosk home offers it in lobby mode only', () => {
    expect(routeKind('/visitors/check-in')).toBe('app');
    expect(redirectFor('/visitors/check-in', '', { authenticated: false, authMode: 'login', maintenance: false })).toBe(
      '/login?next=%2Fvisitors%2Fcheck-in',
    );
    expect(upFor('/visitors/check-in')).toEqual({ to: '/home', place: 'home' });
    expect(offersVisitorDesk({ hasTag: () => true })).toBe(true);
    expect(offersVisitorDesk({ hasTag: () => false })).toBe(false);
  });

  it('keeps no timer or camera running once stopped (the screen left)', () => {
    const d = desk();
    const spy = vi.fn();
    d.actor.subscribe(spy);
    d.actor.stop();
    expect(d.camera.stops).toBe(1);
  });
});

import { expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, getNextSnapshot, SimulatedClock, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { REFUSAL_SECONDS, visitorCheckInMachine, WELCOME_SECONDS } from '../../machines/kiosk/visitorCheckIn.machine';
import { cameraView } from '../../machines/kiosk/visitorCheckIn.selectors';
import type { CameraFeed, PassAnswer, PassCheck, RefusalKind, VisitorCheckInEvent } from '../../machines/kiosk/visitorCheckIn.types';
import { VisitorDesk } from '../../src/ui/kiosk/VisitorDesk';
import { englishCatalogue } from '../../src/i18n/locales';
import visitorDeskMessages from '../../src/i18n/areas/visitorDesk/en.json';
import { visitorCheckInModel, type VisitorCheckInModelEvent, type VisitorCheckInModelState } from './visitorCheckIn.model';
import { modelGraph } from './paths';
import { modelSuite } from './modelSuite';

type Model = SnapshotFrom<typeof visitorCheckInModel>;
const ADA: PassAnswer = { guestName: 'Ada Lovelace', hostName: 'Sam Host' };
/** The passes the camera shows, a new one each time (as `camera.readNew` says), read as the server reads them. */
const PASSES = ['ABCD-EFGH-JKMN', '2345-6789-ABCD', 'WXYZ-0123-4567', 'MNPQ-RSTV-WXYZ', '89AB-CDEF-GHJK'];
const TYPED = { bad: 'ABC-12', code: 'abcd efgh jkmn' } as const;
const REFUSALS = {
  'api.refusedUsed': { status: 409, code: 'pass_used', message: 'This pass has been used already' },
  'api.refusedNotYet': { status: 409, code: 'pass_not_yet_valid', message: 'This pass is valid from 09:30 on 2026-11-28' },
} as const;

/**
 * The real desk with a fake camera (the test sends its reports and counts its starts and stops), a fake page
 * visibility and a check the test settles; the system's clock is the test's (the greeting's and the refusal's while).
 */
function start(inspect?: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const camera = { starts: 0, stops: 0, send: null as ((e: VisitorCheckInEvent) => void) | null, attached: [] as unknown[] };
  const page = { send: null as ((e: VisitorCheckInEvent) => void) | null };
  const checks: { input: PassCheck; resolve: (a: PassAnswer) => void; reject: (e: unknown) => void }[] = [];
  const feed: CameraFeed = {
    attach: (preview) => {
      camera.attached.push(preview);
      return () => {};
    },
  };
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
          page.send = sendBack;
        }),
        checkPass: fromPromise<PassAnswer, PassCheck>(({ input }) => new Promise((resolve, reject) => checks.push({ input, resolve, reject }))),
      },
    }),
    { input: { buildingUuid: 'b-1' }, clock, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, clock, camera, page, checks, feed, shown: [] as string[] };
}
type Flow = ReturnType<typeof start>;

/** The checks the desk must have sent after these model events: one per entry into `checking`, never more. */
function checksAfter(events: VisitorCheckInModelEvent[]) {
  let model: Model = createActor(visitorCheckInModel).getSnapshot();
  let count = 0;
  for (const event of events) {
    const next = getNextSnapshot(visitorCheckInModel, model, event);
    if (next.value === 'checking' && model.value !== 'checking') count++;
    model = next;
  }
  return count;
}

/** The world's part of each model event: the camera's and the page's reports, the server's answers, time passing. */
function world(flow: Flow, event: VisitorCheckInModelEvent) {
  const camera = (e: VisitorCheckInEvent) => {
    if (!flow.camera.send) throw new Error(`no camera running for ${event.type}`);
    flow.camera.send(e);
  };
  switch (event.type) {
    case 'camera.live':
      return camera({ type: 'camera.live', feed: flow.feed });
    case 'camera.unavailable':
      return camera({ type: 'camera.unavailable', problem: 'denied' });
    case 'page.hidden':
    case 'page.shown':
      return flow.page.send!({ type: event.type });
    case 'camera.readNew': {
      const pass = PASSES[flow.shown.length % PASSES.length]!;
      flow.shown.push(pass);
      return camera({ type: 'camera.read', text: pass });
    }
    case 'camera.readSame':
      // The same pass, as the decoder may read it again: in lower case this time.
      return camera({ type: 'camera.read', text: flow.shown.at(-1)!.toLowerCase() });
    case 'camera.readForeign':
      return camera({ type: 'camera.read', text: 'https://example.com/lunch-menu' });
    case 'api.ok':
      return flow.checks.at(-1)!.resolve(ADA);
    case 'api.refusedUsed':
    case 'api.refusedNotYet':
      return flow.checks.at(-1)!.reject(REFUSALS[event.type]);
    case 'time.welcome':
      return flow.clock.increment(WELCOME_SECONDS * 1000);
    case 'time.refusal':
      return flow.clock.increment(REFUSAL_SECONDS * 1000);
    default:
      throw new Error(`${event.type} is a person's event`);
  }
}

/** The person's part of each model event, as the desk's view sends it. */
function machineEvent(event: VisitorCheckInModelEvent['type']): VisitorCheckInEvent {
  switch (event) {
    case 'user.typeBad':
      return { type: 'user.type', value: TYPED.bad };
    case 'user.typeCode':
      return { type: 'user.type', value: TYPED.code };
    case 'user.checkOut':
      return { type: 'user.mode', mode: 'checkOut' };
    case 'user.checkIn':
      return { type: 'user.mode', mode: 'checkIn' };
    case 'user.submit':
    case 'user.next':
    case 'user.retry':
    case 'user.retryCamera':
      return { type: event };
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

const codeField = () => screen.getByLabelText('Pass code') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: /^(Check in|Check out|Checking your pass…)$/ }) as HTMLButtonElement;

/** The person's part of each model event, as what they do on the screen. */
function press(event: VisitorCheckInModelEvent['type']) {
  // Typing what the field holds already is a keystroke away and back (a change to the same value is no change).
  const type = (value: string) => {
    if (codeField().value === value) fireEvent.change(codeField(), { target: { value: `${value}x` } });
    fireEvent.change(codeField(), { target: { value } });
  };
  switch (event) {
    case 'user.typeBad':
      return type(TYPED.bad);
    case 'user.typeCode':
      return type(TYPED.code);
    case 'user.submit':
      return fireEvent.click(submitButton());
    case 'user.checkOut':
      return fireEvent.click(screen.getByRole('radio', { name: 'Leaving' }));
    case 'user.checkIn':
      return fireEvent.click(screen.getByRole('radio', { name: 'Arriving' }));
    case 'user.next':
      return fireEvent.click(screen.getByRole('button', { name: 'Next visitor' }));
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.retryCamera':
      return fireEvent.click(screen.getByRole('button', { name: 'Try the camera again' }));
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

const typedValue = (model: Model) => (model.context.typed === 'none' ? '' : TYPED[model.context.typed]);

/** The desk's context and camera as the model says, whatever the desk shows. */
const machineAgrees = (flow: Flow, model: Model, events: VisitorCheckInModelEvent[]) => {
  const s = flow.actor.getSnapshot();
  const c = model.context;
  return (
    cameraView(s) === c.camera &&
    (c.camera === 'live') === (s.context.feed !== null) &&
    s.context.mode === c.mode &&
    flow.checks.length === checksAfter(events) &&
    // The camera runs only while its state is on: one stop for every start but the running one.
    flow.camera.stops === flow.camera.starts - (c.camera === 'starting' || c.camera === 'live' ? 1 : 0)
  );
};

const RESULT_TEXT = {
  used: 'This pass has already been used to check in.',
  notYet: /^This pass isn’t valid yet\. You can check in from 9:30\sAM on Saturday, November 28\.$/,
};

/** The viewfinder as the model's camera state says. */
function cameraShows(model: Model) {
  const finder = screen.getByTestId('visitor-camera');
  expect(finder.getAttribute('data-camera')).toBe(model.context.camera);
  expect(finder.querySelector('video') !== null).toBe(model.context.camera === 'live');
  if (model.context.camera === 'unavailable') screen.getByText('The camera isn’t allowed on this screen. Type the code from your pass instead.');
  if (model.context.camera === 'starting') screen.getByText('Starting the camera…');
  if (model.context.camera === 'paused') screen.getByText('The camera is paused while this screen is hidden.');
}

modelSuite<typeof visitorCheckInModel, Flow, VisitorCheckInModelState>({
  name: 'visitor check-in',
  model: visitorCheckInModel,
  lens: {
    isUserAction: (event) => event.type.startsWith('user.'),
    viewKey: (state) => {
      const { value, context: c } = state as Model;
      if (value === 'scanning') return `scanning camera:${c.camera} mode:${c.mode} typed:${c.typed} error:${c.typedError} foreign:${c.foreign}`;
      if (value === 'welcomed') return `welcomed mode:${c.mode}`;
      if (value === 'refused') return `refused ${c.refusal}`;
      return String(value);
    },
  },
  areas: ['visitorDesk'],
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...visitorDeskMessages }}>
        <VisitorDesk actor={actor} />
      </IntlProvider>,
    ),
  world: (flow, event) => world(flow, event),
  send: (flow, event) => flow.actor.send(machineEvent(event.type)),
  press: (_, event) => press(event.type),
  machineState: {
    scanning: (flow, model, events) => {
      const s = flow.actor.getSnapshot();
      const c = model.context;
      return (
        s.hasTag('scanning') &&
        machineAgrees(flow, model, events) &&
        s.context.typed === typedValue(model) &&
        s.context.typedError === c.typedError &&
        s.context.foreignQr === c.foreign &&
        s.context.guest === null &&
        s.context.refusal === null
      );
    },
    checking: (flow, model, events) => {
      const s = flow.actor.getSnapshot();
      const check = flow.checks.at(-1);
      return (
        s.hasTag('checking') &&
        machineAgrees(flow, model, events) &&
        check?.input.buildingUuid === 'b-1' &&
        check.input.mode === model.context.mode &&
        // A typed code goes as the server writes it; a read one as it was read.
        check.input.code === (events.at(-1)?.type === 'user.submit' ? 'ABCD-EFGH-JKMN' : flow.shown.at(-1))
      );
    },
    welcomed: (flow, model, events) => {
      const s = flow.actor.getSnapshot();
      return s.hasTag('welcomed') && machineAgrees(flow, model, events) && JSON.stringify(s.context.guest) === JSON.stringify(ADA);
    },
    refused: (flow, model, events) => {
      const s = flow.actor.getSnapshot();
      const kind: RefusalKind = model.context.refusal === 'used' ? 'pass_used' : 'pass_not_yet_valid';
      return s.hasTag('refused') && machineAgrees(flow, model, events) && s.context.refusal?.kind === kind && s.context.guest === null;
    },
  },
  viewState: {
    scanning: (flow, model) => {
      cameraShows(model);
      const c = model.context;
      expect(screen.getByTestId('visitor-desk').getAttribute('data-desk')).toBe('scanning');
      expect(codeField().value).toBe(typedValue(model));
      expect(submitButton().textContent).toBe(c.mode === 'checkIn' ? 'Check in' : 'Check out');
      expect((screen.getByRole('radio', { name: 'Leaving' }) as HTMLInputElement).checked).toBe(c.mode === 'checkOut');
      expect(screen.queryByText('Type the code from your pass.') !== null).toBe(c.typedError === 'empty');
      expect(screen.queryByText(/^That isn’t a pass code\./) !== null).toBe(c.typedError === 'shape');
      expect(codeField().getAttribute('aria-invalid')).toBe(c.typedError ? 'true' : null);
      expect(screen.queryByText('That QR code isn’t a visitor pass.') !== null).toBe(c.foreign);
      // Nobody's name is left on the screen.
      expect(screen.queryByText(/Ada Lovelace|Sam Host/)).toBeNull();
      if (c.camera === 'live') expect(flow.camera.attached.at(-1)).toBe(screen.getByTestId('visitor-camera').querySelector('video'));
    },
    checking: (_, model) => {
      cameraShows(model);
      expect(submitButton().textContent).toBe('Checking your pass…');
      expect(submitButton().getAttribute('aria-busy')).toBe('true');
    },
    welcomed: (_, model) => {
      cameraShows(model);
      const welcome = screen.getByTestId('visitor-welcome');
      expect(welcome.getAttribute('role')).toBe('status');
      if (model.context.mode === 'checkIn') {
        screen.getByRole('heading', { name: 'Welcome, Ada Lovelace.' });
        screen.getByText('We’ve let Sam Host know you’re here.');
      } else {
        screen.getByRole('heading', { name: 'Goodbye, Ada Lovelace.' });
        screen.getByText('Thanks for visiting. Your pass is now closed.');
      }
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next visitor' }));
      expect(screen.queryByLabelText('Pass code')).toBeNull();
    },
    refused: (_, model) => {
      cameraShows(model);
      const alert = screen.getByRole('alert');
      expect(alert.getAttribute('data-refusal')).toBe(model.context.refusal === 'used' ? 'pass_used' : 'pass_not_yet_valid');
      screen.getByRole('heading', { name: model.context.mode === 'checkIn' ? 'We couldn’t check you in' : 'We couldn’t check you out' });
      screen.getByText(RESULT_TEXT[model.context.refusal!]);
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    },
  },
  whereIs: ({ actor }) => JSON.stringify(actor.getSnapshot().value),
  stop: ({ actor }) => actor.stop(),
  machines: [visitorCheckInMachine],
  everyMachineTransition: true,
});

it('visitor check-in: the test model agrees with the machine: the same states, more than 100 transitions', () => {
  expect(Object.keys(visitorCheckInMachine.config.states ?? {}).sort()).toEqual(['camera', 'desk']);
  expect(Object.keys(visitorCheckInMachine.config.states!.desk!.states ?? {}).sort()).toEqual(
    [...new Set(modelGraph(visitorCheckInModel).states.values())].sort(),
  );
  expect(Object.keys(visitorCheckInMachine.config.states!.camera!.states ?? {}).sort()).toEqual(['on', 'paused', 'unavailable']);
  expect(modelGraph(visitorCheckInModel).edges.length).toBeGreaterThan(100);
});

const EVERY_REFUSAL: [RefusalKind | string, number, string | RegExp][] = [
  ['invalid_pass', 404, 'That isn’t a valid pass. Check the code and try again.'],
  ['wrong_building', 403, 'This pass is for another building.'],
  ['pass_used', 409, 'This pass has already been used to check in.'],
  ['pass_revoked', 410, 'This pass no longer works: the visit was cancelled or has ended.'],
  ['pass_not_yet_valid', 409, 'This pass isn’t valid yet. Please come back closer to the time of your visit.'],
  ['pass_expired', 410, 'This pass has expired: the time of your visit is over.'],
  ['not_checked_in', 409, 'This guest hasn’t checked in, so there’s nothing to check out.'],
  ['not_a_kiosk', 403, 'This screen’s account can’t check visitors in. Please ask the reception team for help.'],
  ['too_many_requests', 429, 'Too many tries. Wait a minute, then try again.'],
  ['', 0, 'This screen can’t reach the server. Try again in a moment.'],
  ['internal', 500, 'Something went wrong. Please try again.'],
];

it.each(EVERY_REFUSAL)('visitor check-in: the refusal %s (%i) is said in words of its own', async (code, status, text) => {
  const flow = start();
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...visitorDeskMessages }}>
      <VisitorDesk actor={flow.actor} />
    </IntlProvider>,
  );
  fireEvent.change(codeField(), { target: { value: TYPED.code } });
  fireEvent.click(submitButton());
  await new Promise((r) => setTimeout(r, 0));
  flow.checks[0]!.reject({ status, message: 'Not said here', ...(code ? { code } : {}) });
  expect((await screen.findByRole('alert')).textContent).toContain(typeof text === 'string' ? text : '');
  screen.getByText(text);
  flow.actor.stop();
  cleanup();
});

// The mini-app's frame loads about:blank here: let happy-dom load it rather than log that iframe pages are off.
// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "enableIframePageLoading": true } }
import { expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromCallback, fromPromise, setup, type ActorRefFrom, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { bridgeModel, type BridgeModelEvent, type BridgeModelState } from './bridge.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { bridgeMachine } from '../../machines/bridge/bridge.machine';
import { bridgeFrameMachine } from '../../machines/bridge/bridgeFrame.machine';
import { bridgeCallMachine, CALL_TIMEOUT_MS } from '../../machines/bridge/bridgeCall.machine';
import type { BridgeReply } from '../../machines/bridge/bridge.protocol';
import { linkOutFrameMachine, type LinkOutEvent } from '../../machines/linkOut/linkOutFrame.machine';
import { LinkOutFrame } from '../../src/ui/linkOut/LinkOutFrame';
import { englishCatalogue } from '../../src/i18n/locales';
import { loadAreaCatalogue } from '../../src/i18n/areas';
import { buildMiniApp } from '../fixtures/miniApps';

type Model = SnapshotFrom<typeof bridgeModel>;
type Step = Exclude<BridgeModelState, 'start'>;

const APP = buildMiniApp({ scopes: ['user'] });
const ORIGIN = APP.origins[0]!;
const FRAME_ID = 'f1';

/**
 * The bridge and a link-out frame in one actor system, as in the app: the frame registers with the bridge by its
 * systemId when it opens a mini-app, and the bridge closes it through it. Posts are recorded; the host's work answers
 * at once; timers go through a clock the test runs (the init wait), so no test waits for time.
 */
function bridgeFlow(beforeReady: boolean, inspect?: (event: InspectionEvent) => void) {
  const posts: { frameId: string; origin: string; message: BridgeReply }[] = [];
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let nextTimer = 0;
  const clock = {
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
      timers.set(++nextTimer, { fn, ms });
      return nextTimer;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
  };
  /** How the host's work on the next calls goes: answers at once, fails, or never answers (the call's time runs out). */
  const work = { next: 'answer' as 'answer' | 'fail' | 'hang' };
  const bridge = bridgeMachine.provide({
    actors: {
      messages: fromCallback(() => () => {}),
      frame: bridgeFrameMachine.provide({
        actions: { post: (_, p) => void posts.push(p as never), logOut: () => {} },
        actors: {
          call: bridgeCallMachine.provide({
            actors: {
              perform: fromPromise(({ input }) => {
                const how = work.next;
                work.next = 'answer';
                if (how === 'fail') return Promise.reject(new Error('the server is down'));
                if (how === 'hang') return new Promise<never>(() => {});
                return Promise.resolve({ did: input.request.action });
              }),
            },
          }),
        },
      }),
    },
  });
  const linkOut = linkOutFrameMachine.provide({
    actors: { fetchPage: fromPromise(async () => ''), closeMessages: fromCallback<LinkOutEvent>(() => () => {}) },
  });
  const root = setup({ actors: { bridge, linkOut } }).createMachine({
    invoke: [
      { src: 'bridge', id: 'bridge', systemId: 'bridge', input: {} },
      { src: 'linkOut', id: 'linkOut', systemId: 'linkOutUnderTest' },
    ],
  });
  const actor = createActor(root, { clock, ...(inspect ? { inspect } : {}) }).start();
  const bridgeRef = actor.system.get('bridge') as ActorRefFrom<typeof bridgeMachine>;
  const linkOutRef = actor.system.get('linkOutUnderTest') as ActorRefFrom<typeof linkOutFrameMachine>;
  if (!beforeReady) bridgeRef.send({ type: 'host.ready' });
  linkOutRef.send({ type: 'linkOut.open', url: 'about:blank', kind: 'page', title: APP.name, miniApp: { app: APP, frameId: FRAME_ID } });
  let ids = 0;
  /** What the test expects each request to be answered with (its error code, or 'ok'), by id; undefined: no answer. */
  const expected = new Map<string, string | undefined>();
  const send = (data: Record<string, unknown>, answer: string | undefined) => {
    const id = `r${++ids}`;
    expected.set(id, answer);
    bridgeRef.send({ type: 'bridge.message', frameId: FRAME_ID, origin: ORIGIN, data: JSON.stringify({ ...data, id }) });
    return id;
  };
  const runInitWait = () => {
    for (const [id, timer] of [...timers])
      if (timer.ms === 5_000) {
        timers.delete(id);
        timer.fn();
      }
  };
  /** Runs out the time of every call in flight (the calls' timers, CALL_TIMEOUT_MS). */
  const runCallTimeouts = () => {
    for (const [id, timer] of [...timers])
      if (timer.ms === CALL_TIMEOUT_MS) {
        timers.delete(id);
        timer.fn();
      }
  };
  return { actor, bridgeRef, linkOutRef, posts, send, expected, runInitWait, runCallTimeouts, work };
}
type Flow = ReturnType<typeof bridgeFlow>;

const frameOf = (flow: Flow) => flow.bridgeRef.getSnapshot().children[`frame.${FRAME_ID}`] as ActorRefFrom<typeof bridgeFrameMachine> | undefined;

const MACHINE_STATE: Record<Step, (flow: Flow) => boolean> = {
  waiting: (f) => f.bridgeRef.getSnapshot().matches('waiting') && !!frameOf(f)?.getSnapshot().matches({ awaitingInit: 'empty' }),
  awaitingInit: (f) => f.bridgeRef.getSnapshot().matches('ready') && !!frameOf(f)?.getSnapshot().matches({ awaitingInit: 'empty' }),
  holding: (f) => f.bridgeRef.getSnapshot().matches('ready') && !!frameOf(f)?.getSnapshot().matches({ awaitingInit: 'holding' }),
  ready: (f) => f.bridgeRef.getSnapshot().matches('ready') && !!frameOf(f)?.getSnapshot().matches('ready'),
  closed: (f) => f.linkOutRef.getSnapshot().matches('hidden') && frameOf(f) === undefined,
};
const machineState = (state: Step) => (flow: Flow) =>
  MACHINE_STATE[state](flow) && (state === 'closed' || flow.linkOutRef.getSnapshot().matches({ open: 'miniApp' }));

/** The person sees the mini-app's frame (registered with the bridge) in its dialog, or nothing once it closed. */
const viewState = (state: Step) => () => {
  const dialog = screen.queryByRole('dialog', { name: APP.name });
  if (state === 'closed') return expect(dialog).toBeNull();
  expect(dialog).not.toBeNull();
  const iframe = dialog!.querySelector('iframe')!;
  expect(iframe.getAttribute('data-bridge-frame')).toBe(FRAME_ID);
  expect(iframe.getAttribute('sandbox')).toBe(APP.sandbox);
};

modelSuite({
  name: 'bridge',
  model: bridgeModel,
  areas: ['linkOut'],
  // The four open states show the same frame: the screen tells only open from closed.
  lens: { viewKey: ({ value }) => (value === 'closed' ? 'closed' : value === 'start' ? 'start' : 'open') },
  start: (event, { inspect }) => bridgeFlow(event!.type === 'start.openBeforeReady', inspect),
  render: async ({ linkOutRef }) => {
    const messages = await loadAreaCatalogue('linkOut', 'en');
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...messages }}>
        <LinkOutFrame actor={linkOutRef} />
      </IntlProvider>,
    );
  },
  world: (flow: Flow, event: BridgeModelEvent, before: Model) => {
    const state = before.value as Step;
    const queued = state === 'waiting' || state === 'awaitingInit' || state === 'holding';
    switch (event.type) {
      case 'host.ready':
        return flow.bridgeRef.send({ type: 'host.ready' });
      case 'app.init':
        return flow.send({ action: 'init', data: { app_uuid: APP.uuid } }, 'ok');
      case 'app.badInit':
        return flow.send({ action: 'init', data: {} }, 'INVALID_PARAMS');
      case 'app.call':
        // A call before init waits for it: answered when init comes, or TIMEOUT after the wait (updated then).
        return flow.send({ action: 'getUser' }, queued ? 'queued' : 'ok');
      case 'app.denied':
        return flow.send({ action: 'getJWT' }, 'ACCESS_DENIED');
      case 'app.closeWebView':
        return flow.send({ action: 'closeWebView' }, 'ok');
      case 'time.initWait':
        for (const [id, answer] of flow.expected) if (answer === 'queued') flow.expected.set(id, 'TIMEOUT');
        return flow.runInitWait();
      case 'frame.load':
        return flow.bridgeRef.send({ type: 'frame.loaded', frameId: FRAME_ID });
      case 'app.unknown':
        return flow.send({ action: 'formatDisk' }, 'UNSUPPORTED');
      case 'app.flood': {
        // More calls than may wait for init: the ones past 16 are refused at once.
        const waiting = [...flow.expected.values()].filter((a) => a === 'queued').length;
        for (let i = 0; i < 17; i++) flow.send({ action: 'getUser' }, waiting + i < 16 ? 'queued' : 'UNAVAILABLE');
        return;
      }
      case 'app.failingCall': {
        // A failure the host's work throws without a code of the closed list is UNAVAILABLE.
        flow.work.next = 'fail';
        return flow.send({ action: 'getUser' }, 'UNAVAILABLE');
      }
      case 'app.slowCall': {
        flow.work.next = 'hang';
        flow.send({ action: 'getUser' }, 'TIMEOUT');
        return flow.runCallTimeouts();
      }
      case 'app.subscribe':
        return flow.send({ action: 'subscribe', data: { events: ['themeChanged', 'visibilityChanged'] } }, 'ok');
      case 'host.themeChanged':
        return flow.bridgeRef.send({ type: 'host.changed', event: 'themeChanged' });
      case 'host.hidden':
        return flow.bridgeRef.send({ type: 'host.visibility', visible: false });
      case 'kiosk.idleReset':
        return flow.bridgeRef.send({ type: 'kiosk.idleReset' });
      case 'frame.navigate':
        // The iframe's first load was the first document; each one after is a new document.
        flow.bridgeRef.send({ type: 'frame.loaded', frameId: FRAME_ID });
        return flow.bridgeRef.send({ type: 'frame.loaded', frameId: FRAME_ID });
      default:
        throw new Error(`not the world's event: ${event.type}`);
    }
  },
  send: (flow: Flow) => flow.linkOutRef.send({ type: 'linkOut.close' }),
  press: () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
  machineState: {
    waiting: machineState('waiting'),
    awaitingInit: machineState('awaitingInit'),
    holding: machineState('holding'),
    ready: machineState('ready'),
    closed: machineState('closed'),
  },
  viewState: {
    waiting: viewState('waiting'),
    awaitingInit: viewState('awaitingInit'),
    holding: viewState('holding'),
    ready: viewState('ready'),
    closed: viewState('closed'),
  },
  whereIs: (flow: Flow) => `${JSON.stringify(flow.bridgeRef.getSnapshot().value)} / ${JSON.stringify(frameOf(flow)?.getSnapshot().value)}`,
  // Every answer went to the mini-app's origin, and each request has the answer the model expects (queued ones none
  // yet; a path that ends after init has answered every earlier one).
  finally: (flow: Flow, _events, model) => {
    expect(flow.posts.every((p) => p.origin === ORIGIN && p.frameId === FRAME_ID)).toBe(true);
    const answers = new Map(flow.posts.filter((p) => p.message.id !== undefined).map((p) => [String(p.message.id), p.message]));
    const endedReady = model.value === 'ready';
    for (const [id, answer] of flow.expected) {
      const reply = answers.get(id);
      if (answer === 'queued' && !endedReady) continue;
      if (model.value === 'closed' && reply === undefined) continue;
      if (answer === 'ok' || (answer === 'queued' && endedReady)) expect(reply?.ok, id).toBe(true);
      else expect(reply?.error?.code, id).toBe(answer);
    }
  },
  stop: ({ actor }) => actor.stop(),
  machines: [bridgeMachine, bridgeFrameMachine, bridgeCallMachine],
  everyMachineTransition: true,
});

it('bridge: the test model has more than 15 transitions', () => expect(modelGraph(bridgeModel).edges.length).toBeGreaterThan(15));

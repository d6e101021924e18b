import { assign, enqueueActions, fromCallback, fromPromise, setup, type AnyActorRef, type DoneActorEvent } from 'xstate';
import { parseMessage, type BridgeEventName, type RegisteredMiniApp } from './bridge.protocol';
import { reportToOf, type ReportTarget, type ReportsTo } from '../shared/reports';
import { enqueueNamed } from '../shared/enqueue';
import { bridgeFrameMachine, type BridgeFrameEvent, type BridgeFrameReport } from './bridgeFrame.machine';

export const BRIDGE_ID = 'bridge';

/** The host as the init answer names it. */
export const BRIDGE_HOST = { name: 'atrium', version: '1.0.0' } as const;

/** A frame the app opened for a registered mini-app: the mini-app, and the link-out actor that shows it (closeWebView). */
export interface OpenFrame {
  app: RegisteredMiniApp;
  owner: AnyActorRef | null;
}

export interface BridgeContext {
  frames: Record<string, OpenFrame>;
  /** Messages that came before the host was ready, answered once it is (at most MAX_WAITING). */
  waiting: { frameId: string; origin: string; data: unknown }[];
  /** The number the next read of an event's value takes (its child's id). */
  reads: number;
  /** The app, told of use of an open mini-app (a lobby kiosk counts it as use of the screen); null: running alone. */
  reportTo: ReportTarget<BridgeReport> | null;
}

/** The theme, brand, building and language events whose values the host reads when they change. */
export type ReadEventName = Extract<BridgeEventName, 'themeChanged' | 'brandChanged' | 'buildingChanged' | 'languageChanged'>;

export type BridgeEvent =
  /** A link-out frame opened a registered mini-app (its iframe carries `data-bridge-frame={frameId}`). */
  | { type: 'frame.opened'; frameId: string; app: RegisteredMiniApp; owner?: AnyActorRef | null }
  | { type: 'frame.closed'; frameId: string }
  /** The frame's iframe fired load (a document finished loading in it). */
  | { type: 'frame.loaded'; frameId: string }
  /** A message whose source is the window of the frame `frameId` (the host's listener found it), from `origin`. */
  | { type: 'bridge.message'; frameId: string; origin: string; data: unknown }
  /** The app has started (its `ready` state): the bridge answers from now on. */
  | { type: 'host.ready' }
  /** The app's theme, brand, building or language changed (the app chart tells the bridge). */
  | { type: 'host.changed'; event: ReadEventName }
  /** The page or the frame was hidden or shown. */
  | { type: 'host.visibility'; visible: boolean }
  /** The unattended kiosk's idle reset (part E): subscribed frames hear kioskReset, then every frame closes. */
  | { type: 'kiosk.idleReset' }
  | BridgeFrameReport
  | DoneActorEvent<unknown, `read.${string}`>;

/**
 * What the bridge tells the app: someone is using an open mini-app (a message came from its frame at its registered
 * origin), so a lobby kiosk's idle count starts again.
 */
export type BridgeReport = { type: 'bridge.activity' };

/** At most this many messages wait for the host to be ready; the ones after are dropped (they came before any frame could). */
export const MAX_WAITING = 100;

/** A message from a frame's window, with the frame it came from. */
interface RouteParams {
  frameId: string;
  origin: string;
  data: unknown;
}

/** A host event and its value, for every open frame. */
interface BroadcastParams {
  event: BridgeEventName;
  data: unknown;
}

/** The named actions of this machine that its other actions queue (machines/shared/enqueue.ts). */
type QueuedAction =
  { type: 'route'; params: RouteParams } | { type: 'broadcast'; params: BroadcastParams } | { type: 'closeFrame'; params: { frameId: string } };

const enqueueOwn = enqueueNamed<QueuedAction>();

const frameActorId = (frameId: string) => `frame.${frameId}`;

/** The registered frame a message is from, when its origin is exactly one the mini-app's registration lists. */
export const registeredSender = (frames: Record<string, OpenFrame>, frameId: string, origin: string) => {
  const frame = Object.hasOwn(frames, frameId) ? frames[frameId] : undefined;
  return frame && typeof origin === 'string' && frame.app.origins.includes(origin) ? frame : null;
};

/**
 * The mini-app bridge, an actor of the root system (systemId 'bridge'; issue 23). The host's listener
 * (`messages`) hands it only messages whose source is the window of a frame the app opened for a registered mini-app;
 * the bridge then drops any whose origin the registration does not list, reads the rest (`parseMessage`), and hands
 * them to that frame's actor (`bridgeFrame`), which checks scopes and answers. Before the app is ready, messages wait.
 * The app tells it when the theme, brand, building or language change (their values are read once and pushed to
 * every subscribed frame), when the page is hidden or shown, and when the kiosk resets.
 */
export const bridgeMachine = setup({
  types: { context: {} as BridgeContext, events: {} as BridgeEvent, input: {} as ReportsTo<BridgeReport> | undefined },
  actors: {
    frame: bridgeFrameMachine,
    /** The window's message and load listener and the page's visibility (the host provides it: src/bridge/hostListener.ts). */
    messages: fromCallback<BridgeEvent>(() => () => {}),
    /** The current value of a theme, brand, building or language event (the host provides it). */
    readEvent: fromPromise<unknown, { event: ReadEventName }>(async () => null),
  },
  actions: {
    /** Closes a frame the way its Close button does: its link-out actor's `linkOut.close`. */
    closeFrame: enqueueActions(({ enqueue, context }, params: { frameId: string }) => {
      const owner = context.frames[params.frameId]?.owner;
      if (owner) enqueue.sendTo(owner, { type: 'linkOut.close' });
    }),
    /** Tells a native app around a web view that a mini-app asked to close (part E fills it: src/bridge/nativeHost.ts). */
    notifyNativeHost: (_, _params: { message: object }) => {},
    openFrame: enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== 'frame.opened') return;
      if (Object.hasOwn(context.frames, event.frameId)) enqueue.stopChild(frameActorId(event.frameId));
      enqueue.assign({ frames: { ...context.frames, [event.frameId]: { app: event.app, owner: event.owner ?? null } } });
      enqueue.spawnChild('frame', { id: frameActorId(event.frameId), input: { frameId: event.frameId, app: event.app, host: BRIDGE_HOST } });
    }),
    forgetFrame: enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== 'frame.closed' || !Object.hasOwn(context.frames, event.frameId)) return;
      enqueue.sendTo(frameActorId(event.frameId), {
        type: 'host.event',
        event: 'visibilityChanged',
        data: { visible: false },
      } satisfies BridgeFrameEvent);
      enqueue.stopChild(frameActorId(event.frameId));
      const { [event.frameId]: _closed, ...rest } = context.frames;
      enqueue.assign({ frames: rest, waiting: context.waiting.filter((m) => m.frameId !== event.frameId) });
    }),
    /** A message from a registered frame at a registered origin, read and handed to that frame's actor. */
    route: enqueueActions(({ enqueue, context }, params: RouteParams) => {
      if (!registeredSender(context.frames, params.frameId, params.origin)) return;
      if (context.reportTo) enqueue.sendTo(context.reportTo, { type: 'bridge.activity' });
      const parsed = parseMessage(params.data);
      const to = frameActorId(params.frameId);
      if (parsed.kind === 'request')
        enqueue.sendTo(to, { type: 'frame.request', origin: params.origin, request: parsed.request } satisfies BridgeFrameEvent);
      else if (parsed.kind === 'unknown')
        enqueue.sendTo(to, { type: 'frame.unknown', origin: params.origin, action: parsed.action, id: parsed.id } satisfies BridgeFrameEvent);
    }),
    hold: assign({
      waiting: ({ context, event }) =>
        event.type === 'bridge.message' && context.waiting.length < MAX_WAITING && registeredSender(context.frames, event.frameId, event.origin)
          ? [...context.waiting, { frameId: event.frameId, origin: event.origin, data: event.data }]
          : context.waiting,
    }),
    release: enqueueOwn(({ enqueue, context }) => {
      for (const message of context.waiting) enqueue({ type: 'route', params: message });
      enqueue.assign({ waiting: [] });
    }),
    forwardLoad: enqueueActions(({ enqueue, context, event }) => {
      if (event.type === 'frame.loaded' && Object.hasOwn(context.frames, event.frameId))
        enqueue.sendTo(frameActorId(event.frameId), { type: 'frame.loaded' } satisfies BridgeFrameEvent);
    }),
    /** A host event to every open frame (each pushes it only if its document subscribed). */
    broadcast: enqueueActions(({ enqueue, context }, params: BroadcastParams) => {
      for (const frameId of Object.keys(context.frames))
        enqueue.sendTo(frameActorId(frameId), { type: 'host.event', event: params.event, data: params.data } satisfies BridgeFrameEvent);
    }),
    readChanged: enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== 'host.changed') return;
      enqueue.assign({ reads: context.reads + 1 });
      enqueue.spawnChild('readEvent', { id: `read.${event.event}.${context.reads}`, input: { event: event.event } });
    }),
    /** A value read: pushed as its event (the child's id names it: read.{event}.{n}). */
    pushRead: enqueueOwn(({ enqueue, event }) => {
      const name = event.type.replace(/^xstate\.done\.actor\.read\./, '').replace(/\.\d+$/, '') as BridgeEventName;
      enqueue({ type: 'broadcast', params: { event: name, data: (event as DoneActorEvent<unknown>).output } });
    }),
    closeEveryFrame: enqueueOwn(({ enqueue, context }) => {
      for (const frameId of Object.keys(context.frames)) enqueue({ type: 'closeFrame', params: { frameId } });
    }),
  },
}).createMachine({
  id: BRIDGE_ID,
  context: ({ input }) => ({ frames: {}, waiting: [], reads: 0, reportTo: reportToOf(input) }),
  invoke: { src: 'messages' },
  on: {
    'frame.opened': { actions: 'openFrame' },
    'frame.closed': { actions: 'forgetFrame' },
    'frame.loaded': { actions: 'forwardLoad' },
    'host.changed': {
      guard: ({ context }) => Object.keys(context.frames).length > 0,
      description:
        'A value changed while a mini-app is open: it is read once and pushed to the frames subscribed to it (with none open, nothing is read).',
      actions: 'readChanged',
    },
    'xstate.done.actor.read.*': { actions: 'pushRead' },
    'host.visibility': { actions: { type: 'broadcast', params: ({ event }) => ({ event: 'visibilityChanged', data: { visible: event.visible } }) } },
    'kiosk.idleReset': {
      description: 'The kiosk reset after its idle time: subscribed frames hear kioskReset, then every frame closes.',
      actions: [{ type: 'broadcast', params: { event: 'kioskReset', data: {} } }, 'closeEveryFrame'],
    },
    'bridge.closeFrame': {
      description: 'A mini-app asked to close (closeWebView): its frame closes, and a native host around a web view is told.',
      actions: [
        { type: 'closeFrame', params: ({ event }) => ({ frameId: event.frameId }) },
        { type: 'notifyNativeHost', params: { message: { action: 'closeWebView' } } },
      ],
    },
  },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The app is starting: messages from registered frames wait for it.',
      on: {
        'bridge.message': { actions: 'hold' },
        'host.ready': { target: 'ready', actions: 'release' },
      },
    },
    ready: {
      description: 'Messages are read and handed to their frame at once.',
      on: {
        'bridge.message': { actions: { type: 'route', params: ({ event }) => ({ frameId: event.frameId, origin: event.origin, data: event.data }) } },
      },
    },
  },
});

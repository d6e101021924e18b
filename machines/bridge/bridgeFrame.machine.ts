import { assign, enqueueActions, sendParent, sendTo, setup, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import {
  ACTION_SCOPE,
  actionAllowed,
  failure,
  initAnswer,
  invalidParams,
  replyTo,
  subscribable,
  type BridgeEventName,
  type BridgeReply,
  type BridgePush,
  type BridgeRequest,
  type CallResult,
  type RegisteredMiniApp,
  type RequestId,
} from './bridge.protocol';
import { bridgeCallMachine, type BridgeCallOutput } from './bridgeCall.machine';
import { SESSION_ID } from '../session/session.machine';
import { enqueueNamed } from '../shared/enqueue';
import type { SessionEvent } from '../session/session.types';

export interface BridgeFrameInput {
  frameId: string;
  app: RegisteredMiniApp;
  host: { name: string; version: string };
}

export interface BridgeFrameContext extends BridgeFrameInput {
  /** The origin the frame's current document initialised from (null until it does). */
  origin: string | null;
  /** Requests that came before the document's init, answered once it comes (or TIMEOUT after INIT_WAIT). */
  queue: { origin: string; request: BridgeRequest }[];
  subscriptions: BridgeEventName[];
  /** Calls the host is working on now (each a `bridgeCall` child). */
  calls: number;
  /** The number the next call's child takes (its id). */
  callCount: number;
  /** The frame's load events so far: every one after the first is a new document, which must init again. */
  loads: number;
}

/** What the bridge hands a frame's actor: a request from its window at an origin the app registered, a load, a host event. */
export type BridgeFrameEvent =
  | { type: 'frame.request'; origin: string; request: BridgeRequest }
  | { type: 'frame.unknown'; origin: string; action: string; id: RequestId }
  | { type: 'frame.loaded' }
  | { type: 'host.event'; event: BridgeEventName; data: unknown }
  | DoneActorEvent<BridgeCallOutput, `call.${number}`>;

/** What a frame asks of the bridge: close it (closeWebView). */
export type BridgeFrameReport = { type: 'bridge.closeFrame'; frameId: string };

/** At most this many calls of one frame run at once; more are answered UNAVAILABLE at once. */
export const MAX_CALLS = 16;
/** At most this many requests wait for a document's init (as many as may run at once); more are answered UNAVAILABLE. */
export const MAX_QUEUED = MAX_CALLS;
/** How long requests wait for the document's init before they are answered TIMEOUT. */
export const INIT_WAIT_MS = 5_000;

/** What `post` sends: a message to this frame's window at exactly `origin`. */
interface PostParams {
  frameId: string;
  origin: string;
  message: BridgeReply | BridgePush;
}

/** What `answer` replies to: the request's action and id, from `origin`. */
interface AnswerParams {
  origin: string;
  action: string;
  id?: RequestId;
  result: CallResult;
}

/** The named actions of this machine that its other actions queue (machines/shared/enqueue.ts). */
type QueuedAction =
  | { type: 'post'; params: PostParams }
  | { type: 'answer'; params: AnswerParams }
  | { type: 'reportClose'; params: undefined }
  | { type: 'logOut'; params: undefined };

const enqueueOwn = enqueueNamed<QueuedAction>();

const isRequest = (event: BridgeFrameEvent): event is Extract<BridgeFrameEvent, { type: 'frame.request' }> => event.type === 'frame.request';

/**
 * One mini-app frame the app opened, as the bridge sees it (issue 23). Its document must `init` (with its registered
 * app_uuid) before anything else is answered: requests that come first wait for it, and a new document (every load
 * after the first) must init again. Each request is checked against the app's scopes (ACCESS_DENIED) and its data
 * (INVALID_PARAMS) before a `bridgeCall` child does the host's work; every answer goes to the window of this frame at
 * the origin the request came from (the `post` action the host provides never uses '*').
 */
export const bridgeFrameMachine = setup({
  types: {
    input: {} as BridgeFrameInput,
    context: {} as BridgeFrameContext,
    events: {} as BridgeFrameEvent,
  },
  actors: { call: bridgeCallMachine },
  actions: {
    /** Posts a message to this frame's window at exactly `origin` (the host provides it: src/bridge/hostListener.ts). */
    post: (_, _params: PostParams) => {},
    /** The host's session signs out (logout): the session actor's own event, by its systemId. */
    logOut: sendTo(
      ({ system, self }) => system.get(SESSION_ID) ?? self,
      (): SessionEvent => ({ type: 'session.logout' }),
    ),
    reportClose: sendParent(({ context }): BridgeFrameReport => ({ type: 'bridge.closeFrame', frameId: context.frameId })),
    /** Answers a request that needs no host work, or refuses one, at once. */
    answer: enqueueOwn(({ enqueue, context }, params: AnswerParams) =>
      enqueue({
        type: 'post',
        params: { frameId: context.frameId, origin: params.origin, message: replyTo(params.action, params.id, params.result) },
      }),
    ),
    /** Everything a request of the initialised document leads to. */
    handle: enqueueOwn(({ enqueue, context, event }) => {
      if (!isRequest(event)) return;
      const { origin, request } = event;
      const respond = (result: CallResult) => enqueue({ type: 'answer', params: { origin, action: request.action, id: request.id, result } });
      if (!actionAllowed(request.action, context.app.scopes))
        return respond(failure('ACCESS_DENIED', `${request.action} needs the scope ${ACTION_SCOPE[request.action]}, not granted to this mini-app`));
      const invalid = invalidParams(request);
      if (invalid) return respond(invalid);
      switch (request.action) {
        case 'init': {
          const uuid = (request.data as { app_uuid: string }).app_uuid;
          if (uuid !== context.app.uuid) return respond(failure('ACCESS_DENIED', 'app_uuid is not the mini-app this frame was opened for'));
          enqueue.assign({ origin });
          return respond({ ok: true, data: initAnswer(context.app, context.host) });
        }
        case 'unsubscribe': {
          const names = (request.data as { events: string[] }).events;
          const left = context.subscriptions.filter((e) => !names.includes(e));
          enqueue.assign({ subscriptions: left });
          return respond({ ok: true, data: { events: left } });
        }
        case 'closeWebView':
          respond({ ok: true, data: { success: true } });
          return enqueue('reportClose');
        case 'logout':
          respond({ ok: true, data: { success: true } });
          return enqueue('logOut');
        case 'subscribe': {
          const { granted } = subscribable((request.data as { events: string[] }).events, context.app.scopes);
          enqueue.assign({ subscriptions: [...new Set([...context.subscriptions, ...granted])] });
          break; // the current values come from the host's work
        }
        default:
          break;
      }
      if (context.calls >= MAX_CALLS) return respond(failure('UNAVAILABLE', `At most ${MAX_CALLS} calls at once`));
      enqueue.assign({ calls: context.calls + 1, callCount: context.callCount + 1 });
      enqueue.spawnChild('call', { id: `call.${context.callCount}`, input: { request, app: context.app, origin } });
    }),
    /** A call ended: its answer goes to the window at the origin its request came from. */
    deliver: enqueueOwn(({ enqueue, context, event }) => {
      const output = (event as DoneActorEvent<BridgeCallOutput>).output;
      enqueue.assign({ calls: Math.max(0, context.calls - 1) });
      enqueue({ type: 'post', params: { frameId: context.frameId, origin: output.origin, message: output.reply } });
    }),
    /** A host event goes to the document if it subscribed to it (at the origin it initialised from). */
    push: enqueueOwn(({ enqueue, context, event }) => {
      if (event.type !== 'host.event' || context.origin === null || !context.subscriptions.includes(event.event)) return;
      enqueue({ type: 'post', params: { frameId: context.frameId, origin: context.origin, message: { event: event.event, data: event.data } } });
    }),
    enqueueRequest: assign({
      queue: ({ context, event }) => (isRequest(event) ? [...context.queue, { origin: event.origin, request: event.request }] : context.queue),
    }),
    /** The requests that waited for init, handled in order now that the document has initialised. */
    replayQueue: enqueueActions(({ enqueue, context }) => {
      const queue = context.queue;
      enqueue.assign({ queue: [] });
      for (const item of queue) enqueue.raise({ type: 'frame.request', origin: item.origin, request: item.request });
    }),
    expireQueue: enqueueOwn(({ enqueue, context }) => {
      for (const { origin, request } of context.queue)
        enqueue({
          type: 'answer',
          params: { origin, action: request.action, id: request.id, result: failure('TIMEOUT', 'The mini-app did not init within 5 s') },
        });
      enqueue.assign({ queue: [] });
    }),
    /** A new document: it must init again, and it is told so (at each registered origin; only its own receives it). */
    forgetDocument: enqueueOwn(({ enqueue, context }) => {
      enqueue.assign({ origin: null, subscriptions: [] });
      for (const origin of context.app.origins)
        enqueue({ type: 'post', params: { frameId: context.frameId, origin, message: { event: 'initRequired', data: null } } });
    }),
  },
  guards: {
    isInit: ({ event }) => isRequest(event) && event.request.action === 'init',
    /** An init this frame's registration accepts: its data valid and its app_uuid the frame's mini-app. */
    acceptedInit: ({ context, event }) =>
      isRequest(event) &&
      event.request.action === 'init' &&
      invalidParams(event.request) === null &&
      (event.request.data as { app_uuid: string }).app_uuid === context.app.uuid,
    queueFull: ({ context }) => context.queue.length >= MAX_QUEUED,
    newDocument: ({ context }) => context.loads >= 1,
  },
  delays: { initWait: INIT_WAIT_MS },
}).createMachine({
  id: 'bridgeFrame',
  context: ({ input }) => ({ ...input, origin: null, queue: [], subscriptions: [], calls: 0, callCount: 0, loads: 0 }),
  on: {
    'frame.unknown': {
      description: 'An action the host does not know, with an id: answered UNSUPPORTED so the call ends.',
      actions: {
        type: 'answer',
        params: ({ event }) => ({
          origin: event.origin,
          action: event.action,
          id: event.id,
          result: failure('UNSUPPORTED', `Unknown action ${event.action}`),
        }),
      },
    },
    'xstate.done.actor.call.*': { actions: 'deliver' },
  },
  initial: 'awaitingInit',
  states: {
    awaitingInit: {
      description: 'The document has not initialised: requests wait for its init (at most 16, at most 5 s).',
      initial: 'empty',
      on: {
        'frame.request': [
          { guard: 'acceptedInit', target: 'ready', actions: ['handle', 'replayQueue'] },
          { guard: 'isInit', actions: 'handle' },
          {
            guard: 'queueFull',
            actions: {
              type: 'answer',
              params: ({ event }) => ({
                origin: event.origin,
                action: event.request.action,
                id: event.request.id,
                result: failure('UNAVAILABLE', 'Too many requests before init'),
              }),
            },
          },
          { target: '.holding', actions: 'enqueueRequest' },
        ],
        'frame.loaded': [
          { guard: 'newDocument', actions: [assign({ loads: ({ context }) => context.loads + 1 }), 'forgetDocument'] },
          { actions: assign({ loads: ({ context }) => context.loads + 1 }) },
        ],
      },
      states: {
        empty: {},
        holding: {
          description: 'Requests are waiting for init.',
          after: { initWait: { target: 'empty', actions: 'expireQueue' } },
        },
      },
    },
    ready: {
      description: 'The document initialised: requests are checked and answered, subscribed events pushed.',
      on: {
        'frame.request': { actions: 'handle' },
        'host.event': { actions: 'push' },
        'frame.loaded': [
          { guard: 'newDocument', target: 'awaitingInit', actions: [assign({ loads: ({ context }) => context.loads + 1 }), 'forgetDocument'] },
          { actions: assign({ loads: ({ context }) => context.loads + 1 }) },
        ],
      },
    },
  },
});

export type BridgeFrameRef = ActorRefFrom<typeof bridgeFrameMachine>;

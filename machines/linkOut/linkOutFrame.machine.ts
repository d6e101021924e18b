import { assign, fromCallback, fromPromise, setup, type ActorRef, type Snapshot } from 'xstate';
import type { BridgeEvent } from '../bridge/bridge.machine';
import type { MiniAppRegistration } from '../../contracts/runtimeConfig';

/** How a link opens in the frame: a page fetched and shown inline, or a survey framed directly (700px high). */
export type LinkOutKind = 'page' | 'survey';

/** A registered mini-app on an origin of its own, framed directly and answered by the bridge (issue 23). */
export interface LinkOutMiniApp {
  app: MiniAppRegistration;
  /** The frame's id for the bridge (its iframe carries it as data-bridge-frame). */
  frameId: string;
  /**
   * Whether the bridge answers it (the flag enable-tw-host-sdk): false frames it with the specification's link
   * parameters and no bridge.
   */
  bridged?: boolean;
}

const BRIDGE_SYSTEM_ID = 'bridge';

export interface LinkOutContext {
  url: string | null;
  kind: LinkOutKind;
  /** The fetched page, shown as the frame's document. */
  html: string | null;
  /** The registered mini-app's name, the frame's title (null: not a registered mini-app; the view says 'Mini-app'). */
  title: string | null;
  /** A mini-app the bridge answers: framed directly on its own origin with its registered allow and sandbox. */
  miniApp: LinkOutMiniApp | null;
}

export type LinkOutEvent =
  | { type: 'linkOut.open'; url: string; kind: LinkOutKind; title?: string | null; miniApp?: LinkOutMiniApp | null }
  /** The person closed it, the page inside asked to close ('closeMFE'), or the route changed. */
  | { type: 'linkOut.close' };

/** `open` while the frame shows; `frame:…`: what it shows. */
export type LinkOutTag = 'open' | 'frame:loading' | 'frame:page' | 'frame:failed' | 'frame:survey' | 'frame:miniApp';

export const LINK_OUT_ID = 'linkOut';

/** A page that answers an API error body (it holds statusCode) did not load, whatever its HTTP status. */
export const pageNotLoaded = (text: string) => text.includes('statusCode');

/**
 * The full-screen link-out frame (access document section 4, content document section 2). A page is fetched as text:
 * a failed fetch, or text holding statusCode, shows 'page_not_loaded'; otherwise the text is the frame's document.
 * A survey link is framed directly in a 700px modal. It hides on a close message and on a route change.
 */
export const linkOutFrameMachine = setup({
  types: { context: {} as LinkOutContext, events: {} as LinkOutEvent, tags: {} as LinkOutTag },
  actors: {
    fetchPage: fromPromise<string, { url: string }>(() => Promise.reject(new Error('fetchPage is not provided'))),
    /** Listens for the frame's close message while it is open and sends linkOut.close. */
    closeMessages: fromCallback<LinkOutEvent>(() => () => {}),
    /**
     * While a mini-app is shown, the bridge (by its systemId) answers its frame, and closes it through this actor; the
     * frame leaves the bridge when it closes, and also when the screen's flow stops with it open (an invoked actor's
     * end runs then, exit actions do not). Without the app (a unit test) there is no bridge and nothing is sent.
     */
    bridgeRegistration: fromCallback<LinkOutEvent, LinkOutMiniApp>(({ input, system, self, sendBack, receive }) => {
      if (input.bridged === false) return () => {};
      const bridge: ActorRef<Snapshot<unknown>, BridgeEvent> | undefined = system.get(BRIDGE_SYSTEM_ID);
      // The frame's owner for the bridge is this actor: the bridge's `linkOut.close` is handed to the frame.
      receive((event) => {
        if (event.type === 'linkOut.close') sendBack(event);
      });
      bridge?.send({ type: 'frame.opened', frameId: input.frameId, app: input.app, owner: self });
      return () => bridge?.send({ type: 'frame.closed', frameId: input.frameId });
    }),
  },
  guards: {
    isMiniApp: ({ event }) => event.type === 'linkOut.open' && !!event.miniApp,
    isSurvey: ({ event }) => event.type === 'linkOut.open' && event.kind === 'survey',
    notLoaded: (_, params: { text: string }) => pageNotLoaded(params.text),
  },
}).createMachine({
  id: LINK_OUT_ID,
  context: { url: null, kind: 'page', html: null, title: null, miniApp: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'linkOut.open': [
          {
            guard: 'isMiniApp',
            target: 'open.miniApp',
            actions: assign({
              url: ({ event }) => event.url,
              kind: ({ event }) => event.kind,
              html: null,
              title: ({ event }) => event.title ?? null,
              miniApp: ({ event }) => event.miniApp ?? null,
            }),
          },
          {
            guard: 'isSurvey',
            target: 'open.survey',
            actions: assign({ url: ({ event }) => event.url, kind: 'survey', html: null, title: ({ event }) => event.title ?? null }),
          },
          {
            target: 'open.loading',
            actions: assign({ url: ({ event }) => event.url, kind: 'page', html: null, title: ({ event }) => event.title ?? null }),
          },
        ],
      },
    },
    open: {
      tags: ['open'],
      initial: 'loading',
      invoke: { src: 'closeMessages' },
      on: { 'linkOut.close': { target: 'hidden', actions: assign({ url: null, html: null, title: null, miniApp: null }) } },
      states: {
        loading: {
          tags: ['frame:loading'],
          invoke: {
            src: 'fetchPage',
            input: ({ context }) => ({ url: context.url! }),
            onDone: [
              { guard: { type: 'notLoaded', params: ({ event }) => ({ text: event.output }) }, target: 'failed' },
              { target: 'page', actions: assign({ html: ({ event }) => event.output }) },
            ],
            onError: { target: 'failed' },
          },
        },
        page: { description: 'The fetched page is the frame’s document.', tags: ['frame:page'] },
        failed: { description: "'page_not_loaded' in place of the frame.", tags: ['frame:failed'] },
        survey: { description: 'The survey, framed directly with the auth parameters, 700px high.', tags: ['frame:survey'] },
        miniApp: {
          description: 'A registered mini-app on its own origin, framed directly; the bridge answers it while it is open.',
          tags: ['frame:miniApp'],
          invoke: { src: 'bridgeRegistration', input: ({ context }) => context.miniApp! },
        },
      },
    },
  },
});

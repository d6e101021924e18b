import { enqueueActions, fromCallback, fromPromise, sendTo, type ActorRefFrom, type EventObject, type MachineContext } from 'xstate';
import type { FollowedLink } from '../../../machines/home/home.machine';
import { linkOutFrameMachine, type LinkOutEvent, type LinkOutKind } from '../../../machines/linkOut/linkOutFrame.machine';
import { pageText } from '../../api/pages';
import type { AppActor } from '../appActor';
import { currentPath, navigate } from '../adapters/navigation';
import { bridgedMiniAppOf, microFrontendUrl, registeredMiniAppName, withMicroFrontendContext } from '../../../machines/content/links';
import { microFrontendParams, withMicroFrontendParams } from './microFrontend';
import { fromLinkOutFrame } from '../../bridge/frames';
import { directMiniAppMachine } from '../../../machines/linkOut/directMiniApp.machine';
import { APP_HOME } from '../../../machines/routing/routeAccess';

/** The message a page in the frame posts to close it (a post's call-to-action mini-app, a survey). */
export const CLOSE_MESSAGE = 'closeMFE';

/**
 * The link-out frame with the browser's parts: the page is fetched with no-cors and read as text; a 'closeMFE'
 * message from the window of the frame it shows closes it.
 */
export function linkOutFrameLogic() {
  return linkOutFrameMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => pageText(input.url)),
      closeMessages: fromCallback<LinkOutEvent>(({ sendBack }) => {
        const onMessage = (event: MessageEvent) => {
          // Only the frame's own page may close it: a close posted by another frame, tab or opener is not heard.
          if (!fromLinkOutFrame(document, event.source)) return;
          if (event.data === CLOSE_MESSAGE || (typeof event.data === 'object' && event.data?.type === CLOSE_MESSAGE))
            sendBack({ type: 'linkOut.close' });
        };
        window.addEventListener('message', onMessage);
        return () => window.removeEventListener('message', onMessage);
      }),
    },
  });
}

export const openInNewTab = (url: string) => window.open(url, '_blank', 'noopener');

/** The name the link's mini-app was registered with, for the frame's title (null when it is not a registered one). */
const miniAppTitle = (app: AppActor, url: string) => {
  const { miniAppUrls, miniAppNames } = app.getSnapshot().context.config;
  return registeredMiniAppName(url, { origin: window.location.origin, miniApps: miniAppUrls }, miniAppNames ?? {});
};

type LinkOutOpen = Extract<LinkOutEvent, { type: 'linkOut.open' }>;

/**
 * The sending of a frame link to a screen's link-out child (by the child's id). Built outside the screens' setup, it
 * takes the context and events of the screen whose action queues it; the event is checked against the frame's own.
 */
const openLinkOutChild = <TContext extends MachineContext, TEvent extends EventObject>(app: AppActor, url: string, kind: LinkOutKind) =>
  sendTo<TContext, TEvent, undefined, ActorRefFrom<typeof linkOutFrameMachine>, TEvent>('linkOut', linkOutOpen(app, url, kind));

/**
 * The frame link a screen opens, with the person's parameters and the mini-app's registered name when the link is a
 * registered mini-app.
 */
const linkOutOpen = (app: AppActor, url: string, kind: LinkOutKind): LinkOutOpen => {
  const bridged = bridgedMiniAppOf(url, app.getSnapshot().context.config.miniApps ?? [], window.location.origin);
  if (!bridged) return { type: 'linkOut.open', url: withMicroFrontendParams(app, url), kind, title: miniAppTitle(app, url) };
  // With the host SDK off (enable-tw-host-sdk), a mini-app is framed as the specification's micro-frontend link: its
  // parameters (the person's token among them, for a registered mini-app) and no bridge (decision 177).
  if (!app.getSnapshot().context.flags['enable-tw-host-sdk'])
    return {
      type: 'linkOut.open',
      url: withMicroFrontendParams(app, url),
      kind,
      title: bridged.name,
      miniApp: { app: bridged, frameId: newFrameId(), bridged: false },
    };
  // A mini-app the bridge answers never holds the person's token: it asks the bridge for its own (getJWT).
  const framed = new URL(microFrontendUrl(url, microFrontendParams(app), window.location.origin), window.location.origin);
  framed.searchParams.delete('authToken');
  // What the bridge client needs: the host's origin (its only peer) and the mini-app's registered uuid.
  framed.searchParams.set('hostOrigin', window.location.origin);
  framed.searchParams.set('appUuid', bridged.uuid);
  return {
    type: 'linkOut.open',
    // Where in the app it was opened from, as the specification's context parameter (base64 of JSON).
    url: withMicroFrontendContext(framed.toString(), { opened_from: currentPath() ?? '/' }, window.location.origin),
    kind,
    title: bridged.name,
    miniApp: { app: bridged, frameId: newFrameId() },
  };
};

let frames = 0;
/** A frame's id for the bridge: unique in this page. */
const newFrameId = () => `f${++frames}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * How a content screen follows its call-to-action: a new tab, a route of the app, or its link-out frame child. The
 * screen's context and events are inferred from the `provide` that takes these actions; the frame's open queues none of
 * the screen's named actions, children, guards or delays (the `never`s).
 */
export const linkActions = <TContext extends MachineContext, TEvent extends EventObject>(app: AppActor) => ({
  openInNewTab: (_: unknown, { url }: { url: string }) => void openInNewTab(url),
  navigate: (_: unknown, { to }: { to: string }) => navigate(to),
  openFrame: enqueueActions<TContext, TEvent, { url: string; kind: LinkOutKind }, TEvent, never, never, never, never, never>(
    ({ enqueue }, { url, kind }) => enqueue(openLinkOutChild(app, url, kind)),
  ),
});

/** How the home screen follows a tile's or a utility's link (typed as `linkActions` is). */
export const followLinkAction = <TContext extends MachineContext, TEvent extends EventObject>(app: AppActor) =>
  enqueueActions<TContext, TEvent, FollowedLink, TEvent, never, never, never, never, never>(({ enqueue }, link) => {
    if (link.kind === 'newTab') enqueue(() => void openInNewTab(link.url));
    else if (link.kind === 'route') enqueue(() => navigate(link.to, link.preview ? { state: { contentPreview: link.preview } } : undefined));
    else enqueue(openLinkOutChild(app, link.url, link.frame));
  });

/**
 * /apps/{appUuid}: the registered mini-app opened at once in the screen's link-out frame, as a home utility opens it;
 * its close leads home in place of this address (decision 183).
 */
export function directMiniAppLogic(app: AppActor) {
  return directMiniAppMachine.provide({
    actors: { linkOut: linkOutFrameLogic() },
    actions: {
      openApp: enqueueActions(({ enqueue }, { url }: { url: string }) => enqueue(openLinkOutChild(app, url, 'page'))),
      goHome: () => navigate(APP_HOME, { replace: true }),
    },
  });
}

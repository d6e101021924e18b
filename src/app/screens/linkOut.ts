import { fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { linkOutFrameMachine, type LinkOutEvent } from '../../machines/linkOut/linkOutFrame.machine';
import type { FollowedLink } from '../../machines/home/home.machine';
import { pageText } from '../api/pages';
import type { AppActor } from './appActor';
import { navigate } from './navigation';
import { withMicroFrontendParams } from './microFrontend';

/** The message a page in the frame posts to close it (a post's call-to-action mini-app, a survey). */
export const CLOSE_MESSAGE = 'closeMFE';

/**
 * The link-out frame with the browser's parts: the page is fetched with no-cors and read as text; a 'closeMFE'
 * message from the frame closes it.
 */
export function linkOutFrameLogic() {
  return linkOutFrameMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => pageText(input.url)),
      closeMessages: fromCallback<LinkOutEvent>(({ sendBack }) => {
        const onMessage = (event: MessageEvent) => {
          if (event.data === CLOSE_MESSAGE || (typeof event.data === 'object' && event.data?.type === CLOSE_MESSAGE)) sendBack({ type: 'linkOut.close' });
        };
        window.addEventListener('message', onMessage);
        return () => window.removeEventListener('message', onMessage);
      }),
    },
  });
}

export const openInNewTab = (url: string) => window.open(url, '_blank', 'noopener');

/** Opens the screen's link-out frame child on `url` with the micro-frontend parameters. */
export const openFrame = (app: AppActor, screen: AnyActorRef, url: string, kind: 'page' | 'survey') =>
  screen.getSnapshot().children.linkOut?.send({ type: 'linkOut.open', url: withMicroFrontendParams(app, url), kind });

/** A link a screen follows: a route of the app, a new tab, or the screen's link-out frame. */
export function followLink(app: AppActor, screen: AnyActorRef, link: FollowedLink) {
  if (link.kind === 'newTab') openInNewTab(link.url);
  else if (link.kind === 'route') navigate(link.to);
  else openFrame(app, screen, link.url, link.frame);
}

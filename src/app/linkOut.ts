import { fromCallback, fromPromise } from 'xstate';
import { linkOutFrameMachine, type LinkOutEvent } from '../../machines/linkOut/linkOutFrame.machine';

/** TEMPORARY stand-in until the home work lands its own wiring of the link-out frame. */
export function linkOutFrameLogic() {
  return linkOutFrameMachine.provide({
    actors: {
      fetchPage: fromPromise(async ({ input }) => (await fetch(input.url, { mode: 'no-cors' })).text()),
      closeMessages: fromCallback<LinkOutEvent>(({ sendBack }) => {
        const onMessage = (event: MessageEvent) => {
          if (event.data === 'closeMFE') sendBack({ type: 'linkOut.close' });
        };
        window.addEventListener('message', onMessage);
        return () => window.removeEventListener('message', onMessage);
      }),
    },
  });
}

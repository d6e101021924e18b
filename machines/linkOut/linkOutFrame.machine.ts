import { assign, fromCallback, fromPromise, setup } from 'xstate';

/** How a link opens in the frame: a page fetched and shown inline, or a survey framed directly (700px high). */
export type LinkOutKind = 'page' | 'survey';

export interface LinkOutContext {
  url: string | null;
  kind: LinkOutKind;
  /** The fetched page, shown as the frame's document. */
  html: string | null;
  /** The registered mini-app's name, the frame's title (null: not a registered mini-app; the view says 'Mini-app'). */
  title: string | null;
}

export type LinkOutEvent =
  | { type: 'linkOut.open'; url: string; kind: LinkOutKind; title?: string | null }
  /** The person closed it, the page inside asked to close ('closeMFE'), or the route changed. */
  | { type: 'linkOut.close' };

export const LINK_OUT_ID = 'linkOut';

/** A page that answers an API error body (it holds statusCode) did not load, whatever its HTTP status. */
export const pageNotLoaded = (text: string) => text.includes('statusCode');

/**
 * The full-screen link-out frame (access document section 4, content document section 2). A page is fetched as text:
 * a failed fetch, or text holding statusCode, shows 'page_not_loaded'; otherwise the text is the frame's document.
 * A survey link is framed directly in a 700px modal. It hides on a close message and on a route change.
 */
export const linkOutFrameMachine = setup({
  types: { context: {} as LinkOutContext, events: {} as LinkOutEvent },
  actors: {
    fetchPage: fromPromise<string, { url: string }>(() => Promise.reject(new Error('fetchPage is not provided'))),
    /** Listens for the frame's close message while it is open and sends linkOut.close. */
    closeMessages: fromCallback<LinkOutEvent>(() => () => {}),
  },
  guards: {
    isSurvey: ({ event }) => event.type === 'linkOut.open' && event.kind === 'survey',
    notLoaded: (_, params: { text: string }) => pageNotLoaded(params.text),
  },
}).createMachine({
  id: LINK_OUT_ID,
  context: { url: null, kind: 'page', html: null, title: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'linkOut.open': [
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
      on: { 'linkOut.close': { target: 'hidden', actions: assign({ url: null, html: null, title: null }) } },
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
      },
    },
  },
});

import { setup } from 'xstate';

/**
 * A pure test model of the link-out frame (access document section 4, content document section 2): the app opens a
 * link (`app.openPage`: a page fetched and shown inline; `app.openSurvey`: framed directly; `app.openMiniApp`: a
 * registered mini-app on its own origin). The page's fetch answers a document (`api.page`), an API error body
 * (`api.notLoaded`: text holding statusCode) or fails (`api.failed`); the person closes the frame (`user.close`) from
 * any of its states, the page's loading too.
 */
export type LinkOutModelEvent =
  | { type: 'app.openPage' }
  | { type: 'app.openSurvey' }
  | { type: 'app.openMiniApp' }
  | { type: 'api.page' }
  | { type: 'api.notLoaded' }
  | { type: 'api.failed' }
  | { type: 'user.close' };

export type LinkOutModelState = 'hidden' | 'loading' | 'page' | 'failed' | 'survey' | 'miniApp';

const close = { 'user.close': 'hidden' } as const;

export const linkOutModel = setup({
  types: { events: {} as LinkOutModelEvent },
}).createMachine({
  id: 'linkOutModel',
  initial: 'hidden',
  states: {
    hidden: { on: { 'app.openPage': 'loading', 'app.openSurvey': 'survey', 'app.openMiniApp': 'miniApp' } },
    loading: { on: { 'api.page': 'page', 'api.notLoaded': 'failed', 'api.failed': 'failed', ...close } },
    page: { on: close },
    failed: { on: close },
    survey: { on: close },
    miniApp: { on: close },
  },
});

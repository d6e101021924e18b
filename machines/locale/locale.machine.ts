import { assign, fromPromise, sendTo, setup } from 'xstate';
import { reportTarget, reportToOf, type ReportTarget, type ReportsTo } from '../shared/reports';

export const LOCALE_ID = 'locale';

export interface LocaleContext<M = Record<string, string>> {
  locale: string;
  messages: M | null;
  requested: string | null;
  /** The app, told the language in use (null: running alone). */
  reportTo: ReportTarget<LocaleReport> | null;
}

export type LocaleEvent = { type: 'locale.set'; requested: string | null };

/** `loading` while a catalogue loads (the previous one stays on screen); `ready` once it is in, or failed. */
export type LocaleTag = 'loading' | 'ready';

/** What the locale tells the app (its parent): the language in use, each time a catalogue is in. */
export type LocaleReport = { type: 'locale.changed'; locale: string };

/**
 * The interface language: a requested tag (the `lang` parameter, the stored choice, the browser's) is matched to
 * a supported locale and its catalogue loaded. The previous catalogue stays on screen until the new one is in.
 */
export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as { requested: string | null } & ReportsTo<LocaleReport>,
    tags: {} as LocaleTag,
  },
  actors: {
    loadCatalogue: fromPromise<{ locale: string; messages: Record<string, string> }, { requested: string | null }>(() =>
      Promise.reject(new Error('loadCatalogue is not provided')),
    ),
  },
  actions: {
    /** Keeps the chosen language for the next visit and tells the API (wired by the app). */
    rememberLocale: (_, _params: { locale: string }) => {},
    /** Tells the app the language in use: it reloads the building's content in it and restarts screens. */
    reportLocale: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (_, params: { locale: string }): LocaleReport => ({ type: 'locale.changed', locale: params.locale }),
    ),
  },
}).createMachine({
  id: LOCALE_ID,
  context: ({ input }) => ({ locale: 'en', messages: null, requested: input.requested, reportTo: reportToOf(input) }),
  initial: 'loading',
  on: {
    'locale.set': { target: '.loading', actions: assign({ requested: ({ event }) => event.requested }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCatalogue',
        input: ({ context }) => ({ requested: context.requested }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ locale: ({ event }) => event.output.locale, messages: ({ event }) => event.output.messages }),
            { type: 'rememberLocale', params: ({ event }) => ({ locale: event.output.locale }) },
            { type: 'reportLocale', params: ({ event }) => ({ locale: event.output.locale }) },
          ],
        },
        // A catalogue that fails to load leaves the current language in place.
        onError: { target: 'ready' },
      },
    },
    ready: { tags: ['ready'] },
  },
});

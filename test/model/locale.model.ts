import { assign, setup } from 'xstate';

/**
 * A pure test model of the interface language: the app asks for English at start, and then for a language by the
 * person's choice or the link's `lang` (`app.askFrench`, `app.askEnglish`), at any time, a load in flight too. Each
 * ask loads its catalogue: in (`api.catalogue`: the language changes) or failed (`api.failed`: the language on screen
 * stays). The language on screen is the last one whose catalogue came in.
 */
export type LocaleModelEvent = { type: 'app.askFrench' } | { type: 'app.askEnglish' } | { type: 'api.catalogue' } | { type: 'api.failed' };

export type LocaleModelState = 'loading' | 'ready';

export interface LocaleModelContext {
  shown: 'en' | 'fr';
  asked: 'en' | 'fr';
}

export const localeModel = setup({ types: { context: {} as LocaleModelContext, events: {} as LocaleModelEvent } }).createMachine({
  id: 'localeModel',
  context: { shown: 'en', asked: 'en' },
  initial: 'loading',
  on: {
    'app.askFrench': { target: '.loading', actions: assign({ asked: 'fr' }) },
    'app.askEnglish': { target: '.loading', actions: assign({ asked: 'en' }) },
  },
  states: {
    loading: {
      on: {
        'api.catalogue': { target: 'ready', actions: assign({ shown: ({ context }) => context.asked }) },
        'api.failed': 'ready',
      },
    },
    ready: {},
  },
});

import en from './locales/en.json';
import type { Locale } from '../../contracts/locales';

// The locales and their matching are shared with the charts (contracts/locales.ts).
export { DEFAULT_LOCALE, LOCALES, matchLocale, type Locale } from '../../contracts/locales';

export type MessageId = keyof typeof en;
export type Catalogue = Record<MessageId, string>;

export const englishCatalogue: Catalogue = en;

// Only English ships in the first load; every other catalogue is its own chunk, fetched when chosen.
const loaders = import.meta.glob<{ default: Partial<Catalogue> }>(['./locales/*.json', '!./locales/en.json']);

/** A locale's messages over the English ones, so a missing key still shows English. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return englishCatalogue;
  const loader = loaders[`./locales/${locale}.json`];
  if (!loader) return englishCatalogue;
  const { default: messages } = await loader();
  return { ...englishCatalogue, ...messages };
}

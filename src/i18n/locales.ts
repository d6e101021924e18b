import en from './locales/en.json';

export type MessageId = keyof typeof en;
export type Catalogue = Record<MessageId, string>;

/**
 * The twelve locales of the specification; `en` is the source catalogue and the fallback. Regional English
 * catalogues (en-US, en-GB) hold only what differs from it; every other language is complete.
 */
export const LOCALES = ['en', 'en-US', 'en-GB', 'de-DE', 'es-ES', 'fr-CA', 'fr-FR', 'it-IT', 'nb-NO', 'nl-NL', 'pl-PL', 'pt-PT'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const englishCatalogue: Catalogue = en;

// Only English ships in the first load; every other catalogue is its own chunk, fetched when chosen.
const loaders = import.meta.glob<{ default: Partial<Catalogue> }>(['./locales/*.json', '!./locales/en.json']);

/** The best supported locale for a requested tag: exact, then same language, then the fallback. */
export function matchLocale(requested: string | null | undefined): Locale {
  if (!requested) return DEFAULT_LOCALE;
  const tag = requested.replace('_', '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const language = tag.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? DEFAULT_LOCALE;
}

/** A locale's messages over the English ones, so a missing key still shows English. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return englishCatalogue;
  const loader = loaders[`./locales/${locale}.json`];
  if (!loader) return englishCatalogue;
  const { default: messages } = await loader();
  return { ...englishCatalogue, ...messages };
}

/**
 * The interface's locales and how a requested language tag is matched to one: shared by the app (which loads the
 * catalogue) and its charts (a building switch knows at once which locale its language resets to, so the screens
 * start once, in it).
 */

/**
 * The twelve locales of the specification; `en` is the source catalogue and the fallback. Regional English
 * catalogues (en-US, en-GB) hold only what differs from it; every other language is complete.
 */
export const LOCALES = ['en', 'en-US', 'en-GB', 'de-DE', 'es-ES', 'fr-CA', 'fr-FR', 'it-IT', 'nb-NO', 'nl-NL', 'pl-PL', 'pt-PT'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The best supported locale for a requested tag: exact, then same language, then the fallback. */
export function matchLocale(requested: string | null | undefined): Locale {
  if (!requested) return DEFAULT_LOCALE;
  const tag = requested.replace('_', '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const language = tag.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? DEFAULT_LOCALE;
}

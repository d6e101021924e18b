import type { LocaleData } from 'i18n-iso-countries';
import type { Locale } from './locales';

/** The specification's default country (section 9). */
export const DEFAULT_COUNTRY = 'US';

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** The country's name in the requested locale's language. */
  name: string;
}

/**
 * One loader per language of the twelve locales. Each is a literal dynamic import, so the bundler makes every
 * language its own chunk and none of them (nor the library) lands in the first load; a template-string import of a
 * bare package path is not something Vite can split (decision 25).
 */
const LANGUAGES = {
  en: () => import('i18n-iso-countries/langs/en.json'),
  de: () => import('i18n-iso-countries/langs/de.json'),
  es: () => import('i18n-iso-countries/langs/es.json'),
  fr: () => import('i18n-iso-countries/langs/fr.json'),
  it: () => import('i18n-iso-countries/langs/it.json'),
  nb: () => import('i18n-iso-countries/langs/nb.json'),
  nl: () => import('i18n-iso-countries/langs/nl.json'),
  pl: () => import('i18n-iso-countries/langs/pl.json'),
  pt: () => import('i18n-iso-countries/langs/pt.json'),
} satisfies Record<string, () => Promise<{ default: LocaleData }>>;

type Language = keyof typeof LANGUAGES;

/** The country-list language of a locale tag (`de-DE` → `de`); English for anything else. */
export function countryLanguage(locale: Locale | string): Language {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return language in LANGUAGES ? (language as Language) : 'en';
}

type Library = typeof import('i18n-iso-countries');
let library: Promise<Library> | null = null;
const registered = new Map<Language, Promise<void>>();

/** The library (CommonJS, so its namespace may sit under `default`), loaded once on first use. */
function loadLibrary(): Promise<Library> {
  library ??= import('i18n-iso-countries').then((m) => ((m as { default?: Library }).default ?? m) as Library);
  return library;
}

function register(lib: Library, language: Language): Promise<void> {
  let done = registered.get(language);
  if (!done) {
    done = LANGUAGES[language]().then(({ default: data }) => lib.registerLocale(data));
    // A failed load may be retried by the next call.
    done.catch(() => registered.delete(language));
    registered.set(language, done);
  }
  return done;
}

/** Every country (about 250) with its name in the locale's language, sorted as that locale sorts. */
export async function loadCountries(locale: Locale | string): Promise<Country[]> {
  const language = countryLanguage(locale);
  const lib = await loadLibrary();
  await register(lib, language);
  const names = lib.getNames(language, { select: 'official' });
  const collator = new Intl.Collator(locale);
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

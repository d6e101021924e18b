import { matchLocale } from '../../contracts/locales';

export interface BuildingLanguage {
  code: string;
  name: string;
  priority: number;
}

/**
 * The languages of a building that names none (access document, section 3): en_US, es_ES and el_EL, priorities 0, 1
 * and 2. Their names are each language's own, as a building's are.
 */
export const FALLBACK_LANGUAGES: readonly BuildingLanguage[] = [
  { code: 'en_US', name: 'English (US)', priority: 0 },
  { code: 'es_ES', name: 'Español', priority: 1 },
  { code: 'el_EL', name: 'Ελληνικά', priority: 2 },
];

/** A building's own languages, or the fallback list when it has none (an empty or missing list). */
export const languagesOf = (building: { languages?: readonly BuildingLanguage[] | null }): readonly BuildingLanguage[] =>
  building.languages?.length ? building.languages : FALLBACK_LANGUAGES;

/**
 * Whether the interface can be shown in a language: one of the twelve shipped locales is of the same language. el_EL
 * (Greek) is not (decision 193-fallback-languages-and-greek.md), so the language menu lists it but cannot pick it.
 */
export function interfaceHasLanguage(code: string): boolean {
  const language = code.replace('_', '-').toLowerCase().split('-')[0];
  return matchLocale(code).toLowerCase().split('-')[0] === language;
}

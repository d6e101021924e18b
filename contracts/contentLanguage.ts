/**
 * Which of a building's languages its content comes in, for the languages a person asks for: shared by the server
 * (which answers in it) and the app (which says so when it is not the interface's language; decision 082).
 */

/**
 * The building language to answer in: the first wanted tag matched exactly (case-insensitive, `_` read as `-`), else
 * by its primary subtag (es → es-ES, en-US → en); else the building's first language.
 */
export function pickLanguage(languages: readonly string[], wanted: readonly (string | null | undefined)[]): string {
  const fallback = languages[0] ?? 'en';
  const candidates = wanted.filter((w): w is string => !!w).map((w) => w.replace(/_/g, '-').toLowerCase());
  for (const c of candidates) {
    const exact = languages.find((l) => l.toLowerCase() === c);
    if (exact) return exact;
    const primary = c.split('-')[0];
    const near = languages.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (near) return near;
  }
  return fallback;
}

/** The primary language subtag (`fr-CA` → `fr`). */
export const primaryLanguage = (tag: string) => tag.replace(/_/g, '-').split('-')[0]!.toLowerCase();

/**
 * The language operator text is shown in when it is not the interface's (compared by primary subtag: en-GB text on an
 * en-US page is no fallback), else null. `textLanguage` null: not known, so no claim is made.
 */
export function fallbackLanguage(textLanguage: string | null | undefined, interfaceLocale: string): string | null {
  if (!textLanguage) return null;
  return primaryLanguage(textLanguage) === primaryLanguage(interfaceLocale) ? null : textLanguage;
}

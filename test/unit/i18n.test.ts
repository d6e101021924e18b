import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES, matchLocale } from '../../src/i18n/locales';
import { AREAS } from '../../src/i18n/areas';

// Through a variable: Vite rewrites the literal `new URL('…', import.meta.url)` form into a served asset URL (http:, not file:).
const here = import.meta.url;
/** The core catalogues (first load) and one set per area of the screens past sign-in; each obeys the same rules. */
const SETS = [
  { name: 'core', dir: new URL('../../src/i18n/locales/', here) },
  ...AREAS.map((area) => ({ name: `area ${area}`, dir: new URL(`../../src/i18n/areas/${area}/`, here) })),
];

const translated = LOCALES.filter((locale) => locale !== 'en');
/** English variants may legitimately share most of their wording with the source catalogue. */
const englishVariants = new Set<string>(['en-US', 'en-GB']);

const ARGUMENT_TYPES = new Set([TYPE.argument, TYPE.number, TYPE.date, TYPE.time, TYPE.select, TYPE.plural]);

/** The names of the values a message reads, walking into select/plural options and rich-text tags. */
function argumentNames(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (ARGUMENT_TYPES.has(element.type) && 'value' in element && typeof element.value === 'string') names.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) argumentNames(option.value, names);
    }
    if (element.type === TYPE.tag) argumentNames(element.children, names);
  }
  return names;
}

const sorted = (names: Set<string>) => [...names].sort();

describe.each(SETS)('$name catalogues', ({ dir }) => {
  const fileOf = (locale: string) => new URL(`${locale}.json`, dir);
  const readCatalogue = (locale: string) => JSON.parse(readFileSync(fileOf(locale), 'utf8')) as Record<string, string>;
  const english = readCatalogue('en');
  const englishKeys = Object.keys(english);

  it('English parses, every message', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(() => parse(message), key).not.toThrow();
    }
  });

  describe.each(translated)('%s', (locale) => {
    it('exists', () => {
      expect(existsSync(fileOf(locale)), `${locale}.json`).toBe(true);
    });

    // A regional English holds only what differs from the source (it is loaded over it); every other language is whole.
    it(englishVariants.has(locale) ? 'holds only keys of en.json, each different from English' : 'has exactly the keys of en.json', () => {
      const catalogue = readCatalogue(locale);
      const keys = Object.keys(catalogue);
      if (englishVariants.has(locale))
        expect(
          keys.filter((key) => catalogue[key] === english[key]),
          'same as English',
        ).toEqual([]);
      else
        expect(
          englishKeys.filter((key) => !keys.includes(key)),
          'missing keys',
        ).toEqual([]);
      expect(
        keys.filter((key) => !(key in english)),
        'extra keys',
      ).toEqual([]);
    });

    it('has only non-empty string messages that parse as ICU MessageFormat', () => {
      for (const [key, message] of Object.entries(readCatalogue(locale))) {
        expect(typeof message, key).toBe('string');
        expect(message.trim(), key).not.toBe('');
        expect(() => parse(message), `${locale} ${key}: ${message}`).not.toThrow();
      }
    });

    it('uses the same argument names as English in every message', () => {
      const catalogue = readCatalogue(locale);
      for (const key of englishKeys) {
        const message = catalogue[key];
        if (message === undefined) continue; // reported by the key test
        expect(sorted(argumentNames(parse(message))), `${locale} ${key}: ${message}`).toEqual(sorted(argumentNames(parse(english[key]!))));
      }
    });

    // English variants may share most of their wording with the source, so only the other languages are held to it.
    if (!englishVariants.has(locale))
      it('is translated (at least 90% of messages differ from English)', () => {
        const catalogue = readCatalogue(locale);
        const same = englishKeys.filter((key) => catalogue[key] === english[key]);
        if (englishKeys.length === 0) return expect(Object.keys(catalogue)).toEqual([]);
        expect((englishKeys.length - same.length) / englishKeys.length, `identical to English: ${same.join(', ')}`).toBeGreaterThanOrEqual(0.9);
      });
  });
});

describe('matchLocale', () => {
  it('matches an exact tag, whatever its case or separator', () => {
    expect(matchLocale('de-DE')).toBe('de-DE');
    expect(matchLocale('de_DE')).toBe('de-DE');
    expect(matchLocale('EN-gb')).toBe('en-GB');
    expect(matchLocale('fr-CA')).toBe('fr-CA');
  });

  it('falls back to the first locale of the same language', () => {
    const firstFrench = LOCALES.find((locale) => locale.startsWith('fr-'));
    expect(firstFrench).toBeDefined();
    expect(matchLocale('fr')).toBe(firstFrench);
    expect(matchLocale('pt-BR')).toBe('pt-PT');
    expect(matchLocale('nb')).toBe('nb-NO');
  });

  it('falls back to English for an unknown or missing tag', () => {
    expect(matchLocale('xx')).toBe('en');
    expect(matchLocale(null)).toBe('en');
    expect(matchLocale(undefined)).toBe('en');
    expect(matchLocale('')).toBe('en');
  });
});

import { describe, expect, it } from 'vitest';
import { countryLanguage, DEFAULT_COUNTRY, loadCountries } from '../../src/i18n/countries';
import { LOCALES } from '../../src/i18n/locales';

const isSorted = (names: string[], locale: string) => {
  const collator = new Intl.Collator(locale);
  return names.every((name, i) => i === 0 || collator.compare(names[i - 1]!, name) <= 0);
};

describe('loadCountries', () => {
  it('gives 240+ countries in English with two-letter codes, sorted, the default (US) among them', async () => {
    const countries = await loadCountries('en');
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 0)).toBe(true);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(
      isSorted(
        countries.map((c) => c.name),
        'en',
      ),
    ).toBe(true);
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(countries.find((c) => c.code === DEFAULT_COUNTRY)?.name).toBe('United States of America');
  });

  it('names countries in German for de-DE, sorted the German way', async () => {
    const countries = await loadCountries('de-DE');
    const name = (code: string) => countries.find((c) => c.code === code)?.name;
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(name('DE')).toBe('Deutschland');
    expect(name('US')).toBe('Vereinigte Staaten von Amerika');
    expect(
      isSorted(
        countries.map((c) => c.name),
        'de-DE',
      ),
    ).toBe(true);
    // Umlauts sort with their base letter: Ägypten comes between Afghanistan and Albanien, not after Z.
    const order = countries.map((c) => c.code);
    expect(order.indexOf('AF')).toBeLessThan(order.indexOf('EG'));
    expect(order.indexOf('EG')).toBeLessThan(order.indexOf('AL'));
  });

  it('loads a list for every supported locale, in its own language', async () => {
    const germany: Record<string, string> = {};
    for (const locale of LOCALES) {
      const countries = await loadCountries(locale);
      expect(countries.length, locale).toBeGreaterThanOrEqual(240);
      expect(
        countries.some((c) => c.code === DEFAULT_COUNTRY),
        locale,
      ).toBe(true);
      germany[locale] = countries.find((c) => c.code === 'DE')!.name;
    }
    expect(germany).toMatchObject({
      'fr-FR': 'Allemagne',
      'fr-CA': 'Allemagne',
      'es-ES': 'Alemania',
      'it-IT': 'Germania',
      'nl-NL': 'Bondsrepubliek Duitsland',
      'pl-PL': 'Niemcy',
      'pt-PT': 'Alemanha',
      'nb-NO': 'Tyskland',
      'en-GB': 'Germany',
    });
  });

  it('maps locales to their language, English otherwise', () => {
    expect(countryLanguage('nb-NO')).toBe('nb');
    expect(countryLanguage('pt_PT')).toBe('pt');
    expect(countryLanguage('en-US')).toBe('en');
    expect(countryLanguage('ja-JP')).toBe('en');
  });
});

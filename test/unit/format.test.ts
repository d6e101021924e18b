import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatPrice, formatTime12 } from '../../src/i18n/format';

// Intl separates with no-break and narrow no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const instant = new Date('2026-03-05T20:07:00Z'); // 3:07 PM in New York, 9:07 PM in Berlin

describe('formatDate', () => {
  it.each([
    ['en-US', 'Mar 5, 2026'],
    ['en-GB', '5 Mar 2026'],
    ['de-DE', '05.03.2026'],
    ['fr-FR', '5 mars 2026'],
  ])('%s → %s', (locale, expected) => {
    expect(plain(formatDate(instant, locale, 'America/New_York'))).toBe(expected);
  });

  it('uses the given time zone, not the machine’s: the same instant is a different day in Tokyo', () => {
    expect(formatDate('2026-03-05T20:07:00Z', 'en-US', 'Asia/Tokyo')).toBe('Mar 6, 2026');
    expect(formatDate(instant.getTime(), 'en-US', 'America/Los_Angeles')).toBe('Mar 5, 2026');
  });
});

describe('formatTime12', () => {
  it('is a 12-hour time with the zone abbreviation', () => {
    expect(plain(formatTime12(instant, 'en-US', 'America/New_York'))).toBe('3:07 PM EST');
    expect(plain(formatTime12(instant, 'en-US', 'America/Los_Angeles'))).toBe('12:07 PM PST');
    expect(plain(formatTime12(instant, 'de-DE', 'Europe/Berlin'))).toBe('9:07 PM MEZ');
  });

  it('keeps the 12-hour clock in a 24-hour locale, with the locale’s own zone name', () => {
    const german = plain(formatTime12(instant, 'de-DE', 'America/New_York'));
    expect(german).toMatch(/^3:07 PM /);
    expect(plain(formatTime12(instant, 'fr-FR', 'Europe/Paris'))).toMatch(/^9:07 PM /);
  });

  it('follows daylight saving time', () => {
    expect(plain(formatTime12('2026-07-05T19:07:00Z', 'en-US', 'America/New_York'))).toBe('3:07 PM EDT');
  });
});

describe('formatNumber', () => {
  it.each([
    ['en-US', '1,234,567.891'],
    ['de-DE', '1.234.567,891'],
    ['fr-FR', '1 234 567,891'],
  ])('%s → %s', (locale, expected) => {
    expect(plain(formatNumber(1234567.891, locale))).toBe(expected);
  });

  it('passes Intl options through', () => {
    expect(formatNumber(0.256, 'en-US', { style: 'percent' })).toBe('26%');
    expect(plain(formatNumber(0.256, 'fr-FR', { style: 'percent' }))).toBe('26 %');
  });
});

describe('formatPrice', () => {
  it.each([
    ['en-US', 1234.56, 'USD', '$1,235'],
    ['de-DE', 1234.56, 'USD', '1.235 $'],
    ['fr-FR', 1234.56, 'USD', '1 235 $US'],
    ['en-US', 12.3456, 'EUR', '€12.35'],
    ['de-DE', 12.3456, 'EUR', '12,35 €'],
    ['fr-FR', 12.3456, 'EUR', '12,35 €'],
  ])('%s %d %s → %s', (locale, amount, currency, expected) => {
    expect(plain(formatPrice(amount, currency, locale))).toBe(expected);
  });

  it('never shows more than 4 significant digits', () => {
    expect(formatPrice(98765.4321, 'USD', 'en-US')).toBe('$98,770');
    expect(formatPrice(1.23456, 'USD', 'en-US')).toBe('$1.235');
    expect(formatPrice(5, 'USD', 'en-US')).toBe('$5');
  });

  it('keeps the cents of an amount with cents where four digits allow', () => {
    expect(formatPrice(12.5, 'USD', 'en-US')).toBe('$12.50');
    expect(plain(formatPrice(12.5, 'EUR', 'de-DE'))).toBe('12,50 €');
    expect(formatPrice(0.5, 'USD', 'en-US')).toBe('$0.50');
    expect(formatPrice(123.45, 'USD', 'en-US')).toBe('$123.5');
    expect(formatPrice(25, 'USD', 'en-US')).toBe('$25');
  });
});

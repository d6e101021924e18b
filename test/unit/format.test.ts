import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatEventDate, formatNumber, formatPrice, formatTime } from '../../src/i18n/format';

// Intl separates with no-break, narrow no-break and thin spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');

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

describe('formatEventDate: one format for tiles and content screens, in the building’s zone (decision 070)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  // 6 PM in New York on Thursday, Nov 26: already Friday, Nov 27 in Tokyo.
  const start = '2026-11-26T23:00:00Z';
  const end = '2026-11-27T01:00:00Z';
  const browserZone = process.env.TZ;
  beforeAll(() => {
    // The browser runs in another zone than the building's: the day must not follow it.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it('shows the building’s day, time and zone abbreviation, whatever zone the browser is in', () => {
    expect(new Date(start).getDate()).toBe(27); // the browser's own day
    expect(plain(formatEventDate(start, null, 'en-US', 'America/New_York', now))).toBe('Thu, Nov 26, 6:00 PM EST');
    expect(plain(formatEventDate(start, end, 'en-US', 'America/New_York', now))).toBe('Thu, Nov 26, 6:00 – 8:00 PM EST');
  });

  it('uses the locale’s clock: 24-hour in French, British English and German, 12-hour in American English', () => {
    expect(plain(formatEventDate(start, null, 'fr-FR', 'America/New_York', now))).toBe('jeu. 26 nov., 18:00 UTC−5');
    expect(plain(formatEventDate(start, null, 'en-GB', 'Europe/London', now))).toBe('Thu 26 Nov, 23:00 GMT');
    expect(plain(formatEventDate(start, null, 'de-DE', 'Europe/Berlin', now))).toBe('Fr., 27. Nov., 00:00 MEZ');
    expect(plain(formatEventDate(start, null, 'en-US', 'Europe/Berlin', now))).toBe('Fri, Nov 27, 12:00 AM GMT+1');
  });

  it('names the year only when it is not this year’s, and follows daylight saving time', () => {
    expect(plain(formatEventDate('2027-07-05T19:07:00Z', null, 'en-US', 'America/New_York', now))).toBe('Mon, Jul 5, 2027, 3:07 PM EDT');
  });
});

describe('formatAmount', () => {
  it('shows the amount with the currency’s decimals, as charged', () => {
    expect(plain(formatAmount(25, 'USD', 'en-US'))).toBe('$25.00');
    expect(plain(formatAmount(12.5, 'EUR', 'fr-FR'))).toBe('12,50 €');
  });
});

describe('formatTime', () => {
  it('is the 12-hour clock in English, with the zone abbreviation', () => {
    expect(plain(formatTime(instant, 'en-US', 'America/New_York'))).toBe('3:07 PM EST');
    expect(plain(formatTime(instant, 'en-US', 'America/Los_Angeles'))).toBe('12:07 PM PST');
  });

  it('names a zone by its abbreviation in every English, never by its offset (issue 22, item 22)', () => {
    for (const locale of ['en', 'en-GB', 'en-CA']) expect(plain(formatTime(instant, locale, 'America/New_York')), locale).toMatch(/ EST$/);
    expect(
      plain(formatEventDate('2026-11-26T23:00:00Z', '2026-11-27T01:00:00Z', 'en-GB', 'America/New_York', new Date('2026-11-20T00:00:00Z'))),
    ).toMatch(/ EST$/);
    // A name the locale has of its own stays (British summer time), and so do the other languages' offsets.
    expect(plain(formatTime('2026-07-01T12:00:00Z', 'en-GB', 'Europe/London'))).toBe('13:00 BST');
    expect(plain(formatTime(instant, 'fr-FR', 'America/New_York'))).toMatch(/UTC−5$/);
  });

  it('is the 24-hour clock where the locale reads it (French, German, Spanish), with the locale’s own zone name', () => {
    expect(plain(formatTime(instant, 'de-DE', 'Europe/Berlin'))).toBe('21:07 MEZ');
    expect(plain(formatTime(instant, 'fr-FR', 'Europe/Paris'))).toMatch(/^21:07 /);
    expect(plain(formatTime(instant, 'fr-CA', 'America/Toronto'))).toMatch(/^15 h 07 /);
    expect(plain(formatTime(instant, 'es-ES', 'Europe/Madrid'))).toMatch(/^21:07 /);
    expect(plain(formatTime(instant, 'fr-FR', 'Europe/Paris', { zoneName: false }))).toBe('21:07');
  });

  it('follows daylight saving time', () => {
    expect(plain(formatTime('2026-07-05T19:07:00Z', 'en-US', 'America/New_York'))).toBe('3:07 PM EDT');
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

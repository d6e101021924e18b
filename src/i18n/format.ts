/**
 * Small pure formatting helpers over Intl: the caller says which locale and time zone, so the same instant shows the
 * same way on every device (the building's time zone, not the browser's).
 */

type DateInput = Date | number | string;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A date in the locale's medium style: `Mar 5, 2026` (en-US), `05.03.2026` (de-DE), `5 mars 2026` (fr-FR). */
export function formatDate(date: DateInput, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(toDate(date));
}

/** A 12-hour clock time with the time zone's short name: `3:07 PM EST` (en-US), whatever the locale's own clock. */
export function formatTime12(date: DateInput, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZone, timeZoneName: 'short' }).format(toDate(date));
}

/** A number with the locale's separators: `1,234.5` (en-US), `1.234,5` (de-DE), `1 234,5` (fr-FR). */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** A price in a currency to at most 4 significant digits: `$1,235`, `12,35 €`, `0,5 €` (no padding zeros). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumSignificantDigits: 4 }).format(amount);
}

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
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZone, timeZoneName: 'short' }).format(
    toDate(date),
  );
}

/** A number with the locale's separators: `1,234.5` (en-US), `1.234,5` (de-DE), `1 234,5` (fr-FR). */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/**
 * A price in a currency to at most 4 significant digits: `$1,235`, `$25`, `12,35 €`. An amount with cents keeps two
 * decimals where four digits allow (`$12.50`, not `$12.5`).
 */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const integerDigits = Math.abs(amount) >= 1 ? Math.floor(Math.log10(Math.abs(amount))) + 1 : 0;
  // Two decimals need integer digits + 2 significant ones (an amount under 1 has no integer digit that counts).
  const minimumSignificantDigits = Number.isInteger(amount) ? 1 : Math.min(4, Math.max(integerDigits, 0) + 2);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumSignificantDigits, maximumSignificantDigits: 4 }).format(amount);
}

/**
 * An event's date and times in 12-hour time with the zone's short name, as one range the locale collapses:
 * `Wed, Nov 25, 2026, 10:00 – 11:30 AM EST` (en-US), `mer. 25 nov. 2026, 10:00 – 11:30 AM UTC−5` (fr-FR).
 */
export function formatEventRange(start: DateInput, end: DateInput, locale: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    timeZone,
    timeZoneName: 'short',
  });
  return format.formatRange(toDate(start), toDate(end));
}

/**
 * Small pure formatting helpers over Intl: the caller says which locale and time zone, so the same instant shows the
 * same way on every device (the building's time zone, not the browser's).
 */

type DateInput = Date | number | string;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A zone's name as an offset (`GMT-5`, `UTC−5`), which English reads where a place has an abbreviation of its own. */
const OFFSET_NAME = /^(GMT|UTC)[+\-−]/;

/**
 * The zone's name as English writes it: in English (every `en` locale), an offset such as `GMT-5` becomes the zone's
 * abbreviation (`EST`) where it has one (issue 22, item 22); `BST` and other names the locale gives stay, and so do
 * the other languages' own forms (`UTC−5` in French, decision 083).
 */
function joinWithZone(parts: Intl.DateTimeFormatPart[], locale: string, date: Date, timeZone: string): string {
  const english = locale.toLowerCase().startsWith('en');
  return parts
    .map((part) => {
      if (!english || part.type !== 'timeZoneName' || !OFFSET_NAME.test(part.value)) return part.value;
      const usName = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName');
      return usName && /^[A-Z]{2,5}$/.test(usName.value) ? usName.value : part.value;
    })
    .join('');
}

/** A date in the locale's medium style: `Mar 5, 2026` (en-US), `05.03.2026` (de-DE), `5 mars 2026` (fr-FR). */
export function formatDate(date: DateInput, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(toDate(date));
}

/**
 * A clock time in the locale's own clock with the time zone's short name: `3:07 PM EST` (en-US), `21:07 UTC−5`
 * (fr-FR), `21:07 MEZ` (de-DE). The 12-hour clock is English's; French, German and the others read 24 hours
 * (decision 083).
 */
export function formatTime(date: DateInput, locale: string, timeZone: string, options: { zoneName?: boolean } = {}): string {
  const instant = toDate(date);
  const format = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: options.zoneName === false ? undefined : 'short',
  });
  return joinWithZone(format.formatToParts(instant), locale, instant, timeZone);
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

/** The year an instant falls in, in a time zone. */
const yearIn = (date: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(date);

/**
 * Options of every event date the app shows, on tiles and content screens alike (decision 070): the building's time
 * zone and its short name, the locale's own clock (12-hour in en-US, 24-hour in fr-FR, en-GB, de-DE …), the year only
 * when it is not this year's.
 */
function eventDateOptions(date: Date, timeZone: string, now: Date): Intl.DateTimeFormatOptions {
  return {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(yearIn(date, timeZone) !== yearIn(now, timeZone) ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  };
}

/**
 * When an event happens, in the building's time zone whatever the browser's: its start (`Thu, Nov 26, 6:00 PM EST`) or,
 * with an end, the range the locale collapses (`Thu, Nov 26, 6:00 – 8:00 PM EST`; `jeu. 26 nov., 18:00 – 20:00 UTC−5`).
 * The one function tiles and content screens use, so both show the same day and time.
 */
export function formatEventDate(start: DateInput, end: DateInput | null, locale: string, timeZone: string, now: Date = new Date()): string {
  const from = toDate(start);
  const format = new Intl.DateTimeFormat(locale, eventDateOptions(from, timeZone, now));
  const parts = end === null ? format.formatToParts(from) : format.formatRangeToParts(from, toDate(end));
  return joinWithZone(parts, locale, from, timeZone);
}

/** An amount as it is charged: the currency's own decimals (`$25.00`, `12,50 €`), for the step that confirms a booking. */
export function formatAmount(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

/** The card form's rules (content document, section 5), pure so the machine's guards and the tests share them. */

/** Names: at least one character (decision 007's reading for the card form). */
export const validName = (name: string) => name.trim().length >= 1;

/**
 * The expiry as typed or pasted, auto-formatted to MM/YY (section 5): digits only, a leading 2-9 becomes 0x, a slash
 * after the month, and a four-digit year 20YY becomes YY. A month of one digit before a separator is 0x too
 * (`1/2030`). While a four-digit year is still being typed the field shows it (`12/203`), so typing `12/2030` key by
 * key ends as `12/30`, as a paste of it does, and never stops at the past date `12/20`.
 */
export function formatExpiry(typed: string): string {
  const separated = /^\s*(\d{1,2})\s*[/.\- ]\s*(\d*)/.exec(typed);
  let digits = separated
    ? separated[1]!.padStart(2, '0') + separated[2]! + typed.slice(separated[0].length).replace(/\D/g, '')
    : typed.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  const month = digits.slice(0, 2);
  const rest = digits.slice(2);
  // A year of four digits (20YY) keeps its last two; one still being typed shows as it is.
  const year = rest.length > 2 && rest.startsWith('20') ? (rest.length >= 4 ? rest.slice(2, 4) : rest) : rest.slice(0, 2);
  return year ? `${month}/${year}` : month;
}

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

/** MM/YY as a month and a year expanded to 20YY; null unless it is five characters with a month of 01 to 12. */
export function parseExpiry(expiry: string): YearMonth | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A well-formed expiry not before this month. */
export function validExpiry(expiry: string, today: YearMonth): boolean {
  const parsed = parseExpiry(expiry);
  return !!parsed && parsed.year * 12 + parsed.month >= today.year * 12 + today.month;
}

export const currentMonth = (date: Date): YearMonth => ({ year: date.getFullYear(), month: date.getMonth() + 1 });

/** The brand's name as people know it (card-validator's type ids). */
export const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'American Express',
  'diners-club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  mir: 'Mir',
  elo: 'Elo',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
  verve: 'Verve',
};

export const brandName = (brand: string | null) => (brand ? (BRAND_NAMES[brand] ?? brand) : '');

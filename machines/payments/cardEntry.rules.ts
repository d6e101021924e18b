/** The card form's rules (content document, section 5), pure so the machine's guards and the tests share them. */

/** Names: at least one character (decision 007's reading for the card form). */
export const validName = (name: string) => name.trim().length >= 1;

/**
 * The expiry as typed, auto-formatted to MM/YY: digits only, a leading 2-9 becomes 0x, a slash after the month. A
 * pasted MM/20YY keeps its last two year digits.
 */
export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length >= 6 && digits.slice(2, 4) === '20') digits = digits.slice(0, 2) + digits.slice(4, 6);
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
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

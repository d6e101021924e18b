import cardValidator from 'card-validator';
import { httpError, type HttpError } from './errors.js';

/** A card as the frame posts it, checked again here with the frame's own library (the frame is not trusted). */
export interface PostedCard {
  number: string;
  cvv: string;
  exp_month: number;
  exp_year: number;
}

export interface CheckedCard {
  brand: string;
  lastFour: string;
}

/**
 * Luhn, a known brand, a length the brand issues, a security code of the brand's length, and an expiry not before
 * this month. Throws a 400 that names the first problem.
 */
export function checkCard(card: PostedCard, now: Date): CheckedCard {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) throw refuse('The card number may hold only digits', 'invalid_card_number');
  const number = cardValidator.number(digits);
  if (!number.card) throw refuse('The card number matches no known card brand', 'unknown_card_brand');
  if (!number.card.lengths.includes(digits.length))
    throw refuse(`A ${number.card.niceType} card number has ${number.card.lengths.join(' or ')} digits`, 'invalid_card_length');
  if (!number.isValid) throw refuse('The card number is not valid (its check digit is wrong)', 'invalid_card_number');
  if (!cardValidator.cvv(card.cvv, number.card.code.size).isValid)
    throw refuse(`The ${number.card.code.name} of a ${number.card.niceType} card has ${number.card.code.size} digits`, 'invalid_cvv');
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = card.exp_year * 12 + (card.exp_month - 1);
  if (expiry < thisMonth) throw refuse('The card has expired', 'card_expired');
  if (expiry > thisMonth + 20 * 12) throw refuse('The expiry date is too far ahead', 'invalid_expiry');
  return { brand: number.card.type, lastFour: digits.slice(-4) };
}

const refuse = (message: string, code: string): HttpError => httpError(400, message, code);

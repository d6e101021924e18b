import type { StoredCard } from '../../contracts/cardFrame';
import { request } from './client';

/** Payment cards (content document, section 7; decisions 120 to 122). */

/** My stored cards: brand, last four, expiry, token; never a number. */
export const paymentMethods = async (): Promise<StoredCard[]> => (await request('get', '/payment-methods')).data;

/** Removes one of my stored cards; answers the cards left (the oldest becomes the default if it was the default). */
export const removePaymentMethod = async (cardId: string): Promise<StoredCard[]> =>
  (await request('delete', '/payments/v1/payment-methods/{cardId}', { params: { cardId } })).data;

/** Makes one of my stored cards the default; answers my cards. */
export const makeDefaultPaymentMethod = async (cardId: string): Promise<StoredCard[]> =>
  (await request('put', '/payments/v1/payment-methods/{cardId}/default', { params: { cardId } })).data;

/** One stored card as a payment method of a gateway (the specification's tokenize call). */
export const tokenizedPaymentMethod = async (cardId: string, gatewayId = 'atrium-vault') =>
  (
    await request('get', '/payments/v1/payment-methods/{cardId}/gateway/{gatewayId}/tokenize', {
      params: { cardId, gatewayId: gatewayId as 'atrium-vault' },
    })
  ).data;

/** A one-time permission for the card frame to store one card for me. */
export const openCardSession = async (): Promise<{ session: string; expires_at: string }> =>
  ((await request('post', '/payments/v1/card-sessions')) as unknown as { data: { session: string; expires_at: string } }).data;

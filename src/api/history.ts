import { request } from './client';

/** The person's transaction history (content document, section 7; decision 055). */

export interface TransactionsQuery {
  when: 'upcoming' | 'past';
  type: 'event_posts' | 'resource_bookings' | 'service_bookings';
  offset: number;
  limit: number;
  lang: string;
}

/** One page of one list: upcoming soonest first, past latest first (the server's default order for each). */
export const transactions = async ({ when, type, offset, limit, lang }: TransactionsQuery) =>
  (
    await request('get', '/tenant/v1/users/current/transactions', {
      query: { orderByProperty: 'start_at', orderBy: when === 'upcoming' ? 'ASC' : 'DESC', when, type, offset, limit, lang },
    })
  ).data;

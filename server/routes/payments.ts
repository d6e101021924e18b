import countries from 'i18n-iso-countries';
import type { Api } from '../lib/typedRoutes.js';
import type { Db } from '../db/index.js';
import { dataOf, errorResponses } from '../schemas.js';
import { httpError } from '../lib/errors.js';
import { sensitive } from '../lib/sensitive.js';
import { randomToken, sha256 } from '../lib/random.js';
import { checkCard } from '../lib/cardCheck.js';
import { WRITE_LIMITS, writeLimits } from '../lib/writeLimits.js';
import {
  cardsOf,
  countCards,
  countSessionFailure,
  deleteCard,
  insertCard,
  insertCardSession,
  lockCardOwner,
  lockCardSession,
  ownCard,
  setDefaultCard,
  pruneCardSessions,
  sessionsSince,
  spendCardSession,
  type PaymentCardRow,
} from '../stores/paymentCards.js';

/** Payment cards (content document sections 3, 7 and 8; decisions 120 to 122): the list, the tokenize call, the vault. */

/** Minutes a card-frame session may be used. */
export const CARD_SESSION_MINUTES = 10;
/** Refused card posts after which a session is burnt (a frame session is not a card-testing oracle). */
export const CARD_SESSION_TRIES = 5;
/** Sessions one account may open an hour. */
export const CARD_SESSIONS_PER_HOUR = 30;
/** Cards one account may keep. */
export const MAX_CARDS = 20;
/** The gateways a stored card can be tokenized for: the embedded vault is the only one. */
export const GATEWAYS = ['atrium-vault'] as const;

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

export const paymentCardSchema = {
  type: 'object',
  required: ['id', 'card_brand', 'card_last_four', 'exp_month', 'exp_year', 'payment_token', 'first_name', 'last_name', 'country', 'is_default'],
  properties: {
    id: { type: 'string', description: "The card's uuid" },
    card_brand: { type: 'string', description: "card-validator's brand type: visa, mastercard, american-express …" },
    card_last_four: str,
    exp_month: int,
    exp_year: int,
    payment_token: { type: 'string', description: "The vault's opaque reference to the card (useless without its owner's bearer)" },
    first_name: str,
    last_name: str,
    country: { type: 'string', description: 'ISO 3166-1 alpha-2' },
    is_default: { type: 'boolean', description: "The person's default card: exactly one of their cards" },
  },
} as const;

export const cardAnswer = (c: PaymentCardRow) => ({
  id: c.uuid,
  card_brand: c.card_brand,
  card_last_four: c.card_last_four,
  exp_month: c.exp_month,
  exp_year: c.exp_year,
  payment_token: c.payment_token,
  first_name: c.first_name,
  last_name: c.last_name,
  country: c.country,
  is_default: c.is_default,
});

/** A card of mine by its uuid: anything else is refused with a 400 before a handler runs. */
const cardParams = {
  type: 'object',
  required: ['cardId'],
  additionalProperties: false,
  properties: { cardId: { type: 'string', format: 'uuid', description: "The card's uuid" } },
} as const;

/** Another person's card and a card that never was answer the same: the route never tells whether an id exists. */
const unknownCard = () => httpError(404, 'No card of yours has this id', 'unknown_card');

export async function paymentRoutes(app: Api) {
  const { db, clock } = app.deps;
  const security = [{ bearer: [] }];

  app.get(
    '/payment-methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'My stored cards: brand, last four, expiry and token, never a number',
        security,
        response: { 200: dataOf({ type: 'array', items: paymentCardSchema }), ...errorResponses },
      },
    },
    async (request) => ({ data: (await cardsOf(db, request.person.userId)).map(cardAnswer) }),
  );

  app.get(
    '/payments/v1/payment-methods/:cardId/gateway/:gatewayId/tokenize',
    {
      schema: {
        tags: ['payments'],
        summary: 'One of my stored cards as a payment method of a gateway; another person’s card is not found',
        security,
        params: {
          type: 'object',
          required: ['cardId', 'gatewayId'],
          properties: {
            cardId: { type: 'string', format: 'uuid' },
            gatewayId: { type: 'string', enum: [...GATEWAYS], description: 'The gateway to pay through' },
          },
        },
        response: {
          200: dataOf({
            type: 'object',
            required: ['cardId', 'gatewayId', 'token', 'card_brand', 'card_last_four'],
            properties: { cardId: str, gatewayId: str, token: str, card_brand: str, card_last_four: str },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const card = await ownCard(db, request.person.userId, request.params.cardId);
      if (!card) throw unknownCard();
      return {
        data: {
          cardId: card.uuid,
          gatewayId: request.params.gatewayId,
          token: card.payment_token,
          card_brand: card.card_brand,
          card_last_four: card.card_last_four,
        },
      };
    },
  );

  const changesCards = [writeLimits(app, WRITE_LIMITS.paymentCards)];
  const cardList = { 200: dataOf({ type: 'array', items: paymentCardSchema }), ...errorResponses };

  /**
   * One change to one of the person's cards (remove it, make it the default), under the lock on the person that keeps
   * one default: 404 when the card is not theirs (or is none), else their cards as they are after it.
   */
  async function changeOwnCard(userId: number, cardId: string, change: (tx: Db, userId: number, cardId: string) => Promise<boolean>) {
    const cards = await db.transaction(async (tx) => {
      await lockCardOwner(tx, userId);
      if (!(await change(tx, userId, cardId))) throw unknownCard();
      return cardsOf(tx, userId);
    });
    return cards.map(cardAnswer);
  }

  app.delete(
    '/payments/v1/payment-methods/:cardId',
    {
      preHandler: changesCards,
      schema: {
        tags: ['payments'],
        summary: 'Removes one of my stored cards and answers the cards left; another person’s card is not found (404)',
        description: 'When the removed card was the default, the oldest card left becomes the default.',
        security,
        params: cardParams,
        response: cardList,
      },
    },
    async (request) => ({ data: await changeOwnCard(request.person.userId, request.params.cardId, deleteCard) }),
  );

  app.put(
    '/payments/v1/payment-methods/:cardId/default',
    {
      preHandler: changesCards,
      schema: {
        tags: ['payments'],
        summary: 'Makes one of my stored cards my default and answers my cards; another person’s card is not found (404)',
        security,
        params: cardParams,
        response: cardList,
      },
    },
    async (request) => ({ data: await changeOwnCard(request.person.userId, request.params.cardId, setDefaultCard) }),
  );

  app.post(
    '/payments/v1/card-sessions',
    {
      config: sensitive(app),
      schema: {
        tags: ['payments'],
        summary: `A one-time permission for the card frame to store one card for me (${CARD_SESSION_MINUTES} minutes)`,
        description: 'The app hands it to the card frame with the tokenize request; the frame posts it with the card to the vault.',
        security,
        response: {
          201: dataOf({ type: 'object', required: ['session', 'expires_at'], properties: { session: str, expires_at: str } }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const userId = request.person.userId;
      const now = clock.now();
      if ((await sessionsSince(db, userId, new Date(now.getTime() - 3_600_000))) >= CARD_SESSIONS_PER_HOUR)
        throw httpError(429, 'Too many card forms were opened in the last hour. Please try again later.', 'card_sessions_throttled');
      await pruneCardSessions(db, new Date(now.getTime() - 24 * 3_600_000));
      const session = randomToken(32);
      const expiresAt = new Date(now.getTime() + CARD_SESSION_MINUTES * 60_000);
      await insertCardSession(db, { userId, familyId: request.person.familyId, tokenHash: sha256(session), createdAt: now, expiresAt });
      return reply.status(201).send({ data: { session, expires_at: expiresAt.toISOString() } });
    },
  );
}

const cardBody = {
  type: 'object',
  required: ['session', 'number', 'cvv', 'exp_month', 'exp_year', 'first_name', 'last_name', 'country'],
  additionalProperties: false,
  properties: {
    session: { type: 'string', minLength: 20, maxLength: 100, description: 'The card-frame session the app asked for' },
    number: { type: 'string', minLength: 12, maxLength: 23, pattern: '^[0-9 -]+$', description: 'Never stored' },
    cvv: { type: 'string', pattern: '^[0-9]{3,4}$', description: 'Never stored' },
    exp_month: { type: 'integer', minimum: 1, maximum: 12 },
    exp_year: { type: 'integer', minimum: 2000, maximum: 2100 },
    first_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    last_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' },
  },
} as const;

/**
 * The vault's card endpoint, called only by the card frame from its own origin (decision 121). Outside the API's
 * key check: the frame has no key and no bearer; the one-time session is its permission.
 */
export async function cardVaultRoutes(app: Api, options: { frameOrigin: string }) {
  const { db, clock } = app.deps;
  app.post(
    '/payments/v1/vault/cards',
    {
      config: sensitive(app),
      // The origin is checked before the body is read: only the card frame's page posts here.
      onRequest: async (request) => {
        if (request.headers.origin !== options.frameOrigin) throw httpError(403, 'Cards are accepted only from the card frame', 'card_frame_only');
      },
      schema: {
        tags: ['payments'],
        summary: 'Stores a card typed into the card frame: keeps a token, the brand, the last four, the expiry, names and country',
        description:
          'Only from the card frame’s origin, with a card-frame session (POST /payments/v1/card-sessions) used once. The number ' +
          'and security code are checked (Luhn, brand, length, code length by brand) and then forgotten.',
        body: cardBody,
        response: {
          201: dataOf({
            type: 'object',
            required: ['token', 'payment_method'],
            properties: { token: str, payment_method: paymentCardSchema },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const session = await lockCardSession(tx, sha256(body.session));
        if (!session) return { error: httpError(401, 'This card form is not valid. Please open it again.', 'card_session_invalid') };
        if (!session.live)
          return { error: httpError(401, 'This card form ended with your session. Please sign in and open it again.', 'card_session_ended') };
        if (session.used_at) return { error: httpError(409, 'This card form was already used. Please open it again.', 'card_session_used') };
        if (new Date(session.expires_at).getTime() <= now.getTime())
          return { error: httpError(401, 'This card form has expired. Please open it again.', 'card_session_expired') };
        try {
          if (!countries.isValid(body.country)) throw httpError(400, 'The country is not a known ISO 3166 country code', 'invalid_country');
          const checked = checkCard(body, now);
          await lockCardOwner(tx, session.user_id);
          if ((await countCards(tx, session.user_id)) >= MAX_CARDS)
            throw httpError(409, `At most ${MAX_CARDS} cards may be stored`, 'too_many_cards');
          const card = await insertCard(tx, {
            user_id: session.user_id,
            payment_token: `tok_${randomToken(24)}`,
            card_brand: checked.brand,
            card_last_four: checked.lastFour,
            exp_month: body.exp_month,
            exp_year: body.exp_year,
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            country: body.country,
          });
          // The same brand, last four and expiry as a card the person has: the vault's fingerprint (it keeps no number).
          if (!card) throw httpError(409, 'This card is already stored in your account', 'duplicate_card');
          await spendCardSession(tx, session.id, now);
          return { card };
        } catch (error) {
          // A refused card counts against the session; past the tries it is spent, so it cannot test numbers.
          const failures = await countSessionFailure(tx, session.id);
          if (failures >= CARD_SESSION_TRIES) await spendCardSession(tx, session.id, now);
          return { error: error as Error };
        }
      });
      if ('error' in outcome) throw outcome.error;
      return reply.status(201).send({ data: { token: outcome.card.payment_token, payment_method: cardAnswer(outcome.card) } });
    },
  );
}

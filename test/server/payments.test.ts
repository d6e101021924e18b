/**
 * Payment cards (issue 12, decisions 120 to 122): the stored cards list, the tokenize call and the vault the card
 * frame posts to, with what an attacker tries: another person's card, no token, posting from the app's origin or
 * anywhere but the frame's, a forged, replayed or expired frame session, card testing through one session, cards
 * that fail Luhn, brand, length or code length, and a look at the database for a number or code that must not be there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { createConfirmedUser, expectError } from './helpers.js';
import { DEMO_LOGIN, DEMO_PASSWORD } from '../../server/db/seed.js';
import { CARD_SESSION_MINUTES, CARD_SESSION_TRIES } from '../../server/routes/payments.js';
import { WRITE_LIMITS } from '../../server/lib/writeLimits.js';

let server: TestServer;
let demoToken: string;
let adminToken: string;
let frameOrigin: string;

beforeAll(async () => {
  server = await startTestServer();
  demoToken = (await server.login(DEMO_LOGIN.email, DEMO_PASSWORD)).token;
  adminToken = (await server.login('admin@globex.example', DEMO_PASSWORD)).token;
  frameOrigin = server.config.cardFrameOrigin;
});
afterAll(() => server.close());

const year = () => server.clock.now().getUTCFullYear();
/** A good card; each call another expiry, so no two are the same card (the vault refuses a card stored twice). */
let cardSerial = 0;
const goodCard = () => ({
  number: '4242 4242 4242 4242',
  cvv: '123',
  exp_month: 1 + (cardSerial % 12),
  exp_year: year() + 2 + Math.floor(cardSerial++ / 12),
  first_name: 'Ada',
  last_name: 'Lovelace',
  country: 'GB',
});

const frameHeaders = () => ({ origin: frameOrigin, host: new URL(frameOrigin).host });

async function openSession(token = demoToken): Promise<string> {
  const { status, body } = await server.call('POST', '/payments/v1/card-sessions', { token });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data.session;
}

const postCard = (body: Record<string, unknown>, headers: Record<string, string> = frameHeaders()) =>
  server.call('POST', '/payments/v1/vault/cards', { body, headers });

describe('the stored cards', () => {
  it('lists the demo card by brand, last four and expiry, never a number', async () => {
    const { status, body } = await server.call('GET', '/payment-methods', { token: demoToken });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ card_brand: 'visa', card_last_four: '1881', exp_month: 8, country: 'US' });
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['card_brand', 'card_last_four', 'country', 'exp_month', 'exp_year', 'first_name', 'id', 'is_default', 'last_name', 'payment_token'].sort(),
    );
    expect(body.data[0].is_default).toBe(true);
  });

  it('answers 401 without a token and shows another person none of the demo cards', async () => {
    expectError(await server.call('GET', '/payment-methods'), 401);
    const other = await server.call('GET', '/payment-methods', { token: adminToken });
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual([]);
  });
});

describe('the vault', () => {
  it('stores a good card from the frame: token, brand, last four, expiry; the number and code are nowhere in the database', async () => {
    const session = await openSession();
    const card = goodCard();
    const { status, body } = await postCard({ session, ...card });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.token).toMatch(/^tok_/);
    expect(body.data.payment_method).toMatchObject({
      card_brand: 'visa',
      card_last_four: '4242',
      exp_month: card.exp_month,
      first_name: 'Ada',
      country: 'GB',
    });
    const listed = await server.call('GET', '/payment-methods', { token: demoToken });
    expect(listed.body.data.map((c: { card_last_four: string }) => c.card_last_four)).toContain('4242');
    const dump =
      JSON.stringify(await server.db.query('SELECT * FROM payment_cards')) +
      JSON.stringify(await server.db.query('SELECT * FROM payment_card_sessions'));
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('4242 4242 4242 4242');
    expect(dump).not.toMatch(/"cvv"|"number"/);
    expect(dump).not.toContain(session);
  });

  it('refuses a replayed session (409) and stores nothing more', async () => {
    const session = await openSession();
    expect((await postCard({ session, ...goodCard() })).status).toBe(201);
    const before = (await server.call('GET', '/payment-methods', { token: demoToken })).body.data.length;
    expectError(await postCard({ session, ...goodCard() }), 409, /already used/);
    expect((await server.call('GET', '/payment-methods', { token: demoToken })).body.data).toHaveLength(before);
  });

  it('ends a card form with the sign-in that opened it: after logout its session stores nothing (401)', async () => {
    const { token } = await server.login(DEMO_LOGIN.email, DEMO_PASSWORD);
    const session = await openSession(token);
    const before = (await server.call('GET', '/payment-methods', { token: demoToken })).body.data.length;
    expect((await server.call('POST', '/auth/logout', { token })).status).toBe(200);
    expectError(await postCard({ session, ...goodCard() }), 401, /ended with your session/);
    expect((await server.call('GET', '/payment-methods', { token: demoToken })).body.data).toHaveLength(before);
    // Another sign-in's form still works: only that session ended.
    expect((await postCard({ session: await openSession(), ...goodCard() })).status).toBe(201);
  });

  it('refuses a forged session (401) and an expired one (401)', async () => {
    expectError(await postCard({ session: 'x'.repeat(43), ...goodCard() }), 401, /not valid/);
    const session = await openSession();
    server.clock.advance(CARD_SESSION_MINUTES * 60 + 1);
    expectError(await postCard({ session, ...goodCard() }), 401, /expired/);
  });

  it('accepts cards only from the frame origin: the app page, another site and no origin get 403', async () => {
    const session = await openSession();
    const host = new URL(frameOrigin).host;
    expectError(
      await postCard({ session, ...goodCard() }, { host, origin: 'http://localhost:8080' }),
      403,
      'Cards are accepted only from the card frame',
    );
    expectError(await postCard({ session, ...goodCard() }, { host, origin: 'https://evil.example' }), 403);
    expectError(await postCard({ session, ...goodCard() }, { host }), 403);
    // The vault is not served on the app's host at all, nor under a percent-encoded or dotted path to it (issue 22,
    // item 2: the split compares the path the router reads).
    expectError(await postCard({ session, ...goodCard() }, { origin: frameOrigin }), 404);
    for (const url of ['/api/payments/v1/vault/%63ards', '/api/payments/v1/vault//cards', '/api/payments/v1/x/../vault/cards']) {
      const answer = await server.app.inject({ method: 'POST', url, payload: { session, ...goodCard() }, headers: { origin: frameOrigin } });
      expect(answer.statusCode, url).toBe(404);
    }
    // The session is still good: none of those reached it.
    expect((await postCard({ session, ...goodCard() })).status).toBe(201);
  });

  it.each([
    ['a number that fails Luhn', { number: '4242424242424241' }, 'invalid_card_number'],
    ['a number of no known brand', { number: '9999999999999995' }, 'unknown_card_brand'],
    ['a Visa number of a length Visa does not issue', { number: '42424242424242' }, 'invalid_card_length'],
    ['a three-digit code on an American Express card', { number: '378282246310005', cvv: '123' }, 'invalid_cvv'],
    ['a four-digit code on a Visa card', { cvv: '1234' }, 'invalid_cvv'],
    ['an expired card', { exp_month: 1, exp_year: 2001 }, 'card_expired'],
    ['an unknown country', { country: 'ZZ' }, 'invalid_country'],
  ])('refuses %s with a clear 400', async (_name, change, code) => {
    const session = await openSession();
    const { status, body } = await postCard({ session, ...goodCard(), ...change });
    expectError({ status, body }, 400);
    expect(body.code).toBe(code);
  });

  it('accepts an American Express card with its four-digit code', async () => {
    const session = await openSession();
    const { status, body } = await postCard({ session, ...goodCard(), number: '3782 822463 10005', cvv: '1234' });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.payment_method).toMatchObject({ card_brand: 'american-express', card_last_four: '0005' });
  });

  it.each([
    ['letters in the number', { number: '4242abcd42424242' }],
    ['a missing code', { cvv: undefined }],
    ['an extra field', { pan_hash: 'x' }],
    ['a month 13', { exp_month: 13 }],
    ['an empty first name', { first_name: ' ' }],
  ])('refuses a malformed body (%s) with 400', async (_name, change) => {
    const session = await openSession();
    expectError(await postCard({ session, ...goodCard(), ...change }), 400);
  });

  it(`burns a session after ${CARD_SESSION_TRIES} refused cards, so it cannot test numbers`, async () => {
    const session = await openSession();
    for (let i = 0; i < CARD_SESSION_TRIES; i++) expectError(await postCard({ session, ...goodCard(), number: '4242424242424241' }), 400);
    expectError(await postCard({ session, ...goodCard() }), 409);
  });

  it('stores the card for the session owner only, whatever the frame says', async () => {
    const session = await openSession(adminToken);
    const { status, body } = await postCard({ session, ...goodCard(), number: '5555 5555 5555 4444' });
    expect(status).toBe(201);
    const mine = await server.call('GET', '/payment-methods', { token: adminToken });
    expect(mine.body.data.map((c: { id: string }) => c.id)).toContain(body.data.payment_method.id);
    const demo = await server.call('GET', '/payment-methods', { token: demoToken });
    expect(demo.body.data.map((c: { id: string }) => c.id)).not.toContain(body.data.payment_method.id);
  });

  it('opens sessions only for a signed-in person', async () => {
    expectError(await server.call('POST', '/payments/v1/card-sessions'), 401);
  });
});

/** A new person of the demo company with no card yet, signed in. */
async function newPerson(on: TestServer = server) {
  const { email, password } = await createConfirmedUser(on);
  return (await on.login(email, password)).token;
}

type Listed = { id: string; card_last_four: string; exp_month: number; exp_year: number; is_default: boolean };
const cardsOf = async (token: string, on: TestServer = server): Promise<Listed[]> => (await on.call('GET', '/payment-methods', { token })).body.data;

/** Stores a card for the person through the frame's route, as the card frame does. */
async function storeCard(token: string, change: Record<string, unknown> = {}, on: TestServer = server) {
  const { body: opened } = await on.call('POST', '/payments/v1/card-sessions', { token });
  const frame = { origin: on.config.cardFrameOrigin, host: new URL(on.config.cardFrameOrigin).host };
  return on.call('POST', '/payments/v1/vault/cards', { body: { session: opened.data.session, ...goodCard(), ...change }, headers: frame });
}

const removeCard = (id: string, token?: string) => server.call('DELETE', `/payments/v1/payment-methods/${id}`, token ? { token } : {});
const makeDefault = (id: string, token?: string) => server.call('PUT', `/payments/v1/payment-methods/${id}/default`, token ? { token } : {});

describe('a card stored twice (issue item 16)', () => {
  it('is refused with 409 duplicate_card: same brand, last four and expiry; the list keeps one', async () => {
    const token = await newPerson();
    const card = goodCard();
    expect((await storeCard(token, card)).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const again = await storeCard(token, card);
      expectError(again, 409, 'This card is already stored in your account');
      expect(again.body.code).toBe('duplicate_card');
    }
    // Typed with other spacing it is still the same card.
    expectError(await storeCard(token, { ...card, number: '4242424242424242' }), 409);
    expect(await cardsOf(token)).toHaveLength(1);
  });

  it('takes the same number with another expiry, another card with the same last four, and the same card for another person', async () => {
    const token = await newPerson();
    const card = goodCard();
    expect((await storeCard(token, card)).status).toBe(201);
    expect((await storeCard(token, { ...card, exp_year: card.exp_year + 1 })).status).toBe(201);
    // A Mastercard ending 4444 and a Visa ending 4444 are two cards.
    expect((await storeCard(token, { ...card, number: '5555 5555 5555 4444' })).status).toBe(201);
    expect((await storeCard(token, { ...card, number: '4000000000084444' })).status).toBe(201);
    expect(await cardsOf(token)).toHaveLength(4);
    const other = await newPerson();
    expect((await storeCard(other, card)).status).toBe(201);
  });
});

describe('the default card and removing a card (issue item 16)', () => {
  it("makes a person's first card the default, and another when they choose it: always exactly one", async () => {
    const token = await newPerson();
    const first = (await storeCard(token)).body.data.payment_method;
    expect(first.is_default).toBe(true);
    const second = (await storeCard(token)).body.data.payment_method;
    expect(second.is_default).toBe(false);
    const answer = await makeDefault(second.id, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.map((c: Listed) => [c.id, c.is_default])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    // Again is harmless.
    expect((await makeDefault(second.id, token)).body.data.filter((c: Listed) => c.is_default)).toHaveLength(1);
    expect((await cardsOf(token)).filter((c) => c.is_default).map((c) => c.id)).toEqual([second.id]);
  });

  it('removes a card of mine and answers the cards left; the oldest left becomes the default when the default goes', async () => {
    const token = await newPerson();
    const [a, b, c] = [
      (await storeCard(token)).body.data.payment_method,
      (await storeCard(token)).body.data.payment_method,
      (await storeCard(token)).body.data.payment_method,
    ];
    expect((await makeDefault(c.id, token)).status).toBe(200);
    const afterA = await removeCard(a.id, token);
    expect(afterA.status, JSON.stringify(afterA.body)).toBe(200);
    expect(afterA.body.data.map((x: Listed) => [x.id, x.is_default])).toEqual([
      [b.id, false],
      [c.id, true],
    ]);
    const afterC = await removeCard(c.id, token);
    expect(afterC.body.data.map((x: Listed) => [x.id, x.is_default])).toEqual([[b.id, true]]);
    expect((await removeCard(b.id, token)).body.data).toEqual([]);
    expect(await cardsOf(token)).toEqual([]);
    // Gone: a second remove does not find it.
    expectError(await removeCard(b.id, token), 404);
    // A removed card may be stored again.
    expect((await storeCard(token, { exp_month: b.exp_month, exp_year: b.exp_year })).status).toBe(201);
  });

  it("an attacker: another person's card is not found (404, the same answer as an id that never was) and stays as it was", async () => {
    const victim = await newPerson();
    const card = (await storeCard(victim)).body.data.payment_method;
    await storeCard(victim);
    const attacker = await newPerson();
    const never = '0d3c5e8a-1b2c-4d5e-8f90-123456789abc';
    for (const call of [removeCard, makeDefault]) {
      const theirs = await call(card.id, attacker);
      const unknown = await call(never, attacker);
      expectError(theirs, 404);
      expect(theirs.body).toEqual(unknown.body);
    }
    // Nothing changed for the victim: both cards, the first still the default.
    expect((await cardsOf(victim)).map((c) => [c.id === card.id, c.is_default])).toEqual([
      [true, true],
      [false, false],
    ]);
    // No token at all: 401.
    expectError(await removeCard(card.id), 401);
    expectError(await makeDefault(card.id), 401);
  });

  it.each([
    ['not a uuid', 'not-a-uuid'],
    ['SQL in the id', "1' OR '1'='1"],
    ['a number', '42'],
    ['a uuid with a tail', '0d3c5e8a-1b2c-4d5e-8f90-123456789abc0'],
    ['a uuid in braces', '{0d3c5e8a-1b2c-4d5e-8f90-123456789abc}'],
  ])('refuses a malformed id (%s) with 400, before it reaches a card', async (_name, id) => {
    const token = await newPerson();
    await storeCard(token);
    const path = encodeURIComponent(id);
    expectError(await server.call('DELETE', `/payments/v1/payment-methods/${path}`, { token }), 400);
    expectError(await server.call('PUT', `/payments/v1/payment-methods/${path}/default`, { token }), 400);
    expect(await cardsOf(token)).toHaveLength(1);
  });
});

describe('the write limit on card changes', () => {
  it(`refuses a person's card changes past ${WRITE_LIMITS.paymentCards.max} a minute (429, Retry-After); another person is not held back`, async () => {
    const limited = await startTestServer({ writeLimitFactor: 1 });
    try {
      const token = await newPerson(limited);
      const [a, b] = [(await storeCard(token, {}, limited)).body.data.payment_method, (await storeCard(token, {}, limited)).body.data.payment_method];
      for (let i = 0; i < WRITE_LIMITS.paymentCards.max; i++) {
        const answer = await limited.call('PUT', `/payments/v1/payment-methods/${i % 2 ? a.id : b.id}/default`, { token });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      const refused = await limited.app.inject({
        method: 'DELETE',
        url: `${limited.config.apiBase}/payments/v1/payment-methods/${a.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expectError({ status: refused.statusCode, body: refused.json() }, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await cardsOf(token, limited)).toHaveLength(2);
      const other = await newPerson(limited);
      const theirs = (await storeCard(other, {}, limited)).body.data.payment_method;
      expect((await limited.call('DELETE', `/payments/v1/payment-methods/${theirs.id}`, { token: other })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the tokenize call', () => {
  it('answers my card as a payment method of the vault gateway', async () => {
    const [card] = (await server.call('GET', '/payment-methods', { token: demoToken })).body.data;
    const { status, body } = await server.call('GET', `/payments/v1/payment-methods/${card.id}/gateway/atrium-vault/tokenize`, { token: demoToken });
    expect(status).toBe(200);
    expect(body.data).toEqual({ cardId: card.id, gatewayId: 'atrium-vault', token: card.payment_token, card_brand: 'visa', card_last_four: '1881' });
  });

  it("does not find another person's card (404), refuses an unknown gateway and a malformed id (400), and needs a token (401)", async () => {
    const [card] = (await server.call('GET', '/payment-methods', { token: demoToken })).body.data;
    expectError(await server.call('GET', `/payments/v1/payment-methods/${card.id}/gateway/atrium-vault/tokenize`, { token: adminToken }), 404);
    expectError(await server.call('GET', `/payments/v1/payment-methods/${card.id}/gateway/stripe/tokenize`, { token: demoToken }), 400);
    expectError(await server.call('GET', `/payments/v1/payment-methods/not-a-uuid/gateway/atrium-vault/tokenize`, { token: demoToken }), 400);
    expectError(await server.call('GET', `/payments/v1/payment-methods/${card.id}/gateway/atrium-vault/tokenize`), 401);
  });
});

describe('the card frame page', () => {
  const framePage = (host: string, parent: string) =>
    server.app.inject({ method: 'GET', url: `/card-frame?parent=${encodeURIComponent(parent)}`, headers: { host } });

  it('is not served on the app host, and the frame host serves nothing of the app or its API', async () => {
    expect((await framePage('localhost:8080', 'http://localhost:8080')).statusCode).toBe(404);
    const host = new URL(frameOrigin).host;
    expect((await server.app.inject({ method: 'GET', url: '/home', headers: { host } })).statusCode).toBe(404);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/payment-methods', headers: { host, authorization: `Bearer ${demoToken}` } })).statusCode,
    ).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/config.json', headers: { host } })).statusCode).toBe(404);
  });

  it('is not served on the app host under a percent-encoded or dotted path either', async () => {
    const parent = encodeURIComponent('http://localhost:8080');
    for (const url of [
      `/%63ard-frame?parent=${parent}`,
      `/%63ard-frame.html`,
      `/assets/../card-frame?parent=${parent}`,
      `/card-frame/?parent=${parent}`,
    ]) {
      expect((await server.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } })).statusCode, url).toBe(404);
    }
    // A path that does not decode is refused as such, on either host.
    expect((await server.app.inject({ method: 'GET', url: '/%E0%A4%A', headers: { host: 'localhost:8080' } })).statusCode).toBe(400);
  });

  it('opens only for a parent that is one of the app origins', async () => {
    const host = new URL(frameOrigin).host;
    const evil = await framePage(host, 'https://evil.example');
    expect(evil.statusCode).toBe(400);
    // Without a build there is no page, but the parent passed the check.
    expect((await framePage(host, 'http://localhost:8080')).statusCode).toBe(404);
    expect((await framePage(host, 'http://harbor.localhost:8080')).statusCode).toBe(404);
  });

  it("lets the app's page frame the card origin (frame-src) and tells the app where it is", async () => {
    const page = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(page.json().cardFrameOrigin).toBe(frameOrigin);
    expect(String(page.headers['content-security-policy'])).toMatch(new RegExp(`frame-src 'self'[^;]* ${frameOrigin.replace(/[.]/g, '\\.')}(;| )`));
  });
});

describe('where the card frame lives', () => {
  it('defaults to cards.<host> on the same port, cards.localhost for an address, and lists the app origins as its parents', async () => {
    const { defaultCardFrameOrigin, cardFrameParents } = await import('../../server/lib/cardFrame.js');
    expect(defaultCardFrameOrigin('http://localhost:8080')).toBe('http://cards.localhost:8080');
    expect(defaultCardFrameOrigin('https://app.example.com')).toBe('https://cards.app.example.com');
    expect(defaultCardFrameOrigin('http://127.0.0.1:3000')).toBe('http://cards.localhost:3000');
    expect(cardFrameParents('http://localhost:8080', ['harbor.localhost', 'localhost'], ['https://shell.example'])).toEqual([
      'http://localhost:8080',
      'http://harbor.localhost:8080',
      'https://shell.example',
    ]);
  });
});

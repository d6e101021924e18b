import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { cardEntryMachine, formValid, billingOf } from '../../machines/payments/cardEntry.machine';
import { storedCardsMachine, type StoredCardsRef } from '../../machines/payments/storedCards.machine';
import { formatExpiry, parseExpiry, validExpiry, validName } from '../../machines/payments/cardEntry.rules';
import type { CardEntryEvent, PaymentMethodData, StoredCard } from '../../machines/payments/cardEntry.types';
import { embeddedCardProvider } from '../../src/app/adapters/embeddedCardProvider';
import type { CardFieldsOptions, CardProvider } from '../../src/app/adapters/cardProvider';
import { cardEntryLogic } from '../../src/app/screens/payments';
import type { AppActor } from '../../src/app/appActor';
import { notifyNativeHost } from '../../src/bridge/nativeHost';
import { CARD_FRAME_ELEMENT_ID, CARD_FRAME_KIND } from '../../contracts/cardFrame';
import { cardValidation, storedCard } from '../fixtures/payments';

describe('the expiry rules (section 5)', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1230', '12/30'],
    ['12305', '12/30'],
    ['4', '04'],
    ['429', '04/29'],
    ['9/27', '09/27'],
    ['12/2030', '12/30'],
    ['12 / 2030', '12/30'],
    ['122030', '12/30'],
    ['12/30', '12/30'],
    ['1/2030', '01/30'],
    ['1/30', '01/30'],
    ['12/203', '12/203'],
    ['ab12cd30', '12/30'],
    ['', ''],
  ])('formats %j as %j', (typed, shown) => expect(formatExpiry(typed)).toBe(shown));

  /** What the field shows after each key, as the view formats the field's text with the key added. */
  const typeKeys = (text: string) => [...text].reduce((shown, key) => formatExpiry(shown + key), '');

  it.each([
    ['12/2030', '12/30'],
    ['12 / 2030', '12/30'],
    ['1230', '12/30'],
    ['12/30', '12/30'],
    ['1/2030', '01/30'],
  ])('typed key by key, %j ends as %j: the month and year meant, never the past date 12/20', (typed, shown) => {
    expect(typeKeys(typed)).toBe(shown);
    expect(validExpiry(typeKeys(typed), { year: 2026, month: 11 })).toBe(true);
  });

  it('pasted over what the field held, a four-digit year still ends as MM/YY', () => {
    expect(formatExpiry('12/2' + '030')).toBe('12/30');
    expect(formatExpiry('12/20' + '30')).toBe('12/30');
    expect(validExpiry(formatExpiry('12/2030'), { year: 2026, month: 11 })).toBe(true);
  });

  it('reads MM/YY as a month and a 20YY year, and nothing else', () => {
    expect(parseExpiry('08/29')).toEqual({ month: 8, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('8/29')).toBeNull();
    expect(parseExpiry('08/2')).toBeNull();
  });

  it('takes an expiry of this month or later', () => {
    const today = { year: 2030, month: 6 };
    expect(validExpiry('06/30', today)).toBe(true);
    expect(validExpiry('05/30', today)).toBe(false);
    expect(validExpiry('01/31', today)).toBe(true);
    expect(validExpiry('12/3', today)).toBe(false);
  });

  it('wants names of one character at least', () => {
    expect(validName('A')).toBe(true);
    expect(validName('  ')).toBe(false);
  });
});

const STORED = storedCard({ payment_token: 'tok_1' });
const VALIDATION = cardValidation();

function run(
  options: { tokenize?: () => Promise<PaymentMethodData>; loadPaymentMethods?: () => Promise<StoredCard[]>; init?: () => Promise<never> } = {},
) {
  const loadPaymentMethods = vi.fn(options.loadPaymentMethods ?? (async () => [] as StoredCard[]));
  let send: ((e: CardEntryEvent) => void) | null = null;
  const notifyHost = vi.fn();
  const tokenize = vi.fn((_input: unknown) => (options.tokenize ? options.tokenize() : Promise.resolve({ token: 'tok_1', paymentMethod: STORED })));
  const loadTokenized = vi.fn(async (): Promise<unknown> => ({}));
  const actor = createActor(
    cardEntryMachine.provide({
      actors: {
        initializeFields: fromPromise(options.init ?? (async () => ({ frameUrl: 'about:blank', channel: 'c' }))),
        listenToFields: fromCallback<CardEntryEvent, { channel: string }>(({ sendBack }) => {
          send = sendBack;
        }),
        tokenizeCard: fromPromise(({ input }) => tokenize(input)),
        storedCards: storedCardsMachine.provide({
          actors: {
            loadPaymentMethods: fromPromise(() => loadPaymentMethods()),
            removeCard: fromPromise(async () => [] as StoredCard[]),
            makeDefaultCard: fromPromise(async () => [] as StoredCard[]),
          },
        }),
        loadTokenizedPaymentMethod: fromPromise(loadTokenized),
        loadCountries: fromPromise(async () => [] as { code: string; name: string }[]),
      },
      actions: { notifyHost: (_, m) => notifyHost(m) },
    }),
    { input: { locale: 'en', today: { year: 2030, month: 1 } } },
  ).start();
  const fill = () => {
    actor.send({ type: 'user.edit', field: 'first_name', value: 'Ada' });
    actor.send({ type: 'user.edit', field: 'last_name', value: 'Lovelace' });
    actor.send({ type: 'user.edit', field: 'expiry', value: '12/40' });
    actor.send({ type: 'user.edit', field: 'country', value: 'GB' });
  };
  const storedCards = () => actor.getSnapshot().children.storedCards as StoredCardsRef;
  return { actor, fields: (e: CardEntryEvent) => send!(e), notifyHost, tokenize, loadTokenized, fill, storedCards, loadPaymentMethods };
}

describe('the card entry machine', () => {
  it('starts with the United States, not ready until the fields say so, and refuses a submit until all is valid', async () => {
    const flow = run();
    expect(flow.actor.getSnapshot().context.country).toBe('US');
    await waitFor(flow.actor, (s) => s.matches({ entry: 'waiting' }));
    expect(flow.actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    flow.fields({ type: 'fields.ready' });
    flow.fill();
    expect(flow.actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    flow.fields({ type: 'fields.complete', complete: true, validation: VALIDATION });
    expect(flow.actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
    flow.actor.send({ type: 'user.edit', field: 'expiry', value: '13/40' });
    expect(flow.actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });

  it('tokenizes with the billing details, keeps the payment data, reloads the list and tells the host', async () => {
    const flow = run({ loadPaymentMethods: vi.fn().mockResolvedValueOnce([]).mockResolvedValueOnce([STORED]) });
    await waitFor(flow.actor, (s) => s.matches({ entry: 'waiting' }));
    flow.fields({ type: 'fields.ready' });
    flow.fill();
    flow.fields({ type: 'fields.complete', complete: true, validation: VALIDATION });
    flow.actor.send({ type: 'user.submit' });
    // The stored cards (the form's child) read their list again once the card is stored.
    await waitFor(flow.storedCards(), (s) => s.matches('idle') && s.context.cards.length === 1);
    expect(flow.loadPaymentMethods).toHaveBeenCalledTimes(2);
    expect(flow.tokenize).toHaveBeenCalledWith({
      channel: 'c',
      billing: { first_name: 'Ada', last_name: 'Lovelace', exp_month: 12, exp_year: 2040, country: 'GB' },
    });
    expect(flow.actor.getSnapshot().context.paymentMethodData).toEqual({ token: 'tok_1', paymentMethod: STORED });
    expect(flow.loadTokenized).toHaveBeenCalledTimes(1);
    expect(flow.notifyHost).toHaveBeenCalledWith({
      errors: [],
      validation: VALIDATION,
      paymentMethodData: { token: 'tok_1', paymentMethod: STORED },
    });
  });

  it("tells the host the validation the card was accepted with, not the frame's reset that reached the page first", async () => {
    let store: (data: PaymentMethodData) => void = () => {};
    const flow = run({ tokenize: () => new Promise<PaymentMethodData>((resolve) => (store = resolve)) });
    await waitFor(flow.actor, (s) => s.matches({ entry: 'waiting' }));
    flow.fields({ type: 'fields.ready' });
    flow.fill();
    flow.fields({ type: 'fields.complete', complete: true, validation: VALIDATION });
    flow.actor.send({ type: 'user.submit' });
    await waitFor(flow.actor, (s) => s.matches({ entry: 'tokenizing' }));
    // What the card frame posts once the vault stored the card: it clears its fields (src/cardFrame/main.ts), then the token.
    const reset = { cardType: null, validNumber: false, validCvv: false, numberLength: 0, cvvLength: 0 };
    flow.fields({ type: 'fields.empty', empty: true });
    flow.fields({ type: 'fields.brand', brand: null });
    flow.fields({ type: 'fields.complete', complete: false, validation: reset });
    store({ token: 'tok_1', paymentMethod: STORED });
    await waitFor(flow.actor, (s) => s.hasTag('added'));
    expect(flow.notifyHost).toHaveBeenCalledTimes(1);
    expect(flow.notifyHost.mock.calls[0]![0]).toEqual({
      errors: [],
      validation: { cardType: 'visa', validNumber: true, validCvv: true, numberLength: 16, cvvLength: 3 },
      paymentMethodData: { token: 'tok_1', paymentMethod: STORED },
    });
  });

  it('tells the stored cards of a stored card, which show it even when their list cannot be read again', async () => {
    const flow = run({ loadPaymentMethods: vi.fn().mockResolvedValueOnce([]).mockRejectedValueOnce(new Error('offline')) });
    await waitFor(flow.actor, (s) => s.matches({ entry: 'waiting' }));
    flow.fields({ type: 'fields.ready' });
    flow.fill();
    flow.fields({ type: 'fields.complete', complete: true, validation: VALIDATION });
    flow.actor.send({ type: 'user.submit' });
    await waitFor(flow.actor, (s) => s.hasTag('added'));
    await waitFor(flow.storedCards(), (s) => s.matches('idle') && flow.loadPaymentMethods.mock.calls.length === 2);
    expect(flow.storedCards().getSnapshot().context.cards).toEqual([STORED]);
  });

  it('keeps the errors list of a failed tokenize, and the next tokenize clears it', async () => {
    let fail = true;
    const flow = run({
      tokenize: () => (fail ? Promise.reject([{ code: 'invalid_cvv', message: 'bad code' }]) : new Promise<PaymentMethodData>(() => {})),
    });
    await waitFor(flow.actor, (s) => s.matches({ entry: 'waiting' }));
    flow.fields({ type: 'fields.ready' });
    flow.fill();
    flow.fields({ type: 'fields.complete', complete: true, validation: VALIDATION });
    flow.actor.send({ type: 'user.submit' });
    await waitFor(flow.actor, (s) => s.matches({ entry: 'errors' }));
    expect(flow.actor.getSnapshot().context.errors).toEqual([{ code: 'invalid_cvv', message: 'bad code' }]);
    expect(flow.notifyHost).toHaveBeenCalledWith({
      errors: [{ code: 'invalid_cvv', message: 'bad code' }],
      validation: VALIDATION,
      paymentMethodData: null,
    });
    fail = false;
    flow.actor.send({ type: 'user.submit' });
    expect(flow.actor.getSnapshot().matches({ entry: 'tokenizing' })).toBe(true);
    expect(flow.actor.getSnapshot().context.errors).toEqual([]);
  });

  it('is unavailable, silently, when the provider cannot start; a retry starts it again', async () => {
    const flow = run({ init: () => Promise.reject(new Error('no frame origin')) });
    await waitFor(flow.actor, (s) => s.hasTag('unavailable'));
    flow.actor.send({ type: 'user.retry' });
    expect(flow.actor.getSnapshot().hasTag('initializing')).toBe(true);
  });

  it('builds the billing details and the validity from the form', () => {
    const context = {
      first_name: ' Ada ',
      last_name: 'L',
      expiry: '01/30',
      country: 'US',
      complete: true,
      today: { year: 2030, month: 1 },
    } as Parameters<typeof formValid>[0];
    expect(formValid(context)).toBe(true);
    expect(billingOf(context)).toEqual({ first_name: 'Ada', last_name: 'L', exp_month: 1, exp_year: 2030, country: 'US' });
  });
});

/** What the card entry gives a provider's initialize: texts and colours as a German page would, and the key. */
const fieldsOptions = (overrides: Partial<CardFieldsOptions> = {}): CardFieldsOptions => ({
  locale: 'de-DE',
  environmentKey: null,
  labels: { number: 'Kartennummer', cvv: 'CVV', errorNumber: 'x', errorCvv: 'y' },
  colors: { accent: '#257bad', text: '#000000', border: '#888888', background: '#ffffff', error: '#ff0000' },
  ...overrides,
});

describe('the embedded provider', () => {
  const FRAME = 'http://cards.localhost:8080';
  /** A page window with the card frame's iframe in it, both fakes: messages are delivered by hand. */
  function setup() {
    const frameWindow = { postMessage: vi.fn() };
    const page = new EventTarget() as EventTarget & { document: { getElementById: (id: string) => unknown } };
    page.document = { getElementById: (id: string) => (id === CARD_FRAME_ELEMENT_ID ? { contentWindow: frameWindow } : null) };
    const posted = frameWindow.postMessage;
    const provider = embeddedCardProvider({
      frameOrigin: FRAME,
      pageOrigin: 'http://localhost:8080',
      openSession: async () => ({ session: 's'.repeat(43) }),
      window: page as unknown as Window,
      timeoutMs: 500,
    });
    const deliver = (data: unknown, origin = FRAME, source: unknown = frameWindow) => {
      const event = new Event('message') as Event & { data: unknown; origin: string; source: unknown };
      Object.assign(event, { data, origin, source });
      page.dispatchEvent(event);
    };
    return { provider, frameWindow, posted, deliver, page };
  }

  it('builds the frame address on the card origin with the parent, channel and texts', async () => {
    const { provider } = setup();
    const fields = await provider.initialize(fieldsOptions({ environmentKey: null }));
    const url = new URL(fields.frameUrl);
    expect(url.origin).toBe(FRAME);
    expect(url.pathname).toBe('/card-frame');
    expect(url.searchParams.get('parent')).toBe('http://localhost:8080');
    expect(url.searchParams.get('channel')).toBe(fields.channel);
    expect(url.searchParams.get('labelNumber')).toBe('Kartennummer');
    // No CARD_PROVIDER_KEY: the embedded vault's frame needs none, and none is sent.
    expect(url.searchParams.has('environmentKey')).toBe(false);
  });

  it('hands the card provider’s environment key (CARD_PROVIDER_KEY) to the frame when one is configured', async () => {
    const { provider } = setup();
    const fields = await provider.initialize(fieldsOptions({ environmentKey: 'env-key-123' }));
    expect(new URL(fields.frameUrl).searchParams.get('environmentKey')).toBe('env-key-123');
  });

  it('hears only its frame: the right window, the exact origin and the channel', () => {
    const { provider, deliver } = setup();
    const heard: CardEntryEvent[] = [];
    const stop = provider.listen('ch', (e) => heard.push(e));
    deliver({ kind: CARD_FRAME_KIND, channel: 'ch', event: 'ready' });
    deliver({ kind: CARD_FRAME_KIND, channel: 'ch', event: 'ready' }, 'http://evil.example');
    deliver({ kind: CARD_FRAME_KIND, channel: 'ch', event: 'ready' }, FRAME, {});
    deliver({ kind: CARD_FRAME_KIND, channel: 'other', event: 'ready' });
    deliver({ kind: 'something-else', channel: 'ch', event: 'ready' });
    deliver({ kind: CARD_FRAME_KIND, channel: 'ch', event: 'brand', brand: 'visa' });
    stop();
    deliver({ kind: CARD_FRAME_KIND, channel: 'ch', event: 'ready' });
    expect(heard).toEqual([{ type: 'fields.ready' }, { type: 'fields.brand', brand: 'visa' }]);
  });

  it('asks the frame to tokenize at its exact origin, never "*", and resolves with the answer to that request', async () => {
    const { provider, posted, deliver } = setup();
    const billing = { first_name: 'A', last_name: 'B', exp_month: 1, exp_year: 2040, country: 'US' };
    const answer = provider.tokenize('ch', billing);
    await vi.waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    const [message, target] = posted.mock.calls[0] as [{ requestId: string; session: string }, string];
    expect(target).toBe(FRAME);
    expect(message).toMatchObject({ kind: CARD_FRAME_KIND, channel: 'ch', command: 'tokenize', billing });
    // A forged answer from another origin is ignored; the frame's is taken.
    deliver(
      { kind: CARD_FRAME_KIND, channel: 'ch', event: 'token', requestId: message.requestId, token: 'forged', paymentMethod: STORED },
      'http://evil.example',
    );
    deliver({ kind: CARD_FRAME_KIND, channel: 'ch', event: 'token', requestId: message.requestId, token: 'tok_1', paymentMethod: STORED });
    await expect(answer).resolves.toEqual({ token: 'tok_1', paymentMethod: STORED });
  });

  it('rejects with the frame errors list', async () => {
    const { provider, posted, deliver } = setup();
    const answer = provider.tokenize('ch', { first_name: 'A', last_name: 'B', exp_month: 1, exp_year: 2040, country: 'US' });
    await vi.waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    const [message] = posted.mock.calls[0] as [{ requestId: string }];
    deliver({
      kind: CARD_FRAME_KIND,
      channel: 'ch',
      event: 'tokenizeFailed',
      requestId: message.requestId,
      errors: [{ code: 'card_expired', message: 'expired' }],
    });
    await expect(answer).rejects.toEqual([{ code: 'card_expired', message: 'expired' }]);
  });
});

describe('the native host', () => {
  it('posts JSON to a React Native web view, and nothing without a host', () => {
    const postMessage = vi.fn();
    const message = { errors: [], validation: VALIDATION, paymentMethodData: null };
    const top = { parent: null, location: {}, document: { referrer: '' } };
    expect(notifyNativeHost(message, { ...top, ReactNativeWebView: { postMessage } } as unknown as Window)).toBe('reactNative');
    expect(JSON.parse(postMessage.mock.calls[0]![0])).toEqual(message);
    expect(notifyNativeHost(message, top as unknown as Window)).toBeNull();
  });
});

describe('the card provider’s environment key (CARD_PROVIDER_KEY)', () => {
  /** The card entry as the app provides it, over a fake provider and an app whose runtime configuration has `key`. */
  async function initialisedWith(key: string | null) {
    const initialize = vi.fn(async (_options: CardFieldsOptions) => ({ frameUrl: 'about:blank', channel: 'c' }));
    const provider: CardProvider = { initialize, listen: () => () => {}, tokenize: () => Promise.reject(new Error('not here')) };
    const app = { getSnapshot: () => ({ context: { config: { cardProviderKey: key } } }) } as unknown as AppActor;
    const actor = createActor(
      cardEntryLogic(app, provider).provide({
        actors: { storedCards: storedCardsMachine.provide({ actors: { loadPaymentMethods: fromPromise(async () => [] as StoredCard[]) } }) },
      }),
      {
        input: { locale: 'en', today: { year: 2030, month: 1 } },
      },
    ).start();
    await waitFor(actor, (s) => s.matches({ entry: 'waiting' }));
    actor.stop();
    return initialize.mock.calls[0]![0];
  }

  it('initialises the provider with the configured key', async () => {
    expect((await initialisedWith('env-key-123')).environmentKey).toBe('env-key-123');
  });

  it('initialises it without one when none is configured (the embedded vault needs none)', async () => {
    expect((await initialisedWith(null)).environmentKey).toBeNull();
  });
});

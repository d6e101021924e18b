/**
 * A mock Atrium host for developing and testing a mini-app without Atrium (issue 23): it answers the bridge protocol
 * with fixed data from the page that frames the mini-app. Served as `/sdk/atrium-bridge-mock.js`, and ready to use in
 * `/sdk/mock-host.html?app=<the mini-app's address>` (it frames the address and answers it).
 *
 *   import { startMockHost } from '/sdk/atrium-bridge-mock.js';
 *   startMockHost({ frame: document.querySelector('iframe'), appOrigin: 'http://localhost:5173' });
 */
import {
  actionAllowed,
  BRIDGE_ACTIONS,
  failure,
  initAnswer,
  invalidParams,
  parseMessage,
  replyTo,
  stringField,
  subscribable,
  type BridgeEventName,
  type CallResult,
  type RegisteredMiniApp,
} from '../../../machines/bridge/bridge.protocol';

export interface MockHostOptions {
  /** The iframe the mini-app runs in. */
  frame: HTMLIFrameElement;
  /** The mini-app's origin: only its messages are answered, and only there. */
  appOrigin: string;
  appUuid?: string;
  scopes?: string[];
  /** Answers to replace, by action (data, or a function of the request's data). */
  answers?: Partial<Record<string, unknown | ((data: unknown) => unknown)>>;
}

const ALL_SCOPES = ['user', 'buildings', 'token', 'storage', 'payments', 'session', 'visits'];

export const MOCK_DATA = {
  user: {
    first_name: 'Dana',
    last_name: 'Example',
    email: 'dana@example.com',
    uuid: 'user-0001',
    company: { uuid: 'company-0001', name: 'Example Co' },
  },
  building: { uuid: 'building-0001', name: 'Example Plaza', address_1: '1 Example Street', timezone: 'Europe/London', image_url: null, locale: 'en' },
  theme: { primary_color: '#257BAD', secondary_color: '#7C7933', primary_font_color: '#FFFFFF', font: null, color_scheme: 'light' },
  brand: { brand: 'atrium', name: 'Atrium', logo_url: null, primary_color: '#257BAD', secondary_color: '#7C7933' },
  hostInfo: { name: 'atrium-mock', version: '1.0.0', platform: 'web', locale: 'en', kiosk: false },
  paymentMethods: [{ id: 'card-0001', card_brand: 'visa', card_last_four: '4242', exp_month: 12, exp_year: 2030, is_default: true }],
};

/** Starts answering the framed mini-app; returns a handle to send events and to stop. */
export function startMockHost(options: MockHostOptions) {
  const app: RegisteredMiniApp = {
    uuid: options.appUuid ?? 'mock-app',
    name: 'Mock',
    baseUrl: options.appOrigin,
    origins: [options.appOrigin],
    scopes: options.scopes ?? ALL_SCOPES,
    allow: '',
    sandbox: '',
  };
  const storage = new Map<string, string>();
  const subscribed = new Set<BridgeEventName>();
  const post = (message: unknown) => options.frame.contentWindow?.postMessage(message, options.appOrigin);
  const current = (event: BridgeEventName): unknown =>
    ({
      themeChanged: MOCK_DATA.theme,
      brandChanged: MOCK_DATA.brand,
      buildingChanged: MOCK_DATA.building,
      languageChanged: { locale: 'en' },
      visibilityChanged: { visible: true },
      kioskReset: null,
    })[event];
  const answer = (action: string, data: unknown): CallResult => {
    const replaced = options.answers && Object.hasOwn(options.answers, action) ? options.answers[action] : undefined;
    if (replaced !== undefined) return { ok: true, data: typeof replaced === 'function' ? (replaced as (d: unknown) => unknown)(data) : replaced };
    switch (action) {
      case 'init':
        return stringField(data, 'app_uuid') === app.uuid || !options.appUuid
          ? { ok: true, data: initAnswer(app, { name: 'atrium-mock', version: '1.0.0' }) }
          : failure('ACCESS_DENIED', 'app_uuid is not the mock’s');
      case 'getJWT':
        return { ok: true, data: { token: 'mock.jwt.token', expires_in: 300 } };
      case 'getUser':
        return { ok: true, data: MOCK_DATA.user };
      case 'getBuilding':
        return { ok: true, data: MOCK_DATA.building };
      case 'getBuildings':
        return { ok: true, data: { buildings: [MOCK_DATA.building] } };
      case 'getHostInfo':
        return { ok: true, data: MOCK_DATA.hostInfo };
      case 'setStorage':
        storage.set(stringField(data, 'key')!, stringField(data, 'value')!);
        return { ok: true, data: { success: true } };
      case 'getStorage': {
        const key = stringField(data, 'key')!;
        return { ok: true, data: { key, value: storage.get(key) ?? null } };
      }
      case 'showNativePayment':
        return { ok: true, data: { success: false } };
      case 'hideNativePayments':
        return { ok: true, data: true };
      case 'getPaymentMethods':
        return { ok: true, data: { payment_methods: MOCK_DATA.paymentMethods } };
      case 'tokenizeCard':
        // Without card_id the real host opens its card sheet; the mock answers as if a person had typed a new card.
        return stringField(data, 'card_id')
          ? { ok: true, data: { token: 'mock-card-token', card_brand: 'visa', card_last_four: '4242' } }
          : { ok: true, data: { token: 'mock-new-card-token', card_brand: 'mastercard', card_last_four: '4444' } };
      case 'getTheme':
        return { ok: true, data: MOCK_DATA.theme };
      case 'getBrand':
        return { ok: true, data: MOCK_DATA.brand };
      case 'closeWebView':
      case 'logout':
        return { ok: true, data: { success: true } };
      case 'refreshToken':
        return { ok: true, data: { success: true } };
      case 'getKioskEnabled':
        return { ok: true, data: { enabled: false } };
      case 'subscribe': {
        const { granted, refused } = subscribable((data as { events: string[] }).events, app.scopes);
        for (const e of granted) subscribed.add(e);
        return { ok: true, data: { events: granted, refused, current: Object.fromEntries(granted.map((e) => [e, current(e)])) } };
      }
      case 'unsubscribe':
        for (const e of (data as { events: string[] }).events) subscribed.delete(e as BridgeEventName);
        return { ok: true, data: { events: [...subscribed] } };
      default:
        return failure('UNSUPPORTED', `Unknown action ${action}`);
    }
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== options.frame.contentWindow || event.origin !== options.appOrigin) return;
    const parsed = parseMessage(event.data);
    if (parsed.kind === 'ignored') return;
    if (parsed.kind === 'unknown') return post(replyTo(parsed.action, parsed.id, failure('UNSUPPORTED', `Unknown action ${parsed.action}`)));
    const { action, data, id } = parsed.request;
    if (!actionAllowed(action, app.scopes)) return post(replyTo(action, id, failure('ACCESS_DENIED', `${action} is outside the mock's scopes`)));
    post(replyTo(action, id, invalidParams(parsed.request) ?? answer(action, data)));
  };
  window.addEventListener('message', onMessage);
  return {
    actions: Object.keys(BRIDGE_ACTIONS),
    /** Sends an event to the mini-app if it subscribed to it. */
    emit(event: BridgeEventName, data: unknown) {
      if (subscribed.has(event)) post({ event, data });
    },
    stop: () => window.removeEventListener('message', onMessage),
  };
}

/** The mock host page: frames `?app=` and answers it (`/sdk/mock-host.html`). */
export function startMockHostPage(doc: Document = document) {
  const address = new URL(doc.location.href).searchParams.get('app');
  const frame = doc.querySelector('iframe');
  if (!address || !frame) return null;
  const url = new URL(address, doc.location.href);
  url.searchParams.set('hostOrigin', doc.location.origin);
  frame.src = url.toString();
  return startMockHost({ frame, appOrigin: url.origin, appUuid: new URL(doc.location.href).searchParams.get('uuid') ?? undefined });
}

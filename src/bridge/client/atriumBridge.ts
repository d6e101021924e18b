/**
 * Atrium's mini-app bridge client (issue 23): what a mini-app imports to talk to the host it runs in. Served as one ES
 * module at `/sdk/atrium-bridge.js` on the mini-apps' origin; docs/miniapps.md is its guide.
 *
 *   import { connect } from '/sdk/atrium-bridge.js';
 *   const bridge = await connect({ appUuid: '…' });
 *   const user = await bridge.getUser();
 *
 * Every call is a promise matched to its answer by id; it ends with the answer, an error of the closed list
 * (`BridgeClientError.code`), or TIMEOUT. Events come after `bridge.on(name, handler)`.
 */
import {
  ACTIVITY_NOTICE,
  BRIDGE_ERROR_CODES,
  BRIDGE_EVENTS,
  INTERACTIVE_CALL_MS,
  type BridgeAction,
  type BridgeErrorCode,
  type BridgeEventName,
} from '../../../machines/bridge/bridge.protocol';
import { readMicroFrontendContext } from '../../../machines/content/links';

export { BRIDGE_ERROR_CODES, BRIDGE_EVENTS };
export type { BridgeAction, BridgeErrorCode, BridgeEventName };

/** A refused or failed call: `code` is one of BRIDGE_ERROR_CODES. */
export class BridgeClientError extends Error {
  readonly code: BridgeErrorCode;
  constructor(code: BridgeErrorCode, message: string) {
    super(message);
    this.name = 'BridgeClientError';
    this.code = code;
  }
}

export interface User {
  first_name: string;
  last_name: string;
  email: string;
  uuid: string;
  company: { uuid: string | null; name: string | null };
}
export interface Building {
  uuid: string;
  name: string;
  address_1: string | null;
  timezone: string | null;
  image_url: string | null;
  locale: string | null;
}
export interface Theme {
  primary_color: string;
  secondary_color: string;
  primary_font_color: string | null;
  font: string | null;
  color_scheme: 'light' | 'dark';
}
export interface Brand {
  brand: string;
  name: string;
  logo_url: string | null;
  primary_color: string;
  secondary_color: string;
}
export interface HostInfo {
  name: string;
  version: string;
  platform: 'web' | 'webview';
  locale: string;
  kiosk: boolean;
}
export interface InitAnswer {
  host: { name: string; version: string };
  app_uuid: string;
  actions: { action: BridgeAction; version: number }[];
  events: BridgeEventName[];
  scopes: string[];
}
export interface PaymentMethod {
  id: string;
  card_brand: string;
  card_last_four: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}
export interface TokenizedCard {
  token: string;
  card_brand: string;
  card_last_four: string;
}
export interface EventData {
  themeChanged: Theme;
  brandChanged: Brand;
  buildingChanged: Building | null;
  languageChanged: { locale: string };
  visibilityChanged: { visible: boolean };
  kioskReset: Record<string, never>;
}

export interface ConnectOptions {
  /** The mini-app's uuid, as it was registered. */
  appUuid: string;
  /**
   * The host's origin: replies are taken only from it and calls are posted only to it. By default the `hostOrigin`
   * query parameter the host adds to the frame's address, else the browser's `location.ancestorOrigins`.
   */
  hostOrigin?: string;
  /** How long a call waits for its answer before it fails with TIMEOUT (default 20 s; the host's own limit is 15 s). */
  timeoutMs?: number;
  /** The host's window (default: the parent frame). */
  host?: Window;
  /** This page's window (default: window). */
  self?: Window;
}

/** What counts as the person using the mini-app: a touch, a click, a key, a wheel turn. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/** At most one activity notice this often: a lobby kiosk's idle period is a minute or more. */
export const ACTIVITY_NOTICE_EVERY_MS = 5_000;

type Pending = { resolve: (data: unknown) => void; reject: (error: BridgeClientError) => void; timer: ReturnType<typeof setTimeout> };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the host said about where the mini-app was opened (the `context` query parameter, base64 of JSON, e.g.
 * `{ opened_from: '/building/…/content/…' }`); null when there is none or it cannot be read.
 */
export function launchContext(self: Window = window): unknown {
  try {
    return readMicroFrontendContext(new URL(self.location.href).searchParams.get('context'));
  } catch {
    return null;
  }
}

/** The host's origin the page was told, or null. */
export function hostOriginOf(self: Window): string | null {
  try {
    const param = new URL(self.location.href).searchParams.get('hostOrigin');
    if (param) return new URL(param).origin;
  } catch {
    // fall through
  }
  const ancestors = (self.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return ancestors && ancestors.length > 0 ? ancestors[0]! : null;
}

/** The bridge seen from a mini-app: a promise per call, events by name. */
export class AtriumBridge {
  private readonly pending = new Map<string, Pending>();
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();
  private readonly subscribed = new Set<BridgeEventName>();
  private next = 0;
  private initialised: Promise<InitAnswer> | null = null;
  private readonly onMessage: (event: MessageEvent) => void;
  private readonly onActivity: () => void;
  private lastActivity = -Infinity;
  readonly hostOrigin: string;

  constructor(private readonly options: ConnectOptions & { hostOrigin: string; host: Window; self: Window }) {
    this.hostOrigin = options.hostOrigin;
    this.onMessage = (event) => this.receive(event);
    options.self.addEventListener('message', this.onMessage);
    // A touch inside the frame never reaches the host's page: the host hears of it (a lobby kiosk then does not reset
    // while someone uses the mini-app). A notice, not a call: no id, no answer.
    this.onActivity = () => {
      const now = Date.now();
      if (now - this.lastActivity < ACTIVITY_NOTICE_EVERY_MS) return;
      this.lastActivity = now;
      this.options.host.postMessage(JSON.stringify({ action: ACTIVITY_NOTICE }), this.hostOrigin);
    };
    for (const type of ACTIVITY_EVENTS) options.self.addEventListener(type, this.onActivity, { capture: true, passive: true });
  }

  private receive(event: MessageEvent) {
    if (event.source !== this.options.host || event.origin !== this.hostOrigin) return;
    let message: unknown = event.data;
    if (typeof message === 'string') {
      try {
        message = JSON.parse(message);
      } catch {
        return;
      }
    }
    if (!isObject(message) || typeof message.event !== 'string') return;
    if (message.event === 'initRequired') {
      // The frame loaded a new document in the host's eyes: this page initialises again (and subscribes again).
      this.initialised = null;
      void this.init()
        .then(() => (this.subscribed.size ? this.subscribe([...this.subscribed]) : undefined))
        .catch(() => {});
      return;
    }
    const id = typeof message.id === 'string' ? message.id : null;
    if (id !== null && this.pending.has(id)) {
      const call = this.pending.get(id)!;
      this.pending.delete(id);
      clearTimeout(call.timer);
      const error = isObject(message.error) ? message.error : null;
      if (message.ok === true) call.resolve(message.data);
      else {
        const code = (BRIDGE_ERROR_CODES as readonly string[]).includes(String(error?.code)) ? (error!.code as BridgeErrorCode) : 'UNAVAILABLE';
        call.reject(new BridgeClientError(code, typeof error?.message === 'string' ? error.message : 'The host refused'));
      }
      return;
    }
    if (id === null && (BRIDGE_EVENTS as readonly string[]).includes(message.event))
      for (const handler of this.handlers.get(message.event) ?? []) handler(message.data);
  }

  /** Sends any action and resolves with its answer's data (the typed methods below are the usual way). */
  call<T = unknown>(action: BridgeAction | string, data?: unknown, timeoutMs = this.timeout): Promise<T> {
    const id = `atrium-${Date.now().toString(36)}-${++this.next}`;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BridgeClientError('TIMEOUT', `${action} had no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (d: unknown) => void, reject, timer });
      this.options.host.postMessage(JSON.stringify(data === undefined ? { action, id } : { action, data, id }), this.hostOrigin);
    });
  }

  private get timeout() {
    return this.options.timeoutMs ?? 20_000;
  }

  /** Introduces the mini-app (by its registered uuid); the answer lists the host's actions and the granted scopes. */
  init(): Promise<InitAnswer> {
    return (this.initialised ??= this.call<InitAnswer>('init', { app_uuid: this.options.appUuid }).catch((error) => {
      this.initialised = null;
      throw error;
    }));
  }

  /** A token for this mini-app, this person and this building (≤ 5 minutes): verify it on your server with the JWKS. */
  getJWT = () => this.call<{ token: string; expires_in: number }>('getJWT');
  getUser = () => this.call<User>('getUser');
  getBuilding = () => this.call<Building>('getBuilding');
  getBuildings = () => this.call<{ buildings: Building[] }>('getBuildings');
  getHostInfo = () => this.call<HostInfo>('getHostInfo');
  setStorage = (key: string, value: string) => this.call<{ success: true }>('setStorage', { key, value });
  getStorage = (key: string) => this.call<{ key: string; value: string | null }>('getStorage', { key });
  showNativePayment = (data?: unknown) => this.call<{ success: boolean }>('showNativePayment', data);
  hideNativePayments = () => this.call<boolean>('hideNativePayments');
  getPaymentMethods = () => this.call<{ payment_methods: PaymentMethod[] }>('getPaymentMethods');
  /**
   * A card's payment token, never its number: a stored card's (`cardId` from getPaymentMethods), or, without one, a new
   * card the person types into the host's own card sheet (USER_CANCELLED if they close it; they have ten minutes).
   */
  tokenizeCard = (cardId?: string) =>
    cardId
      ? this.call<TokenizedCard>('tokenizeCard', { card_id: cardId })
      : this.call<TokenizedCard>('tokenizeCard', {}, Math.max(this.timeout, INTERACTIVE_CALL_MS + 5_000));
  getTheme = () => this.call<Theme>('getTheme');
  getBrand = () => this.call<Brand>('getBrand');
  closeWebView = () => this.call<{ success: true }>('closeWebView');
  logout = () => this.call<{ success: true }>('logout');
  refreshToken = () => this.call<{ success: boolean }>('refreshToken');
  getKioskEnabled = () => this.call<{ enabled: boolean }>('getKioskEnabled');

  /** Asks for events; the answer carries their current values at once (`current`). */
  async subscribe(events: BridgeEventName[]) {
    const answer = await this.call<{ events: BridgeEventName[]; refused: string[]; current: Partial<EventData> }>('subscribe', { events });
    for (const event of answer.events) this.subscribed.add(event);
    return answer;
  }

  async unsubscribe(events: BridgeEventName[]) {
    for (const event of events) this.subscribed.delete(event);
    return this.call<{ events: BridgeEventName[] }>('unsubscribe', { events });
  }

  /**
   * Calls `handler` with each `event` the host sends, subscribing to it (the current value comes at once, as the
   * first call). Returns a function that stops it.
   */
  on<E extends BridgeEventName>(event: E, handler: (data: EventData[E]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (data: unknown) => void);
    this.handlers.set(event, set);
    void this.subscribe([event])
      .then((answer) => {
        if (event in answer.current) handler(answer.current[event] as EventData[E]);
      })
      .catch(() => {});
    return () => {
      set.delete(handler as (data: unknown) => void);
      if (set.size === 0) void this.unsubscribe([event]).catch(() => {});
    };
  }

  /** Stops listening; calls still waiting fail with UNAVAILABLE. */
  disconnect() {
    this.options.self.removeEventListener('message', this.onMessage);
    for (const type of ACTIVITY_EVENTS) this.options.self.removeEventListener(type, this.onActivity, { capture: true });
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new BridgeClientError('UNAVAILABLE', 'The bridge was disconnected'));
      this.pending.delete(id);
    }
  }
}

/** A bridge to the host, not yet initialised (`connect` also initialises). */
export function createBridge(options: ConnectOptions): AtriumBridge {
  const self = options.self ?? window;
  const host = options.host ?? self.parent;
  const hostOrigin = options.hostOrigin ?? hostOriginOf(self);
  if (!hostOrigin) throw new BridgeClientError('UNAVAILABLE', 'The host’s origin is unknown: pass hostOrigin');
  if (host === self) throw new BridgeClientError('UNAVAILABLE', 'This page is not inside a host (use the mock host to develop)');
  return new AtriumBridge({ ...options, self, host, hostOrigin });
}

/** Connects to the host and initialises: resolves with the bridge once the host answered init. */
export async function connect(options: ConnectOptions): Promise<AtriumBridge> {
  const bridge = createBridge(options);
  await bridge.init();
  return bridge;
}

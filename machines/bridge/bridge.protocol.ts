/**
 * The mini-app bridge's wire protocol (access document, section 7 "Mini-app bridge"; issue 23's contract): what a
 * mini-app may send, what each action needs, and the shape of every answer. Pure rules, shared by the host's machines
 * and the authors' client (src/bridge/client/), so both speak exactly the same list.
 */
import type { MiniAppRegistration } from '../../contracts/runtimeConfig';

/** Every action of the specification, with the version the host speaks, plus subscribe and unsubscribe (events). */
export const BRIDGE_ACTIONS = {
  init: 1,
  getJWT: 1,
  getUser: 1,
  getBuilding: 1,
  getBuildings: 1,
  getHostInfo: 1,
  setStorage: 1,
  getStorage: 1,
  showNativePayment: 1,
  hideNativePayments: 1,
  getPaymentMethods: 1,
  tokenizeCard: 1,
  getTheme: 1,
  getBrand: 1,
  closeWebView: 1,
  logout: 1,
  refreshToken: 1,
  getKioskEnabled: 1,
  subscribe: 1,
  unsubscribe: 1,
} as const;

export type BridgeAction = keyof typeof BRIDGE_ACTIONS;

/**
 * A notice, not an action: the authors' client posts `{action: 'userActivity'}` (no id, no answer) at most every few
 * seconds while the person uses the mini-app, since a touch inside a frame never reaches the host's page. The host
 * counts every message of a registered frame at a registered origin as someone using the screen (the lobby kiosk's
 * idle count starts again) and answers this one nothing.
 */
export const ACTIVITY_NOTICE = 'userActivity';

/** The scopes a registration may grant (issue 23's contract; the server's registry uses the same strings). */
export const BRIDGE_SCOPES = ['user', 'buildings', 'token', 'storage', 'payments', 'session', 'visits'] as const;
export type BridgeScope = (typeof BRIDGE_SCOPES)[number];

/** The scope each action needs; null: always allowed. */
export const ACTION_SCOPE: Record<BridgeAction, BridgeScope | null> = {
  init: null,
  getHostInfo: null,
  getTheme: null,
  getBrand: null,
  getKioskEnabled: null,
  closeWebView: null,
  subscribe: null,
  unsubscribe: null,
  getUser: 'user',
  getBuilding: 'buildings',
  getBuildings: 'buildings',
  getJWT: 'token',
  setStorage: 'storage',
  getStorage: 'storage',
  getPaymentMethods: 'payments',
  tokenizeCard: 'payments',
  showNativePayment: 'payments',
  hideNativePayments: 'payments',
  logout: 'session',
  refreshToken: 'session',
};

/** The one closed list of error codes an answer may carry. */
export const BRIDGE_ERROR_CODES = ['ACCESS_DENIED', 'INVALID_PARAMS', 'UNAVAILABLE', 'USER_CANCELLED', 'TIMEOUT', 'UNSUPPORTED'] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

/** Whether a value is one of the closed list's codes. */
export const isBridgeErrorCode = (value: unknown): value is BridgeErrorCode => BRIDGE_ERROR_CODES.some((code) => code === value);

export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
}

/** The events a mini-app can subscribe to; buildingChanged carries building data, so it needs the buildings scope. */
export const BRIDGE_EVENTS = ['themeChanged', 'brandChanged', 'buildingChanged', 'languageChanged', 'visibilityChanged', 'kioskReset'] as const;
export type BridgeEventName = (typeof BRIDGE_EVENTS)[number];
export const EVENT_SCOPE: Record<BridgeEventName, BridgeScope | null> = {
  themeChanged: null,
  brandChanged: null,
  buildingChanged: 'buildings',
  languageChanged: null,
  visibilityChanged: null,
  kioskReset: null,
};

/** A request id as the mini-app sent it: a string (at most 128 characters) or a finite number; anything else is none. */
export type RequestId = string | number;

/** A message that passed parsing: a known action, its data (not yet checked), and its id. */
export interface BridgeRequest {
  action: BridgeAction;
  data: unknown;
  id?: RequestId;
}

/** What a raw message is: a request, an unknown action that carries an id (answered UNSUPPORTED), or nothing to answer. */
export type ParsedMessage = { kind: 'request'; request: BridgeRequest } | { kind: 'unknown'; action: string; id: RequestId } | { kind: 'ignored' };

/** Messages longer than this (as JSON text) are not read at all: no action needs more than a storage value (8 KB). */
export const MAX_MESSAGE_CHARS = 64 * 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** An own property only: a message's `__proto__` or `constructor` never reaches anything. */
const own = (value: Record<string, unknown>, key: string): unknown => (Object.hasOwn(value, key) ? value[key] : undefined);

const requestId = (value: unknown): RequestId | undefined => {
  if (typeof value === 'string' && value.length > 0 && value.length <= 128) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
};

export const isBridgeAction = (value: unknown): value is BridgeAction => typeof value === 'string' && Object.hasOwn(BRIDGE_ACTIONS, value);

/**
 * Reads a message as a mini-app posts it: a JSON string or a plain object `{action, data?, id?}`. Anything else (not
 * JSON, not an object, no string action, too long) is ignored; an action the host does not know is ignored too, unless
 * it carries an id, so the caller's promise ends (UNSUPPORTED) instead of waiting.
 */
export function parseMessage(raw: unknown): ParsedMessage {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_MESSAGE_CHARS) return { kind: 'ignored' };
    try {
      value = JSON.parse(raw);
    } catch {
      return { kind: 'ignored' };
    }
  }
  if (!isPlainObject(value)) return { kind: 'ignored' };
  const action = own(value, 'action');
  if (typeof action !== 'string' || action.length === 0 || action.length > 64) return { kind: 'ignored' };
  const id = requestId(own(value, 'id'));
  if (!isBridgeAction(action)) return id === undefined ? { kind: 'ignored' } : { kind: 'unknown', action, id };
  const data = own(value, 'data');
  return { kind: 'request', request: id === undefined ? { action, data } : { action, data, id } };
}

/**
 * Whether a request waits on the person (tokenizeCard without a stored card opens the host's card sheet): such a call
 * may take up to INTERACTIVE_CALL_MS before it is answered TIMEOUT, others CALL_TIMEOUT_MS.
 */
export const isInteractive = (request: Pick<BridgeRequest, 'action' | 'data'>) =>
  request.action === 'tokenizeCard' && stringField(request.data, 'card_id') === undefined;
/** How long the person has to type a card into the host's sheet. */
export const INTERACTIVE_CALL_MS = 10 * 60_000;

/** Whether a mini-app granted `scopes` may call `action`. */
export const actionAllowed = (action: BridgeAction, scopes: readonly string[]) => {
  const scope = ACTION_SCOPE[action];
  return scope === null || scopes.includes(scope);
};

/** The answer to a request: `{event: action + 'Response', data, id?, ok, error?}`. */
export interface BridgeReply {
  event: string;
  data: unknown;
  id?: RequestId;
  ok: boolean;
  error?: BridgeError;
}

export type CallResult = { ok: true; data: unknown } | { ok: false; error: BridgeError };

export function replyTo(action: string, id: RequestId | undefined, result: CallResult): BridgeReply {
  const base = { event: `${action}Response`, ...(id === undefined ? {} : { id }) };
  return result.ok ? { ...base, data: result.data, ok: true } : { ...base, data: null, ok: false, error: result.error };
}

export const failure = (code: BridgeErrorCode, message: string): CallResult => ({ ok: false, error: { code, message } });

/** A host-to-mini-app event: `{event, data}`. */
export interface BridgePush {
  event: BridgeEventName | 'initRequired';
  data: unknown;
}

/** Storage keys and values as the server keeps them (issue 23's contract): key 1–128 characters, value ≤ 8 KB. */
export const STORAGE_KEY_MAX = 128;
export const STORAGE_VALUE_MAX = 8 * 1024;

/**
 * The checks an action's data must pass before anything runs: init's app_uuid, storage's string key and value,
 * subscribe's event names. Null when the data is fine; the INVALID_PARAMS answer otherwise.
 */
export function invalidParams(request: BridgeRequest): CallResult | null {
  const data = isPlainObject(request.data) ? request.data : null;
  switch (request.action) {
    case 'init': {
      const uuid = data ? own(data, 'app_uuid') : undefined;
      return typeof uuid === 'string' && uuid.length > 0 && uuid.length <= 128 ? null : failure('INVALID_PARAMS', 'Invalid init event data');
    }
    case 'setStorage':
    case 'getStorage': {
      const key = data ? own(data, 'key') : undefined;
      if (typeof key !== 'string' || key.length === 0 || key.length > STORAGE_KEY_MAX)
        return failure('INVALID_PARAMS', `Storage needs a string key of 1 to ${STORAGE_KEY_MAX} characters`);
      if (request.action === 'getStorage') return null;
      const value = own(data!, 'value');
      if (typeof value !== 'string') return failure('INVALID_PARAMS', 'Storage needs a string value');
      return new TextEncoder().encode(value).length <= STORAGE_VALUE_MAX ? null : failure('INVALID_PARAMS', 'A stored value is at most 8 KB');
    }
    case 'subscribe':
    case 'unsubscribe': {
      const events = data ? own(data, 'events') : undefined;
      return Array.isArray(events) && events.length <= BRIDGE_EVENTS.length * 2 && events.every((e) => typeof e === 'string')
        ? null
        : failure('INVALID_PARAMS', `${request.action} needs data.events, a list of event names`);
    }
    case 'tokenizeCard': {
      const cardId = data ? own(data, 'card_id') : undefined;
      return cardId === undefined || (typeof cardId === 'string' && cardId.length <= 128)
        ? null
        : failure('INVALID_PARAMS', 'card_id must be a string');
    }
    default:
      return null;
  }
}

/** A string field of a request's data (its own property), or undefined. */
export const stringField = (data: unknown, key: string): string | undefined => {
  if (!isPlainObject(data)) return undefined;
  const value = own(data, key);
  return typeof value === 'string' ? value : undefined;
};

/** The event names a subscribe asks for that exist and the app may receive (the rest are answered as refused). */
export function subscribable(events: readonly string[], scopes: readonly string[]) {
  const known = events.filter((e): e is BridgeEventName => (BRIDGE_EVENTS as readonly string[]).includes(e));
  const granted = known.filter((e) => EVENT_SCOPE[e] === null || scopes.includes(EVENT_SCOPE[e]!));
  return { granted: [...new Set(granted)], refused: [...new Set(events.filter((e) => !granted.includes(e as BridgeEventName)))] };
}

/** A mini-app as the server registered it (runtime config `miniApps`, issue 23's contract). */
export type RegisteredMiniApp = MiniAppRegistration;

/** The init answer: the host, the actions it speaks with their versions, the events, and the scopes granted. */
export const initAnswer = (app: RegisteredMiniApp, host: { name: string; version: string }) => ({
  host,
  app_uuid: app.uuid,
  actions: Object.entries(BRIDGE_ACTIONS).map(([action, version]) => ({ action, version })),
  events: [...BRIDGE_EVENTS],
  scopes: [...app.scopes],
});

import { describe, expect, it } from 'vitest';
import {
  ACTION_SCOPE,
  actionAllowed,
  BRIDGE_ACTIONS,
  initAnswer,
  invalidParams,
  MAX_MESSAGE_CHARS,
  parseMessage,
  replyTo,
  subscribable,
  type BridgeAction,
} from '../../machines/bridge/bridge.protocol';
import { buildMiniApp } from '../fixtures/miniApps';

describe('parseMessage', () => {
  it.each([
    [
      'a JSON string',
      JSON.stringify({ action: 'getUser', id: 'r1' }),
      { kind: 'request', request: { action: 'getUser', data: undefined, id: 'r1' } },
    ],
    ['an object', { action: 'getTheme', data: { a: 1 }, id: 7 }, { kind: 'request', request: { action: 'getTheme', data: { a: 1 }, id: 7 } }],
    ['no id', { action: 'init', data: { app_uuid: 'x' } }, { kind: 'request', request: { action: 'init', data: { app_uuid: 'x' } } }],
    ['an unknown action with an id', { action: 'format', id: 'r2' }, { kind: 'unknown', action: 'format', id: 'r2' }],
  ])('reads %s', (_, raw, parsed) => expect(parseMessage(raw)).toEqual(parsed));

  it.each([
    ['not JSON', '{action:'],
    ['a number', 42],
    ['null', null],
    ['an array', [{ action: 'getUser' }]],
    ['a string action missing', { data: {} }],
    ['a non-string action', { action: 12 }],
    ['an unknown action without an id', { action: 'format' }],
    ['an inherited action', Object.create({ action: 'getUser' })],
    [
      'a class instance',
      new (class Message {
        action = 'getUser';
      })(),
    ],
    ['a string too long to read', JSON.stringify({ action: 'getUser', pad: 'x'.repeat(MAX_MESSAGE_CHARS) })],
    ['an action named like a prototype key', { action: '__proto__', id: undefined }],
    ['an action named constructor without an id', { action: 'constructor' }],
  ])('ignores %s', (_, raw) => expect(parseMessage(raw)).toEqual({ kind: 'ignored' }));

  it('never takes an id that is not a short string or a finite number', () => {
    for (const id of [null, {}, [], Number.NaN, Infinity, '', 'x'.repeat(129), true])
      expect(parseMessage({ action: 'getUser', id })).toEqual({ kind: 'request', request: { action: 'getUser', data: undefined } });
  });

  it('reads a __proto__ key of JSON as data only: nothing is polluted', () => {
    const parsed = parseMessage('{"action":"setStorage","data":{"__proto__":{"polluted":true},"key":"k","value":"v"}}');
    expect(parsed.kind).toBe('request');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('scopes', () => {
  it('names a scope or none for every action, as the contract lists them', () => {
    expect(Object.keys(ACTION_SCOPE).sort()).toEqual(Object.keys(BRIDGE_ACTIONS).sort());
    const always = (Object.keys(ACTION_SCOPE) as BridgeAction[]).filter((a) => ACTION_SCOPE[a] === null).sort();
    expect(always).toEqual(['closeWebView', 'getBrand', 'getHostInfo', 'getKioskEnabled', 'getTheme', 'init', 'subscribe', 'unsubscribe']);
  });
  it.each([
    ['getUser', [], false],
    ['getUser', ['user'], true],
    ['getJWT', ['user'], false],
    ['getJWT', ['token'], true],
    ['tokenizeCard', ['payments'], true],
    ['logout', ['user', 'token'], false],
    ['getTheme', [], true],
  ] as const)('%s with %j: %s', (action, scopes, allowed) => expect(actionAllowed(action, scopes)).toBe(allowed));
});

describe('invalidParams', () => {
  it.each([
    [{ action: 'init', data: undefined }, 'Invalid init event data'],
    [{ action: 'init', data: { app_uuid: 3 } }, 'Invalid init event data'],
    [{ action: 'init', data: { app_uuid: '' } }, 'Invalid init event data'],
    [{ action: 'setStorage', data: { key: 'k' } }, 'Storage needs a string value'],
    [{ action: 'setStorage', data: { key: 1, value: 'v' } }, 'Storage needs a string key of 1 to 128 characters'],
    [{ action: 'getStorage', data: { key: 'k'.repeat(129) } }, 'Storage needs a string key of 1 to 128 characters'],
    [{ action: 'setStorage', data: { key: 'k', value: 'é'.repeat(4097) } }, 'A stored value is at most 8 KB'],
    [{ action: 'subscribe', data: { events: 'themeChanged' } }, 'subscribe needs data.events, a list of event names'],
    [{ action: 'tokenizeCard', data: { card_id: 5 } }, 'card_id must be a string'],
  ] as const)('refuses %j', (request, message) =>
    expect(invalidParams(request as never)).toEqual({ ok: false, error: { code: 'INVALID_PARAMS', message } }),
  );
  it.each([
    { action: 'init', data: { app_uuid: 'a' } },
    { action: 'setStorage', data: { key: 'k', value: '' } },
    { action: 'getStorage', data: { key: 'k' } },
    { action: 'subscribe', data: { events: ['themeChanged'] } },
    { action: 'getUser', data: 'anything' },
  ] as const)('takes %j', (request) => expect(invalidParams(request as never)).toBeNull());
});

describe('answers', () => {
  it('keeps the specification’s shape and adds id, ok and error', () => {
    expect(replyTo('getUser', 'r1', { ok: true, data: { a: 1 } })).toEqual({ event: 'getUserResponse', data: { a: 1 }, id: 'r1', ok: true });
    expect(replyTo('init', undefined, { ok: false, error: { code: 'INVALID_PARAMS', message: 'Invalid init event data' } })).toEqual({
      event: 'initResponse',
      data: null,
      ok: false,
      error: { code: 'INVALID_PARAMS', message: 'Invalid init event data' },
    });
  });
  it('lists every action with its version and the granted scopes on init', () => {
    const answer = initAnswer(buildMiniApp({ scopes: ['user'] }), { name: 'atrium', version: '1.0.0' });
    expect(answer.actions).toHaveLength(Object.keys(BRIDGE_ACTIONS).length);
    expect(answer.actions).toContainEqual({ action: 'getJWT', version: 1 });
    expect(answer.scopes).toEqual(['user']);
  });
  it('grants buildingChanged only with the buildings scope, and refuses unknown events', () => {
    expect(subscribable(['themeChanged', 'buildingChanged', 'nope', 'themeChanged'], ['user'])).toEqual({
      granted: ['themeChanged'],
      refused: ['buildingChanged', 'nope'],
    });
    expect(subscribable(['buildingChanged'], ['buildings']).granted).toEqual(['buildingChanged']);
  });
});

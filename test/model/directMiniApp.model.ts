import { setup } from 'xstate';

/**
 * A pure test model of a link straight to a mini-app, /apps/{appUuid} (decision 183). It starts with the mini-app
 * opened (`start.open`), or refused: the flag off (`start.off`), a uuid nobody registered (`start.unknown`), a lobby
 * screen (`start.lobby`). The person closes the frame (`user.close`) or the mini-app asks to close (`app.close`, its
 * closeMFE); from a refusal the person goes home (`user.home`). Every way ends at home.
 */
export type DirectMiniAppModelEvent =
  | { type: 'start.open' }
  | { type: 'start.off' }
  | { type: 'start.unknown' }
  | { type: 'start.lobby' }
  | { type: 'user.close' }
  | { type: 'app.close' }
  | { type: 'user.home' };

export type DirectMiniAppModelState = 'start' | 'open' | 'off' | 'unknown' | 'lobby' | 'home';

export const directMiniAppModel = setup({
  types: { events: {} as DirectMiniAppModelEvent },
}).createMachine({
  id: 'directMiniAppModel',
  initial: 'start',
  states: {
    start: { on: { 'start.open': 'open', 'start.off': 'off', 'start.unknown': 'unknown', 'start.lobby': 'lobby' } },
    open: { on: { 'user.close': 'home', 'app.close': 'home' } },
    off: { on: { 'user.home': 'home' } },
    unknown: { on: { 'user.home': 'home' } },
    lobby: { on: { 'user.home': 'home' } },
    home: {},
  },
});

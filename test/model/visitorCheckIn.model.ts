import { assign, setup } from 'xstate';

/**
 * A pure test model of the lobby kiosk's visitor desk (no invoke, no after, as createTestModel needs). The camera's
 * state is context (the real machine runs it as a parallel region); its reports come first, on a clean desk, so the
 * paths stay few. Events are what the guest does (`user.*`), what the camera and the page report (`camera.*`,
 * `page.*`), how the server answers (`api.*`) and time passing (`time.*`: the greeting's or the refusal's while).
 *
 * Fixed data: `user.typeBad` types `ABC-12`, `user.typeCode` a pass code; `camera.readNew` shows a pass not seen
 * before, `camera.readSame` the one just checked (it must not be sent again), `camera.readForeign` a QR code that is
 * no pass; `api.refusedUsed` is pass_used, `api.refusedNotYet` pass_not_yet_valid with the server's time.
 */
export type VisitorCheckInModelEvent =
  | { type: 'camera.live' }
  | { type: 'camera.unavailable' }
  | { type: 'page.hidden' }
  | { type: 'page.shown' }
  | { type: 'user.retryCamera' }
  | { type: 'user.typeBad' }
  | { type: 'user.typeCode' }
  | { type: 'user.submit' }
  | { type: 'user.checkOut' }
  | { type: 'user.checkIn' }
  | { type: 'camera.readNew' }
  | { type: 'camera.readSame' }
  | { type: 'camera.readForeign' }
  | { type: 'api.ok' }
  | { type: 'api.refusedUsed' }
  | { type: 'api.refusedNotYet' }
  | { type: 'user.next' }
  | { type: 'user.retry' }
  | { type: 'time.welcome' }
  | { type: 'time.refusal' };

export type VisitorCheckInModelState = 'scanning' | 'checking' | 'welcomed' | 'refused';

export interface VisitorCheckInModelContext {
  camera: 'starting' | 'live' | 'paused' | 'unavailable';
  mode: 'checkIn' | 'checkOut';
  typed: 'none' | 'bad' | 'code';
  typedError: 'empty' | 'shape' | null;
  foreign: boolean;
  /** The pass just checked was shown again (and not sent). */
  heldUp: boolean;
  refusal: 'used' | 'notYet' | null;
}

/** Nothing typed, no error or hint, arriving guests: the camera's reports come only then (fewer paths). */
const isClean = (c: VisitorCheckInModelContext) => c.typed === 'none' && c.mode === 'checkIn' && c.typedError === null && !c.foreign;

const CLEAN = { mode: 'checkIn', typed: 'none', typedError: null, foreign: false, heldUp: false, refusal: null } as const;

export const visitorCheckInModel = setup({
  types: { context: {} as VisitorCheckInModelContext, events: {} as VisitorCheckInModelEvent },
  guards: {
    cleanDesk: ({ context: c }) => isClean(c),
    cleanAndStarting: ({ context: c }) => isClean(c) && c.camera === 'starting',
    cleanAndRunning: ({ context: c }) => isClean(c) && (c.camera === 'starting' || c.camera === 'live'),
    cleanAndPaused: ({ context: c }) => isClean(c) && c.camera === 'paused',
    unavailable: ({ context: c }) => c.camera === 'unavailable',
    live: ({ context: c }) => c.camera === 'live',
    liveNotHeld: ({ context: c }) => c.camera === 'live' && !c.heldUp,
    typedCode: ({ context: c }) => c.typed === 'code',
    settledNothingTyped: ({ context: c }) =>
      (c.camera === 'live' || c.camera === 'unavailable') && c.mode === 'checkIn' && c.typed === 'none' && c.typedError === null,
    outMode: ({ context: c }) => c.mode === 'checkOut',
  },
}).createMachine({
  id: 'visitorCheckInModel',
  context: { camera: 'starting', ...CLEAN },
  initial: 'scanning',
  states: {
    scanning: {
      on: {
        'camera.live': { guard: 'cleanAndStarting', actions: assign({ camera: 'live' }) },
        'camera.unavailable': { guard: 'cleanAndRunning', actions: assign({ camera: 'unavailable' }) },
        'page.hidden': { guard: 'cleanAndRunning', actions: assign({ camera: 'paused' }) },
        'page.shown': { guard: 'cleanAndPaused', actions: assign({ camera: 'starting' }) },
        'user.retryCamera': { guard: 'unavailable', actions: assign({ camera: 'starting' }) },
        'user.typeBad': { guard: 'unavailable', actions: assign({ typed: 'bad', typedError: null, foreign: false }) },
        'user.typeCode': { guard: 'unavailable', actions: assign({ typed: 'code', typedError: null, foreign: false }) },
        'user.submit': [
          { guard: 'typedCode', target: 'checking', actions: assign({ typedError: null }) },
          {
            guard: 'unavailable',
            actions: assign(({ context }) => ({ typedError: context.typed === 'none' ? ('empty' as const) : ('shape' as const) })),
          },
        ],
        'user.checkOut': { guard: 'settledNothingTyped', actions: assign({ mode: 'checkOut', typedError: null }) },
        'user.checkIn': { guard: 'outMode', actions: assign({ mode: 'checkIn', typedError: null }) },
        'camera.readNew': { guard: 'live', target: 'checking', actions: assign({ foreign: false }) },
        'camera.readForeign': { guard: 'cleanDesk', actions: assign(({ context }) => (context.camera === 'live' ? { foreign: true } : {})) },
      },
    },
    checking: {
      on: {
        'api.ok': 'welcomed',
        'api.refusedUsed': { target: 'refused', actions: assign({ refusal: 'used' }) },
        'api.refusedNotYet': { target: 'refused', actions: assign({ refusal: 'notYet' }) },
      },
    },
    welcomed: {
      on: {
        'user.next': { target: 'scanning', actions: assign(CLEAN) },
        'time.welcome': { target: 'scanning', actions: assign(CLEAN) },
        'camera.readSame': { guard: 'liveNotHeld', actions: assign({ heldUp: true }) },
        'camera.readNew': { guard: 'live', target: 'checking', actions: assign({ typed: 'none', heldUp: false, refusal: null }) },
      },
    },
    refused: {
      on: {
        'user.retry': { target: 'scanning', actions: assign({ refusal: null }) },
        'time.refusal': { target: 'scanning', actions: assign(CLEAN) },
        'camera.readNew': { guard: 'live', target: 'checking', actions: assign({ typed: 'none', heldUp: false, refusal: null }) },
      },
    },
  },
});

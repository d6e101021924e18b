import { assign, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { readPassCode, refusalOf, typedCodeError } from './visitorCheckIn.rules';
import type {
  CameraReport,
  PassAnswer,
  PassCheck,
  VisitorCheckInContext,
  VisitorCheckInEvent,
  VisitorCheckInInput,
  VisitorCheckInTag,
} from './visitorCheckIn.types';

export const VISITOR_CHECK_IN_ID = 'visitorCheckIn';

/** How long the greeting shows before the desk is ready for the next guest (decision 180). */
export const WELCOME_SECONDS = 8;
/** How long a refusal shows before the desk returns to scanning by itself. */
export const REFUSAL_SECONDS = 20;

/** The desk as it starts and as it returns to scanning: nobody's name, no code, arriving guests. */
const cleanDesk = {
  mode: 'checkIn',
  typed: '',
  typedError: null,
  foreignQr: false,
  lastCode: null,
  guest: null,
  refusal: null,
} as const satisfies Partial<VisitorCheckInContext>;

/**
 * The lobby kiosk's visitor desk (issue 23): two regions side by side. The camera starts, is live (it reads QR codes)
 * or is unavailable (typing only), and stops while the page is hidden. The desk scans: a guest's pass read by the
 * camera, or a code typed and checked for its shape, is sent once; the greeting (the guest's and the host's names
 * only) or the refusal shows, then the desk forgets it and scans again, after a while or at once on "Next visitor". The
 * same code read again while it is checked or shown is not sent again. Checking a leaving guest out is the second mode.
 */
export const visitorCheckInMachine = setup({
  types: {
    context: {} as VisitorCheckInContext,
    events: {} as VisitorCheckInEvent,
    input: {} as VisitorCheckInInput,
    tags: {} as VisitorCheckInTag,
  },
  actors: {
    /** The device camera and the QR decoder (the app: getUserMedia, frames decoded with jsqr); stops with its state. */
    camera: fromCallback<VisitorCheckInEvent, void>(({ sendBack }) => {
      sendBack({ type: 'camera.unavailable', problem: 'none' } satisfies CameraReport);
    }),
    /** Reports the page hidden or shown again (the app: the document's visibility). */
    watchVisibility: fromCallback<VisitorCheckInEvent, void>(() => {}),
    /** The check-in or check-out call. */
    checkPass: fromPromise<PassAnswer, PassCheck>(() => Promise.reject(new Error('checkPass is not provided'))),
  },
  actions: {
    assignTyped: assign(({ event }) => (event.type === 'user.type' ? { typed: event.value, typedError: null, foreignQr: false } : {})),
    assignTypedError: assign(({ context }) => ({ typedError: typedCodeError(context.typed) })),
    assignMode: assign(({ event }) => (event.type === 'user.mode' ? { mode: event.mode, typedError: null } : {})),
    takeTypedCode: assign(({ context }) => ({ lastCode: readPassCode(context.typed), typedError: null, foreignQr: false })),
    takeReadCode: assign(({ event }) => (event.type === 'camera.read' ? { lastCode: readPassCode(event.text), foreignQr: false } : {})),
    noteForeignQr: assign({ foreignQr: true }),
    assignGuest: assign((_, params: { answer: PassAnswer }) => ({
      guest: { guestName: params.answer.guestName, hostName: params.answer.hostName },
    })),
    assignRefusal: assign((_, params: { error: unknown }) => ({ refusal: refusalOf(params.error) })),
    /** Back to scanning: the guest's name, the code and the refusal go; the desk is for arriving guests again. */
    forget: assign(cleanDesk),
    /** Another pass shown while one's outcome shows: that guest goes, the desk's mode stays (a group leaving). */
    forgetGuest: assign({ typed: '', typedError: null, foreignQr: false, guest: null, refusal: null }),
    /** "Try again" after a refusal: the typed code stays to be corrected; the rest goes. */
    forgetRefusal: assign({ refusal: null, lastCode: null, guest: null }),
    assignFeed: assign(({ event }) => (event.type === 'camera.live' ? { feed: event.feed, cameraProblem: null } : {})),
    clearFeed: assign({ feed: null }),
    assignCameraProblem: assign(({ event }) => (event.type === 'camera.unavailable' ? { cameraProblem: event.problem } : {})),
    clearCameraProblem: assign({ cameraProblem: null }),
  },
  guards: {
    typedIsCode: ({ context }) => readPassCode(context.typed) !== null,
    readIsCode: ({ event }) => event.type === 'camera.read' && readPassCode(event.text) !== null,
    /** A pass other than the one just checked (the same one held up longer is not sent twice). */
    readIsAnotherCode: ({ context, event }) => {
      if (event.type !== 'camera.read') return false;
      const code = readPassCode(event.text);
      return code !== null && code !== context.lastCode;
    },
  },
  delays: {
    welcomeShown: WELCOME_SECONDS * 1000,
    refusalShown: REFUSAL_SECONDS * 1000,
  },
}).createMachine({
  id: VISITOR_CHECK_IN_ID,
  context: ({ input }) => ({ buildingUuid: input.buildingUuid, ...cleanDesk, feed: null, cameraProblem: null }),
  type: 'parallel',
  invoke: { src: 'watchVisibility' },
  states: {
    camera: {
      initial: 'on',
      states: {
        on: {
          invoke: { src: 'camera' },
          exit: 'clearFeed',
          initial: 'starting',
          states: {
            starting: {
              description: 'Asking for the camera (the browser may ask the person for permission).',
              tags: ['camera:starting'],
              on: { 'camera.live': { target: 'live', actions: 'assignFeed' } },
            },
            live: {
              description: 'The preview shows and every frame is looked at for a QR code.',
              tags: ['camera:live'],
            },
          },
          on: {
            'camera.unavailable': { target: 'unavailable', actions: 'assignCameraProblem' },
            'page.hidden': 'paused',
          },
        },
        paused: {
          description: 'The page is hidden: the camera is off until it shows again.',
          tags: ['camera:paused'],
          on: { 'page.shown': 'on' },
        },
        unavailable: {
          description: 'No camera, or permission refused: the guest types the code, and the screen says so.',
          tags: ['camera:unavailable'],
          on: { 'user.retryCamera': { target: 'on', actions: 'clearCameraProblem' } },
        },
      },
    },
    desk: {
      initial: 'scanning',
      states: {
        scanning: {
          tags: ['scanning'],
          on: {
            'user.type': { actions: 'assignTyped' },
            'user.mode': { actions: 'assignMode' },
            'user.submit': [{ guard: 'typedIsCode', target: 'checking', actions: 'takeTypedCode' }, { actions: 'assignTypedError' }],
            'camera.read': [{ guard: 'readIsCode', target: 'checking', actions: 'takeReadCode' }, { actions: 'noteForeignQr' }],
          },
        },
        checking: {
          description: 'The pass is sent once; reads of the camera meanwhile are not.',
          tags: ['checking'],
          invoke: {
            src: 'checkPass',
            input: ({ context }) => ({ buildingUuid: context.buildingUuid, code: context.lastCode ?? '', mode: context.mode }),
            onDone: { target: 'welcomed', actions: { type: 'assignGuest', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'refused', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        welcomed: {
          description: "The guest's and the host's names, for a few seconds; another pass shown meanwhile is the next guest's.",
          tags: ['welcomed'],
          after: { welcomeShown: { target: 'scanning', actions: 'forget' } },
          on: {
            'user.next': { target: 'scanning', actions: 'forget' },
            'camera.read': { guard: 'readIsAnotherCode', target: 'checking', actions: ['forgetGuest', 'takeReadCode'] },
          },
        },
        refused: {
          description: 'Why the pass was refused; the guest tries again (the typed code kept to correct) or shows another.',
          tags: ['refused'],
          after: { refusalShown: { target: 'scanning', actions: 'forget' } },
          on: {
            'user.retry': { target: 'scanning', actions: 'forgetRefusal' },
            'camera.read': { guard: 'readIsAnotherCode', target: 'checking', actions: ['forgetGuest', 'takeReadCode'] },
          },
        },
      },
    },
  },
});

export type VisitorCheckInRef = ActorRefFrom<typeof visitorCheckInMachine>;

import { assign, fromPromise, setup } from 'xstate';
import {
  failure,
  INTERACTIVE_CALL_MS,
  isBridgeErrorCode,
  isInteractive,
  replyTo,
  type BridgeReply,
  type BridgeRequest,
  type CallResult,
  type RegisteredMiniApp,
} from './bridge.protocol';

/** What the host is asked to do for one request, and for whom. */
export interface BridgeCallInput {
  request: BridgeRequest;
  app: RegisteredMiniApp;
  /** The origin the request came from: its answer goes there only. */
  origin: string;
}

/** What the call ends with: the answer and where it goes. */
export interface BridgeCallOutput {
  origin: string;
  reply: BridgeReply;
}

/** A refusal the host's work threw on purpose (an `{code, message}` of the closed list); any other error is UNAVAILABLE. */
export const resultOfError = (error: unknown): CallResult => {
  if (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    isBridgeErrorCode(error.code) &&
    'message' in error &&
    typeof error.message === 'string'
  )
    return failure(error.code, error.message);
  return failure('UNAVAILABLE', 'The host could not answer');
};

/** How long the host works on one request (its calls to the server) before the answer is TIMEOUT. */
export const CALL_TIMEOUT_MS = 15_000;

/**
 * One request of a mini-app, from the host's work to its answer: the work (`perform`, which the host provides: read
 * the person, the building, call the server ...) answers, fails with a code of the closed list, or takes too long.
 * Every call ends: the machine is final with the answer in all three cases.
 */
export const bridgeCallMachine = setup({
  types: {
    input: {} as BridgeCallInput,
    context: {} as BridgeCallInput & { result: CallResult | null },
    output: {} as BridgeCallOutput,
  },
  actors: {
    /** Does the host's part of an action and answers its data (the app provides it: src/bridge/hostActions.ts). */
    perform: fromPromise<unknown, BridgeCallInput>(() => Promise.reject({ code: 'UNAVAILABLE', message: 'The host is not connected' })),
  },
  // A call waiting on the person (the card sheet) has their time; the others the host's.
  delays: { callTimeout: ({ context }) => (isInteractive(context.request) ? INTERACTIVE_CALL_MS : CALL_TIMEOUT_MS) },
}).createMachine({
  id: 'bridgeCall',
  context: ({ input }) => ({ ...input, result: null }),
  initial: 'working',
  states: {
    working: {
      description: "The host does the action's work (a read of its own state, or a call to the server).",
      invoke: {
        src: 'perform',
        input: ({ context }) => ({ request: context.request, app: context.app, origin: context.origin }),
        onDone: { target: 'answered', actions: assign({ result: ({ event }) => ({ ok: true as const, data: event.output ?? null }) }) },
        onError: { target: 'answered', actions: assign({ result: ({ event }) => resultOfError(event.error) }) },
      },
      after: {
        callTimeout: {
          target: 'answered',
          actions: assign({
            result: ({ context }) =>
              failure(
                'TIMEOUT',
                `${context.request.action} took longer than ${(isInteractive(context.request) ? INTERACTIVE_CALL_MS : CALL_TIMEOUT_MS) / 1000} s`,
              ),
          }),
        },
      },
    },
    answered: { type: 'final' },
  },
  output: ({ context }) => ({ origin: context.origin, reply: replyTo(context.request.action, context.request.id, context.result!) }),
});

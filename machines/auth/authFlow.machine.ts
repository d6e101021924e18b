import { assign, enqueueActions, fromPromise, setup, stopChild } from 'xstate';
import { spawnLoaded } from '../shared/spawn';
import {
  defaultFields,
  type AuthAddress,
  type AuthFlowContext,
  type AuthFlowSchema,
  type AuthStepOutput,
  type SessionPayload,
} from './authFlow.types';
import { errorFromEvent, notProvided, outputParams } from './authStep';
import type { resetPasswordMachine } from './resetPassword.machine';
import { signInMachine } from './signIn.machine';
import type { signUpMachine } from './signUp.machine';

export const AUTH_FLOW_ID = 'authFlow';

/** The sign-up and reset machines, provided with their calls, as the app's loaders hand them over. */
export type SignUpLogic = typeof signUpMachine;
export type ResetPasswordLogic = typeof resetPasswordMachine;

type Handover = { output: AuthStepOutput };

/**
 * The auth flow's router, one actor for /login, /signup and /reset-password: it runs one step machine at a time
 * (sign-in, sign-up or the password reset) and, when that one ends, starts the step its output names with the
 * input it handed over, until someone is signed in. It tells the session which auth mode the person is in and hands
 * the new session over.
 *
 * Sign-in is invoked; the app provides it with its calls as the `signInFlow` actor. Sign-up and the reset are chunks
 * of their own, as their views are, so the first load of /login carries neither: the app's `loadSignUp` and
 * `loadResetPassword` fetch each one (provided with its calls) when the person first needs it, and the router runs
 * what arrived as the step's child.
 */
export const authFlowMachine = setup({
  types: {} as AuthFlowSchema,
  actors: {
    signInFlow: signInMachine,
    loadSignUp: fromPromise<SignUpLogic>(notProvided('loadSignUp')),
    loadResetPassword: fromPromise<ResetPasswordLogic>(notProvided('loadResetPassword')),
  },
  actions: {
    /** Hands the new session to the session machine (wired by the app). */
    emitSignedIn: (_, _params: { session: SessionPayload }) => {},
    /**
     * Tells the session which auth mode the person is in (access document section 2: "sign-up mode redirects to the
     * sign-up route"), so the routing rules send a signed-out visitor to the sign-up while one is under way (wired by
     * the app).
     */
    setAuthMode: (_, _params: { mode: 'login' | 'signup' }) => {},
    /** Keeps what the ending step handed over as the input of the step it names. */
    handOver: assign(({ context }, { output }: Handover): Partial<AuthFlowContext> => {
      switch (output.next) {
        case 'signIn':
          return { next: { ...context.next, signIn: output.input } };
        case 'signUp':
          return { next: { ...context.next, signUp: output.input } };
        case 'resetPassword':
          return { next: { ...context.next, resetPassword: output.input } };
        case 'signedIn':
          return { session: output.session };
      }
    }),
    // The steps arrive as code (loaded when first needed), so they are spawned through the one helper for such logic.
    runSignUp: enqueueActions(({ context, enqueue }, { output }: { output: SignUpLogic }) => {
      enqueue(spawnLoaded(output, { id: 'signUp', input: context.next.signUp! }));
    }),
    runResetPassword: enqueueActions(({ context, enqueue }, { output }: { output: ResetPasswordLogic }) => {
      enqueue(spawnLoaded(output, { id: 'resetPassword', input: context.next.resetPassword }));
    }),
    /** The step under way decides the address (decision 204): the host only applies it. */
    showAddress: assign((_, { address }: { address: AuthAddress | null }) => ({ address })),
    stopSignUp: stopChild('signUp'),
    stopResetPassword: stopChild('resetPassword'),
    /** A step's code did not arrive (the network): back to sign-in with what was typed, and the failure shown. */
    returnWithLoadError: assign(({ context, event }, { from }: { from: 'signUp' | 'resetPassword' }) => ({
      next: {
        ...context.next,
        signIn: { flow: 'auth_login' as const, fields: (context.next[from] ?? context.next.signIn).fields, error: errorFromEvent(event) },
      },
    })),
  },
  guards: {
    hasSsoReturn: ({ context }) => !!context.next.signIn.ssoReturn,
    startsAtReset: ({ context }) => context.startsAt === 'resetPassword',
    leadsToSignIn: (_, { output }: Handover) => output.next === 'signIn',
    leadsToSignUp: (_, { output }: Handover) => output.next === 'signUp',
    leadsToResetPassword: (_, { output }: Handover) => output.next === 'resetPassword',
    signedIn: (_, { output }: Handover) => output.next === 'signedIn',
  },
}).createMachine({
  id: AUTH_FLOW_ID,
  context: ({ input }) => {
    const fields = { ...defaultFields(), email: input.email ?? '' };
    return {
      startsAt: input.flow === 'reset_password' ? 'resetPassword' : 'signIn',
      next: {
        signIn: {
          flow: input.flow === 'sign_up' ? 'sign_up' : 'auth_login',
          fields,
          ssoReturn: input.ssoReturn ?? null,
          // docs/decisions/199-login-failure-logout-and-callback.md
          logoutOnFailure: !!input.ssoReturn,
        },
        signUp: null,
        resetPassword: { fields },
      },
      session: null,
      address: null,
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasSsoReturn', target: 'signIn' }, { guard: 'startsAtReset', target: 'resetPassword' }, { target: 'signIn' }],
    },
    signIn: {
      entry: [
        { type: 'setAuthMode', params: { mode: 'login' } },
        { type: 'showAddress', params: { address: '/login' } },
      ],
      invoke: {
        id: 'signIn',
        src: 'signInFlow',
        input: ({ context }) => context.next.signIn,
        onDone: [
          { guard: { type: 'signedIn', params: outputParams }, target: 'signedIn', actions: { type: 'handOver', params: outputParams } },
          { guard: { type: 'leadsToSignUp', params: outputParams }, target: 'signUp', actions: { type: 'handOver', params: outputParams } },
          {
            guard: { type: 'leadsToResetPassword', params: outputParams },
            target: 'resetPassword',
            actions: { type: 'handOver', params: outputParams },
          },
        ],
      },
    },
    signUp: {
      entry: [
        { type: 'setAuthMode', params: { mode: 'signup' } },
        { type: 'showAddress', params: { address: '/signup' } },
      ],
      // Signed in, or back to sign-in: the routing rules land signed-out visitors on sign-in again.
      exit: { type: 'setAuthMode', params: { mode: 'login' } },
      initial: 'loading',
      states: {
        loading: {
          description: "Fetches sign-up's machine (the first time), provided with its calls.",
          invoke: {
            src: 'loadSignUp',
            onDone: { target: 'running', actions: { type: 'runSignUp', params: outputParams } },
            onError: { target: '#authFlow.signIn', actions: { type: 'returnWithLoadError', params: { from: 'signUp' } } },
          },
        },
        running: {
          exit: 'stopSignUp',
          on: {
            'xstate.done.actor.signUp': [
              {
                guard: { type: 'signedIn', params: outputParams },
                target: '#authFlow.signedIn',
                actions: { type: 'handOver', params: outputParams },
              },
              {
                guard: { type: 'leadsToSignIn', params: outputParams },
                target: '#authFlow.signIn',
                actions: { type: 'handOver', params: outputParams },
              },
            ],
          },
        },
      },
    },
    resetPassword: {
      entry: { type: 'showAddress', params: { address: '/reset-password' } },
      initial: 'loading',
      states: {
        loading: {
          description: "Fetches the reset's machine (the first time), provided with its calls.",
          invoke: {
            src: 'loadResetPassword',
            onDone: { target: 'running', actions: { type: 'runResetPassword', params: outputParams } },
            onError: { target: '#authFlow.signIn', actions: { type: 'returnWithLoadError', params: { from: 'resetPassword' } } },
          },
        },
        running: {
          exit: 'stopResetPassword',
          on: {
            'xstate.done.actor.resetPassword': {
              guard: { type: 'leadsToSignIn', params: outputParams },
              target: '#authFlow.signIn',
              actions: { type: 'handOver', params: outputParams },
            },
          },
        },
      },
    },
    signedIn: {
      type: 'final',
      // Signed in: the routing rules take the person on, the flow no longer names an address.
      entry: [
        { type: 'showAddress', params: { address: null } },
        { type: 'emitSignedIn', params: ({ context }) => ({ session: context.session! }) },
      ],
    },
  },
});

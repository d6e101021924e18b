import { assign, setup } from 'xstate';
import { defaultFields, type AuthFlowContext, type AuthFlowSchema, type AuthStepOutput, type SessionPayload } from './authFlow.types';
import { outputParams } from './authStep';
import { resetPasswordMachine } from './resetPassword.machine';
import { signInMachine } from './signIn.machine';
import { signUpMachine } from './signUp.machine';

export const AUTH_FLOW_ID = 'authFlow';

type Handover = { output: AuthStepOutput };

/**
 * The auth flow's router, one actor for /login, /signup and /reset-password: it runs one step machine at a time
 * (sign-in, sign-up or the password reset) and, when that one ends, starts the step its output names with the
 * input it handed over, until someone is signed in. It tells the session which auth mode the person is in and hands
 * the new session over. The app provides each step's machine, with its calls, as this machine's actors.
 */
export const authFlowMachine = setup({
  types: {} as AuthFlowSchema,
  actors: {
    signInFlow: signInMachine,
    signUpFlow: signUpMachine,
    resetPasswordFlow: resetPasswordMachine,
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
        signIn: { flow: input.flow === 'sign_up' ? 'sign_up' : 'auth_login', fields, ssoReturn: input.ssoReturn ?? null },
        signUp: null,
        resetPassword: { fields },
      },
      session: null,
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasSsoReturn', target: 'signIn' },
        { guard: 'startsAtReset', target: 'resetPassword' },
        { target: 'signIn' },
      ],
    },
    signIn: {
      entry: { type: 'setAuthMode', params: { mode: 'login' } },
      invoke: {
        id: 'signIn',
        src: 'signInFlow',
        input: ({ context }) => context.next.signIn,
        onDone: [
          { guard: { type: 'signedIn', params: outputParams }, target: 'signedIn', actions: { type: 'handOver', params: outputParams } },
          { guard: { type: 'leadsToSignUp', params: outputParams }, target: 'signUp', actions: { type: 'handOver', params: outputParams } },
          { guard: { type: 'leadsToResetPassword', params: outputParams }, target: 'resetPassword', actions: { type: 'handOver', params: outputParams } },
        ],
      },
    },
    signUp: {
      tags: ['route:signup'],
      entry: { type: 'setAuthMode', params: { mode: 'signup' } },
      // Signed in, or back to sign-in: the routing rules land signed-out visitors on sign-in again.
      exit: { type: 'setAuthMode', params: { mode: 'login' } },
      invoke: {
        id: 'signUp',
        src: 'signUpFlow',
        input: ({ context }) => context.next.signUp!,
        onDone: [
          { guard: { type: 'signedIn', params: outputParams }, target: 'signedIn', actions: { type: 'handOver', params: outputParams } },
          { guard: { type: 'leadsToSignIn', params: outputParams }, target: 'signIn', actions: { type: 'handOver', params: outputParams } },
        ],
      },
    },
    resetPassword: {
      tags: ['route:reset'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPasswordFlow',
        input: ({ context }) => context.next.resetPassword,
        onDone: { guard: { type: 'leadsToSignIn', params: outputParams }, target: 'signIn', actions: { type: 'handOver', params: outputParams } },
      },
    },
    signedIn: {
      type: 'final',
      entry: { type: 'emitSignedIn', params: ({ context }) => ({ session: context.session! }) },
    },
  },
});

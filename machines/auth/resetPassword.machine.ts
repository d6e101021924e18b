import { assign, fromPromise, setup } from 'xstate';
import type { ResetPasswordOutput } from './authFlow.types';
import { changedField, errorFromEvent, freshSignIn, notProvided, touchedField, trimmedEmail } from './authStep';
import type { ResetPasswordContext, ResetPasswordSchema } from './resetPassword.types';
import { isValidCode, isValidEmail, isValidPassword } from './validation';
import { fieldEvents } from '../shared/formFields';

export const RESET_PASSWORD_ID = 'resetPassword';

type Ends = { context: ResetPasswordContext };
const backToLogin = ({ context }: Ends): ResetPasswordOutput => ({ next: 'signIn', input: freshSignIn(context.fields) });
const codeSpent = ({ context }: Ends): ResetPasswordOutput => ({ next: 'signIn', input: freshSignIn(context.fields, { error: context.error }) });
const passwordSet = ({ context }: Ends): ResetPasswordOutput => ({ next: 'signIn', input: freshSignIn(context.fields, { at: 'password' }) });

/**
 * The password reset: the email to send a code to, the code, the new password. Every way out leads back to
 * sign-in with the email kept: at the password once a new one is set, at the email otherwise.
 */
export const resetPasswordMachine = setup({
  types: {} as ResetPasswordSchema,
  actors: {
    sendResetCode: fromPromise<void, { email: string }>(notProvided('sendResetCode')),
    /** A new code for the same reset (POST /user-verification/code/reset-password/resend): the old one stops working. */
    resendResetCode: fromPromise<void, { email: string }>(notProvided('resendResetCode')),
    checkResetCode: fromPromise<void, { email: string; code: string }>(notProvided('checkResetCode')),
    consumeResetCode: fromPromise<void, { email: string; code: string; new_password: string }>(notProvided('consumeResetCode')),
  },
  actions: {
    setField: assign(({ context, event }) => changedField(context, event)),
    touch: assign(({ context, event }) => touchedField(context, event)),
    setErrorFromEvent: assign(({ event }) => ({ error: errorFromEvent(event) })),
    clearError: assign({ error: null, notice: null }),
    noteCodeResent: assign({ notice: 'code_resent' as const, error: null }),
    clearCode: assign(({ context }) => ({ fields: { ...context.fields, code: '' } })),
  },
  guards: {
    emailValid: ({ context }) => isValidEmail(context.fields.email),
    codeValid: ({ context }) => isValidCode(context.fields.code),
    newPasswordReady: ({ context }) => isValidPassword(context.fields.password) && context.fields.password === context.fields.confirm_password,
    /** The code's tries are spent (403) or it expired (410). */
    codeUnusable: ({ event }) => [403, 410].includes(errorFromEvent(event).status),
    errorStatusIs: ({ event }, params: { status: number }) => errorFromEvent(event).status === params.status,
  },
}).createMachine({
  id: RESET_PASSWORD_ID,
  context: ({ input }) => ({ fields: input.fields, touched: {}, error: null, notice: null }),
  tags: ['route:reset'],
  initial: 'steps',
  on: {
    ...fieldEvents('setField', 'touch'),
  },
  output: ({ event }) => event.output as ResetPasswordOutput,
  states: {
    steps: {
      description: 'The steps; "Back to sign in" leaves from any of them.',
      initial: 'verifyAccount',
      on: { 'user.backToLogin': { target: '#resetPassword.backToLogin' } },
      states: {
        verifyAccount: {
          description: 'The email to send the reset code to.',
          tags: ['step:verify_account'],
          on: { 'user.submit': { guard: 'emailValid', target: 'sendingCode' } },
        },
        sendingCode: {
          tags: ['step:verify_account', 'loading'],
          invoke: {
            src: 'sendResetCode',
            input: ({ context }) => ({ email: trimmedEmail(context.fields) }),
            onDone: { target: 'enterCode', actions: 'clearCode' },
            onError: { target: 'verifyAccount', actions: 'setErrorFromEvent' },
          },
        },
        enterCode: {
          tags: ['step:enter_code'],
          on: {
            'user.submit': { guard: 'codeValid', target: 'checkingCode', actions: 'clearError' },
            'user.resend': { target: 'resendingCode' },
            'user.back': { target: 'verifyAccount', actions: 'clearError' },
          },
        },
        checkingCode: {
          description: 'The code is checked as it is entered (issue 22, item 9), in the same count of tries as the reset.',
          tags: ['step:enter_code', 'loading'],
          invoke: {
            src: 'checkResetCode',
            input: ({ context }) => ({ email: trimmedEmail(context.fields), code: context.fields.code }),
            onDone: { target: 'newPassword' },
            onError: [
              { guard: 'codeUnusable', target: '#resetPassword.codeSpent', actions: 'setErrorFromEvent' },
              // A wrong code, or no answer: the code stays as typed, with the reason.
              { target: 'enterCode', actions: 'setErrorFromEvent' },
            ],
          },
        },
        resendingCode: {
          tags: ['step:enter_code', 'loading'],
          invoke: {
            src: 'resendResetCode',
            input: ({ context }) => ({ email: trimmedEmail(context.fields) }),
            onDone: { target: 'enterCode', actions: ['noteCodeResent', 'clearCode'] },
            onError: { target: 'enterCode', actions: 'setErrorFromEvent' },
          },
        },
        newPassword: {
          tags: ['step:new_password'],
          on: {
            'user.submit': { guard: 'newPasswordReady', target: 'saving' },
            'user.back': { target: 'enterCode', actions: 'clearError' },
          },
        },
        saving: {
          tags: ['step:new_password', 'loading'],
          invoke: {
            src: 'consumeResetCode',
            input: ({ context }) => ({ email: trimmedEmail(context.fields), code: context.fields.code, new_password: context.fields.password }),
            onDone: { target: 'done' },
            onError: [
              // The code can no longer be used: the reset failed, and the person goes back to sign-in (access document
              // section 4), the email kept and the reason shown.
              { guard: 'codeUnusable', target: '#resetPassword.codeSpent', actions: 'setErrorFromEvent' },
              // 409: the password was used before; 0: no answer. The code is still good, so only the password changes.
              { guard: { type: 'errorStatusIs', params: { status: 409 } }, target: 'newPassword', actions: 'setErrorFromEvent' },
              { guard: { type: 'errorStatusIs', params: { status: 0 } }, target: 'newPassword', actions: 'setErrorFromEvent' },
              { target: 'enterCode', actions: 'setErrorFromEvent' },
            ],
          },
        },
        done: {
          description: 'Password reset: back to sign-in with the email filled in.',
          tags: ['step:congratulations'],
          on: { 'user.submit': { target: '#resetPassword.passwordSet' } },
        },
      },
    },
    passwordSet: {
      description: 'Sign-in asks only for the new password.',
      type: 'final',
      output: passwordSet,
    },
    codeSpent: {
      description: 'Sign-in at the email step, showing why the reset failed.',
      type: 'final',
      output: codeSpent,
    },
    backToLogin: { type: 'final', output: backToLogin },
  },
});

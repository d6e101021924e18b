import { fromPromise } from 'xstate';
import { resetPasswordMachine } from '../../../machines/auth/resetPassword.machine';
import * as resetApi from '../../api/resetPassword';

/** The password reset with the real API: loaded by the auth flow when the person first asks for it. */
export function resetPasswordLogic() {
  return resetPasswordMachine.provide({
    actors: {
      sendResetCode: fromPromise(async ({ input }) => {
        await resetApi.sendResetCode(input.email);
      }),
      resendResetCode: fromPromise(async ({ input }) => {
        await resetApi.resendResetCode(input.email);
      }),
      checkResetCode: fromPromise(async ({ input }) => {
        await resetApi.checkResetCode(input);
      }),
      consumeResetCode: fromPromise(async ({ input }) => {
        await resetApi.consumeResetCode(input);
      }),
    },
  });
}

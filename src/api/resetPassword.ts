import { request } from './client';

/** The password reset's calls: a module of their own, loaded with the reset, so /login's first load carries none. */

export const sendResetCode = (email: string) => request('post', '/user-verification/v2/code/reset-password/send', { body: { email } });

export const resendResetCode = (email: string) => request('post', '/user-verification/code/reset-password/resend', { body: { email } });

/** Checks a reset code when it is entered (it stays usable for the new password); 400 invalid_code, 403 at the try limit. */
export const checkResetCode = (body: { email: string; code: string }) => request('post', '/user-verification/code/reset-password/check', { body });

export const consumeResetCode = (body: { email: string; code: string; new_password: string }) =>
  request('put', '/user-verification/code/reset-password/consume', { body });

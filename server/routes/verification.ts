import type { FastifyInstance } from 'fastify';
import type { Api } from '../lib/typedRoutes.js';
import { emailField, errorResponses, dataOf, okData, ref } from '../schemas.js';
import { sensitive } from '../lib/sensitive.js';
import { MAIL_POLICY, PASSWORD_POLICY } from '../lib/throttle.js';
import { httpError } from '../lib/errors.js';
import { hashPassword, requireStrongPassword, requireUnusedPassword } from '../lib/passwords.js';
import { normalizeEmail, publicUser } from '../lib/users.js';
import { completeSignup, isEstablished } from '../lib/signup.js';
import { hasSignupRequest } from '../stores/signup.js';
import { findUserByEmail, findUserById, rememberPassword, resetPassword, type UserRow } from '../stores/users.js';

export const INVALID_CODE = 'Please enter a valid code';

/** Mails a sign-up code. It does not greet by name: the names of a sign-up are not the owner's until confirmed. */
export async function sendSignupCode(app: FastifyInstance, user: Pick<UserRow, 'id' | 'email'>) {
  const code = await app.deps.codes.create(user.id, 'signup', user.email);
  await app.deps.mailer.send({
    to: user.email,
    subject: `Your Atrium verification code is ${code}`,
    text: `Hello,\n\nYour verification code is ${code}. It is valid for 24 hours. Enter it where you signed up to choose your password and finish.\n\nIf you did not sign up, you can ignore this message: nobody can use this address without the code.`,
  });
}

async function sendResetCode(app: FastifyInstance, user: Pick<UserRow, 'id' | 'email' | 'first_name'>) {
  const code = await app.deps.codes.create(user.id, 'reset', user.email);
  await app.deps.mailer.send({
    to: user.email,
    subject: `Your Atrium password reset code is ${code}`,
    text: `Hello ${user.first_name || 'there'},\n\nUse the code ${code} to choose a new password. It is valid for 24 hours.\n\nIf you did not ask for this, you can ignore this message.`,
  });
}

const emailBody = { type: 'object', required: ['email'], properties: { email: emailField } } as const;

export async function verificationRoutes(app: Api) {
  const { db, codes, clock, throttle, tokens } = app.deps;

  /** The account a code may be for: one that exists and is not deactivated. Unknown addresses answer as a wrong code. */
  const accountFor = async (email: string) => {
    const user = await findUserByEmail(db, normalizeEmail(email));
    return user && !user.deactivated ? user : undefined;
  };

  /**
   * An address that gets no code counts toward the hour's codes as one that does (MAIL_POLICY), so the 429 after
   * five tells nothing about which addresses have accounts.
   */
  const countUnsentCode = (email: string) => throttle.attempt(MAIL_POLICY, normalizeEmail(email));

  app.put(
    '/user-verification/code/:code/consume',
    {
      config: sensitive(app),
      schema: {
        tags: ['verification'],
        summary: 'Finish a sign-up with the four-digit code mailed to the address, choosing the password then',
        description:
          'The address goes in the query: a four-digit code alone cannot say whose it is. The password is set here, by whoever ' +
          'proved the mailbox, never by the registration that mailed the code (somebody else may have started it).',
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[0-9]{4}$' } } },
        querystring: { type: 'object', required: ['email'], properties: { email: emailField } },
        body: {
          type: ['object', 'null'],
          properties: { password: { type: 'string', minLength: 1, maxLength: 200, description: "The account's password (required)" } },
          additionalProperties: false,
        },
        response: {
          200: dataOf({ type: 'object', required: ['verified', 'user'], properties: { verified: { type: 'boolean' }, user: ref('User') } }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const password = request.body?.password;
      if (!password) throw httpError(400, 'Choose a password to finish signing up', 'password_required');
      requireStrongPassword(password);
      const user = await accountFor(request.query.email);
      if (!user || !(await hasSignupRequest(db, user.id))) {
        if (user && isEstablished(user)) throw httpError(409, 'This account is already confirmed', 'already_confirmed');
        throw httpError(400, INVALID_CODE, 'invalid_code');
      }
      await codes.consume(user.id, 'signup', request.params.code);
      const passwordHash = await hashPassword(password);
      await db.transaction((tx) => completeSignup(tx, user.id, { passwordHash, now: clock.now(), reason: 'sign-up completed' }));
      return { data: { verified: true, user: publicUser((await findUserById(db, user.id))!) } };
    },
  );

  app.post(
    '/user-verification/code/resend',
    {
      config: sensitive(app),
      schema: {
        tags: ['verification'],
        summary: 'Mail a new sign-up code (the old one stops working)',
        description: 'Answers the same whether or not a sign-up is waiting for the address; a code is mailed only when one is.',
        body: emailBody,
        response: { 200: okData, ...errorResponses },
      },
    },
    async (request) => {
      const user = await accountFor(request.body.email);
      if (user && (await hasSignupRequest(db, user.id))) await sendSignupCode(app, user);
      else await countUnsentCode(request.body.email);
      return { data: { ok: true } };
    },
  );

  const sendReset = {
    config: sensitive(app),
    schema: {
      tags: ['verification'],
      summary: 'Mail a password reset code',
      description: 'Answers the same whether or not the address has an account; a code is mailed only when it has.',
      body: emailBody,
      response: { 200: okData, ...errorResponses },
    },
  } as const;
  // The same answer for every address, so the reset form does not tell which addresses have accounts.
  for (const path of [
    '/user-verification/code/reset-password/send',
    '/user-verification/v2/code/reset-password/send',
    '/user-verification/code/reset-password/resend',
  ]) {
    app.post(path, sendReset, async (request) => {
      const user = await accountFor(request.body.email);
      if (user && isEstablished(user)) await sendResetCode(app, user);
      else await countUnsentCode(request.body.email);
      return { data: { ok: true } };
    });
  }

  app.put(
    '/user-verification/code/reset-password/consume',
    {
      config: sensitive(app),
      schema: {
        tags: ['verification'],
        summary: 'Set a new password with a reset code; 409 when the password was used before, 403 at the try limit',
        body: {
          type: 'object',
          required: ['email', 'code', 'new_password'],
          properties: {
            email: emailField,
            code: { type: 'string', pattern: '^[0-9]{4}$' },
            new_password: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
        response: { 200: okData, ...errorResponses },
      },
    },
    async (request) => {
      const { email, code, new_password: newPassword } = request.body;
      requireStrongPassword(newPassword);
      const user = await accountFor(email);
      if (!user || !isEstablished(user)) throw httpError(400, INVALID_CODE, 'invalid_code');
      // The code is checked before the password history, so nobody without the code learns about old passwords;
      // it is consumed only once the new password is accepted, so a 409 lets the user choose another.
      await codes.consume(user.id, 'reset', code, { keep: true });
      await requireUnusedPassword(db, user.id, newPassword);
      await codes.consume(user.id, 'reset', code);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await resetPassword(tx, user.id, passwordHash);
        await rememberPassword(tx, user.id, passwordHash);
        await tokens.revokeOtherSessions(user.id, null, 'password reset', tx);
      });
      // The mailbox is proven: the wrong passwords somebody tried against this address no longer hold the owner back.
      await throttle.clear(PASSWORD_POLICY, user.email);
      return { data: { ok: true } };
    },
  );

  app.post(
    '/user-verification/code/reset-password/check',
    {
      config: sensitive(app),
      schema: {
        tags: ['verification'],
        summary: 'Check a reset code before the new password is chosen (it stays usable); 400 invalid_code, 403 at the try limit',
        body: {
          type: 'object',
          required: ['email', 'code'],
          additionalProperties: false,
          properties: { email: emailField, code: { type: 'string', pattern: '^[0-9]{4}$' } },
        },
        response: { 200: okData, ...errorResponses },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const user = await accountFor(email);
      // An unknown or unfinished account answers as a wrong code: the check tells nobody which addresses exist.
      if (!user || !isEstablished(user)) throw httpError(400, INVALID_CODE, 'invalid_code');
      // Counted against the code's tries like a consume, so checking first gives no more guesses.
      await codes.consume(user.id, 'reset', code, { keep: true });
      return { data: { ok: true } };
    },
  );

  app.get(
    '/user-verification/samlResponse',
    {
      schema: {
        tags: ['sso'],
        summary: 'Where SAML sign-in links point; the reference server has no SAML identity provider',
        querystring: {
          type: 'object',
          properties: { serviceprovider: { type: 'string' }, url: { type: 'string' }, buildingUUID: { type: 'string' }, token: { type: 'string' } },
        },
        response: { 501: ref('Error') },
      },
    },
    async () => {
      throw httpError(
        501,
        'SAML sign-in needs a SAML identity provider, and the reference server has none. Use an OpenID provider.',
        'saml_unavailable',
      );
    },
  );
}

import { fromPromise } from 'xstate';
import { authFlowMachine } from '../../../machines/auth/authFlow.machine';
import { signInMachine } from '../../../machines/auth/signIn.machine';
import { SESSION_ID } from '../../../machines/session/session.machine';
import * as authApi from '../../api/auth';
import * as ssoApi from '../../api/sso';
import { track } from '../../api/analytics';
import type { AppActor } from '../appActor';
import { signupUserTypeId, type FlagValues } from '../../../contracts/flags';
import type { AuthFields } from '../../../machines/auth/authFlow.types';
import { setPendingSso } from '../adapters/storage';
import { farmSelectorLogic } from './farm';

/**
 * A provider's code can be exchanged once. React's StrictMode (development) starts the flow twice, and both
 * would ask; they share the one exchange instead.
 */
const exchanges = new Map<string, ReturnType<typeof ssoApi.ssoCallback>>();
function exchangeOnce(code: string, state: string) {
  const key = `${state}:${code}`;
  if (!exchanges.has(key)) exchanges.set(key, ssoApi.ssoCallback(code, state));
  return exchanges.get(key)!;
}

/**
 * What POST /auth/register is sent for a sign-up's fields: the names trimmed, and the user type the flags in force
 * give (`signup-user-type-2`, docs/decisions/201-signup-user-type-flag.md).
 */
export const registerFields = (input: AuthFields, flags: FlagValues): authApi.RegisterFields => ({
  email: input.email,
  first_name: input.first_name.trim(),
  last_name: input.last_name.trim(),
  password: input.password,
  building_uuid: input.building_uuid,
  is_term_accepted: input.is_term_accepted,
  is_email_accepted: input.is_email_accepted,
  user_type_id: signupUserTypeId(flags),
});

/** Where the identity provider sends the browser back: this app's sign-in page. */
export const ssoRedirectUri = () => `${window.location.origin}/login`;

/**
 * The auth flow with the real API, wired to the root actor's session: the router, and each of its steps provided
 * with its calls (the router's actors hold the provided steps). Sign-up's and the reset's machines are imported when
 * the router first needs them, so /login's first load carries neither (their views are lazy chunks too).
 */
export function authFlowLogic(app: AppActor) {
  // The brand the page is for (its host name), which keeps sign-up's building choice to its own buildings.
  const brand = () => app.getSnapshot().context.whitelabel?.brand ?? 'atrium';
  const supportEmail = () => app.getSnapshot().context.whitelabel?.helpDeskEmail ?? app.getSnapshot().context.config.supportEmail;
  const signIn = fromPromise(({ input }: { input: { email: string; password: string } }) => authApi.login(input.email, input.password));
  const signInFlow = signInMachine.provide({
    actors: {
      checkEmail: fromPromise(async ({ input }) => {
        const record = await authApi.validateEmail(input.email);
        const sso = record.sso_mode === 'none' ? null : await ssoApi.ssoProviders(input.email, ssoRedirectUri());
        return { record, sso };
      }),
      signIn,
      ssoCallback: fromPromise(({ input }) => exchangeOnce(input.code, input.state)),
      loadGuestBuildings: fromPromise(async () => (await authApi.guestBuildings()).map(({ uuid, name, address_1 }) => ({ uuid, name, address_1 }))),
      farmSelector: farmSelectorLogic(app),
    },
    actions: {
      // The failed sign-in's callback (docs/decisions/199-login-failure-logout-and-callback.md): counted in the
      // product's analytics with how the person tried and what the server answered, never the address.
      loginFailed: (_, { error, method, loggedOut }) =>
        void track(
          { event: 'login_failed', properties: { method, status: error.status, code: error.code ?? null, logged_out: loggedOut } },
          { anonymous: true },
        ),
      redirectToProvider: (_, { url, pending }) => {
        setPendingSso(pending);
        window.location.assign(url);
      },
      reportUnknownDomain: (_, { email }) => {
        const domain = email.split('@')[1] ?? email;
        const subject = encodeURIComponent(`Company email not found: ${domain}`);
        window.location.href = `mailto:${supportEmail()}?subject=${subject}`;
      },
    },
  });
  const loadSignUp = fromPromise(async () => {
    const { signUpMachine } = await import('../../../machines/auth/signUp.machine');
    return signUpMachine.provide({
      actors: {
        loadBuildings: fromPromise(async ({ input }) =>
          (await authApi.domainBuildings(input.domain, brand())).map((b) => ({ uuid: b.uuid, name: b.name, address_1: b.address_1 })),
        ),
        register: fromPromise(async ({ input }) => {
          const user = await authApi.register(registerFields(input, app.getSnapshot().context.flags));
          return { confirmed: user.confirmed };
        }),
        completeSso: fromPromise(({ input }) =>
          ssoApi.ssoAuthenticate(input.email, input.transaction, {
            first_name: input.fields.first_name.trim(),
            last_name: input.fields.last_name.trim(),
            building_uuid: input.fields.building_uuid,
            is_term_accepted: input.fields.is_term_accepted,
            is_email_accepted: input.fields.is_email_accepted,
          }),
        ),
        consumeSignupCode: fromPromise(async ({ input }) => {
          await authApi.consumeSignupCode(input.email, input.code, input.password);
        }),
        resendSignupCode: fromPromise(async ({ input }) => {
          await authApi.resendSignupCode(input.email);
        }),
        signIn,
      },
    });
  });
  // The reset's machine and its calls come together when first needed (./resetPasswordFlow).
  const loadResetPassword = fromPromise(async () => (await import('./resetPasswordFlow')).resetPasswordLogic());
  return authFlowMachine.provide({
    actors: { signInFlow, loadSignUp, loadResetPassword },
    actions: {
      emitSignedIn: (_, { session }) => {
        setPendingSso(null);
        app.system.get(SESSION_ID)?.send({ type: 'session.loggedIn', payload: session });
      },
      setAuthMode: (_, { mode }) => app.system.get(SESSION_ID)?.send({ type: 'session.authMode', mode }),
    },
  });
}

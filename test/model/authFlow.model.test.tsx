import { expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { authFlowModel } from './authFlow.model';
import { BUILDINGS, EMAIL, pressOnScreen, SESSION, sendUserEvent, startAuthFlow } from './authFlow.harness';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import { activeStep, type AuthStep } from '../../machines/auth/authFlow.selectors';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { signInMachine } from '../../machines/auth/signIn.machine';
import { signUpMachine } from '../../machines/auth/signUp.machine';
import { appMachine } from '../../machines/app/app.machine';
import { AuthFlowContext } from '../../src/ui/auth/AuthFlowContext';
import { AuthScreen } from '../../src/ui/auth/AuthScreen';
import { AppActorProvider } from '../../src/ui/appContext';
import { englishCatalogue } from '../../src/i18n/locales';

type Router = SnapshotFrom<typeof authFlowMachine>;
type StepRef<F extends AuthStep['flow']> = Extract<AuthStep, { flow: F }>['ref'];
const signInOf = (s: Router) => (activeStep(s)?.flow === 'signIn' ? (activeStep(s)!.ref as StepRef<'signIn'>).getSnapshot() : null);
const signUpOf = (s: Router) => (activeStep(s)?.flow === 'signUp' ? (activeStep(s)!.ref as StepRef<'signUp'>).getSnapshot() : null);
const resetOf = (s: Router) => (activeStep(s)?.flow === 'resetPassword' ? (activeStep(s)!.ref as StepRef<'resetPassword'>).getSnapshot() : null);

// The model's states live in the router (loading a step's code) and in its steps: the sign-in, sign-up or reset machine.
const signIn = (value: Parameters<NonNullable<ReturnType<typeof signInOf>>['matches']>[0]) => (s: Router) => !!signInOf(s)?.matches(value);
const signUp = (value: Parameters<NonNullable<ReturnType<typeof signUpOf>>['matches']>[0]) => (s: Router) => !!signUpOf(s)?.matches(value);
const reset = (value: Parameters<NonNullable<ReturnType<typeof resetOf>>['matches']>[0]) => (s: Router) => !!resetOf(s)?.matches(value);

/** Where the real machines must be for each model state. */
const MACHINE_STATE = {
  email: signIn('email'),
  signUpEmail: (s) => signIn('email')(s) && signInOf(s)!.context.flow === 'sign_up',
  farmSelector: signIn('farmSelector'),
  checkingEmail: signIn('checkingEmail'),
  invalidDomain: signIn('invalidDomain'),
  ssoChoice: signIn('ssoChoice'),
  redirecting: signIn('redirecting'),
  ssoReturn: signIn('ssoReturn'),
  password: signIn('password'),
  signingIn: signIn('signingIn'),
  signUpLoading: (s) => s.matches({ signUp: 'loading' }),
  resetLoading: (s) => s.matches({ resetPassword: 'loading' }),
  buildingLoading: signUp({ steps: { buildingSelect: 'loading' } }),
  buildingFailed: signUp({ steps: { buildingSelect: 'failed' } }),
  buildingSelect: signUp({ steps: { buildingSelect: 'ready' } }),
  createAccount: signUp({ steps: 'createAccount' }),
  createPassword: signUp({ steps: 'createPassword' }),
  acceptTerms: signUp({ steps: 'acceptTerms' }),
  registering: signUp({ steps: 'registering' }),
  completingSso: signUp({ steps: 'completingSso' }),
  verifyAccount: signUp({ steps: 'verifyAccount' }),
  resendingCode: signUp({ steps: 'resendingCode' }),
  enterCode: signUp({ steps: 'enterCode' }),
  confirmingCode: signUp({ steps: 'confirmingCode' }),
  congratulations: signUp({ steps: 'congratulations' }),
  finalSigningIn: signUp({ steps: 'signingIn' }),
  resetVerify: reset({ steps: 'verifyAccount' }),
  resetSending: reset({ steps: 'sendingCode' }),
  resetCode: reset({ steps: 'enterCode' }),
  resetResending: reset({ steps: 'resendingCode' }),
  resetChecking: reset({ steps: 'checkingCode' }),
  resetNewPassword: reset({ steps: 'newPassword' }),
  resetSaving: reset({ steps: 'saving' }),
  resetDone: reset({ steps: 'done' }),
  signedIn: (s) => s.status === 'done',
} satisfies Record<string, (s: Router) => boolean>;
type Step = keyof typeof MACHINE_STATE;

/** The model states that are sign-up steps: while in one, the session is told the auth mode is sign-up. */
const SIGN_UP_STATES = new Set<Step>([
  'signUpLoading',
  'buildingLoading',
  'buildingFailed',
  'buildingSelect',
  'createAccount',
  'createPassword',
  'acceptTerms',
  'registering',
  'completingSso',
  'verifyAccount',
  'resendingCode',
  'enterCode',
  'confirmingCode',
  'congratulations',
  'finalSigningIn',
]);

/** The address the router names for each model state (decision 204): the host applies it. */
const addressOf = (step: Step) =>
  step === 'signedIn' ? null : SIGN_UP_STATES.has(step) ? '/signup' : step.startsWith('reset') ? '/reset-password' : '/login';

type Flow = ReturnType<typeof startAuthFlow> & { app?: { stop(): void } };

/** Where the router and its running step are, for a failure's message. */
const where = (s: Router) => JSON.stringify({ router: s.value, step: activeStep(s)?.ref.getSnapshot().value ?? null });

const heading = (name: string) => screen.getByRole('heading', { name });
const busyButton = () => screen.getByRole('button', { name: /Please wait…|Checking…/ });

/** What a person sees in each model state. */
const VIEW_STATE: Record<Step, (flow: Flow) => void> = {
  email: () => {
    // The email step: titled for signing in, or for signing up when the person went back from sign-up.
    screen.getByRole('heading', { name: /^(Sign in|Create your account)$/ });
    screen.getByLabelText('Work email');
    expect(screen.queryByRole('dialog')).toBeNull();
  },
  signUpEmail: () => {
    heading('Create your account');
    screen.getByLabelText('Work email');
    expect(screen.queryByRole('dialog')).toBeNull();
  },
  signUpLoading: () => {
    screen.getByTestId('brand');
    screen.getByRole('progressbar');
  },
  resetLoading: () => {
    screen.getByTestId('brand');
    screen.getByRole('progressbar');
  },
  farmSelector: () => screen.getByRole('dialog', { name: 'Choose a farm' }),
  checkingEmail: () => expect((screen.getByRole('button', { name: 'Checking…' }) as HTMLButtonElement).disabled).toBe(true),
  invalidDomain: () => within(screen.getByRole('dialog', { name: 'Company Email Not Found' })).getByText(/northwind\.example/),
  ssoChoice: () => within(screen.getByRole('dialog', { name: 'Sign in with your company' })).getByRole('button', { name: 'Continue with Demo ID' }),
  redirecting: () => screen.getByRole('progressbar'),
  ssoReturn: () => screen.getByRole('progressbar'),
  password: () => {
    heading('Enter your password');
    screen.getByText(`Signing in as ${EMAIL}`);
  },
  signingIn: () => {
    heading('Enter your password');
    busyButton();
  },
  buildingLoading: () => {
    heading('Choose your building');
    screen.getByText('Loading…');
  },
  buildingFailed: () => {
    heading('Choose your building');
    screen.getByRole('alert');
  },
  buildingSelect: () => {
    screen.getByText('Step 1 of 5');
    expect(within(screen.getByLabelText('Building')).getAllByRole('option')).toHaveLength(BUILDINGS.length + 1);
  },
  createAccount: () => heading('Create account'),
  createPassword: () => heading('Create a password'),
  acceptTerms: () => heading('Terms and privacy'),
  registering: () => {
    heading('Terms and privacy');
    busyButton();
  },
  completingSso: () => {
    heading('Terms and privacy');
    busyButton();
  },
  verifyAccount: () => heading('Verify your account'),
  resendingCode: () => {
    heading('Enter your code');
    busyButton();
  },
  enterCode: () => {
    heading('Enter your code');
    expect(screen.queryByRole('button', { name: 'Please wait…' })).toBeNull();
  },
  confirmingCode: () => {
    heading('Enter your code');
    busyButton();
  },
  congratulations: () => {
    heading('Congratulations!');
    screen.getByRole('button', { name: 'Get started' });
  },
  finalSigningIn: () => {
    heading('Congratulations!');
    busyButton();
  },
  resetVerify: () => heading('Reset your password'),
  resetSending: () => {
    heading('Reset your password');
    busyButton();
  },
  resetCode: () => {
    heading('Enter your code');
    screen.getByText('Step 1 of 2');
  },
  resetResending: () => {
    heading('Enter your code');
    busyButton();
  },
  resetChecking: () => {
    heading('Enter your code');
    busyButton();
  },
  resetNewPassword: () => {
    heading('Choose a new password');
    screen.getByText('Step 2 of 2');
  },
  resetSaving: () => {
    heading('Choose a new password');
    busyButton();
  },
  resetDone: () => heading('Password reset'),
  // The flow is over: the app takes the session (the auth screen's part ends there).
  signedIn: ({ emitSignedIn }) => expect(emitSignedIn).toHaveBeenCalledWith(SESSION),
};

/** A root actor whose loads never finish: enough for the auth screen's brand name. */
function idleApp() {
  const never = fromPromise(() => new Promise<never>(() => {}));
  return createActor(appMachine.provide({ actors: { loadWhitelabel: never, healthCheck: never } as never }), { input: { requestedLocale: 'en' } });
}

const steps = Object.keys(MACHINE_STATE) as Step[];
const MACHINES = [authFlowMachine, signInMachine, signUpMachine, resetPasswordMachine];

modelSuite({
  name: 'auth flow',
  model: authFlowModel,
  // The router started as the model starts (machine runs: `inspect` sees the router and every step it runs).
  start: (event, { inspect }): Flow => startAuthFlow(event!.type, inspect),
  render: (flow: Flow) => {
    const app = idleApp().start();
    flow.app = app;
    render(
      <AppActorProvider actor={app as never}>
        <IntlProvider locale="en" messages={englishCatalogue}>
          <AuthFlowContext.Provider value={flow.actor}>
            <AuthScreen />
          </AuthFlowContext.Provider>
        </IntlProvider>
      </AppActorProvider>,
    );
  },
  // The server's answer settles the pending call (a step's code arriving is one).
  world: ({ server }: Flow, event) => server.answer(event.type),
  send: ({ actor }: Flow, event) => sendUserEvent(actor, event.type),
  press: (_: Flow, event) => pressOnScreen(event.type),
  machineState: Object.fromEntries(
    steps.map((step) => [
      step,
      ({ actor }: Flow) => {
        const s = actor.getSnapshot();
        if (!MACHINE_STATE[step](s)) throw new Error(`the machines should be in ${step}, are in ${where(s)}`);
        return s.context.address === addressOf(step);
      },
    ]),
  ) as Record<Step, (flow: Flow) => boolean>,
  viewState: VIEW_STATE,
  // What the flow told the app by the path's end: the session once signed in, the provider's page, the auth mode.
  finally: ({ emitSignedIn, redirectToProvider, setAuthMode }, _, model) => {
    const final = model.value as Step;
    if (final === 'signedIn') expect(emitSignedIn).toHaveBeenCalledWith(SESSION);
    else expect(emitSignedIn).not.toHaveBeenCalled();
    if (final === 'redirecting') expect(redirectToProvider).toHaveBeenCalledWith('http://localhost/oidc/auth?x=1');
    // The router tells the session the auth mode: sign-up while a sign-up step runs, sign-in otherwise.
    const mode = final === 'signedIn' || !setAuthMode.mock.calls.length ? 'login' : SIGN_UP_STATES.has(final) ? 'signup' : 'login';
    expect(setAuthMode.mock.calls.at(-1)?.[0] ?? 'login').toBe(mode);
  },
  stop: ({ actor, app }) => {
    actor.stop();
    app?.stop();
  },
  machines: MACHINES,
  everyMachineTransition: true,
});

it('auth flow: the test model has more than 60 transitions, and the coverage names the router and its three steps', () => {
  expect(modelGraph(authFlowModel).edges.length).toBeGreaterThan(60);
  expect(MACHINES.map((machine) => machine.id)).toEqual(['authFlow', 'signIn', 'signUp', 'resetPassword']);
});

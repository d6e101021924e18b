import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { authFlowModel, type ModelEvent } from './authFlow.model';
import { BUILDINGS, EMAIL, FakeServer, fakeAuthFlow, SESSION, SSO_RETURN } from './authFlow.harness';
import { formatCoverage, TransitionCoverage } from './coverage';
import { transitionPaths, uncoveredTransitions, STEP_WAIT } from './transitionPaths';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import { activeStep, type AuthStep } from '../../machines/auth/authFlow.selectors';
import type { AuthFlowEvent, AuthFlowInput } from '../../machines/auth/authFlow.types';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { signInMachine } from '../../machines/auth/signIn.machine';
import { signUpMachine } from '../../machines/auth/signUp.machine';
import { appMachine } from '../../machines/app/app.machine';
import { AuthFlowContext } from '../../src/ui/auth/AuthFlowContext';
import { AuthScreen } from '../../src/ui/auth/AuthScreen';
import { AppActorProvider } from '../../src/ui/appContext';
import { englishCatalogue } from '../../src/i18n/locales';

afterEach(cleanup);

const PATHS = transitionPaths(authFlowModel);
const MACHINES = [authFlowMachine, signInMachine, signUpMachine, resetPasswordMachine];

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

/** The flow's input for each way the model starts. */
const START: Record<string, AuthFlowInput> = {
  'start.login': {},
  'start.signup': { flow: 'sign_up' },
  'start.reset': { flow: 'reset_password' },
  'start.ssoReturn': { ssoReturn: SSO_RETURN },
};

const heading = (name: string) => screen.getByRole('heading', { name });
const busyButton = () => screen.getByRole('button', { name: /Please wait…|Checking…/ });

/** What a person sees in each model state. */
const VIEW_STATE: Record<Exclude<Step, 'signedIn'>, () => void> = {
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
  resetNewPassword: () => {
    heading('Choose a new password');
    screen.getByText('Step 2 of 2');
  },
  resetSaving: () => {
    heading('Choose a new password');
    busyButton();
  },
  resetDone: () => heading('Password reset'),
};

/** The user's part of each model event, as events to the running step. */
function userEventsFor(event: ModelEvent['type']): AuthFlowEvent[] {
  const change = (field: string, value: string | boolean | null) => ({ type: 'user.change', field, value }) as AuthFlowEvent;
  // Typing into a field and leaving it, as a person does (and the views send).
  const type = (field: string, value: string) => [change(field, value), { type: 'user.blur', field } as AuthFlowEvent];
  const submit = { type: 'user.submit' } as const;
  switch (event) {
    case 'user.enterEmail':
      return [...type('email', EMAIL), submit];
    case 'user.enterFarmToken':
      return [...type('email', '#farm'), submit];
    case 'user.enterPassword':
      return [...type('password', 'Secret!2026'), submit];
    case 'user.chooseBuilding':
      return [change('building_uuid', BUILDINGS[1]!.uuid), submit];
    case 'user.enterNames':
      return [...type('first_name', 'Pat'), ...type('last_name', 'Person'), submit];
    case 'user.createPassword':
      return [...type('password', 'Secret!2026'), submit];
    case 'user.acceptTerms':
      return [change('is_term_accepted', true), submit];
    case 'user.enterCode':
      return [...type('code', '1234'), submit];
    case 'user.enterResetEmail':
      return [...type('email', EMAIL), submit];
    case 'user.enterNewPassword':
      return [...type('password', 'Newpass!2026'), ...type('confirm_password', 'Newpass!2026'), submit];
    case 'user.continue':
    case 'user.getStarted':
    case 'user.retry':
      return [submit];
    case 'user.chooseProvider':
      return [{ type: 'user.chooseProvider', uuid: 'provider-1' }];
    default:
      return [{ type: event } as AuthFlowEvent];
  }
}

const settle = async () => {
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Runs a path against the real machines: the router started as the model starts, each user event sent to the
 * running step (as the views do), each server answer settling the pending call; after every event the machines
 * must be where the model is.
 */
async function runOnMachines(events: ModelEvent[], inspect?: (event: InspectionEvent) => void) {
  const server = new FakeServer();
  const flow = fakeAuthFlow(server);
  const model = createActor(authFlowModel).start();
  let actor: ReturnType<typeof createActor<typeof flow.logic>> | null = null;
  for (const event of events) {
    if (event.type.startsWith('start.')) actor = createActor(flow.logic, { input: START[event.type]!, ...(inspect ? { inspect } : {}) }).start();
    else if (event.type.startsWith('api.')) server.answer(event.type);
    else if (event.type === 'user.useDefaultApi') signInOf(actor!.getSnapshot())!.children.farmSelector!.send({ type: 'user.clearFarm' });
    else for (const e of userEventsFor(event.type)) activeStep(actor!.getSnapshot())!.ref.send(e);
    await settle();
    model.send(event);
    const expected = model.getSnapshot().value as Step;
    const where = () => JSON.stringify({ router: actor!.getSnapshot().value, step: activeStep(actor!.getSnapshot())?.ref.getSnapshot().value });
    expect(MACHINE_STATE[expected](actor!.getSnapshot()), `after ${event.type} the machines should be in ${expected}, are in ${where()}`).toBe(true);
  }
  return { ...flow, final: model.getSnapshot().value as Step };
}

describe('auth flow model', () => {
  it('covers every transition of the test model', () => {
    const { edges, uncovered } = uncoveredTransitions(authFlowModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThan(60);
  });
});

describe('auth flow paths against the machines', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const { final, emitSignedIn, redirectToProvider, setAuthMode } = await runOnMachines(events);
      if (final === 'signedIn') expect(emitSignedIn).toHaveBeenCalledWith(SESSION);
      else expect(emitSignedIn).not.toHaveBeenCalled();
      if (final === 'redirecting') expect(redirectToProvider).toHaveBeenCalledWith('http://localhost/oidc/auth?x=1');
      // The router tells the session the auth mode: sign-up while a sign-up step runs, sign-in otherwise.
      const mode = final === 'signedIn' || !setAuthMode.mock.calls.length ? 'login' : SIGN_UP_STATES.has(final) ? 'signup' : 'login';
      expect(setAuthMode.mock.calls.at(-1)?.[0] ?? 'login').toBe(mode);
    });
});

describe('the machines the paths run', () => {
  it('take every transition of the router and of the sign-in, sign-up and reset machines', async () => {
    const coverage = new TransitionCoverage();
    for (const { events } of PATHS) await runOnMachines(events, coverage.inspect);
    const report = coverage.report(MACHINES);
    console.log(formatCoverage('auth', report));
    expect(report.flatMap((r) => r.missed)).toEqual([]);
    expect(report.map((r) => r.machine)).toEqual(['authFlow', 'signIn', 'signUp', 'resetPassword']);
    // Every path of four machines, one after another: seconds on a busy two-core machine.
  }, 60_000);
});

/** A root actor whose loads never finish: enough for the auth screen's brand name. */
function idleApp() {
  const never = fromPromise(() => new Promise<never>(() => {}));
  return createActor(appMachine.provide({ actors: { loadWhitelabel: never, healthCheck: never } as never }), { input: { requestedLocale: 'en' } });
}

/** The user's part of each model event, as what a person does on the screen. */
async function act_(event: ModelEvent['type']) {
  const type = (label: string, value: string) => {
    const field = screen.getByLabelText(label, { exact: true });
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
  switch (event) {
    case 'user.enterEmail':
      type('Work email', EMAIL);
      return click('Next');
    case 'user.enterFarmToken':
      type('Work email', '#farm');
      return click('Next');
    case 'user.enterPassword':
      type('Password', 'Secret!2026');
      return click('Sign in');
    case 'user.chooseBuilding':
      fireEvent.change(screen.getByLabelText('Building'), { target: { value: BUILDINGS[1]!.uuid } });
      return click('Next');
    case 'user.enterNames':
      type('First name', 'Pat');
      type('Last name', 'Person');
      return click('Next');
    case 'user.createPassword':
      type('Password', 'Secret!2026');
      return click('Next');
    case 'user.acceptTerms':
      fireEvent.click(screen.getByLabelText('I accept the Terms of Use and the Privacy Policy'));
      return click('Create account');
    case 'user.enterCode':
      type('4-digit code', '1234');
      return click('Confirm');
    case 'user.enterResetEmail':
      type('Work email', EMAIL);
      return click('Send code');
    case 'user.enterNewPassword':
      type('New password', 'Newpass!2026');
      type('Confirm password', 'Newpass!2026');
      return click('Save password');
    case 'user.continue':
      return click('Continue');
    case 'user.getStarted':
      return click(/Get started|Back to sign in/);
    case 'user.chooseProvider':
      return click('Continue with Demo ID');
    case 'user.close':
      return click('Close');
    case 'user.report':
      return click('Report');
    case 'user.back':
      return click('Back');
    case 'user.forgotPassword':
      return fireEvent.click(screen.getAllByRole('button', { name: 'Forgot password?' })[0]!);
    case 'user.usePassword':
      return click('Use my password instead');
    case 'user.continueWithEmail':
      return click('Sign up with email instead');
    case 'user.resend':
      return click('Send a new code');
    case 'user.backToLogin':
      return click('Back to sign in');
    case 'user.startSignup':
      return click('New here? Create an account');
    case 'user.useDefaultApi':
      return click('Use the default API');
    case 'user.retry':
      return click('Next');
    default:
      throw new Error(`no screen action for ${event}`);
  }
}

describe('auth flow paths against the rendered views', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const server = new FakeServer();
      const { logic, emitSignedIn } = fakeAuthFlow(server);
      const app = idleApp().start();
      const model = createActor(authFlowModel).start();
      for (const event of events) {
        if (event.type.startsWith('start.')) {
          const flow = createActor(logic, { input: START[event.type]! }).start();
          render(
            <AppActorProvider actor={app as never}>
              <IntlProvider locale="en" messages={englishCatalogue}>
                <AuthFlowContext.Provider value={flow}>
                  <AuthScreen />
                </AuthFlowContext.Provider>
              </IntlProvider>
            </AppActorProvider>,
          );
        } else if (event.type.startsWith('api.')) {
          await act(async () => server.answer(event.type));
        } else {
          await act(async () => act_(event.type));
        }
        model.send(event);
        const expected = model.getSnapshot().value as Step;
        if (expected === 'signedIn') await waitFor(() => expect(emitSignedIn).toHaveBeenCalledWith(SESSION));
        else await waitFor(VIEW_STATE[expected], STEP_WAIT);
      }
      app.stop();
    });
});

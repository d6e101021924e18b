import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { authFlowModel, type ModelEvent } from './authFlow.model';
import { BUILDINGS, EMAIL, FakeServer, fakeAuthFlow, SESSION, SSO_RETURN } from './authFlow.harness';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import { appMachine } from '../../machines/app/app.machine';
import { AuthFlowContext } from '../../src/ui/auth/AuthFlowContext';
import { AuthScreen } from '../../src/ui/auth/AuthScreen';
import { AppActorProvider } from '../../src/ui/appContext';
import { englishCatalogue } from '../../src/i18n/locales';

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof authFlowMachine>;

/** Every transition of the model: the shortest way to its source state, then its event. */
function transitionPaths(): { description: string; events: ModelEvent[] }[] {
  const model = createTestModel(authFlowModel);
  const shortest = new Map<string, ModelEvent[]>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const key = JSON.stringify(path.state.value) + JSON.stringify(path.state.context);
    const events = path.steps.map((step) => step.event as ModelEvent);
    if (!shortest.has(key) || shortest.get(key)!.length > events.length) shortest.set(key, events);
  }
  const adjacency = model.getAdjacencyMap();
  const paths: { description: string; events: ModelEvent[] }[] = [];
  for (const entry of Object.values(adjacency)) {
    const key = JSON.stringify(entry.state.value) + JSON.stringify(entry.state.context);
    const prefix = shortest.get(key);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(entry.transitions) as { event: ModelEvent; state: typeof entry.state }[]) {
      if (event.type.startsWith('xstate.')) continue;
      // An event the model ignores in this state (a guard said no) is not a transition.
      if (JSON.stringify(next.value) + JSON.stringify(next.context) === key) continue;
      const events = [...prefix.filter((e) => !e.type.startsWith('xstate.')), event as ModelEvent];
      paths.push({ description: `${events.map((e) => e.type).join(' → ')}`, events });
    }
  }
  return paths;
}

const PATHS = transitionPaths();

/** Where the real machine must be for each model state. */
const MACHINE_STATE = {
  email: (s) => s.matches('email'),
  farmSelector: (s) => s.matches('farmSelector'),
  checkingEmail: (s) => s.matches('checkingEmail'),
  invalidDomain: (s) => s.matches('invalidDomain'),
  ssoChoice: (s) => s.matches('ssoChoice'),
  redirecting: (s) => s.matches('redirecting'),
  ssoReturn: (s) => s.matches('ssoReturn'),
  password: (s) => s.matches('password'),
  signingIn: (s) => s.matches('signingIn'),
  buildingLoading: (s) => s.matches({ signup: { buildingSelect: 'loading' } }),
  buildingFailed: (s) => s.matches({ signup: { buildingSelect: 'failed' } }),
  buildingSelect: (s) => s.matches({ signup: { buildingSelect: 'ready' } }),
  createAccount: (s) => s.matches({ signup: 'createAccount' }),
  createPassword: (s) => s.matches({ signup: 'createPassword' }),
  acceptTerms: (s) => s.matches({ signup: 'acceptTerms' }),
  registering: (s) => s.matches({ signup: 'registering' }),
  completingSso: (s) => s.matches({ signup: 'completingSso' }),
  verifyAccount: (s) => s.matches({ signup: 'verifyAccount' }),
  resendingCode: (s) => s.matches({ signup: 'resendingCode' }),
  enterCode: (s) => s.matches({ signup: 'enterCode' }),
  confirmingCode: (s) => s.matches({ signup: 'confirmingCode' }),
  congratulations: (s) => s.matches({ signup: 'congratulations' }),
  finalSigningIn: (s) => s.matches({ signup: 'signingIn' }),
  resetVerify: (s) => s.matches({ reset: 'verifyAccount' }),
  resetSending: (s) => s.matches({ reset: 'sendingCode' }),
  resetCode: (s) => s.matches({ reset: 'enterCode' }),
  resetResending: (s) => s.matches({ reset: 'resendingCode' }),
  resetNewPassword: (s) => s.matches({ reset: 'newPassword' }),
  resetSaving: (s) => s.matches({ reset: 'saving' }),
  resetDone: (s) => s.matches({ reset: 'done' }),
  signedIn: (s) => s.status === 'done',
} satisfies Record<string, (s: Snapshot) => boolean>;
type Step = keyof typeof MACHINE_STATE;

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

type Send = (event: Parameters<ReturnType<typeof createActor<typeof authFlowMachine>>['send']>[0]) => void;

/** The user's part of each model event, as events to the machine. */
function userEventsFor(event: ModelEvent['type']): Parameters<Send>[0][] {
  const change = (field: string, value: string | boolean | null) => ({ type: 'user.change', field, value }) as Parameters<Send>[0];
  const submit = { type: 'user.submit' } as const;
  switch (event) {
    case 'user.enterEmail':
      return [change('email', EMAIL), submit];
    case 'user.enterFarmToken':
      return [change('email', '#farm'), submit];
    case 'user.enterPassword':
      return [change('password', 'Secret!2026'), submit];
    case 'user.chooseBuilding':
      return [change('building_uuid', BUILDINGS[1]!.uuid), submit];
    case 'user.enterNames':
      return [change('first_name', 'Pat'), change('last_name', 'Person'), submit];
    case 'user.createPassword':
      return [change('password', 'Secret!2026'), submit];
    case 'user.acceptTerms':
      return [change('is_term_accepted', true), submit];
    case 'user.enterCode':
      return [change('code', '1234'), submit];
    case 'user.enterResetEmail':
      return [change('email', EMAIL), submit];
    case 'user.enterNewPassword':
      return [change('password', 'Newpass!2026'), change('confirm_password', 'Newpass!2026'), submit];
    case 'user.continue':
    case 'user.getStarted':
      return [submit];
    case 'user.chooseProvider':
      return [{ type: 'user.chooseProvider', uuid: 'provider-1' }];
    default:
      return [{ type: event } as Parameters<Send>[0]];
  }
}

describe('auth flow model', () => {
  it('covers every transition of the test model', () => {
    const adjacency = createTestModel(authFlowModel).getAdjacencyMap();
    const serialize = (state: { value: unknown; context: unknown }) => JSON.stringify(state.value) + JSON.stringify(state.context);
    const edges = new Set<string>();
    for (const entry of Object.values(adjacency)) {
      for (const { event, state } of Object.values(entry.transitions) as { event: ModelEvent; state: typeof entry.state }[]) {
        if (serialize(state) !== serialize(entry.state)) edges.add(`${serialize(entry.state)} ${event.type}`);
      }
    }
    const covered = new Set(PATHS.map(({ events }) => {
      const model = createActor(authFlowModel).start();
      events.slice(0, -1).forEach((e) => model.send(e));
      return `${serialize(model.getSnapshot())} ${events.at(-1)!.type}`;
    }));
    expect([...edges].filter((edge) => !covered.has(edge))).toEqual([]);
    expect(edges.size).toBeGreaterThan(60);
  });
});

describe('auth flow paths against the machine', () => {
  for (const { description, events } of PATHS) it(description, async () => {
    const server = new FakeServer();
    const { logic, emitSignedIn, redirectToProvider } = fakeAuthFlow(server);
    const model = createActor(authFlowModel).start();
    let actor: ReturnType<typeof createActor<typeof logic>> | null = null;
    for (const event of events) {
      if (event.type === 'start.login') actor = createActor(logic, { input: {} }).start();
      else if (event.type === 'start.ssoReturn') actor = createActor(logic, { input: { ssoReturn: SSO_RETURN } }).start();
      else if (event.type.startsWith('api.')) server.answer(event.type);
      else for (const e of userEventsFor(event.type)) actor!.send(e);
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      model.send(event);
      const expected = model.getSnapshot().value as Step;
      expect(MACHINE_STATE[expected](actor!.getSnapshot()), `after ${event.type} the machine should be in ${expected}, is ${JSON.stringify(actor!.getSnapshot().value)}`).toBe(true);
    }
    const final = model.getSnapshot().value;
    if (final === 'signedIn') expect(emitSignedIn).toHaveBeenCalledWith(SESSION);
    else expect(emitSignedIn).not.toHaveBeenCalled();
    if (final === 'redirecting') expect(redirectToProvider).toHaveBeenCalledWith('http://localhost/oidc/auth?x=1');
  });
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
    default:
      throw new Error(`no screen action for ${event}`);
  }
}

describe('auth flow paths against the rendered views', () => {
  for (const { description, events } of PATHS) it(description, async () => {
    const server = new FakeServer();
    const { logic, emitSignedIn } = fakeAuthFlow(server);
    const app = idleApp().start();
    const model = createActor(authFlowModel).start();
    for (const event of events) {
      if (event.type === 'start.login' || event.type === 'start.ssoReturn') {
        const flow = createActor(logic, { input: event.type === 'start.ssoReturn' ? { ssoReturn: SSO_RETURN } : {} }).start();
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
      else await waitFor(VIEW_STATE[expected], { timeout: 1000 });
    }
    app.stop();
  });
});

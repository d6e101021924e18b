import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { authFlowMachine } from '../../machines/auth/authFlow.machine';
import { activeStep, authRoute } from '../../machines/auth/authFlow.selectors';
import { defaultFields, type AuthFlowInput, type AuthStepOutput } from '../../machines/auth/authFlow.types';
import { makeLoginPayload } from '../fixtures/people';

const SESSION = makeLoginPayload();
const fields = (email = 'ada@acme.com') => ({ ...defaultFields(), email });

/**
 * A stand-in for a step machine: it keeps the input it was started with and ends with whatever output the test
 * sends it, so the router is tested alone.
 */
const fakeStep = setup({
  types: {} as { context: { input: unknown; output: AuthStepOutput | null }; input: unknown; events: { type: 'test.end'; output: AuthStepOutput } },
}).createMachine({
  context: ({ input }) => ({ input, output: null }),
  initial: 'running',
  states: {
    running: { on: { 'test.end': { target: 'ended', actions: assign({ output: ({ event }) => event.output }) } } },
    ended: { type: 'final' },
  },
  output: ({ context }) => context.output,
});

/** The router with stand-in steps; `unreachable` makes the code of sign-up and the reset fail to arrive. */
function startRouter(input: AuthFlowInput = {}, options: { unreachable?: boolean } = {}) {
  const emitSignedIn = vi.fn();
  const setAuthMode = vi.fn();
  const load = fromPromise(async () => {
    if (options.unreachable) throw new TypeError('Failed to fetch dynamically imported module');
    return fakeStep;
  });
  const logic = authFlowMachine.provide({
    actors: { signInFlow: fakeStep as never, loadSignUp: load as never, loadResetPassword: load as never },
    actions: { emitSignedIn: (_, params) => emitSignedIn(params.session), setAuthMode: (_, params) => setAuthMode(params.mode) },
  });
  const router = createActor(logic, { input }).start();
  const step = () => activeStep(router.getSnapshot());
  /** What the running step was started with. */
  const stepInput = () => (step()!.ref.getSnapshot().context as unknown as { input: unknown }).input;
  const end = (output: AuthStepOutput) =>
    (step()!.ref as unknown as { send(e: { type: 'test.end'; output: AuthStepOutput }): void }).send({ type: 'test.end', output });
  const modes = () => setAuthMode.mock.calls.map(([mode]) => mode as string);
  /** Waits for a step to run (sign-up's and the reset's arrive as code first). */
  const running = (flow: string) => vi.waitFor(() => expect(step()?.flow).toBe(flow));
  return { router, step, stepInput, end, emitSignedIn, modes, running };
}

describe('the auth flow router starts the step the route asks for', () => {
  it('sign-in at /login, with the email given', () => {
    const { router, step, stepInput } = startRouter({ email: 'ada@acme.com' });
    expect(step()?.flow).toBe('signIn');
    expect(stepInput()).toEqual({ flow: 'auth_login', fields: fields(), ssoReturn: null, logoutOnFailure: false });
    expect(authRoute(router.getSnapshot())).toBe('/login');
  });

  it('sign-in titled for signing up at /signup', () => {
    const { step, stepInput } = startRouter({ flow: 'sign_up' });
    expect(step()?.flow).toBe('signIn');
    expect(stepInput()).toMatchObject({ flow: 'sign_up' });
  });

  it('the reset at /reset-password, once its code arrived', async () => {
    const { router, step, stepInput, running } = startRouter({ flow: 'reset_password', email: 'ada@acme.com' });
    expect(router.getSnapshot().matches({ resetPassword: 'loading' })).toBe(true);
    expect(step()).toBeNull();
    await running('resetPassword');
    expect(stepInput()).toEqual({ fields: fields() });
    expect(authRoute(router.getSnapshot())).toBe('/reset-password');
  });

  it("sign-in for an identity provider's return, whatever the route", () => {
    const ssoReturn = { code: 'c', state: 's', pending: null };
    const { step, stepInput } = startRouter({ flow: 'reset_password', ssoReturn });
    expect(step()?.flow).toBe('signIn');
    // A failed exchange logs out: the pending SSO details and anything kept go (section 4, logoutOnFailure).
    expect(stepInput()).toMatchObject({ ssoReturn, logoutOnFailure: true });
  });
});

describe('when a step ends, the router starts the one it names with what it handed over', () => {
  it('sign-in → sign-up → back to sign-in, telling the session the auth mode on the way', async () => {
    const { router, step, stepInput, end, modes, running } = startRouter();
    expect(modes()).toEqual(['login']);
    const signUp = { fields: fields(), record: null, method: 'email' as const, ssoTransaction: null };
    end({ next: 'signUp', input: signUp });
    expect(authRoute(router.getSnapshot()), 'the address follows while the code arrives').toBe('/signup');
    await running('signUp');
    expect(stepInput()).toEqual(signUp);
    expect(authRoute(router.getSnapshot())).toBe('/signup');
    expect(modes()).toEqual(['login', 'signup']);

    const signIn = { flow: 'sign_up' as const, fields: fields() };
    end({ next: 'signIn', input: signIn });
    expect(step()?.flow).toBe('signIn');
    expect(stepInput()).toEqual(signIn);
    expect(authRoute(router.getSnapshot())).toBe('/login');
    expect(modes()).toEqual(['login', 'signup', 'login', 'login']);
  });

  it('sign-in → reset → sign-in at the password', async () => {
    const { router, step, stepInput, end, running } = startRouter();
    end({ next: 'resetPassword', input: { fields: fields() } });
    await running('resetPassword');
    expect(authRoute(router.getSnapshot())).toBe('/reset-password');
    end({ next: 'signIn', input: { flow: 'auth_login', fields: fields(), at: 'password' } });
    expect(step()?.flow).toBe('signIn');
    expect(stepInput()).toEqual({ flow: 'auth_login', fields: fields(), at: 'password' });
  });

  it.each(['signIn', 'signUp'] as const)('signed in from %s: the session gets the new session once, and no step runs', async (from) => {
    const { router, step, end, emitSignedIn, modes, running } = startRouter();
    if (from === 'signUp') {
      end({ next: 'signUp', input: { fields: fields(), record: null, method: null, ssoTransaction: null } });
      await running('signUp');
    }
    end({ next: 'signedIn', session: SESSION });
    expect(router.getSnapshot().status).toBe('done');
    expect(step()).toBeNull();
    expect(emitSignedIn).toHaveBeenCalledTimes(1);
    expect(emitSignedIn).toHaveBeenCalledWith(SESSION);
    expect(modes().at(-1)).toBe('login');
  });
});

describe("when a step's code does not arrive", () => {
  it.each([
    ['sign-up', { next: 'signUp', input: { fields: fields(), record: null, method: null, ssoTransaction: null } }],
    ['the reset', { next: 'resetPassword', input: { fields: fields() } }],
  ] as const)('%s: back to sign-in with what was typed and the failure', async (_, output) => {
    const { step, stepInput, end, running } = startRouter({}, { unreachable: true });
    end(output);
    expect(step(), 'no step runs while the code is fetched').toBeNull();
    await running('signIn');
    expect(stepInput()).toEqual({
      flow: 'auth_login',
      fields: fields(),
      error: { status: 0, message: 'Failed to fetch dynamically imported module' },
    });
  });
});

describe('the auth flow names the address of each step (decision 204)', () => {
  const address = (router: ReturnType<typeof startRouter>['router']) => router.getSnapshot().context.address;
  const signUp = { fields: fields(), record: null, method: null, ssoTransaction: null };

  it('/login for sign-in, /signup for sign-up, /reset-password for the reset, back, and none once signed in', async () => {
    const { router, end, running } = startRouter({ email: 'ada@acme.com' });
    expect(address(router)).toBe('/login');
    end({ next: 'signUp', input: signUp });
    // The step's address holds while its code arrives.
    expect(router.getSnapshot().matches({ signUp: 'loading' })).toBe(true);
    expect(address(router)).toBe('/signup');
    await running('signUp');
    expect(address(router)).toBe('/signup');
    end({ next: 'signIn', input: { flow: 'auth_login', fields: fields() } });
    expect(address(router)).toBe('/login');
    end({ next: 'resetPassword', input: { fields: fields() } });
    expect(address(router)).toBe('/reset-password');
    await running('resetPassword');
    end({ next: 'signIn', input: { flow: 'auth_login', fields: fields(), at: 'password' } });
    expect(address(router)).toBe('/login');
    end({ next: 'signedIn', session: SESSION });
    expect(router.getSnapshot().status).toBe('done');
    expect(address(router)).toBeNull();
    expect(authRoute(router.getSnapshot())).toBeNull();
  });

  it('starts on the address of the step the route asks for, and an SSO return on /login whatever the route', () => {
    expect(address(startRouter({ flow: 'reset_password' }).router)).toBe('/reset-password');
    expect(address(startRouter({ flow: 'sign_up' }).router)).toBe('/login');
    expect(address(startRouter({ flow: 'reset_password', ssoReturn: { code: 'c', state: 's', pending: null } }).router)).toBe('/login');
  });

  it("a step whose code did not arrive goes back to sign-in's address", async () => {
    const { router, end } = startRouter({}, { unreachable: true });
    end({ next: 'signUp', input: signUp });
    await vi.waitFor(() => expect(router.getSnapshot().matches('signIn')).toBe(true));
    expect(address(router)).toBe('/login');
  });
});

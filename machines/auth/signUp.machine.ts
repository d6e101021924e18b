import { assign, fromPromise, setup } from 'xstate';
import type { AuthFields, BuildingOption, EmailRecord, SessionPayload, SignUpOutput } from './authFlow.types';
import { changedField, domainOf, errorFromEvent, freshSignIn, notProvided, outputParams, touchedField, trimmedEmail } from './authStep';
import type { SignUpContext, SignUpSchema } from './signUp.types';
import { signupPlan, signupType, type SignInMethod, type SignupStep } from './signupType';
import { isValidCode, isValidPassword, isValidSignupName } from './validation';
import { fieldEvents } from '../shared/formFields';

export const SIGN_UP_ID = 'signUp';

/** The sign-up type and its steps, from what the email check found and how the person chose to sign in. */
export function planFor(record: EmailRecord | null, method: SignInMethod) {
  // Back from an identity provider without the stored email check (another tab, storage cleared): the domain signs
  // in with SSO, so treat it as required rather than as a password sign-up.
  const ssoMode = record?.sso_mode ?? (method === 'provider' ? 'required' : 'none');
  const type = signupType({ record, ssoMode, method });
  const plan = signupPlan(type, { domainBuildingCount: record?.building_count ?? 0, viaProvider: method === 'provider' });
  return { signupType: type, steps: plan.steps, completion: plan.completion };
}

/** Whether a step's answers let the person go on from it. */
const STEP_DONE: Record<SignupStep, (c: SignUpContext) => boolean> = {
  building_select: (c) => !!c.fields.building_uuid && c.buildings.some((b) => b.uuid === c.fields.building_uuid),
  create_account: (c) => isValidSignupName(c.fields.first_name) && isValidSignupName(c.fields.last_name),
  create_password: (c) => isValidPassword(c.fields.password),
  accept_terms: (c) => c.fields.is_term_accepted,
  verify_account: () => true,
  enter_code: (c) => isValidCode(c.fields.code),
  congratulations: () => true,
};

const neighbour = (steps: readonly SignupStep[], from: SignupStep, offset: 1 | -1) => steps[steps.indexOf(from) + offset];

/** Guard: the step is done and the plan puts `to` right after it. */
const nextStep = (from: SignupStep, to: SignupStep) => ({ type: 'nextStep', params: { from, to } }) as const;
/** Guard: the plan puts `to` right before the step. */
const previousStep = (from: SignupStep, to: SignupStep) => ({ type: 'previousStep', params: { from, to } }) as const;
const firstStep = (step: SignupStep) => ({ type: 'firstStep', params: { step } }) as const;

type Ends = { context: SignUpContext };
const signedIn = ({ context }: Ends): SignUpOutput => ({ next: 'signedIn', session: context.session! });
const backToEmail = ({ context }: Ends): SignUpOutput => ({ next: 'signIn', input: { flow: 'sign_up', fields: context.fields } });
const backToLogin = ({ context }: Ends): SignUpOutput => ({ next: 'signIn', input: freshSignIn(context.fields) });

/**
 * Sign-up: one state per step. Which steps a sign-up type has, and in which order, is data (`signupPlan` in
 * signupType.ts, kept in `context.steps`); each step's `user.submit` and `user.back` name every step that can follow
 * or precede it, and the `nextStep` / `previousStep` guards ask the plan which one does.
 */
export const signUpMachine = setup({
  types: {} as SignUpSchema,
  actors: {
    loadBuildings: fromPromise<BuildingOption[], { domain: string }>(notProvided('loadBuildings')),
    register: fromPromise<{ confirmed: boolean }, AuthFields>(notProvided('register')),
    completeSso: fromPromise<SessionPayload, { email: string; transaction: string; fields: AuthFields }>(notProvided('completeSso')),
    /** Confirms the sign-up with the mailed code and sets its password: whoever proves the mailbox chooses it. */
    consumeSignupCode: fromPromise<void, { email: string; code: string; password: string }>(notProvided('consumeSignupCode')),
    resendSignupCode: fromPromise<void, { email: string }>(notProvided('resendSignupCode')),
    signIn: fromPromise<SessionPayload, { email: string; password: string }>(notProvided('signIn')),
  },
  actions: {
    setField: assign(({ context, event }) => changedField(context, event)),
    touch: assign(({ context, event }) => touchedField(context, event)),
    setErrorFromEvent: assign(({ event }) => ({ error: errorFromEvent(event) })),
    clearError: assign({ error: null, notice: null }),
    noteCodeResent: assign({ notice: 'code_resent' as const, error: null }),
    clearCode: assign(({ context }) => ({ fields: { ...context.fields, code: '' } })),
    rememberBuildings: assign((_, { output }: { output: BuildingOption[] }) => ({ buildings: output })),
    rememberSession: assign((_, { output }: { output: SessionPayload }) => ({ session: output })),
  },
  guards: {
    firstStep: ({ context }, params: { step: SignupStep }) => context.steps[0] === params.step,
    nextStep: ({ context }, params: { from: SignupStep; to: SignupStep }) =>
      STEP_DONE[params.from](context) && neighbour(context.steps, params.from, 1) === params.to,
    previousStep: ({ context }, params: { from: SignupStep; to: SignupStep }) => neighbour(context.steps, params.from, -1) === params.to,
    registeredConfirmed: (_, { output }: { output: { confirmed: boolean } }) => output.confirmed,
    hasSession: ({ context }) => context.session !== null,
  },
}).createMachine({
  id: SIGN_UP_ID,
  context: ({ input }) => ({
    fields: input.fields,
    touched: {},
    error: null,
    notice: null,
    record: input.record,
    method: input.method,
    ...planFor(input.record, input.method),
    buildings: [],
    ssoTransaction: input.ssoTransaction,
    session: null,
  }),
  tags: ['route:signup'],
  initial: 'steps',
  on: {
    ...fieldEvents('setField', 'touch'),
  },
  output: ({ event }) => event.output as SignUpOutput,
  states: {
    steps: {
      description: 'The steps; "Back to sign in" leaves from any of them.',
      initial: 'firstStep',
      on: { 'user.backToLogin': { target: '#signUp.backToLogin' } },
      states: {
        firstStep: {
          description: "Enters the plan's first step.",
          always: [
            { guard: firstStep('building_select'), target: 'buildingSelect' },
            { guard: firstStep('create_account'), target: 'createAccount' },
          ],
        },
        buildingSelect: {
          description: "The buildings of the email's domain, to choose one.",
          tags: ['step:building_select'],
          initial: 'loading',
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                src: 'loadBuildings',
                input: ({ context }) => ({ domain: domainOf(context.fields.email) }),
                onDone: { target: 'ready', actions: { type: 'rememberBuildings', params: outputParams } },
                onError: { target: 'failed', actions: 'setErrorFromEvent' },
              },
            },
            ready: {
              on: {
                'user.submit': { guard: nextStep('building_select', 'create_account'), target: '#signUp.steps.createAccount', actions: 'clearError' },
              },
            },
            failed: { on: { 'user.submit': { target: 'loading', actions: 'clearError' } } },
          },
          on: { 'user.back': { target: '#signUp.backToEmail' } },
        },
        createAccount: {
          tags: ['step:create_account'],
          on: {
            'user.submit': [
              { guard: nextStep('create_account', 'create_password'), target: 'createPassword' },
              { guard: nextStep('create_account', 'accept_terms'), target: 'acceptTerms' },
            ],
            'user.back': [
              { guard: previousStep('create_account', 'building_select'), target: 'buildingSelect' },
              // The first step: back leaves sign-up for the email step.
              { target: '#signUp.backToEmail' },
            ],
          },
        },
        createPassword: {
          tags: ['step:create_password'],
          on: {
            'user.submit': { guard: nextStep('create_password', 'accept_terms'), target: 'acceptTerms' },
            'user.back': { guard: previousStep('create_password', 'create_account'), target: 'createAccount' },
          },
        },
        acceptTerms: {
          tags: ['step:accept_terms'],
          on: {
            // A password sign-up registers and verifies the email with a code; an SSO one completes at the provider.
            'user.submit': [
              { guard: nextStep('accept_terms', 'verify_account'), target: 'registering' },
              { guard: nextStep('accept_terms', 'congratulations'), target: 'completingSso' },
            ],
            'user.back': [
              { guard: previousStep('accept_terms', 'create_password'), target: 'createPassword' },
              { guard: previousStep('accept_terms', 'create_account'), target: 'createAccount' },
            ],
          },
        },
        registering: {
          tags: ['step:accept_terms', 'loading'],
          invoke: {
            src: 'register',
            input: ({ context }) => ({ ...context.fields, email: trimmedEmail(context.fields) }),
            onDone: [
              // Already confirmed (a pre-made account): no code to wait for, sign straight in.
              { guard: { type: 'registeredConfirmed', params: outputParams }, target: 'signingIn' },
              { target: 'verifyAccount' },
            ],
            onError: { target: 'acceptTerms', actions: 'setErrorFromEvent' },
          },
        },
        completingSso: {
          tags: ['step:accept_terms', 'loading'],
          invoke: {
            src: 'completeSso',
            input: ({ context }) => ({ email: trimmedEmail(context.fields), transaction: context.ssoTransaction ?? '', fields: context.fields }),
            onDone: { target: 'congratulations', actions: { type: 'rememberSession', params: outputParams } },
            onError: { target: 'acceptTerms', actions: 'setErrorFromEvent' },
          },
        },
        verifyAccount: {
          description: 'Tells the person a code was mailed to their address.',
          tags: ['step:verify_account'],
          on: {
            'user.submit': { guard: nextStep('verify_account', 'enter_code'), target: 'enterCode', actions: 'clearError' },
            'user.resend': { target: 'resendingCode' },
          },
        },
        resendingCode: {
          tags: ['step:enter_code', 'loading'],
          invoke: {
            src: 'resendSignupCode',
            input: ({ context }) => ({ email: trimmedEmail(context.fields) }),
            onDone: { target: 'enterCode', actions: ['noteCodeResent', 'clearCode'] },
            onError: { target: 'enterCode', actions: 'setErrorFromEvent' },
          },
        },
        enterCode: {
          tags: ['step:enter_code'],
          on: {
            'user.submit': { guard: nextStep('enter_code', 'congratulations'), target: 'confirmingCode' },
            'user.resend': { target: 'resendingCode' },
          },
        },
        confirmingCode: {
          tags: ['step:enter_code', 'loading'],
          invoke: {
            src: 'consumeSignupCode',
            input: ({ context }) => ({ email: trimmedEmail(context.fields), code: context.fields.code, password: context.fields.password }),
            onDone: { target: 'congratulations' },
            onError: { target: 'enterCode', actions: 'setErrorFromEvent' },
          },
        },
        congratulations: {
          tags: ['step:congratulations'],
          on: {
            // An SSO sign-up already holds its session; a password one signs in with the password just chosen.
            'user.submit': [{ guard: 'hasSession', target: '#signUp.signedIn' }, { target: 'signingIn' }],
          },
        },
        signingIn: {
          tags: ['step:congratulations', 'loading'],
          invoke: {
            src: 'signIn',
            input: ({ context }) => ({ email: trimmedEmail(context.fields), password: context.fields.password }),
            onDone: { target: '#signUp.signedIn', actions: { type: 'rememberSession', params: outputParams } },
            onError: { target: 'congratulations', actions: 'setErrorFromEvent' },
          },
        },
      },
    },
    signedIn: { type: 'final', output: signedIn },
    backToEmail: {
      description: 'Back from the first step: the email step, still titled for signing up, with what was typed.',
      type: 'final',
      output: backToEmail,
    },
    backToLogin: {
      description: '"Back to sign in": a fresh sign-in with only the email kept.',
      type: 'final',
      output: backToLogin,
    },
  },
});

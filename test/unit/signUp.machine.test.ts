import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signUpMachine } from '../../machines/auth/signUp.machine';
import { defaultFields, type AuthFlowEvent, type EmailRecord, type SessionPayload, type SignUpInput } from '../../machines/auth/authFlow.types';
import { SIGNUP_STEPS, SIGNUP_TYPES, type CreatedBy, type SignInMethod, type SignupStep } from '../../machines/auth/signupType';
import { buildingOption } from '../fixtures/buildings';
import { emailRecord, makeLoginPayload } from '../fixtures/people';

const SESSION = makeLoginPayload();
const BUILDING = buildingOption('b-1');

function start(input: SignUpInput, calls: { confirmed?: boolean } = {}) {
  const logic = signUpMachine.provide({
    actors: {
      loadBuildings: fromPromise(async () => [BUILDING]),
      register: fromPromise(async () => ({ confirmed: calls.confirmed ?? false })),
      completeSso: fromPromise(async () => SESSION),
      consumeSignupCode: fromPromise(async () => {}),
      resendSignupCode: fromPromise(async () => {}),
      signIn: fromPromise<SessionPayload, { email: string; password: string }>(async () => SESSION),
    },
  });
  return createActor(logic, { input }).start();
}
type Flow = ReturnType<typeof start>;

const change = (field: string, value: string | boolean): AuthFlowEvent => ({ type: 'user.change', field, value }) as AuthFlowEvent;

/** What a person fills in on each step before pressing its button. */
const ANSWERS: Record<SignupStep, AuthFlowEvent[]> = {
  building_select: [change('building_uuid', BUILDING.uuid)],
  create_account: [change('first_name', 'Ada'), change('last_name', 'Lovelace')],
  create_password: [change('password', 'Abcdef1!')],
  accept_terms: [change('is_term_accepted', true)],
  verify_account: [],
  enter_code: [change('code', '4321')],
  congratulations: [],
};

/** The step on screen once no call is pending (null when the sign-up ended). */
async function settledStep(flow: Flow): Promise<SignupStep | null> {
  const s = await waitFor(flow, (snap) => snap.status === 'done' || !snap.hasTag('loading'));
  if (s.status === 'done') return null;
  return SIGNUP_STEPS.find((step) => s.hasTag(`step:${step}`)) ?? null;
}

const record = (createdBy: CreatedBy | null, ssoMode: EmailRecord['sso_mode'], buildingCount: number): EmailRecord =>
  emailRecord({
    email: createdBy ? 'ada@acme.com' : null,
    terms_accepted: false,
    confirmed: false,
    deactivated: false,
    created_by: createdBy,
    sso_mode: ssoMode,
    building_count: buildingCount,
  });

/** Every combination of what the email check finds and how the person chose to sign in. */
const CASES = (['none', 'required', 'optional'] as const).flatMap((ssoMode) =>
  ([null, 'scim', 'upload', 'user'] as const).flatMap((createdBy) =>
    ([null, 'email', 'provider'] as SignInMethod[]).flatMap((method) =>
      [1, 3].map((buildings) => ({
        ssoMode,
        createdBy,
        method,
        buildings,
        name: `${createdBy ?? 'new'}, sso ${ssoMode}, ${method ?? 'no'} method, ${buildings} building(s)`,
      })),
    ),
  ),
);
const inputOf = (c: (typeof CASES)[number]): SignUpInput => ({
  fields: { ...defaultFields(), email: 'ada@acme.com' },
  record: record(c.createdBy, c.ssoMode, c.buildings),
  method: c.method,
  ssoTransaction: c.method === 'provider' ? 'txn-1' : null,
});

describe('sign-up steps follow the plan (the steps are data, each one a state)', () => {
  it('the cases cover every sign-up type', () => {
    const types = new Set(CASES.map((c) => start(inputOf(c)).getSnapshot().context.signupType));
    expect([...types].sort()).toEqual([...SIGNUP_TYPES].sort());
  });

  for (const c of CASES) {
    it(`${c.name}: Next walks the plan's steps in order, then signs in`, async () => {
      const flow = start(inputOf(c));
      const plan = flow.getSnapshot().context.steps;
      const seen: SignupStep[] = [];
      for (let step = await settledStep(flow); step; step = await settledStep(flow)) {
        seen.push(step);
        if (seen.length > plan.length) break;
        for (const event of ANSWERS[step]) flow.send(event);
        flow.send({ type: 'user.submit' });
      }
      expect(seen).toEqual(plan);
      expect(flow.getSnapshot().output).toEqual({ next: 'signedIn', session: SESSION });
    });

    it(`${c.name}: Back walks the plan back to the email step`, async () => {
      const flow = start(inputOf(c));
      const plan = flow.getSnapshot().context.steps;
      const forward = plan.slice(0, plan.indexOf('accept_terms') + 1);
      for (const step of forward.slice(0, -1)) {
        expect(await settledStep(flow)).toBe(step);
        for (const event of ANSWERS[step]) flow.send(event);
        flow.send({ type: 'user.submit' });
      }
      const back: SignupStep[] = [];
      for (let step = await settledStep(flow); step; step = await settledStep(flow)) {
        back.push(step);
        if (back.length > forward.length) break;
        flow.send({ type: 'user.back' });
      }
      expect(back).toEqual([...forward].reverse());
      expect(flow.getSnapshot().output).toMatchObject({
        next: 'signIn',
        input: { flow: 'sign_up', fields: { email: 'ada@acme.com', first_name: 'Ada' } },
      });
    });
  }
});

describe('how sign-up ends', () => {
  const newPerson = inputOf({ ssoMode: 'none', createdBy: null, method: null, buildings: 1, name: '' });

  it('"Back to sign in" hands over a fresh sign-in with only the email, from any step', async () => {
    const flow = start(newPerson);
    flow.send(change('first_name', 'Ada'));
    flow.send({ type: 'user.backToLogin' });
    expect(flow.getSnapshot().output).toEqual({
      next: 'signIn',
      input: { flow: 'auth_login', fields: { ...defaultFields(), email: 'ada@acme.com' } },
    });
  });

  it('an account confirmed on registration signs in without a code', async () => {
    const flow = start(newPerson, { confirmed: true });
    for (const step of ['create_account', 'create_password', 'accept_terms'] as const) {
      for (const event of ANSWERS[step]) flow.send(event);
      flow.send({ type: 'user.submit' });
    }
    await waitFor(flow, (s) => s.status === 'done');
    expect(flow.getSnapshot().output).toEqual({ next: 'signedIn', session: SESSION });
  });

  it('a step the plan does not have is never entered, and Next waits for the step to be done', async () => {
    const flow = start(newPerson);
    expect(flow.getSnapshot().context.steps).not.toContain('building_select');
    expect(flow.getSnapshot().hasTag('step:create_account')).toBe(true);
    flow.send({ type: 'user.submit' });
    expect(flow.getSnapshot().hasTag('step:create_account')).toBe(true);
    expect(flow.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });
});

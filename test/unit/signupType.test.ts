import { describe, it, expect } from 'vitest';
import {
  SIGNUP_TYPES,
  countedSteps,
  signupPlan,
  signupType,
  stepPosition,
  type SignupInput,
  type SignupStep,
  type SignupType,
} from '../../machines/auth/signupType';

const newUser: SignupInput['record'] = null;
const emptyRecord: SignupInput['record'] = { email: null, terms_accepted: false, created_by: null };
const precreated = (created_by: 'user' | 'scim' | 'upload' | 'acs'): SignupInput['record'] => ({
  email: 'ada@acme.test',
  terms_accepted: false,
  created_by,
});

type Row = [label: string, input: SignupInput, expected: SignupType];

const rows: Row[] = [
  ['no record, no SSO', { record: newUser, ssoMode: 'none', method: null }, 'standard'],
  ['empty record, no SSO', { record: emptyRecord, ssoMode: 'none', method: null }, 'standard'],
  [
    'claimed account (terms accepted), no SSO',
    { record: { email: 'a@b.co', terms_accepted: true, created_by: 'scim' }, ssoMode: 'none', method: null },
    'standard',
  ],
  ['no record, SSO required', { record: newUser, ssoMode: 'required', method: null }, 'sso_required'],
  ['no record, SSO required even when email chosen', { record: newUser, ssoMode: 'required', method: 'email' }, 'sso_required'],
  ['no record, optional SSO via provider', { record: newUser, ssoMode: 'optional', method: 'provider' }, 'sso_optional_provider'],
  ['no record, optional SSO via email', { record: emptyRecord, ssoMode: 'optional', method: 'email' }, 'sso_optional_email'],
  ['SCIM account, no SSO', { record: precreated('scim'), ssoMode: 'none', method: null }, 'scim'],
  ['SCIM account, SSO required', { record: precreated('scim'), ssoMode: 'required', method: null }, 'scim'],
  ['uploaded account, no SSO', { record: precreated('upload'), ssoMode: 'none', method: null }, 'csv'],
  ['uploaded account, SSO required', { record: precreated('upload'), ssoMode: 'required', method: null }, 'csv_sso_required'],
  [
    'uploaded account, optional SSO via provider',
    { record: precreated('upload'), ssoMode: 'optional', method: 'provider' },
    'csv_sso_optional_provider',
  ],
  ['uploaded account, optional SSO via email', { record: precreated('upload'), ssoMode: 'optional', method: 'email' }, 'csv_sso_optional_email'],
  ['admin-added account (created_by user)', { record: precreated('user'), ssoMode: 'none', method: null }, 'users_admin_upload'],
  ['admin-added account (created_by acs)', { record: precreated('acs'), ssoMode: 'optional', method: 'provider' }, 'users_admin_upload'],
];

describe('signupType', () => {
  it.each(rows)('%s → %s', (_label, input, expected) => {
    expect(signupType(input)).toBe(expected);
  });

  it('the table covers all ten sign-up types', () => {
    const covered = new Set(rows.map((row) => row[2]));
    expect([...covered].sort()).toEqual([...SIGNUP_TYPES].sort());
    expect(SIGNUP_TYPES).toHaveLength(10);
  });
});

const FULL: SignupStep[] = [
  'building_select',
  'create_account',
  'create_password',
  'accept_terms',
  'verify_account',
  'enter_code',
  'congratulations',
];
const withoutBuilding = (steps: SignupStep[]) => steps.filter((s) => s !== 'building_select');
const SSO: SignupStep[] = ['building_select', 'create_account', 'accept_terms', 'congratulations'];

describe('signupPlan', () => {
  type PlanRow = [type: SignupType, buildings: number, steps: SignupStep[], completion: 'register' | 'sso'];
  const planRows: PlanRow[] = [
    ['standard', 3, FULL, 'register'],
    ['standard', 1, withoutBuilding(FULL), 'register'],
    ['sso_optional_email', 2, FULL, 'register'],
    ['sso_optional_email', 1, withoutBuilding(FULL), 'register'],
    ['sso_required', 2, SSO, 'sso'],
    ['sso_required', 1, withoutBuilding(SSO), 'sso'],
    ['sso_optional_provider', 4, SSO, 'sso'],
    ['sso_optional_provider', 1, withoutBuilding(SSO), 'sso'],
    ['scim', 3, withoutBuilding(FULL), 'register'],
    ['csv', 3, withoutBuilding(FULL), 'register'],
    ['csv_sso_optional_email', 3, withoutBuilding(FULL), 'register'],
    ['csv_sso_required', 3, withoutBuilding(SSO), 'sso'],
    ['csv_sso_optional_provider', 3, withoutBuilding(SSO), 'sso'],
    ['users_admin_upload', 3, withoutBuilding(FULL), 'register'],
  ];

  it.each(planRows)('%s with %i domain buildings', (type, domainBuildingCount, steps, completion) => {
    expect(signupPlan(type, { domainBuildingCount })).toEqual({ steps, completion });
  });

  it.each([['scim'], ['users_admin_upload']] as const)(
    '%s claimed through the identity provider completes like SSO, without the building step',
    (type) => {
      expect(signupPlan(type, { domainBuildingCount: 3, viaProvider: true })).toEqual({ steps: withoutBuilding(SSO), completion: 'sso' });
    },
  );

  it('the provider route does not change the types whose plan is already fixed', () => {
    expect(signupPlan('csv', { domainBuildingCount: 1, viaProvider: true })).toEqual(signupPlan('csv', { domainBuildingCount: 1 }));
    expect(signupPlan('standard', { domainBuildingCount: 2, viaProvider: true })).toEqual(signupPlan('standard', { domainBuildingCount: 2 }));
  });

  it('every type has a plan row', () => {
    expect(new Set(planRows.map((r) => r[0])).size).toBe(SIGNUP_TYPES.length);
  });

  it.each(SIGNUP_TYPES.map((t) => [t] as const))('%s: SSO types have no password, verify or code step; others have all three', (type) => {
    const plan = signupPlan(type, { domainBuildingCount: 2 });
    const passwordSteps = plan.steps.filter((s) => s === 'create_password' || s === 'verify_account' || s === 'enter_code');
    if (plan.completion === 'sso') expect(passwordSteps).toEqual([]);
    else expect(passwordSteps).toEqual(['create_password', 'verify_account', 'enter_code']);
    expect(plan.steps.at(-1)).toBe('congratulations');
    expect(plan.steps).toContain('create_account');
    expect(plan.steps).toContain('accept_terms');
  });
});

describe('countedSteps and stepPosition', () => {
  it('counts everything but verify_account and congratulations', () => {
    expect(countedSteps(FULL)).toEqual(['building_select', 'create_account', 'create_password', 'accept_terms', 'enter_code']);
    expect(countedSteps(SSO)).toEqual(['building_select', 'create_account', 'accept_terms']);
  });

  it('standard sign-up with building select has five counted steps', () => {
    const steps = signupPlan('standard', { domainBuildingCount: 3 }).steps;
    expect(countedSteps(steps)).toHaveLength(5);
    expect(stepPosition(steps, 'building_select')).toEqual({ index: 1, total: 5 });
    expect(stepPosition(steps, 'create_account')).toEqual({ index: 2, total: 5 });
    expect(stepPosition(steps, 'create_password')).toEqual({ index: 3, total: 5 });
    expect(stepPosition(steps, 'accept_terms')).toEqual({ index: 4, total: 5 });
    expect(stepPosition(steps, 'enter_code')).toEqual({ index: 5, total: 5 });
  });

  it('gives verify_account, the code-sent notice, no number: no two screens say the same step', () => {
    for (const plan of [signupPlan('standard', { domainBuildingCount: 3 }), signupPlan('csv', { domainBuildingCount: 3 })]) {
      expect(stepPosition(plan.steps, 'verify_account')).toBeNull();
      const labels = plan.steps
        .map((step) => stepPosition(plan.steps, step))
        .filter((p) => p !== null)
        .map((p) => `${p.index}/${p.total}`);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('renumbers when the building step is skipped', () => {
    const steps = signupPlan('standard', { domainBuildingCount: 1 }).steps;
    expect(stepPosition(steps, 'create_account')).toEqual({ index: 1, total: 4 });
    const sso = signupPlan('csv_sso_required', { domainBuildingCount: 1 }).steps;
    expect(stepPosition(sso, 'accept_terms')).toEqual({ index: 2, total: 2 });
  });

  it('is null for congratulations and for steps not in the plan', () => {
    const steps = signupPlan('standard', { domainBuildingCount: 3 }).steps;
    expect(stepPosition(steps, 'congratulations')).toBeNull();
    const sso = signupPlan('sso_required', { domainBuildingCount: 3 }).steps;
    expect(stepPosition(sso, 'create_password')).toBeNull();
    expect(stepPosition(sso, 'verify_account')).toBeNull();
  });
});

/**
 * Which sign-up a person goes through, decided from what the email check found (the account record, if any) and
 * how the email's domain signs in. Pure: the table-driven test lists every row.
 */
export const SIGNUP_TYPES = [
  'standard',
  'sso_required',
  'sso_optional_provider',
  'sso_optional_email',
  'scim',
  'csv',
  'csv_sso_required',
  'csv_sso_optional_provider',
  'csv_sso_optional_email',
  'users_admin_upload',
] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];

export type CreatedBy = 'user' | 'sso' | 'scim' | 'upload' | 'acs';
export type SsoMode = 'none' | 'required' | 'optional';
/** On an optional-SSO domain, the person picks a provider or carries on with email and password. */
export type SignInMethod = 'provider' | 'email' | null;

export interface SignupInput {
  /** The account found for the email: null when there is none yet. */
  record: { email: string | null; terms_accepted: boolean; created_by: CreatedBy | null } | null;
  ssoMode: SsoMode;
  method: SignInMethod;
}

/** An account made for the person before they came (SCIM, CSV upload, an admin) that they now claim. */
export const isPrecreated = (record: SignupInput['record']): boolean => !!record?.email && !record.terms_accepted && record.created_by !== null;

export function signupType({ record, ssoMode, method }: SignupInput): SignupType {
  const viaProvider = ssoMode === 'required' || (ssoMode === 'optional' && method === 'provider');
  if (isPrecreated(record)) {
    switch (record!.created_by) {
      case 'scim':
        return 'scim';
      case 'upload':
        if (ssoMode === 'none') return 'csv';
        if (ssoMode === 'required') return 'csv_sso_required';
        return viaProvider ? 'csv_sso_optional_provider' : 'csv_sso_optional_email';
      default:
        // created by 'user' or 'acs' but never claimed: an admin added this person.
        return 'users_admin_upload';
    }
  }
  if (ssoMode === 'required') return 'sso_required';
  if (ssoMode === 'optional') return viaProvider ? 'sso_optional_provider' : 'sso_optional_email';
  return 'standard';
}

export const SIGNUP_STEPS = [
  'building_select',
  'create_account',
  'create_password',
  'accept_terms',
  'verify_account',
  'enter_code',
  'congratulations',
] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** How the last step before congratulations creates the account: register + emailed code, or the SSO completion. */
export type SignupCompletion = 'register' | 'sso';

export interface SignupPlan {
  steps: SignupStep[];
  completion: SignupCompletion;
}

const withPassword: SignupStep[] = [
  'building_select',
  'create_account',
  'create_password',
  'accept_terms',
  'verify_account',
  'enter_code',
  'congratulations',
];
const viaSso: SignupStep[] = ['building_select', 'create_account', 'accept_terms', 'congratulations'];

/**
 * The steps of each sign-up type. Password types verify the email with a code; SSO types already have a verified
 * email from the identity provider. Accounts made beforehand already belong to a building, so they skip it.
 */
export function signupPlan(type: SignupType, options: { domainBuildingCount: number; viaProvider?: boolean }): SignupPlan {
  // An account made for the person (SCIM, an admin) and claimed through the identity provider completes like SSO.
  const claimedViaProvider = (type === 'scim' || type === 'users_admin_upload') && !!options.viaProvider;
  const isSso =
    claimedViaProvider ||
    type === 'sso_required' ||
    type === 'sso_optional_provider' ||
    type === 'csv_sso_required' ||
    type === 'csv_sso_optional_provider';
  const precreated = type === 'scim' || type.startsWith('csv') || type === 'users_admin_upload';
  const skipBuilding = precreated || options.domainBuildingCount === 1;
  const steps = (isSso ? viaSso : withPassword).filter((step) => !(skipBuilding && step === 'building_select'));
  return { steps, completion: isSso ? 'sso' : 'register' };
}

/** Steps that count in "Step X of Y": everything but the code-sent notice and the closing congratulations. */
export const countedSteps = (steps: readonly SignupStep[]): SignupStep[] => steps.filter((s) => s !== 'verify_account' && s !== 'congratulations');

/**
 * A step's "Step X of Y", or null for a step that is not counted: the code-sent notice has none of its own, so that no
 * two screens of one sign-up say the same step (issue 22, item 22).
 */
export function stepPosition(steps: readonly SignupStep[], step: SignupStep): { index: number; total: number } | null {
  const counted = countedSteps(steps);
  const index = counted.indexOf(step);
  return index < 0 ? null : { index: index + 1, total: counted.length };
}

/** The validation rules of the specification's section 5, as pure functions the machines use as guards. */

// One @, no spaces, a dot in the domain part with a 2+ letter ending.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
export const isValidEmail = (value: string) => EMAIL.test(value.trim());

/** Sign-up names need two characters (the sign-up reading of section 5); profile names need one. */
export const isValidSignupName = (value: string) => value.trim().length >= 2;
export const isValidProfileName = (value: string) => value.trim().length >= 1;

export const PASSWORD_RULES = ['length', 'lower', 'upper', 'number', 'special'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export function passwordRulesMet(password: string): Record<PasswordRule, boolean> {
  return {
    length: password.length >= 8,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    number: /[0-9]/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

export const isValidPassword = (password: string) => Object.values(passwordRulesMet(password)).every(Boolean);
export const isValidCode = (code: string) => /^[0-9]{4}$/.test(code);

/** The special value that, typed into the email field, opens the farm selector instead of signing in. */
export const FARM_TOKEN = '#farm';
export const isFarmToken = (value: string) => value.trim().toLowerCase() === FARM_TOKEN;

// A custom farm URL: http(s):// and a host, or a host starting www. with a dotted ending; no spaces.
const FARM_URL = /^(?:https?:\/\/[^\s/?#.][^\s/?#]*|www\.[^\s/?#.]+\.[^\s/?#.]{2,}[^\s/?#]*)(?:[/?#]\S*)?$/i;
/** The specification's rule for a custom farm URL ('Invalid Farm url' otherwise): an http(s) or www pattern. */
export const isValidFarmUrl = (value: string) => FARM_URL.test(value.trim());

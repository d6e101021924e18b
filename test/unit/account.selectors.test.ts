import { describe, it, expect } from 'vitest';
import {
  buildingLanguages,
  canChangeLanguage,
  legalLinks,
  passwordFieldProblem,
  passwordFormError,
  profileError,
  profileFieldProblem,
  selectedLanguage,
} from '../../machines/account/account.selectors';
import type { PasswordUpdateContext } from '../../machines/account/passwordUpdate.types';
import { FALLBACK_LANGUAGES, interfaceHasLanguage } from '../../machines/locale/fallbackLanguages';
import type { ProfileFormContext } from '../../machines/account/profileForm.types';

const lang = (code: string, priority: number, name = code) => ({ code, name, priority });
const ON = { 'change-language-option-in-settings': true };
const OFF = { 'change-language-option-in-settings': false };

describe('canChangeLanguage', () => {
  it('is offered with two or more building languages and the flag on', () => {
    expect(canChangeLanguage({ languages: [lang('en', 0), lang('es-ES', 1)] }, ON)).toBe(true);
    expect(canChangeLanguage({ languages: [lang('fr-CA', 0), lang('en', 1), lang('de-DE', 2)] }, ON)).toBe(true);
  });
  it('is not offered with the flag off', () => {
    expect(canChangeLanguage({ languages: [lang('en', 0), lang('es-ES', 1)] }, OFF)).toBe(false);
  });
  it('is not offered with one language or no building', () => {
    expect(canChangeLanguage({ languages: [lang('en', 0)] }, ON)).toBe(false);
    expect(canChangeLanguage(null, ON)).toBe(false);
  });
  it('is offered for a building without languages: the fallback list has two the interface can show', () => {
    expect(canChangeLanguage({ languages: [] }, ON)).toBe(true);
    expect(canChangeLanguage({}, ON)).toBe(true);
  });
  it('counts only languages the interface can show', () => {
    expect(canChangeLanguage({ languages: [lang('en', 0), lang('el_EL', 1)] }, ON)).toBe(false);
  });
  it('counts a language listed twice once', () => {
    expect(canChangeLanguage({ languages: [lang('en', 0), lang('en', 1)] }, ON)).toBe(false);
  });
});

describe('buildingLanguages', () => {
  it('orders by priority, each code once', () => {
    expect(buildingLanguages({ languages: [lang('es-ES', 1, 'Español'), lang('en', 0, 'English'), lang('en', 2, 'English again')] })).toEqual([
      { code: 'en', name: 'English', available: true },
      { code: 'es-ES', name: 'Español', available: true },
    ]);
    expect(buildingLanguages(undefined)).toEqual([]);
  });
  it('gives a building without languages the fallback list en_US, es_ES, el_EL (priorities 0, 1, 2); Greek is listed, not available', () => {
    const fallback = [
      { code: 'en_US', name: 'English (US)', available: true },
      { code: 'es_ES', name: 'Español', available: true },
      { code: 'el_EL', name: 'Ελληνικά', available: false },
    ];
    expect(buildingLanguages({ languages: [] })).toEqual(fallback);
    expect(buildingLanguages({})).toEqual(fallback);
    expect(FALLBACK_LANGUAGES.map((l) => [l.code, l.priority])).toEqual([
      ['en_US', 0],
      ['es_ES', 1],
      ['el_EL', 2],
    ]);
  });
  it.each([
    ['en_US', true],
    ['es_ES', true],
    ['fr-CA', true],
    ['nb-NO', true],
    ['el_EL', false],
    ['ja-JP', false],
  ])('the interface can show %s: %s', (code, available) => {
    expect(interfaceHasLanguage(code)).toBe(available);
  });
});

describe('selectedLanguage', () => {
  const languages = [
    { code: 'fr-CA', name: 'Français (Canada)' },
    { code: 'en', name: 'English' },
  ];
  it('finds the same tag, whatever its case or separator', () => {
    expect(selectedLanguage(languages, 'fr-CA')).toBe('fr-CA');
    expect(selectedLanguage([{ code: 'es_ES', name: 'Español' }], 'es-ES')).toBe('es_ES');
  });
  it('else the same language', () => {
    expect(selectedLanguage(languages, 'en-GB')).toBe('en');
    expect(selectedLanguage(languages, 'fr-FR')).toBe('fr-CA');
  });
  it('else none', () => {
    expect(selectedLanguage(languages, 'de-DE')).toBeNull();
  });
});

describe('profile form selectors', () => {
  const context = (fields: Partial<ProfileFormContext['fields']>, touched: ProfileFormContext['touched']) => ({
    fields: { first_name: 'Ada', last_name: 'Lovelace', default_building_uuid: null, ...fields },
    touched,
  });
  it('shows a name problem only once the field was left', () => {
    expect(profileFieldProblem(context({ first_name: '' }, {}), 'first_name')).toBeNull();
    expect(profileFieldProblem(context({ first_name: ' ' }, { first_name: true }), 'first_name')).toBe('account.profile.nameRequired');
    expect(profileFieldProblem(context({ first_name: 'A' }, { first_name: true }), 'first_name')).toBeNull();
    expect(profileFieldProblem(context({ last_name: '' }, { first_name: true }), 'last_name')).toBeNull();
  });
  it('says a conflict in the catalogue’s words, a network failure generically, anything else as the server did', () => {
    expect(profileError({ error: null })).toBeNull();
    expect(profileError({ error: { status: 409, message: 'x', code: 'profile_conflict' } })).toEqual({ id: 'account.profile.conflict' });
    expect(profileError({ error: { status: 0, message: 'x' } })).toEqual({ id: 'auth.error.generic' });
    expect(profileError({ error: { status: 400, message: 'The default building must be one of your buildings' } })).toEqual({
      text: 'The default building must be one of your buildings',
    });
  });
});

describe('password update selectors', () => {
  const context = (over: Partial<PasswordUpdateContext> = {}): PasswordUpdateContext => ({
    fields: { password: 'Atrium!2026', new_password: 'Brand!New2027', confirm_password: 'Brand!New2027' },
    touched: {},
    error: null,
    ...over,
  });
  it("says 'Passwords are not equal' once the confirmation was left and differs", () => {
    const fields = { password: 'x', new_password: 'Brand!New2027', confirm_password: 'Brand!New202' };
    expect(passwordFieldProblem(context({ fields }), 'confirm_password')).toBeNull();
    expect(passwordFieldProblem(context({ fields, touched: { confirm_password: true } }), 'confirm_password')).toEqual({
      id: 'auth.passwordsNotEqual',
    });
    expect(passwordFieldProblem(context({ touched: { confirm_password: true } }), 'confirm_password')).toBeNull();
  });
  it('asks for the current password once it was left empty', () => {
    const fields = { password: '', new_password: '', confirm_password: '' };
    expect(passwordFieldProblem(context({ fields, touched: { password: true } }), 'password')).toEqual({ id: 'account.password.currentRequired' });
  });
  it('shows the server’s answers under their fields', () => {
    const reused = context({
      error: { field: 'new_password', status: 409, message: 'You can not reuse this old password', code: 'password_has_been_used' },
    });
    expect(passwordFieldProblem(reused, 'new_password')).toEqual({ id: 'auth.error.passwordReused' });
    expect(passwordFieldProblem(reused, 'password')).toBeNull();
    expect(passwordFormError(reused)).toBeNull();
    const wrong = context({ error: { field: 'password', status: 400, message: 'The current password is not correct', code: 'wrong_password' } });
    expect(passwordFieldProblem(wrong, 'password')).toEqual({ id: 'account.password.wrongCurrent' });
    const weak = context({ error: { field: 'new_password', status: 400, message: 'The password needs a number', code: 'weak_password' } });
    expect(passwordFieldProblem(weak, 'new_password')).toEqual({ text: 'The password needs a number' });
  });
  it('shows other failures above the form', () => {
    expect(passwordFormError(context({ error: { field: null, status: 429, message: 'Too many requests' } }))).toEqual({ text: 'Too many requests' });
    expect(passwordFormError(context({ error: { field: null, status: 0, message: 'Failed to fetch' } }))).toEqual({ id: 'auth.error.generic' });
  });
});

describe('legalLinks (the legal tab)', () => {
  const config = {
    privacyPolicyUrl: '/legal/privacy.html',
    eulaUrl: '/legal/terms.html',
    brandLegalLinks: {
      harbor: {
        privacyPolicyUrl: '/legal/harbor-privacy.html',
        termsUrl: '/legal/harbor-terms.html',
        requestDataUrl: 'mailto:privacy@harbor.localhost',
      },
    },
  };

  it("gives the deployment's privacy policy and EULA on a brand without links of its own", () => {
    expect(legalLinks(config, 'atrium')).toEqual([
      { kind: 'privacy', href: '/legal/privacy.html' },
      { kind: 'eula', href: '/legal/terms.html' },
    ]);
    expect(legalLinks(config, null)).toHaveLength(2);
  });

  it('gives the brand with links of its own its privacy notice and terms, and the request-data link', () => {
    expect(legalLinks(config, 'harbor')).toEqual([
      { kind: 'brandPrivacy', href: '/legal/harbor-privacy.html' },
      { kind: 'brandTerms', href: '/legal/harbor-terms.html' },
      { kind: 'requestData', href: 'mailto:privacy@harbor.localhost' },
    ]);
  });
});

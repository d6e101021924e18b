import type { FlagValues } from '../../contracts/flags';
import type { RuntimeConfig } from '../../contracts/runtimeConfig';
import type { Building } from '../building/building.machine';
import { isValidProfileName } from '../auth/validation';
import type { ProfileFormContext, ProfileNameField } from './profileForm.types';
import type { PasswordField, PasswordUpdateContext } from './passwordUpdate.types';
import { interfaceHasLanguage, languagesOf } from '../locale/fallbackLanguages';

/** A message to show: a catalogue id, or the server's own words when the catalogue has none for it. */
export type Message = { id: string } | { text: string };

export interface LanguageOption {
  code: string;
  name: string;
  /** The interface has a locale of this language (el_EL of the fallback list has none: listed, not choosable). */
  available: boolean;
}

/**
 * The building's languages by priority, each code once; a building that names none has the fallback list (en_US,
 * es_ES, el_EL). No building yet: none.
 */
export function buildingLanguages(building: Pick<Building, 'languages'> | null | undefined): LanguageOption[] {
  if (!building) return [];
  const seen = new Set<string>();
  return [...languagesOf(building)]
    .sort((a, b) => a.priority - b.priority)
    .filter((l) => (seen.has(l.code) ? false : (seen.add(l.code), true)))
    .map(({ code, name }) => ({ code, name, available: interfaceHasLanguage(code) }));
}

/**
 * Change-language is offered only when the building has two or more languages the interface can show and the flag
 * `change-language-option-in-settings` is on (specification section 2).
 */
export function canChangeLanguage(
  building: Pick<Building, 'languages'> | null | undefined,
  flags: Pick<FlagValues, 'change-language-option-in-settings'>,
): boolean {
  return flags['change-language-option-in-settings'] && buildingLanguages(building).filter((l) => l.available).length >= 2;
}

const normalizeTag = (tag: string) => tag.replace('_', '-').toLowerCase();

/** Which of the building's languages the interface is in: the same tag, else the same language; null if none. */
export function selectedLanguage(languages: readonly { code: string; name?: string }[], locale: string): string | null {
  const current = normalizeTag(locale);
  const exact = languages.find((l) => normalizeTag(l.code) === current);
  if (exact) return exact.code;
  const language = current.split('-')[0];
  return languages.find((l) => normalizeTag(l.code).split('-')[0] === language)?.code ?? null;
}

// The profile form

/** A name's problem, once the person left the field: profile names need one character (decision 7). */
export function profileFieldProblem(context: Pick<ProfileFormContext, 'fields' | 'touched'>, field: ProfileNameField): string | null {
  if (!context.touched[field]) return null;
  return isValidProfileName(context.fields[field]) ? null : 'account.profile.nameRequired';
}

/** The profile save's failure: the conflict in the catalogue's words, anything else as the server said it. */
export function profileError(context: Pick<ProfileFormContext, 'error'>): Message | null {
  const error = context.error;
  if (!error) return null;
  if (error.status === 409) return { id: 'account.profile.conflict' };
  if (error.status === 0) return { id: 'auth.error.generic' };
  return { text: error.message };
}

// The password update

/** A password field's problem: the server's answer for that field, else a rule broken once the field was left. */
export function passwordFieldProblem(context: Pick<PasswordUpdateContext, 'fields' | 'touched' | 'error'>, field: PasswordField): Message | null {
  const { fields, touched, error } = context;
  if (error && error.field === field) {
    if (error.code === 'wrong_password') return { id: 'account.password.wrongCurrent' };
    if (error.status === 409) return { id: 'auth.error.passwordReused' };
    return { text: error.message };
  }
  if (!touched[field]) return null;
  switch (field) {
    case 'password':
      return fields.password ? null : { id: 'account.password.currentRequired' };
    case 'confirm_password':
      return fields.confirm_password && fields.confirm_password !== fields.new_password ? { id: 'auth.passwordsNotEqual' } : null;
    default:
      return null;
  }
}

/** A failure that belongs to no one field (the network, the server). */
export function passwordFormError(context: Pick<PasswordUpdateContext, 'error'>): Message | null {
  const error = context.error;
  if (!error || error.field !== null) return null;
  if (error.status === 0) return { id: 'auth.error.generic' };
  return { text: error.message };
}

/** One link of the legal tab: what it is (a catalogue id) and where it goes. */
export interface LegalLink {
  kind: 'privacy' | 'eula' | 'brandPrivacy' | 'brandTerms' | 'requestData';
  href: string;
}

/**
 * The legal tab's links: the deployment's privacy policy and EULA, or, for a brand with links of its own (access
 * document section 2: "one brand has extra request-data and own legal links"), that brand's privacy notice and terms
 * and its request-data link (docs/decisions/198-brand-legal-links.md).
 */
export function legalLinks(
  config: Pick<RuntimeConfig, 'privacyPolicyUrl' | 'eulaUrl' | 'brandLegalLinks'>,
  brand: string | null | undefined,
): LegalLink[] {
  const own = brand ? config.brandLegalLinks[brand] : undefined;
  if (!own)
    return [
      { kind: 'privacy', href: config.privacyPolicyUrl },
      { kind: 'eula', href: config.eulaUrl },
    ];
  return [
    { kind: 'brandPrivacy', href: own.privacyPolicyUrl },
    { kind: 'brandTerms', href: own.termsUrl },
    { kind: 'requestData', href: own.requestDataUrl },
  ];
}

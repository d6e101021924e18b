import { defineScreen } from '../app/screen.types';
import type { ProfileFormInput } from './profileForm.types';

/**
 * The account flows start from the signed-in person as they are when the page opens and then keep their own state
 * (a save hands the new user to the session); nothing but leaving the page restarts them.
 */
export const profileFormScreen = defineScreen<Record<string, never>, ProfileFormInput>({
  input: (_, facts) => (facts.user ? { user: facts.user } : null),
  restartKey: () => 'profile',
});

export const passwordUpdateScreen = defineScreen<Record<string, never>, Record<string, never>>({
  input: () => ({}),
  restartKey: () => 'password',
});

/** The notification switches load when the account page opens; nothing but leaving it restarts them. */
export const notificationPreferencesScreen = defineScreen<Record<string, never>, Record<string, never>>({
  input: (_, facts) => (facts.user ? {} : null),
  restartKey: () => 'notificationPreferences',
});

export const emailConsentScreen = defineScreen<Record<string, never>, { accepted: boolean }>({
  input: (_, facts) => (facts.user ? { accepted: facts.user.email_accepted } : null),
  restartKey: () => 'consent',
});

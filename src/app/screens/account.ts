import { fromPromise } from 'xstate';
import { profileFormMachine } from '../../../machines/account/profileForm.machine';
import { passwordUpdateMachine } from '../../../machines/account/passwordUpdate.machine';
import { emailConsentMachine } from '../../../machines/account/emailConsent.machine';
import { notificationPreferencesMachine } from '../../../machines/account/notificationPreferences.machine';
import * as usersApi from '../../api/users';
import { notificationPreferences, saveNotificationPreference } from '../../api/notifications';

/** The profile form with the real API (a save reaches the session by its systemId). */
export const profileFormLogic = () =>
  profileFormMachine.provide({
    actors: {
      saveProfile: fromPromise(({ input }) =>
        usersApi.updateCurrentUser({
          first_name: input.first_name,
          last_name: input.last_name,
          default_building_uuid: input.default_building_uuid,
          ...(input.updated_at ? { updated_at: input.updated_at } : {}),
        }),
      ),
      fetchUser: fromPromise(() => usersApi.currentUser()),
      loadBuildingOptions: fromPromise(async () => (await usersApi.currentUserBuildings()).map(({ uuid, name }) => ({ uuid, name }))),
    },
  });

/** The password update with the real API. */
export const passwordUpdateLogic = () =>
  passwordUpdateMachine.provide({
    actors: { updatePassword: fromPromise(({ input }) => usersApi.updatePassword(input.password, input.new_password)) },
  });

/** The marketing-email consent toggle with the real API. */
export const emailConsentLogic = () =>
  emailConsentMachine.provide({
    // One field, set by the person just now: it is saved without a version (the last write wins).
    actors: { saveConsent: fromPromise(({ input }) => usersApi.updateCurrentUser({ is_email_accepted: input.accepted })) },
  });

/** The notification switches with the real API. */
export const notificationPreferencesLogic = () =>
  notificationPreferencesMachine.provide({
    actors: {
      loadPreferences: fromPromise(() => notificationPreferences()),
      savePreference: fromPromise(({ input }) => saveNotificationPreference(input.kind, input.enabled)),
    },
  });

import { fromPromise } from 'xstate';
import { profileFormMachine } from '../../machines/account/profileForm.machine';
import { passwordUpdateMachine } from '../../machines/account/passwordUpdate.machine';
import { emailConsentMachine } from '../../machines/account/emailConsent.machine';
import { SESSION_ID } from '../../machines/session/session.machine';
import type { SessionUser } from '../../machines/session/session.types';
import * as usersApi from '../api/users';
import type { AppActor, SessionRef } from './appActor';

/**
 * The account area's flows are started by their route, each in its own actor system, so `session.userUpdated`
 * reaches the root actor's session through these actions rather than through a systemId lookup.
 */
const sendUserToSession = (app: AppActor) => (_: unknown, params: { user: SessionUser }) => {
  (app.system.get(SESSION_ID) as SessionRef | undefined)?.send({ type: 'session.userUpdated', user: params.user });
};

/** The profile form with the real API, wired to the root actor's session. */
export function profileFormLogic(app: AppActor) {
  return profileFormMachine.provide({
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
    },
    actions: { userUpdated: sendUserToSession(app) },
  });
}

/** The password update with the real API. */
export function passwordUpdateLogic() {
  return passwordUpdateMachine.provide({
    actors: { updatePassword: fromPromise(({ input }) => usersApi.updatePassword(input.password, input.new_password)) },
  });
}

/** The marketing-email consent toggle with the real API, wired to the root actor's session. */
export function emailConsentLogic(app: AppActor) {
  return emailConsentMachine.provide({
    // One field, set by the person just now: it is saved without a version (the last write wins).
    actors: { saveConsent: fromPromise(({ input }) => usersApi.updateCurrentUser({ is_email_accepted: input.accepted })) },
    actions: { userUpdated: sendUserToSession(app) },
  });
}

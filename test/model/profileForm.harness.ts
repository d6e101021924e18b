import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { profileFormMachine } from '../../machines/account/profileForm.machine';
import type { BuildingOption, SaveProfileInput } from '../../machines/account/profileForm.types';
import { appMachine } from '../../machines/app/app.machine';
import { buildingMachine, BUILDING_ID, type Building } from '../../machines/building/building.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import type { PersistedAuth, SessionUser } from '../../machines/session/session.types';
import { makeBuilding } from '../fixtures/buildings';
import { makeUser } from '../fixtures/people';
import type { ProfileModelEvent } from './profileForm.model';

/** Two buildings of different portfolios and time zones; the person's default is the first. */
export const BUILDINGS: Building[] = [
  makeBuilding('b-1', { timezone: 'America/New_York', locale: 'en-US', portfolio_uuid: 'p-1' }),
  makeBuilding('b-2', { timezone: 'Europe/London', locale: 'en-GB', portfolio_uuid: 'p-2' }),
];

/**
 * Dana of Northwind Traders (the screen shows the company read-only), whose name is neither of the names the model
 * types (Ada, Augusta), with default building b-1.
 */
export const USER: SessionUser = makeUser({
  email: 'dana@northwind.example',
  first_name: 'Dana',
  last_name: 'Demo',
  default_building_uuid: 'b-1',
  company_name: 'Northwind Traders',
  portfolio_uuid: 'p-1',
});

/** The server's version after someone saved elsewhere: nothing the person types in the model equals it. */
export const ELSEWHERE: SessionUser = { ...USER, first_name: 'Elsewhere', updated_at: '2026-01-05T10:00:00.000000Z' };

/** The person's own buildings as the server lists them: one more than the page's list (another portfolio's). */
export const OWN_BUILDINGS: BuildingOption[] = [...BUILDINGS.map(({ uuid, name }) => ({ uuid, name })), { uuid: 'b-9', name: 'Harbour Annex' }];

/** How the server answers the form's first call, its person's buildings, by the model's start event. */
export type OptionsAnswer = 'start.optionsLoaded' | 'start.optionsDropped' | 'start.optionsRefused';

export const CONFLICT_TEXT = 'Your profile was changed elsewhere. Please review and save again.';
export const FAILURE_TEXT = 'The service is down for maintenance';

type Pending = { name: 'saveProfile' | 'fetchUser'; input: unknown; resolve: (value: SessionUser) => void; reject: (error: unknown) => void };

/** The form's two calls as promises the test settles by hand, as the model's `api.*` events say. */
export class FakeServer {
  pending: Pending | null = null;
  saves: SaveProfileInput[] = [];
  private version = 0;

  logic(options: OptionsAnswer) {
    const userUpdated = vi.fn();
    const logOut = vi.fn();
    const logic = profileFormMachine.provide({
      actors: {
        saveProfile: fromPromise<SessionUser, SaveProfileInput>(({ input }) => {
          this.saves.push(input);
          return new Promise((resolve, reject) => (this.pending = { name: 'saveProfile', input, resolve, reject }));
        }),
        fetchUser: fromPromise<SessionUser, void>(
          () => new Promise((resolve, reject) => (this.pending = { name: 'fetchUser', input: null, resolve, reject })),
        ),
        loadBuildingOptions: fromPromise<BuildingOption[], void>(async () => {
          if (options === 'start.optionsLoaded') return OWN_BUILDINGS;
          if (options === 'start.optionsRefused') throw { status: 403, message: 'Forbidden' };
          throw { status: 0, message: 'Failed to fetch' };
        }),
      },
      actions: { userUpdated: (_, params) => userUpdated(params.user), logOut },
    });
    return { logic, userUpdated, logOut };
  }

  private take(name: Pending['name']): Pending {
    const pending = this.pending;
    if (!pending || pending.name !== name) throw new Error(`expected a pending ${name}, found ${pending?.name ?? 'none'}`);
    this.pending = null;
    return pending;
  }

  answer(event: ProfileModelEvent['type']) {
    switch (event) {
      case 'api.ok': {
        const pending = this.take('saveProfile');
        const input = pending.input as SaveProfileInput;
        return pending.resolve({
          ...USER,
          first_name: input.first_name,
          last_name: input.last_name,
          default_building_uuid: input.default_building_uuid,
          updated_at: `2026-02-01T00:00:00.00000${++this.version}Z`,
        });
      }
      case 'api.conflict':
        return this.take('saveProfile').reject({ status: 409, message: CONFLICT_TEXT, code: 'profile_conflict' });
      case 'api.failed':
        return this.take('saveProfile').reject({ status: 503, message: FAILURE_TEXT });
      case 'api.refetched':
        return this.take('fetchUser').resolve(ELSEWHERE);
      case 'api.refetchFailed':
        return this.take('fetchUser').reject({ status: 0, message: 'Failed to fetch' });
      default:
        throw new Error(`${event} is not a server answer`);
    }
  }
}

/**
 * A root actor like the app's, enough for the profile form: the session restored with USER, the building actor with
 * BUILDINGS; the white-label and health loads never finish (nothing here needs them).
 */
export function profileApp() {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const app = createActor(
    appMachine.provide({
      actors: {
        loadWhitelabel: never,
        healthCheck: never,
        session: sessionMachine.provide({
          actors: {
            loadPersisted: fromPromise<PersistedAuth | null>(async () => ({
              token: 'access',
              tokenExpiresAt: Math.floor(Date.now() / 1000) + 900,
              refreshToken: { token: 'refresh', expiresAt: Math.floor(Date.now() / 1000) + 86_400 },
              user: USER,
            })),
            fetchUser: fromPromise(async () => USER),
          },
        }),
        building: buildingMachine.provide({
          actors: {
            loadBuildings: fromPromise(async () => BUILDINGS),
            loadBuilding: fromPromise(async ({ input }) => BUILDINGS.find((b) => b.uuid === input.uuid)!),
            loadTheme: fromPromise(() => Promise.reject(new Error('no theme'))),
          },
        }),
      } as never,
    }),
    { input: { requestedLocale: 'en' } },
  );
  app.start();
  app.system.get(BUILDING_ID)!.send({ type: 'building.load', defaultBuildingUuid: 'b-1' });
  return app;
}

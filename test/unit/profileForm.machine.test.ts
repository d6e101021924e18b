import { describe, it, expect, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import { isProfileChanged, profileFormMachine } from '../../machines/account/profileForm.machine';
import type { BuildingOption, SaveProfileInput } from '../../machines/account/profileForm.types';
import type { SessionUser } from '../../machines/session/session.types';
import { deferred, flush } from '../fixtures/async';
import { makeUser } from '../fixtures/people';

const CONFLICT = { status: 409, message: 'Your profile was changed elsewhere. Please review and save again.', code: 'profile_conflict' };
const V1 = '2026-01-05T09:30:00.000000Z';
const V2 = '2026-01-05T10:00:00.000000Z';
const V3 = '2026-01-05T10:30:00.000000Z';

function setupForm(
  options: {
    user?: SessionUser;
    save?: (input: SaveProfileInput) => Promise<SessionUser>;
    fetchUser?: () => Promise<SessionUser>;
    buildings?: () => Promise<BuildingOption[]>;
  } = {},
) {
  const user = options.user ?? makeUser({ first_name: 'Ada', last_name: 'Lovelace', default_building_uuid: 'b-1', updated_at: V1 });
  const calls = {
    save: vi.fn(options.save ?? (async (input: SaveProfileInput) => ({ ...user, ...input, updated_at: V2 }))),
    fetchUser: vi.fn(options.fetchUser ?? (async () => user)),
    userUpdated: vi.fn(),
    logOut: vi.fn(),
  };
  const actor = createActor(
    profileFormMachine.provide({
      actors: {
        saveProfile: fromPromise(({ input }) => calls.save(input)),
        fetchUser: fromPromise(() => calls.fetchUser()),
        loadBuildingOptions: fromPromise(options.buildings ?? (async () => [])),
      },
      actions: { userUpdated: (_, params) => calls.userUpdated(params.user), logOut: () => calls.logOut() },
    }),
    { input: { user } },
  ).start();
  return { actor, calls, user };
}

describe('isProfileChanged', () => {
  const saved = { first_name: 'Ada', last_name: 'Lovelace', default_building_uuid: 'b-1' };
  it('ignores spaces around names (the server trims them)', () => {
    expect(isProfileChanged(saved, { ...saved, first_name: ' Ada ' })).toBe(false);
  });
  it('sees a changed name or default building, including clearing it', () => {
    expect(isProfileChanged(saved, { ...saved, last_name: 'Byron' })).toBe(true);
    expect(isProfileChanged(saved, { ...saved, default_building_uuid: 'b-2' })).toBe(true);
    expect(isProfileChanged(saved, { ...saved, default_building_uuid: null })).toBe(true);
  });
});

describe('profileFormMachine', () => {
  it('starts editing with the user’s fields and version; Save is not possible before a change', () => {
    const { actor } = setupForm();
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.fields).toEqual({ first_name: 'Ada', last_name: 'Lovelace', default_building_uuid: 'b-1' });
    expect(s.context.updatedAt).toBe(V1);
    expect(s.can({ type: 'user.submit' })).toBe(false);
  });

  it('allows Save after a change, and not again once the value is back to the saved one', () => {
    const { actor } = setupForm();
    actor.send({ type: 'user.change', field: 'first_name', value: 'Augusta' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
    actor.send({ type: 'user.change', field: 'first_name', value: 'Ada' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });

  it('needs both names valid (one character is enough; blank is not)', () => {
    const { actor } = setupForm();
    actor.send({ type: 'user.change', field: 'last_name', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'user.change', field: 'last_name', value: 'L' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
    actor.send({ type: 'user.change', field: 'first_name', value: '' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });

  it('a changed default building alone is a change', () => {
    const { actor } = setupForm();
    actor.send({ type: 'user.change', field: 'default_building_uuid', value: 'b-2' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
  });

  it('marks a name touched when left', () => {
    const { actor } = setupForm();
    actor.send({ type: 'user.blur', field: 'first_name' });
    expect(actor.getSnapshot().context.touched).toEqual({ first_name: true });
  });

  it('saves trimmed names with the version, shows the dialog, re-bases on the answer and tells the session', async () => {
    const answer = deferred<SessionUser>();
    const { actor, calls, user } = setupForm({ save: () => answer.promise });
    actor.send({ type: 'user.change', field: 'first_name', value: '  Augusta ' });
    actor.send({ type: 'user.change', field: 'default_building_uuid', value: 'b-2' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    expect(calls.save).toHaveBeenCalledWith({ first_name: 'Augusta', last_name: 'Lovelace', default_building_uuid: 'b-2', updated_at: V1 });
    const stored = { ...user, first_name: 'Augusta', default_building_uuid: 'b-2', updated_at: V2 };
    answer.resolve(stored);
    await flush();
    const s = actor.getSnapshot();
    // The "profile updated" dialog (section 4) shows until the person closes it.
    expect(s.matches('saved')).toBe(true);
    expect(s.hasTag('dialog:profileUpdated')).toBe(true);
    expect(s.context.saved).toEqual({ first_name: 'Augusta', last_name: 'Lovelace', default_building_uuid: 'b-2' });
    expect(s.context.fields).toEqual(s.context.saved);
    expect(s.context.updatedAt).toBe(V2);
    expect(calls.userUpdated).toHaveBeenCalledWith(stored);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.acknowledge' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('on 409 keeps the typed values, shows the conflict, and takes the server’s version for the next Save', async () => {
    const elsewhere = makeUser({ first_name: 'Elsewhere', last_name: 'Lovelace', default_building_uuid: 'b-1', updated_at: V2 });
    const saves: SaveProfileInput[] = [];
    let answerConflict = true;
    const { actor, calls } = setupForm({
      save: async (input) => {
        saves.push(input);
        if (answerConflict) throw CONFLICT;
        return { ...elsewhere, ...input, updated_at: V3 };
      },
      fetchUser: async () => elsewhere,
    });
    actor.send({ type: 'user.change', field: 'first_name', value: 'Mine' });
    actor.send({ type: 'user.submit' });
    await flush();
    await flush();
    let s = actor.getSnapshot();
    expect(s.matches({ conflict: 'ready' })).toBe(true);
    expect(s.hasTag('conflict')).toBe(true);
    expect(s.context.error).toEqual(CONFLICT);
    expect(s.context.fields.first_name).toBe('Mine');
    expect(s.context.saved.first_name).toBe('Elsewhere');
    expect(s.context.updatedAt).toBe(V2);
    expect(calls.fetchUser).toHaveBeenCalledTimes(1);
    // The session learns of the server's version (the header shows the name as it now is).
    expect(calls.userUpdated).toHaveBeenCalledWith(elsewhere);

    // Editing keeps the notice; Save goes again, now against the server's version.
    actor.send({ type: 'user.change', field: 'last_name', value: 'Mine too' });
    expect(actor.getSnapshot().matches({ conflict: 'ready' })).toBe(true);
    answerConflict = false;
    actor.send({ type: 'user.submit' });
    await flush();
    s = actor.getSnapshot();
    expect(saves.at(-1)).toEqual({ first_name: 'Mine', last_name: 'Mine too', default_building_uuid: 'b-1', updated_at: V2 });
    expect(s.matches('saved')).toBe(true);
    expect(s.context.error).toBeNull();
    expect(s.context.updatedAt).toBe(V3);
  });

  it('after a conflict, Save stays off until the server’s version is in, and when the typed values equal it', async () => {
    const refetch = deferred<SessionUser>();
    const { actor } = setupForm({
      save: async () => {
        throw CONFLICT;
      },
      fetchUser: () => refetch.promise,
    });
    actor.send({ type: 'user.change', field: 'first_name', value: 'Same' });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ conflict: 'refreshing' })).toBe(true);
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    refetch.resolve(makeUser({ first_name: 'Same', last_name: 'Lovelace', default_building_uuid: 'b-1', updated_at: V2 }));
    await flush();
    // Someone else saved exactly what was typed: nothing left to save.
    expect(actor.getSnapshot().matches({ conflict: 'ready' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });

  it('after a conflict, the person may take the server’s version instead', async () => {
    const elsewhere = makeUser({ first_name: 'Elsewhere', last_name: 'Else', default_building_uuid: null, updated_at: V2 });
    const { actor } = setupForm({
      save: async () => {
        throw CONFLICT;
      },
      fetchUser: async () => elsewhere,
    });
    actor.send({ type: 'user.change', field: 'first_name', value: 'Mine' });
    actor.send({ type: 'user.submit' });
    await flush();
    await flush();
    expect(actor.getSnapshot().can({ type: 'user.discard' })).toBe(true);
    actor.send({ type: 'user.discard' });
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.fields).toEqual({ first_name: 'Elsewhere', last_name: 'Else', default_building_uuid: null });
    expect(s.context.error).toBeNull();
    expect(s.can({ type: 'user.submit' })).toBe(false);
  });

  it('a failed re-read still lets the person save (the next 409 reads again)', async () => {
    const { actor, calls } = setupForm({
      save: async () => {
        throw CONFLICT;
      },
      fetchUser: async () => {
        throw { status: 0, message: 'offline' };
      },
    });
    actor.send({ type: 'user.change', field: 'first_name', value: 'Mine' });
    actor.send({ type: 'user.submit' });
    await flush();
    await flush();
    expect(actor.getSnapshot().matches({ conflict: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.updatedAt).toBe(V1);
    actor.send({ type: 'user.submit' });
    await flush();
    await flush();
    expect(calls.fetchUser).toHaveBeenCalledTimes(2);
    expect(calls.userUpdated).not.toHaveBeenCalled();
  });

  it('any other failure returns to editing with the error and the typed values', async () => {
    const { actor, calls } = setupForm({
      save: async () => {
        throw { status: 400, message: 'The default building must be one of your buildings', code: 'building_not_allowed' };
      },
    });
    actor.send({ type: 'user.change', field: 'default_building_uuid', value: 'b-9' });
    actor.send({ type: 'user.submit' });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.error).toEqual({ status: 400, message: 'The default building must be one of your buildings', code: 'building_not_allowed' });
    expect(s.context.fields.default_building_uuid).toBe('b-9');
    expect(s.can({ type: 'user.submit' })).toBe(true);
    expect(calls.fetchUser).not.toHaveBeenCalled();
    expect(calls.userUpdated).not.toHaveBeenCalled();
  });

  it('a user without a version (a session kept from before versions) saves without one', async () => {
    const { actor, calls } = setupForm({ user: { ...makeUser(), updated_at: undefined } as unknown as SessionUser });
    actor.send({ type: 'user.change', field: 'first_name', value: 'Augusta' });
    actor.send({ type: 'user.submit' });
    expect(calls.save.mock.calls[0]![0].updated_at).toBeNull();
  });

  it('by default hands the saved user to the actor registered as session in its own system', async () => {
    const received: AnyEventObject[] = [];
    const user = makeUser({ updated_at: V1 });
    const root = setup({
      actors: {
        session: fromCallback<AnyEventObject>(({ receive }) => receive((event) => received.push(event))),
        form: profileFormMachine.provide({ actors: { saveProfile: fromPromise(async ({ input }) => ({ ...user, ...input, updated_at: V2 })) } }),
      },
    }).createMachine({
      invoke: [
        { src: 'session', systemId: 'session' },
        { src: 'form', systemId: 'profileForm', input: { user } },
      ],
    });
    const actor = createActor(root).start();
    const form = actor.system.get('profileForm')!;
    form.send({ type: 'user.change', field: 'first_name', value: 'Augusta' });
    form.send({ type: 'user.submit' });
    await flush();
    expect(received).toEqual([{ type: 'session.userUpdated', user: expect.objectContaining({ first_name: 'Augusta', updated_at: V2 }) }]);
    actor.stop();
  });
});

// GET /users/current/buildings: the default building is chosen among every building of the person.
describe('the default building choices', () => {
  it('are the current user’s buildings, read as the form opens', async () => {
    const mine = [
      { uuid: 'b-1', name: 'One Atrium Plaza' },
      { uuid: 'b-9', name: 'Harbor Point' },
    ];
    const { actor, calls } = setupForm({ buildings: async () => mine });
    expect(actor.getSnapshot().context.buildingOptions).toBeNull();
    await flush();
    expect(actor.getSnapshot().context.buildingOptions).toEqual(mine);
    expect(calls.logOut).not.toHaveBeenCalled();
  });

  it('log the person out when the server refuses the current user’s buildings (section 8)', async () => {
    const { actor, calls } = setupForm({ buildings: () => Promise.reject({ status: 401, message: 'Unauthorized' }) });
    await flush();
    expect(calls.logOut).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.buildingOptions).toBeNull();
  });

  it('leave the person signed in when the call got no answer (the page’s building list stands in)', async () => {
    const { actor, calls } = setupForm({ buildings: () => Promise.reject(new TypeError('Failed to fetch')) });
    await flush();
    expect(calls.logOut).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('by default asks the actor registered as session to log out', async () => {
    const received: AnyEventObject[] = [];
    const root = setup({
      actors: {
        session: fromCallback<AnyEventObject>(({ receive }) => receive((event) => received.push(event))),
        form: profileFormMachine.provide({
          actors: { loadBuildingOptions: fromPromise(() => Promise.reject({ status: 403, message: 'Forbidden' })) },
        }),
      },
    }).createMachine({
      invoke: [
        { src: 'session', systemId: 'session' },
        { src: 'form', systemId: 'profileForm', input: { user: makeUser() } },
      ],
    });
    const actor = createActor(root).start();
    await flush();
    expect(received).toEqual([{ type: 'session.logout' }]);
    actor.stop();
  });
});

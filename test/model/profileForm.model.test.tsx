import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor as waitForActor, type SnapshotFrom } from 'xstate';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { profileFormModel, type ProfileModelContext, type ProfileModelEvent, type ProfileModelState } from './profileForm.model';
import { BUILDINGS, CONFLICT_TEXT, FAILURE_TEXT, FakeServer, profileApp, USER } from './profileForm.harness';
import { transitionPaths, uncoveredTransitions, STEP_WAIT } from './transitionPaths';
import type { profileFormMachine } from '../../machines/account/profileForm.machine';
import { SESSION_ID } from '../../machines/session/session.machine';
import { BUILDING_ID } from '../../machines/building/building.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import { ProfileForm } from '../../src/ui/account/ProfileForm';
import { englishCatalogue } from '../../src/i18n/locales';
import accountMessages from '../../src/i18n/areas/account/en.json';

afterEach(cleanup);

type Snapshot = SnapshotFrom<typeof profileFormMachine>;

const PATHS = transitionPaths(profileFormModel);
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Where the real machine must be for each model state (and whether it accepts Save, as the model says). */
const MACHINE_STATE: Record<ProfileModelState, (s: Snapshot, c: ProfileModelContext) => boolean> = {
  editing: (s, c) => s.matches('editing') && s.can({ type: 'user.submit' }) === (c.changed && c.valid) && (s.context.error !== null) === c.failed,
  saving: (s) => s.matches('saving') && s.hasTag('submitting') && !s.can({ type: 'user.submit' }),
  conflictRefreshing: (s) =>
    s.matches({ conflict: 'refreshing' }) && s.hasTag('conflict') && !s.can({ type: 'user.submit' }) && s.context.error?.status === 409,
  conflictReady: (s, c) =>
    s.matches({ conflict: 'ready' }) && s.can({ type: 'user.submit' }) === (c.changed && c.valid) && s.context.error?.status === 409,
};

/** The person's part of each model event, as events to the machine. */
function userEvents(event: ProfileModelEvent['type']) {
  switch (event) {
    case 'user.editName':
      return [
        { type: 'user.change', field: 'first_name', value: 'Augusta' },
        { type: 'user.blur', field: 'first_name' },
      ] as const;
    case 'user.clearName':
      return [
        { type: 'user.change', field: 'first_name', value: '' },
        { type: 'user.blur', field: 'first_name' },
      ] as const;
    case 'user.chooseBuilding':
      return [{ type: 'user.change', field: 'default_building_uuid', value: BUILDINGS[1]!.uuid }] as const;
    case 'user.save':
      return [{ type: 'user.submit' }] as const;
    case 'user.discard':
      return [{ type: 'user.discard' }] as const;
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

/** How many "profile updated" toasts the steps must have asked for. */
const toasts = (events: ProfileModelEvent[]) => events.filter((e) => e.type === 'api.ok').length;

/** How many times the session must have been given the server's user, from the model's steps. */
const sessionUpdates = (events: ProfileModelEvent[]) => events.filter((e) => e.type === 'api.ok' || e.type === 'api.refetched').length;

describe('profile form test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(profileFormModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThan(20);
  });
});

describe('profile form paths against the machine', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const server = new FakeServer();
      const { logic, userUpdated, notified } = server.logic();
      const actor = createActor(logic, { input: { user: USER } }).start();
      const model = createActor(profileFormModel).start();
      for (const event of events) {
        if (event.type.startsWith('api.')) server.answer(event.type);
        else for (const e of userEvents(event.type)) actor.send(e);
        await flush();
        model.send(event);
        const { value, context } = model.getSnapshot();
        const snapshot = actor.getSnapshot();
        expect(
          MACHINE_STATE[value as ProfileModelState](snapshot, context),
          `after ${event.type}: model ${String(value)} ${JSON.stringify(context)}, machine ${JSON.stringify(snapshot.value)}`,
        ).toBe(true);
      }
      expect(userUpdated).toHaveBeenCalledTimes(sessionUpdates(events));
      expect(notified).toHaveBeenCalledTimes(toasts(events));
      // Every save after a conflict carries the version read after it; every other save the version it started from.
      for (const [index, save] of server.saves.entries()) expect(save.updated_at, `save ${index}`).toMatch(/^2026-/);
      actor.stop();
    });
});

const saveButton = () => screen.getByRole('button', { name: /^(Save|Saving…)$/ }) as HTMLButtonElement;
const dialog = () => screen.queryByRole('dialog');
const conflictShown = () => screen.queryByText(CONFLICT_TEXT) !== null;

/** What a person sees in each model state. */
const VIEW_STATE: Record<ProfileModelState, (c: ProfileModelContext) => void> = {
  editing: (c) => {
    expect(dialog()).toBeNull();
    expect(conflictShown()).toBe(false);
    expect(saveButton().textContent).toBe('Save');
    expect(saveButton().disabled).toBe(!(c.changed && c.valid));
    expect(screen.queryByText(FAILURE_TEXT) !== null).toBe(c.failed);
    expect(screen.queryByText('Please enter at least one character') !== null).toBe(!c.valid);
  },
  saving: () => {
    expect(saveButton().textContent).toBe('Saving…');
    expect(saveButton().disabled).toBe(true);
    expect(conflictShown()).toBe(false);
  },
  conflictRefreshing: (c) => {
    expect(conflictShown()).toBe(true);
    screen.getByText('Loading the saved version…');
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText('Please enter at least one character') !== null).toBe(!c.valid);
  },
  conflictReady: (c) => {
    expect(conflictShown()).toBe(true);
    expect(screen.queryByText('Loading the saved version…')).toBeNull();
    screen.getByRole('button', { name: 'Use the saved version instead' });
    expect(saveButton().disabled).toBe(!(c.changed && c.valid));
    expect(screen.queryByText('Please enter at least one character') !== null).toBe(!c.valid);
  },
};

/** The person's part of each model event, as what they do on the screen. */
function actOnScreen(event: ProfileModelEvent['type']) {
  const type = (label: string, value: string) => {
    const field = screen.getByLabelText(label, { exact: true });
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  switch (event) {
    case 'user.editName':
      return type('First name', 'Augusta');
    case 'user.clearName':
      return type('First name', '');
    case 'user.chooseBuilding':
      return fireEvent.change(screen.getByLabelText('Default building'), { target: { value: BUILDINGS[1]!.uuid } });
    case 'user.save':
      return fireEvent.click(saveButton());
    case 'user.discard':
      return fireEvent.click(screen.getByRole('button', { name: 'Use the saved version instead' }));
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

describe('profile form paths against the rendered form', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const app = profileApp();
      await waitForActor(app.system.get(SESSION_ID)!, (s) => s.hasTag('signedIn'));
      await waitForActor(app.system.get(BUILDING_ID)!, (s) => s.hasTag('ready'));
      const server = new FakeServer();
      const { logic, userUpdated } = server.logic();
      const form = createActor(logic, { input: { user: USER } }).start();
      render(
        <AppActorProvider actor={app as never}>
          <IntlProvider locale="en" messages={{ ...englishCatalogue, ...accountMessages }}>
            <ProfileForm actor={form} />
          </IntlProvider>
        </AppActorProvider>,
      );
      // The read-only facts come from the session, the buildings from the building actor.
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(USER.email);
      expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
      expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Northwind Traders');
      expect(
        within(screen.getByLabelText('Default building'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No default building', ...BUILDINGS.map((b) => b.name)]);
      const model = createActor(profileFormModel).start();
      VIEW_STATE.editing(model.getSnapshot().context);
      for (const event of events) {
        await act(async () => {
          if (event.type.startsWith('api.')) server.answer(event.type);
          else actOnScreen(event.type);
        });
        model.send(event);
        const { value, context } = model.getSnapshot();
        await waitFor(() => VIEW_STATE[value as ProfileModelState](context), STEP_WAIT);
      }
      expect(userUpdated).toHaveBeenCalledTimes(sessionUpdates(events));
      form.stop();
      app.stop();
    });
});

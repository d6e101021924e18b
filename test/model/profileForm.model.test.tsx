import { describe, expect, it } from 'vitest';
import { createActor, waitFor as waitForActor, type ActorRefFrom, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { profileFormModel, type ProfileModelContext, type ProfileModelEvent, type ProfileModelState } from './profileForm.model';
import {
  BUILDINGS,
  CONFLICT_TEXT,
  ELSEWHERE,
  FAILURE_TEXT,
  FakeServer,
  OWN_BUILDINGS,
  profileApp,
  USER,
  type OptionsAnswer,
} from './profileForm.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';
import { profileFormMachine } from '../../machines/account/profileForm.machine';
import { sessionMachine, SESSION_ID } from '../../machines/session/session.machine';
import { buildingMachine, BUILDING_ID } from '../../machines/building/building.machine';
import { AppActorProvider } from '../../src/ui/appContext';
import { ProfileForm } from '../../src/ui/account/ProfileForm';
import { englishCatalogue } from '../../src/i18n/locales';
import accountMessages from '../../src/i18n/areas/account/en.json';

type Snapshot = SnapshotFrom<typeof profileFormMachine>;
type Model = { context: ProfileModelContext };

/**
 * The form with the server's calls the test settles, in an app like the real one (the session signed in as USER, the
 * buildings loaded): the rendered form reads its facts and buildings from there.
 */
async function start(options: OptionsAnswer, inspect?: (event: InspectionEvent) => void) {
  const app = profileApp();
  const session: ActorRefFrom<typeof sessionMachine> = app.system.get(SESSION_ID);
  const building: ActorRefFrom<typeof buildingMachine> = app.system.get(BUILDING_ID);
  await waitForActor(session, (s) => s.hasTag('signedIn'));
  await waitForActor(building, (s) => s.hasTag('ready'));
  const server = new FakeServer();
  const { logic, userUpdated, logOut } = server.logic(options);
  const form = createActor(logic, { input: { user: USER }, ...(inspect ? { inspect } : {}) }).start();
  return { app, server, form, userUpdated, logOut, options, rendered: false, opened: false };
}
type Flow = Awaited<ReturnType<typeof start>>;

/** Where the real machine must be for each model state (and whether it accepts Save, as the model says). */
const MACHINE_STATE: Record<Exclude<ProfileModelState, 'opening' | 'loggedOut'>, (s: Snapshot, c: ProfileModelContext) => boolean> = {
  editing: (s, c) => s.matches('editing') && s.can({ type: 'user.submit' }) === (c.changed && c.valid) && (s.context.error !== null) === c.failed,
  saving: (s) => s.matches('saving') && s.hasTag('submitting') && !s.can({ type: 'user.submit' }),
  saved: (s) => s.matches('saved') && s.hasTag('dialog:profileUpdated') && !s.can({ type: 'user.submit' }) && s.context.error === null,
  conflictRefreshing: (s) =>
    s.matches({ conflict: 'refreshing' }) && s.hasTag('conflict') && !s.can({ type: 'user.submit' }) && s.context.error?.status === 409,
  conflictReady: (s, c) =>
    s.matches({ conflict: 'ready' }) && s.can({ type: 'user.submit' }) === (c.changed && c.valid) && s.context.error?.status === 409,
};

/**
 * What the person types or picks: a valid first name other than the saved one, and another default building than the
 * saved one. Fixed values would not be changes once saved (a path may save Augusta, then type Augusta again), where
 * the model's edits always are.
 */
function edits({ form }: Flow) {
  const { saved } = form.getSnapshot().context;
  const [b1, b2] = BUILDINGS.map((b) => b.uuid) as [string, string];
  return { name: saved.first_name === 'Augusta' ? 'Ada' : 'Augusta', building: saved.default_building_uuid === b2 ? b1 : b2 };
}

/** The person's part of each model event, as the form's view sends it to the machine. */
function userEvents(event: ProfileModelEvent['type'], { name, building }: ReturnType<typeof edits>) {
  switch (event) {
    case 'user.editName':
      return [
        { type: 'user.change', field: 'first_name', value: name },
        { type: 'user.blur', field: 'first_name' },
      ] as const;
    case 'user.clearName':
      return [
        { type: 'user.change', field: 'first_name', value: '' },
        { type: 'user.blur', field: 'first_name' },
      ] as const;
    case 'user.chooseBuilding':
      return [{ type: 'user.change', field: 'default_building_uuid', value: building }] as const;
    case 'user.save':
      return [{ type: 'user.submit' }] as const;
    case 'user.discard':
      return [{ type: 'user.discard' }] as const;
    case 'user.acknowledge':
      return [{ type: 'user.acknowledge' }] as const;
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

const saveButton = () => screen.getByRole('button', { name: /^(Save|Saving…)$/ }) as HTMLButtonElement;
const dialog = () => screen.queryByRole('dialog');
const conflictShown = () => screen.queryByText(CONFLICT_TEXT) !== null;

/** What a person sees in each model state. */
const VIEW_STATE: Record<Exclude<ProfileModelState, 'opening' | 'loggedOut'>, (c: ProfileModelContext) => void> = {
  editing: (c) => {
    expect(dialog()).toBeNull();
    expect(conflictShown()).toBe(false);
    expect(saveButton().textContent).toBe('Save');
    expect(saveButton().disabled).toBe(!(c.changed && c.valid));
    expect(screen.queryByText(FAILURE_TEXT) !== null).toBe(c.failed);
    expect(screen.queryByText('Please enter at least one character') !== null).toBe(!c.valid);
  },
  saved: () => {
    const shown = screen.getByRole('dialog', { name: 'Profile updated' });
    within(shown).getByText('Your changes have been saved.');
    within(shown).getByRole('button', { name: 'OK' });
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

/**
 * The form as it opens, before the first step (the harness checks views after steps only): the read-only facts come
 * from the session, the buildings from the building actor, and the form is the model's initial state.
 */
function checkOpened(flow: Flow) {
  if (!flow.rendered || flow.opened) return;
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(USER.email);
  expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
  expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Northwind Traders');
  // The person's own buildings once the server listed them; the page's list when it gave no answer.
  const listed = flow.options === 'start.optionsLoaded' ? OWN_BUILDINGS : BUILDINGS;
  expect(
    within(screen.getByLabelText('Default building'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['No default building', ...listed.map((b) => b.name)]);
  VIEW_STATE.editing(createActor(profileFormModel).getSnapshot().context);
  flow.opened = true;
}

/** The person's part of each model event, as what they do on the screen. */
function actOnScreen(event: ProfileModelEvent['type'], { name, building }: ReturnType<typeof edits>) {
  const type = (label: string, value: string) => {
    const field = screen.getByLabelText(label, { exact: true });
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  switch (event) {
    case 'user.editName':
      return type('First name', name);
    case 'user.clearName':
      return type('First name', '');
    case 'user.chooseBuilding':
      return fireEvent.change(screen.getByLabelText('Default building'), { target: { value: building } });
    case 'user.save':
      return fireEvent.click(saveButton());
    case 'user.discard':
      return fireEvent.click(screen.getByRole('button', { name: 'Use the saved version instead' }));
    case 'user.acknowledge':
      return fireEvent.click(within(screen.getByRole('dialog', { name: 'Profile updated' })).getByRole('button', { name: 'OK' }));
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

/** No step ends in `opening`: every path's first event opens the form. */
const beforeTheFlow = (): never => {
  throw new Error('no step ends in opening: it is the state before a start.* event');
};

/** How many times the session must have been given the server's user, from the model's steps. */
const sessionUpdates = (events: ProfileModelEvent[]) => events.filter((e) => e.type === 'api.ok' || e.type === 'api.refetched').length;

/**
 * The version each save must be made against: the one the form started from, then the one of each successful save
 * (the fake server numbers them), or the one read after a conflict (a failed read keeps the version before).
 */
function savedVersions(events: ProfileModelEvent[]) {
  let version = USER.updated_at;
  let saved = 0;
  const versions: string[] = [];
  for (const { type } of events) {
    if (type === 'user.save') versions.push(version);
    else if (type === 'api.ok') version = `2026-02-01T00:00:00.00000${++saved}Z`;
    else if (type === 'api.refetched') version = ELSEWHERE.updated_at;
  }
  return versions;
}

const { paths } = modelSuite({
  name: 'profile form',
  model: profileFormModel,
  // Whether something changed, the names are valid and the last save failed is what Save, the field's message and
  // the failure's text show.
  lens: {
    viewKey: ({ value, context }) => {
      const { changed, valid, failed } = context as ProfileModelContext;
      return `${String(value)} changed:${changed} valid:${valid} failed:${failed}`;
    },
  },
  start: (event, { inspect }) => start(event!.type as OptionsAnswer, inspect),
  render: (flow) => {
    flow.rendered = true;
    render(
      <AppActorProvider actor={flow.app as never}>
        <IntlProvider locale="en" messages={{ ...englishCatalogue, ...accountMessages }}>
          <ProfileForm actor={flow.form} />
        </IntlProvider>
      </AppActorProvider>,
    );
  },
  world: (flow: Flow, event) => {
    checkOpened(flow);
    return flow.server.answer(event.type);
  },
  send: (flow: Flow, event) => {
    for (const e of userEvents(event.type, edits(flow))) flow.form.send(e);
  },
  press: (flow: Flow, event) => {
    checkOpened(flow);
    return actOnScreen(event.type, edits(flow));
  },
  machineState: {
    ...(Object.fromEntries(
      Object.entries(MACHINE_STATE).map(([state, check]) => [state, ({ form }: Flow, { context }: Model) => check(form.getSnapshot(), context)]),
    ) as Record<ProfileModelState, (flow: Flow, model: Model) => boolean>),
    opening: beforeTheFlow,
    // The refused list asked the session to end, once; the form itself stays where it was.
    loggedOut: ({ form, logOut }) => logOut.mock.calls.length === 1 && form.getSnapshot().matches('editing'),
  },
  viewState: {
    ...(Object.fromEntries(Object.entries(VIEW_STATE).map(([state, check]) => [state, (_: Flow, { context }: Model) => check(context)])) as Record<
      ProfileModelState,
      (flow: Flow, model: Model) => void
    >),
    opening: beforeTheFlow,
    loggedOut: (flow) => checkOpened(flow),
  },
  finally: ({ server, userUpdated, logOut, opened, rendered, options }, events) => {
    expect(opened, 'the opened form was checked').toBe(rendered);
    expect(logOut).toHaveBeenCalledTimes(options === 'start.optionsRefused' ? 1 : 0);
    expect(userUpdated).toHaveBeenCalledTimes(sessionUpdates(events));
    // Every save after a conflict carries the version read after it; every other save the version it started from.
    expect(server.saves.map((save) => save.updated_at)).toEqual(savedVersions(events));
  },
  stop: ({ form, app }) => {
    form.stop();
    app.stop();
  },
  machines: [profileFormMachine],
  everyMachineTransition: true,
});

describe('profile form: the test model', () => {
  it('has more than 20 transitions (the form as it was modelled)', () => {
    expect(untakenTransitions(profileFormModel, paths).transitions.size).toBeGreaterThan(20);
  });
});

import { expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { visitorPassesMachine, type SaveVisitInput } from '../../machines/visitors/visitorPasses.machine';
import { fieldsOf, findVisit } from '../../machines/visitors/visitorPasses.rules';
import type { HostFacts, Visit, VisitFields, VisitLists, VisitorPassesEvent } from '../../machines/visitors/visitorPasses.types';
import { VisitorsApp } from '../../src/miniapps/visitors/ui/VisitorsApp';
import {
  visitorPassesModel,
  type VisitorPassesModelContext,
  type VisitorPassesModelEvent,
  type VisitorPassesModelState,
} from './visitorPasses.model';
import { PendingCalls } from './cta.harness';
import { buildVisit } from '../fixtures/visits';
import { modelGraph } from './paths';
import { modelSuite } from './modelSuite';

const TODAY = '2026-12-01';
/** The lists the API answers: an arrived guest, then expected ones (enough for every cancel a path makes), two past. */
const listsOf = (): VisitLists => ({
  upcoming: [
    buildVisit({ guest_name: 'Bo Arrived', guest_email: 'bo@guest.example', date: '2026-12-01', start_time: '08:00', state: 'arrived' }),
    ...['Ada', 'Cy', 'Di', 'Ed', 'Flo', 'Gus'].map((name, i) =>
      buildVisit({ guest_name: `${name} Guest`, guest_email: `${name.toLowerCase()}@guest.example`, date: `2026-12-0${i + 2}` }),
    ),
  ],
  past: [
    buildVisit({ guest_name: 'Hal Left', date: '2026-11-20', state: 'left', pass_active: false }),
    buildVisit({ guest_name: 'Ivy Cancelled', date: '2026-11-18', state: 'cancelled', pass_active: false }),
  ],
});

const FILL: VisitFields = {
  guest_name: 'Kim Newguest',
  guest_email: 'kim@guest.example',
  date: '2026-12-03',
  start_time: '09:30',
  end_time: '10:30',
  note: 'Floor 3',
};
const BAD_WINDOW = { start_time: '09:30', end_time: '08:00' };
const MOVED = { start_time: '10:00', end_time: '11:30' };
const RENAMED = 'Ada Renamed';

const THEME = { primary_color: '#7a2e8c', secondary_color: '#222222', primary_font_color: null, font: null, color_scheme: 'light' as const };

/** The real flow with the bridge and the API faked: each call waits for the test's answer (one at a time). */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const saves: SaveVisitInput[] = [];
  const tokens: string[] = [];
  let issued = 0;
  const actor = createActor(
    visitorPassesMachine.provide({
      actors: {
        connectBridge: fromPromise<HostFacts, { appUuid: string }>(() => calls.call('connect')),
        hostEvents: fromCallback<VisitorPassesEvent>(() => () => {}),
        getToken: fromPromise<{ token: string }, void>(() => calls.call('getToken')),
        loadVisits: fromPromise<VisitLists, { token: string }>(({ input }) => {
          tokens.push(input.token);
          return calls.call('load');
        }),
        saveVisit: fromPromise<Visit, SaveVisitInput>(({ input }) => {
          saves.push(input);
          tokens.push(input.token);
          return calls.call('save');
        }),
        cancelVisit: fromPromise<Visit, { token: string; uuid: string }>(({ input }) => {
          tokens.push(input.token);
          return calls.call('cancel');
        }),
      },
    }),
    { input: { appUuid: 'app-1', locale: 'en', today: TODAY }, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, calls, saves, tokens, nextToken: () => `t-${++issued}` };
}
type Flow = ReturnType<typeof start>;

const context = (flow: Flow) => flow.actor.getSnapshot().context;
const firstExpected = (flow: Flow) => context(flow).visits.upcoming.find((v) => v.state === 'expected')!;

/** How the bridge and the API answer, as the model names it. */
function answer(flow: Flow, event: VisitorPassesModelEvent['type']) {
  const { calls } = flow;
  switch (event) {
    case 'api.connected':
      return calls.take(['connect']).resolve({ locale: 'en', theme: THEME } satisfies HostFacts);
    case 'api.connectFailed':
      return calls.take(['connect']).reject(new Error('This page is not inside a host'));
    case 'api.token':
      return calls.take(['getToken']).resolve({ token: flow.nextToken() });
    case 'api.tokenFailed':
      return calls.take(['getToken']).reject({ status: 401, message: 'Nobody is signed in', code: 'UNAVAILABLE' });
    case 'api.loaded':
      return calls.take(['load']).resolve(listsOf());
    case 'api.unauthorised':
      return calls.take(['load', 'save', 'cancel']).reject({ status: 401, message: 'The token has expired', code: 'invalid_token' });
    case 'api.failed': {
      const pending = calls.take(['load', 'save', 'cancel']);
      return pending.name === 'load'
        ? pending.reject({ status: 500, message: 'Unable to complete at this moment.' })
        : pending.reject({ status: 409, message: 'The visit is arrived: it can no longer be changed', code: 'visit_not_editable' });
    }
    case 'api.refusedField':
      return calls.take(['save']).reject({ status: 400, message: 'The visit’s time is over already', code: 'visit_in_past' });
    case 'api.saved': {
      const sent = flow.saves.at(-1)!;
      const visit =
        sent.uuid === null
          ? buildVisit({ ...sent.visit, note: sent.visit.note || null })
          : { ...findVisit(context(flow).visits, sent.uuid)!, ...sent.changes };
      return calls.take(['save']).resolve(visit);
    }
    case 'api.cancelled':
      return calls.take(['cancel']).resolve({ ...context(flow).cancelling!, state: 'cancelled', pass_active: false });
    case 'host.languageChanged':
      return flow.actor.send({ type: 'host.languageChanged', locale: 'en-GB' });
    case 'host.themeChanged':
      return flow.actor.send({ type: 'host.themeChanged', theme: { ...THEME, color_scheme: 'dark' } });
    case 'host.kioskReset':
      return flow.actor.send({ type: 'host.kioskReset' });
    case 'host.buildingChanged':
      return flow.actor.send({ type: 'host.buildingChanged' });
    default:
      throw new Error(`${event} is a person's event`);
  }
}

/**
 * What the person types, field by field. Typing a whole invitation, they pick the day again (emptied, then chosen):
 * so a server's refusal of the day goes, on the screen as in the machine (a field keeps its refusal until it changes).
 */
const typing = (fields: Partial<VisitFields>): [keyof VisitFields, string][] =>
  (Object.entries(fields) as [keyof VisitFields, string][]).flatMap(([field, value]) =>
    field === 'date'
      ? ([
          [field, ''],
          [field, value],
        ] as [keyof VisitFields, string][])
      : [[field, value]],
  );

const changes = (fields: Partial<VisitFields>): VisitorPassesEvent[] =>
  typing(fields).flatMap(([field, value]) => [
    { type: 'user.change', field, value },
    { type: 'user.blur', field },
  ]);

/** The person's part of each model event, as the views send it to the machine. */
function machineEvents(flow: Flow, event: VisitorPassesModelEvent['type']): VisitorPassesEvent[] {
  const inviting = context(flow).editing === null;
  switch (event) {
    case 'user.fill':
      return changes(FILL);
    case 'user.fillBad':
      return changes(inviting ? { ...FILL, ...BAD_WINDOW } : BAD_WINDOW);
    case 'user.rename':
      return changes({ guest_name: RENAMED });
    case 'user.move':
      return changes(MOVED);
    case 'user.edit':
      return [{ type: 'user.edit', uuid: firstExpected(flow).uuid }];
    case 'user.cancelVisit':
      return [{ type: 'user.cancelVisit', uuid: firstExpected(flow).uuid }];
    default:
      return [{ type: event } as VisitorPassesEvent];
  }
}

const LABELS: Record<keyof VisitFields, string> = {
  guest_name: 'Guest’s name',
  guest_email: 'Guest’s email',
  date: 'Day',
  start_time: 'From',
  end_time: 'Until',
  note: 'Note for your guest (optional)',
};
const input = (field: keyof VisitFields) => screen.getByLabelText(LABELS[field]) as HTMLInputElement;
function type(fields: Partial<VisitFields>) {
  for (const [field, value] of typing(fields)) {
    fireEvent.change(input(field), { target: { value } });
    fireEvent.blur(input(field));
  }
}
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const dialog = () => screen.queryByRole('alertdialog', { name: 'Cancel this visit?' });

/** The person's part of each model event, done on the screen. */
function actOnScreen(flow: Flow, event: VisitorPassesModelEvent['type']) {
  const inviting = context(flow).editing === null;
  switch (event) {
    case 'user.retry':
      return fireEvent.click(button('Try again'));
    case 'user.invite':
      return fireEvent.click(button('Invite a guest'));
    case 'user.edit':
      return fireEvent.click(screen.getAllByRole('button', { name: /^Edit the visit of / })[0]!);
    case 'user.cancelVisit':
      return fireEvent.click(screen.getAllByRole('button', { name: /^Cancel the visit of / })[0]!);
    case 'user.keep':
      return fireEvent.keyDown(dialog()!, { key: 'Escape' });
    case 'user.confirmCancel':
      return fireEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel visit' }));
    case 'user.fill':
      return type(FILL);
    case 'user.fillBad':
      return type(inviting ? { ...FILL, ...BAD_WINDOW } : BAD_WINDOW);
    case 'user.rename':
      return type({ guest_name: RENAMED });
    case 'user.move':
      return type(MOVED);
    case 'user.submit':
      return fireEvent.click(button(inviting ? 'Send invitation' : 'Save changes'));
    case 'user.back':
      return fireEvent.click(button('Back to visits'));
    case 'user.done':
      return fireEvent.click(button('Back to visits'));
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

type ModelSnapshot = { value: unknown; context: VisitorPassesModelContext };

/** The form's fields as the model says they are typed (an edit: over the visit being edited). */
function expectedFields(flow: Flow, c: VisitorPassesModelContext): Partial<VisitFields> {
  const editing = context(flow).editing;
  switch (c.typed) {
    case 'empty':
      return { guest_name: '', guest_email: '', date: '', start_time: '', end_time: '' };
    case 'filled':
      return FILL;
    case 'bad':
      return c.mode === 'invite' ? { ...FILL, ...BAD_WINDOW } : BAD_WINDOW;
    case 'prefilled':
      return fieldsOf(editing!);
    case 'renamed':
      return { ...fieldsOf(editing!), guest_name: RENAMED };
    case 'moved':
      return MOVED;
  }
}

const isIn = (flow: Flow, value: unknown) => flow.actor.getSnapshot().matches(value as never);

/** Every visit of the machine's lists is on the screen, with its state. */
function expectLists(flow: Flow) {
  const { upcoming, past } = context(flow).visits;
  const items = (testId: string) => (screen.queryByTestId(testId) ? within(screen.getByTestId(testId)).getAllByRole('listitem') : []);
  const shown = (list: HTMLElement[]) =>
    list.map((li) => `${li.querySelector('.visit-name')!.textContent} ${li.querySelector('.chip')!.textContent}`);
  const label = { expected: 'Expected', arrived: 'Arrived', left: 'Left', cancelled: 'Cancelled' };
  expect(shown(items('upcoming-visits'))).toEqual(upcoming.map((v) => `${v.guest_name} ${label[v.state]}`));
  expect(shown(items('past-visits'))).toEqual(past.map((v) => `${v.guest_name} ${label[v.state]}`));
  // Only expected visits can be changed.
  expect(screen.queryAllByRole('button', { name: /^Edit the visit of / })).toHaveLength(upcoming.filter((v) => v.state === 'expected').length);
}

modelSuite<typeof visitorPassesModel, Flow, VisitorPassesModelState>({
  name: 'visitor passes',
  model: visitorPassesModel,
  lens: {
    viewKey: (state) => {
      const { value, context: c } = state as ModelSnapshot;
      // The form looks different by what is typed, by the problems a refused submit shows on an empty form, by a refusal.
      if (value === 'form') return `form ${c.mode} typed:${c.typed === 'empty' && c.checked ? 'empty, checked' : c.typed} refused:${c.refused}`;
      if (value === 'saving') return `saving ${c.mode}`;
      if (value === 'confirmingCancel') return `confirmingCancel error:${c.cancelError}`;
      if (value === 'done') return `done ${c.confirmation}`;
      if (value === 'unavailable') return `unavailable ${c.restyled}`;
      return String(value);
    },
  },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) => render(<VisitorsApp actor={actor} />),
  world: (flow, event) => answer(flow, event.type),
  send: (flow, event) => {
    for (const e of machineEvents(flow, event.type)) flow.actor.send(e);
  },
  press: (flow, event) => actOnScreen(flow, event.type),
  machineState: {
    connecting: (flow) => flow.actor.getSnapshot().hasTag('connecting'),
    unavailable: (flow, { context: c }) =>
      flow.actor.getSnapshot().hasTag('unavailable') &&
      (c.restyled === 'none' || context(flow).locale === 'en-GB') &&
      (c.restyled !== 'both' || context(flow).theme?.color_scheme === 'dark'),
    authorising: (flow) => isIn(flow, { session: 'authorising' }),
    loading: (flow, { context: c }) =>
      isIn(flow, { session: { list: { loading: c.renewing ? 'renewingToken' : 'calling' } } }) && context(flow).renewed === c.renewed,
    loadFailed: (flow) => isIn(flow, { session: { list: 'loadFailed' } }) && context(flow).error !== null,
    list: (flow) => isIn(flow, { session: { list: 'ready' } }) && context(flow).visits.upcoming.length > 0 && context(flow).editing === null,
    confirmingCancel: (flow, { context: c }) =>
      isIn(flow, { session: { list: 'confirmingCancel' } }) && context(flow).cancelling !== null && (context(flow).error !== null) === c.cancelError,
    cancelling: (flow, { context: c }) => isIn(flow, { session: { list: { cancelling: c.renewing ? 'renewingToken' : 'calling' } } }),
    form: (flow, { context: c }) => {
      const ctx = context(flow);
      return (
        isIn(flow, { session: { form: 'editing' } }) &&
        (ctx.editing === null) === (c.mode === 'invite') &&
        Object.entries(expectedFields(flow, c)).every(([f, v]) => ctx.fields[f as keyof VisitFields] === v) &&
        (ctx.serverField !== null) === (c.refused === 'field') &&
        (ctx.error !== null) === (c.refused === 'form')
      );
    },
    saving: (flow, { context: c }) => isIn(flow, { session: { form: { saving: c.renewing ? 'renewingToken' : 'calling' } } }),
    done: (flow, { context: c }) => isIn(flow, { session: 'done' }) && context(flow).confirmation?.kind === c.confirmation,
  },
  viewState: {
    connecting: () => screen.getByText('Opening Visitors…'),
    unavailable: (_, { context: c }) => {
      screen.getByRole('heading', { name: 'Visitors can’t open here' });
      button('Try again');
      if (c.restyled !== 'none') expect(document.documentElement.lang).toBe('en-GB');
      if (c.restyled === 'both') expect(document.documentElement.dataset.scheme).toBe('dark');
    },
    authorising: () => screen.getByText('Loading your visits…'),
    loading: () => screen.getByText('Loading your visits…'),
    loadFailed: () => {
      screen.getByRole('heading', { name: 'Your visits could not be loaded' });
      button('Try again');
    },
    list: (flow) => {
      screen.getByRole('heading', { name: 'Visitors', level: 1 });
      button('Invite a guest');
      expect(dialog()).toBeNull();
      expectLists(flow);
      // The host's theme is the page's.
      expect(document.documentElement.style.getPropertyValue('--primary')).toBe('#7a2e8c');
    },
    confirmingCancel: (flow, { context: c }) => {
      const confirm = dialog();
      expect(confirm).not.toBeNull();
      within(confirm!).getByText(`${context(flow).cancelling!.guest_name} will be told by email, and their pass will stop working.`);
      expect(
        within(confirm!).queryByText('This visit can no longer be changed.') !== null || within(confirm!).queryByText(/session has ended/) !== null,
      ).toBe(c.cancelError);
    },
    cancelling: () => {
      const busy = within(dialog()!).getByRole('button', { name: 'Cancelling…' }) as HTMLButtonElement;
      expect(busy.disabled).toBe(true);
    },
    form: (flow, { context: c }) => {
      screen.getByRole('heading', { name: c.mode === 'invite' ? 'Invite a guest' : 'Edit visit', level: 1 });
      for (const [field, value] of Object.entries(expectedFields(flow, c))) expect(input(field as keyof VisitFields).value, field).toBe(value);
      const submit = button(c.mode === 'invite' ? 'Send invitation' : 'Save changes') as HTMLButtonElement;
      expect(submit.disabled).toBe(false);
      // The browser's checks, shown after a refused submit or once the field was left.
      expect(screen.queryAllByText('Fill this in.').length > 0).toBe(c.typed === 'empty' && c.checked);
      expect(screen.queryByText('The visit must end after it starts.') !== null).toBe(c.typed === 'bad');
      expect(screen.queryByText('Choose a day and time that is not over yet.') !== null).toBe(c.refused === 'field');
      expect(input('date').getAttribute('aria-invalid') === 'true').toBe(c.refused === 'field' || (c.typed === 'empty' && c.checked));
      expect(screen.queryByRole('alert') !== null).toBe(c.refused === 'form');
      // An edit that moves the visit (or its window, even one not yet right) says the guest gets a new pass.
      expect(screen.queryByText('Your guest will get a new pass by email, and the old one will stop working.') !== null).toBe(
        c.mode === 'edit' && (c.typed === 'moved' || c.typed === 'bad'),
      );
    },
    saving: (_, { context: c }) => {
      const submit = button(c.mode === 'invite' ? 'Sending…' : 'Saving…') as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
    },
    done: (flow, { context: c }) => {
      screen.getByRole('heading', { name: c.confirmation === 'invited' ? 'Invitation sent' : 'Visit updated', level: 1 });
      const name = context(flow).confirmation!.visit.guest_name;
      if (c.confirmation === 'invited') screen.getByText(new RegExp(`^${name} will get a pass by email for `));
      if (c.confirmation === 'updatedNewPass') screen.getByText(/A new pass was sent by email; the old one no longer works\.$/);
      if (c.confirmation === 'updated') screen.getByText(new RegExp(`^The visit of ${name} on .* is updated\\.$`));
    },
  },
  whereIs: (flow) => JSON.stringify(flow.actor.getSnapshot().value),
  finally: (flow) => {
    // Every call went with a token the bridge gave (after a 401, the new one), never without one.
    for (const token of flow.tokens) expect(token).toMatch(/^t-\d+$/);
    // An invitation sends what was typed, trimmed; an edit only what changed.
    for (const sent of flow.saves) {
      if (sent.uuid === null) expect(sent.visit).toEqual(FILL);
      else expect(Object.keys(sent.changes).length).toBeGreaterThan(0);
    }
  },
  stop: ({ actor }) => actor.stop(),
  machines: [visitorPassesMachine],
  everyMachineTransition: true,
});

it('visitor passes: the test model agrees with the machine: the same states', () => {
  const states = visitorPassesMachine.config.states!;
  expect(Object.keys(states).sort()).toEqual(['connecting', 'session', 'unavailable']);
  expect(Object.keys(states.session!.states!).sort()).toEqual(['authorising', 'done', 'form', 'list']);
  expect(Object.keys(states.session!.states!.list!.states!).sort()).toEqual(['cancelling', 'confirmingCancel', 'loadFailed', 'loading', 'ready']);
  expect(Object.keys(states.session!.states!.form!.states!).sort()).toEqual(['editing', 'saving']);
  expect(modelGraph(visitorPassesModel).edges.length).toBeGreaterThan(80);
});

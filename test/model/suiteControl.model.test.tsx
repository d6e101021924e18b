import { expect, it } from 'vitest';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, setup, type AnyActorRef, type InspectionEvent } from 'xstate';
import { suiteControlMachine, type SuiteControlRef } from '../../machines/smartBuilding/suiteControl.machine';
import { capabilities, lightingLevel, temperatureShown } from '../../machines/smartBuilding/suiteControl.selectors';
import { NOTIFICATIONS_ID } from '../../machines/notifications/notifications.machine';
import type { ControlType, SuiteDetail } from '../../machines/smartBuilding/smartBuilding.types';
import { SuiteControlView } from '../../src/ui/smartBuilding/SuiteControl';
import { englishCatalogue } from '../../src/i18n/locales';
import smartBuildingMessages from '../../src/i18n/areas/smartBuilding/en.json';
import shellMessages from '../../src/i18n/areas/shell/en.json';
import {
  suiteControlModel,
  shown,
  type SuiteControlModelContext,
  type SuiteControlModelEvent,
  type SuiteControlModelState,
} from './suiteControl.model';
import { modelGraph } from './paths';
import { modelSuite } from './modelSuite';

interface Call {
  name: string;
  input: Record<string, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const SUITES: Record<'lit' | 'plain', SuiteDetail> = {
  lit: {
    id: 's-1',
    navName: 'Suite 1200',
    temp: 74,
    temp_unit: 'F',
    temp_equipment_name: 'Zone 12-A',
    lighting: 60,
    equipment_status: 'available',
    can_control: true,
  },
  plain: {
    id: 's-2',
    navName: 'Suite 1210',
    temp: 66,
    temp_unit: 'F',
    temp_equipment_name: 'Zone 12-B',
    lighting: false,
    equipment_status: 'available',
    can_control: true,
  },
};

/** The real control with calls the test settles, inside a root that counts the toasts. */
function start(suite: 'lit' | 'plain', inspect?: (event: InspectionEvent) => void) {
  const calls: Call[] = [];
  const toasts: string[] = [];
  const pending = (name: string) =>
    fromPromise<never, Record<string, unknown>>(
      ({ input }) => new Promise((resolve, reject) => calls.push({ name, input, resolve: resolve as never, reject })),
    );
  const control = suiteControlMachine.provide({
    actors: {
      loadSuite: pending('loadSuite') as never,
      setLighting: pending('setLighting') as never,
      setTemperature: pending('setTemperature') as never,
    },
  });
  const notifications = setup({ types: { events: {} as { type: 'notify.show'; message: { id: string } } } }).createMachine({
    on: { 'notify.show': { actions: ({ event }) => toasts.push(event.message.id) } },
  });
  const root = setup({ actors: { notifications, control } }).createMachine({
    invoke: [
      { src: 'notifications', systemId: NOTIFICATIONS_ID },
      { src: 'control', id: 'control', input: { buildingUuid: 'b-1', suiteId: SUITES[suite].id, helpDeskEmail: 'help@example.com' } },
    ],
  });
  const app = createActor(root, inspect ? { inspect } : {}).start();
  const actor = app.getSnapshot().children.control as unknown as SuiteControlRef;
  const take = (name: string) => {
    const i = calls.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`no pending ${name}`);
    return calls.splice(i, 1)[0]!;
  };
  return { actor, app: app as AnyActorRef, calls, toasts, take, suite };
}
type Flow = ReturnType<typeof start>;

/** The control as the page renders it, with the tab the person chose. */
function Host({ actor }: { actor: SuiteControlRef }) {
  const [requested, setRequested] = useState<ControlType | null>(null);
  return <SuiteControlView control={actor} requested={requested} onSelectControl={setRequested} />;
}

const tab = (name: 'Lighting' | 'Temperature') => screen.getByRole('tab', { name });
const showTab = (name: 'Lighting' | 'Temperature') => {
  if (tab(name).getAttribute('aria-selected') !== 'true') fireEvent.click(tab(name));
};

/** The tab an event's control is on: chosen first, as a person would. */
const TAB_FOR: Partial<Record<SuiteControlModelEvent['type'], 'Lighting' | 'Temperature'>> = {
  'user.toggle': 'Lighting',
  'user.pageDown': 'Lighting',
  'user.pageUp': 'Lighting',
  'user.warmer': 'Temperature',
  'user.cooler': 'Temperature',
  'user.unitC': 'Temperature',
  'user.unitF': 'Temperature',
};

/** The server's answer to the pending call, as the model names it. */
function answer(flow: Flow, event: SuiteControlModelEvent['type']) {
  switch (event) {
    case 'api.loaded':
      return flow.take('loadSuite').resolve({ suite: SUITES[flow.suite], preferredUnit: null });
    case 'api.loadedReadOnly':
      return flow.take('loadSuite').resolve({ suite: { ...SUITES[flow.suite], can_control: false }, preferredUnit: null });
    case 'api.unavailable':
      return flow.take('loadSuite').resolve({ suite: { ...SUITES[flow.suite], equipment_status: 'unavailable' }, preferredUnit: null });
    case 'api.notFound':
      return flow.take('loadSuite').reject({ status: 404, message: 'No suite with this id in this building' });
    case 'api.loadFailed':
      return flow.take('loadSuite').reject({ status: 503, message: 'down' });
    case 'api.lightingOk': {
      const call = flow.take('setLighting');
      return call.resolve({ ...SUITES.lit, lighting: call.input.value });
    }
    case 'api.lightingFailed':
      return flow.take('setLighting').reject({ status: 409, message: 'Busy', code: 'equipment_unavailable' });
    case 'api.temperatureOk': {
      const call = flow.take('setTemperature');
      const { value, unit } = call.input.request as { value: number; unit: 'F' | 'C' };
      return call.resolve({ temp: value, isCelsius: unit === 'C', current_temp: 74, requested_temp: value, unit, equipment_name: 'Zone' });
    }
    case 'api.temperatureFailed':
      return flow.take('setTemperature').reject({ status: 400, message: 'The temperature must be between 65 and 75 °F' });
    default:
      throw new Error(`${event} is not a server answer`);
  }
}

/** The person's part of a model event, as the rendered control sends it to the machine. */
function machineEvent(flow: Flow, event: SuiteControlModelEvent['type']): Parameters<SuiteControlRef['send']>[0] {
  switch (event) {
    case 'user.toggle':
      return { type: 'user.toggleLighting' };
    case 'user.pageDown':
      // Page Down on the brightness slider: a tenth of its range (0 to 100) below the level it shows.
      return { type: 'user.setLighting', value: lightingLevel(flow.actor.getSnapshot()) - 10 };
    case 'user.pageUp':
      return { type: 'user.setLighting', value: lightingLevel(flow.actor.getSnapshot()) + 10 };
    case 'user.unitC':
      return { type: 'user.setUnit', unit: 'C' };
    case 'user.unitF':
      return { type: 'user.setUnit', unit: 'F' };
    default:
      return { type: event } as never;
  }
}

/** The person's part of a model event, done on the rendered control (on the event's tab, chosen first). */
function actOnScreen(event: SuiteControlModelEvent['type']) {
  const needs = TAB_FOR[event];
  // The step runs inside act, which renders only when it ends: the chosen tab is rendered at once (flushSync) to be acted on.
  if (needs) flushSync(() => showTab(needs));
  switch (event) {
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.toggle':
      return fireEvent.click(screen.getByRole('switch', { name: 'Lights' }));
    case 'user.pageDown':
      return fireEvent.keyDown(screen.getByRole('slider', { name: 'Brightness' }), { key: 'PageDown' });
    case 'user.pageUp':
      return fireEvent.keyDown(screen.getByRole('slider', { name: 'Brightness' }), { key: 'PageUp' });
    case 'user.warmer':
      return fireEvent.click(screen.getByRole('button', { name: 'Warmer' }));
    case 'user.cooler':
      return fireEvent.click(screen.getByRole('button', { name: 'Cooler' }));
    case 'user.unitC':
    case 'user.unitF':
      return fireEvent.click(screen.getByRole('button', { name: event === 'user.unitC' ? '°C' : '°F' }));
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

/** The temperature the control shows for the model, in the model's unit (°C to the half degree). */
const degreesOf = (m: SuiteControlModelContext) =>
  m.unit === 'F' ? shown(m.temperature) : Math.round((((shown(m.temperature) - 32) * 5) / 9) * 2) / 2;

type ModelSnapshot = { value: unknown; context: SuiteControlModelContext };

modelSuite<typeof suiteControlModel, Flow, SuiteControlModelState>({
  name: 'suite control',
  model: suiteControlModel,
  // Ready, the control shows the suite's tabs, the lighting level and the temperature it would have (the newest asked
  // for), each saving or not, and the unit.
  lens: {
    viewKey: (state) => {
      const { value, context: m } = state as ModelSnapshot;
      if (value !== 'ready') return String(value);
      const saving = (p: SuiteControlModelContext['lighting']) => (p.sending !== null ? ' saving' : '');
      return `ready ${m.suite} lighting:${shown(m.lighting)}${saving(m.lighting)} temperature:${degreesOf(m)} °${m.unit}${saving(m.temperature)}`;
    },
  },
  start: (event, { inspect }) => start(event!.type === 'start.lit' ? 'lit' : 'plain', inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...smartBuildingMessages, ...shellMessages }}>
        <Host actor={actor} />
      </IntlProvider>,
    ),
  world: (flow, event) => answer(flow, event.type),
  send: (flow, event) => flow.actor.send(machineEvent(flow, event.type)),
  press: (_, event) => actOnScreen(event.type),
  machineState: {
    // The model's state before a start event: no step ends in it (a test below proves it); before the control starts
    // nothing has been asked of the server.
    opening: ({ calls }) => calls.length === 0,
    loading: ({ actor }) => actor.getSnapshot().hasTag('loading'),
    failed: ({ actor }) => actor.getSnapshot().hasTag('failed'),
    notFound: ({ actor }) => actor.getSnapshot().hasTag('notFound'),
    unavailable: ({ actor }) => actor.getSnapshot().hasTag('unavailable'),
    readOnly: ({ actor }) => actor.getSnapshot().hasTag('readOnly'),
    ready: ({ actor }, { context: m }) => {
      const s = actor.getSnapshot();
      // What the view reads from the machine: the tags, the shown level and temperature, the unit, the tabs allowed,
      // whether warmer and cooler are offered.
      return (
        s.hasTag('ready') &&
        s.hasTag('lightingPending') === (m.lighting.sending !== null) &&
        s.hasTag('lightingQueued') === (m.lighting.queued !== null) &&
        s.hasTag('temperaturePending') === (m.temperature.sending !== null) &&
        s.hasTag('temperatureQueued') === (m.temperature.queued !== null) &&
        capabilities(s).lighting === (m.suite === 'lit') &&
        lightingLevel(s) === shown(m.lighting) &&
        s.context.unit === m.unit &&
        temperatureShown(s) === degreesOf(m) &&
        (m.unit !== 'F' ||
          (s.can({ type: 'user.warmer' }) === shown(m.temperature) < 75 && s.can({ type: 'user.cooler' }) === shown(m.temperature) > 65))
      );
    },
  },
  viewState: {
    opening: () => {
      throw new Error('no step ends before the control opens');
    },
    loading: () => {
      expect(screen.getByRole('progressbar')).not.toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('button', { name: 'Try again' })).not.toBeNull();
    },
    notFound: () => {
      expect(screen.getByText('This suite is not in this building.')).not.toBeNull();
    },
    unavailable: () => {
      expect(screen.getByText('System not available')).not.toBeNull();
      expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:help@example\.com\?subject=/);
      expect(screen.queryByRole('tab')).toBeNull();
    },
    readOnly: (_, { context: m }) => {
      // The settings as they are, why they cannot be changed here, and nothing that would change them.
      expect(screen.getByText(/belongs to another company/)).not.toBeNull();
      expect(screen.queryByTestId('lighting-level')?.textContent ?? null).toBe(m.suite === 'lit' ? `${shown(m.lighting)}%` : null);
      expect(screen.getByTestId('temperature-value').textContent).toBe(`${shown(m.temperature)} °F`);
      expect(screen.queryByRole('tab')).toBeNull();
      expect(screen.queryByRole('slider')).toBeNull();
      expect(screen.queryByRole('switch')).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();
    },
    ready: (_, { context: m }) => {
      expect((tab('Lighting') as HTMLButtonElement).disabled).toBe(m.suite === 'plain');
      if (m.suite === 'lit') {
        showTab('Lighting');
        const slider = screen.getByRole('slider', { name: 'Brightness' });
        expect(Number(slider.getAttribute('aria-valuenow'))).toBe(shown(m.lighting));
        expect(screen.getByTestId('lighting-level').textContent).toContain(m.lighting.sending !== null ? 'Saving…' : '%');
        expect(screen.getByRole('switch', { name: 'Lights' }).getAttribute('aria-checked')).toBe(String(shown(m.lighting) > 0));
      }
      showTab('Temperature');
      const reading = screen.getByTestId('temperature-value').textContent ?? '';
      expect(reading.startsWith(`${degreesOf(m)} °${m.unit}`)).toBe(true);
      expect(reading.includes('Saving…')).toBe(m.temperature.sending !== null);
      if (m.unit === 'F') {
        expect((screen.getByRole('button', { name: 'Warmer' }) as HTMLButtonElement).disabled).toBe(shown(m.temperature) >= 75);
        expect((screen.getByRole('button', { name: 'Cooler' }) as HTMLButtonElement).disabled).toBe(shown(m.temperature) <= 65);
      }
    },
  },
  finally: ({ toasts }, events) => {
    // One toast per change the server refused, and no other.
    const failures = events.filter((e) => e.type === 'api.lightingFailed' || e.type === 'api.temperatureFailed').length;
    expect(toasts).toHaveLength(failures);
  },
  stop: ({ app }) => app.stop(),
  machines: [suiteControlMachine],
  everyMachineTransition: true,
});

it('suite control: the test model has more than 100 transitions, and none ends before the control opens', () => {
  const { edges, states } = modelGraph(suiteControlModel);
  expect(edges.length).toBeGreaterThan(100);
  expect(edges.filter((edge) => states.get(edge.to) === 'opening')).toEqual([]);
});

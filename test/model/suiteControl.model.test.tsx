import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { suiteControlMachine, type SuiteControlRef } from '../../machines/smartBuilding/suiteControl.machine';
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
import { transitionPaths, uncoveredTransitions } from './transitionPaths';

afterEach(cleanup);

const PATHS = transitionPaths(suiteControlModel);
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Call {
  name: string;
  input: Record<string, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const SUITES: Record<'lit' | 'plain', SuiteDetail> = {
  lit: { id: 's-1', navName: 'Suite 1200', temp: 74, temp_unit: 'F', temp_equipment_name: 'Zone 12-A', lighting: 60, equipment_status: 'available' },
  plain: {
    id: 's-2',
    navName: 'Suite 1210',
    temp: 66,
    temp_unit: 'F',
    temp_equipment_name: 'Zone 12-B',
    lighting: false,
    equipment_status: 'available',
  },
};

/** The real control with calls the test settles, inside a root that counts the toasts, rendered by the real view. */
function start(suite: 'lit' | 'plain') {
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
  const app = createActor(root).start();
  const actor = app.getSnapshot().children.control as unknown as SuiteControlRef;
  function Host() {
    const [requested, setRequested] = useState<ControlType | null>(null);
    return <SuiteControlView control={actor} requested={requested} onSelectControl={setRequested} />;
  }
  render(
    <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...smartBuildingMessages, ...shellMessages }}>
      <Host />
    </IntlProvider>,
  );
  const take = (name: string) => {
    const i = calls.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`no pending ${name}`);
    return calls.splice(i, 1)[0]!;
  };
  return { actor, app: app as AnyActorRef, calls, toasts, take, suite };
}
type Flow = ReturnType<typeof start>;

const tab = (name: 'Lighting' | 'Temperature') => screen.getByRole('tab', { name });
const showTab = (name: 'Lighting' | 'Temperature') => {
  if (tab(name).getAttribute('aria-selected') !== 'true') fireEvent.click(tab(name));
};

/** The tab an event's control is on: chosen first, as a person would. */
const TAB_FOR: Partial<Record<SuiteControlModelEvent['type'], 'Lighting' | 'Temperature'>> = {
  'user.toggle': 'Lighting',
  'user.pageDown': 'Lighting',
  'user.warmer': 'Temperature',
  'user.cooler': 'Temperature',
  'user.unitC': 'Temperature',
  'user.unitF': 'Temperature',
};

function perform(flow: Flow, event: SuiteControlModelEvent['type']) {
  switch (event) {
    case 'api.loaded':
      return flow.take('loadSuite').resolve({ suite: SUITES[flow.suite], preferredUnit: null });
    case 'api.unavailable':
      return flow.take('loadSuite').resolve({ suite: { ...SUITES[flow.suite], equipment_status: 'unavailable' }, preferredUnit: null });
    case 'api.notFound':
      return flow.take('loadSuite').reject({ status: 404, message: 'No suite with this id in this building' });
    case 'api.loadFailed':
      return flow.take('loadSuite').reject({ status: 503, message: 'down' });
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.toggle':
      return fireEvent.click(screen.getByRole('switch', { name: 'Lights' }));
    case 'user.pageDown':
      return fireEvent.keyDown(screen.getByRole('slider', { name: 'Brightness' }), { key: 'PageDown' });
    case 'api.lightingOk': {
      const call = flow.take('setLighting');
      return call.resolve({ ...SUITES.lit, lighting: call.input.value });
    }
    case 'api.lightingFailed':
      return flow.take('setLighting').reject({ status: 409, message: 'Busy', code: 'equipment_unavailable' });
    case 'user.warmer':
      return fireEvent.click(screen.getByRole('button', { name: 'Warmer' }));
    case 'user.cooler':
      return fireEvent.click(screen.getByRole('button', { name: 'Cooler' }));
    case 'api.temperatureOk': {
      const call = flow.take('setTemperature');
      const { value, unit } = call.input.request as { value: number; unit: 'F' | 'C' };
      return call.resolve({ temp: value, isCelsius: unit === 'C', current_temp: 74, requested_temp: value, unit, equipment_name: 'Zone' });
    }
    case 'api.temperatureFailed':
      return flow.take('setTemperature').reject({ status: 400, message: 'The temperature must be between 65 and 75 °F' });
    case 'user.unitC':
    case 'user.unitF':
      return fireEvent.click(screen.getByRole('button', { name: event === 'user.unitC' ? '°C' : '°F' }));
    default:
      return undefined;
  }
}

/** The machine and its view in each model state. */
function check(flow: Flow, state: SuiteControlModelState, model: SuiteControlModelContext) {
  const snapshot = flow.actor.getSnapshot();
  switch (state) {
    case 'opening':
      return;
    case 'loading':
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(screen.getByRole('progressbar')).not.toBeNull();
      return;
    case 'failed':
      expect(snapshot.hasTag('failed')).toBe(true);
      expect(screen.getByRole('button', { name: 'Try again' })).not.toBeNull();
      return;
    case 'notFound':
      expect(snapshot.hasTag('notFound')).toBe(true);
      expect(screen.getByText('This suite is not in this building.')).not.toBeNull();
      return;
    case 'unavailable':
      expect(snapshot.hasTag('unavailable')).toBe(true);
      expect(screen.getByText('System not available')).not.toBeNull();
      expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:help@example\.com\?subject=/);
      expect(screen.queryByRole('tab')).toBeNull();
      return;
    case 'ready': {
      expect(snapshot.hasTag('ready')).toBe(true);
      expect(snapshot.hasTag('lightingPending')).toBe(model.lighting.sending !== null);
      expect(snapshot.hasTag('lightingQueued')).toBe(model.lighting.queued !== null);
      expect(snapshot.hasTag('temperaturePending')).toBe(model.temperature.sending !== null);
      expect(snapshot.hasTag('temperatureQueued')).toBe(model.temperature.queued !== null);
      expect((tab('Lighting') as HTMLButtonElement).disabled).toBe(model.suite === 'plain');
      if (model.suite === 'lit') {
        showTab('Lighting');
        const slider = screen.getByRole('slider', { name: 'Brightness' });
        expect(Number(slider.getAttribute('aria-valuenow'))).toBe(shown(model.lighting));
        expect(screen.getByTestId('lighting-level').textContent).toContain(model.lighting.sending !== null ? 'Saving…' : '%');
        expect(screen.getByRole('switch', { name: 'Lights' }).getAttribute('aria-checked')).toBe(String(shown(model.lighting) > 0));
      }
      showTab('Temperature');
      const degrees = model.unit === 'F' ? shown(model.temperature) : Math.round((((shown(model.temperature) - 32) * 5) / 9) * 2) / 2;
      const reading = screen.getByTestId('temperature-value').textContent ?? '';
      expect(reading.startsWith(`${degrees} °${model.unit}`)).toBe(true);
      expect(reading.includes('Saving…')).toBe(model.temperature.sending !== null);
      if (model.unit === 'F') {
        expect((screen.getByRole('button', { name: 'Warmer' }) as HTMLButtonElement).disabled).toBe(shown(model.temperature) >= 75);
        expect((screen.getByRole('button', { name: 'Cooler' }) as HTMLButtonElement).disabled).toBe(shown(model.temperature) <= 65);
      }
      return;
    }
  }
}

describe('suite control test model', () => {
  it('is covered: every transition ends one path', () => {
    const { edges, uncovered } = uncoveredTransitions(suiteControlModel, PATHS);
    expect(uncovered).toEqual([]);
    expect(edges.size).toBeGreaterThan(100);
  });

  it('reaches every transition of the suite control machine', () => {
    // Each machine transition, by where it starts and the event, with the model events that take it.
    const reached = new Set(PATHS.flatMap((p) => p.events.map((e) => e.type)));
    for (const event of ['api.loaded', 'api.unavailable', 'api.notFound', 'api.loadFailed', 'user.retry', 'user.toggle', 'user.pageDown'])
      expect(reached).toContain(event);
    for (const event of [
      'api.lightingOk',
      'api.lightingFailed',
      'user.warmer',
      'user.cooler',
      'api.temperatureOk',
      'api.temperatureFailed',
      'user.unitC',
      'user.unitF',
    ])
      expect(reached).toContain(event);
    // Queued, then settled both ways (the queued change sent after a confirmed and after a failed one).
    const descriptions = PATHS.map((p) => p.description);
    for (const pattern of [
      /user\.(toggle|pageDown) → user\.(toggle|pageDown) → api\.lightingOk$/,
      /user\.(toggle|pageDown) → user\.(toggle|pageDown) → api\.lightingFailed$/,
      /user\.(warmer|cooler) → user\.(warmer|cooler) → api\.temperatureOk$/,
      /user\.(warmer|cooler) → user\.(warmer|cooler) → api\.temperatureFailed$/,
    ])
      expect(
        descriptions.some((d) => pattern.test(d)),
        String(pattern),
      ).toBe(true);
  });
});

describe('suite control paths against the flow and its view', () => {
  for (const { description, events } of PATHS)
    it(description, async () => {
      const model = createActor(suiteControlModel).start();
      let flow: Flow | null = null;
      for (const event of events) {
        const needs = TAB_FOR[event.type];
        if (flow && needs) showTab(needs);
        await act(async () => {
          if (event.type === 'start.lit' || event.type === 'start.plain') flow = start(event.type === 'start.lit' ? 'lit' : 'plain');
          else perform(flow!, event.type);
          await flush();
        });
        model.send(event);
        const { value, context } = model.getSnapshot();
        check(flow!, value as SuiteControlModelState, context);
      }
      const failures = events.filter((e) => e.type === 'api.lightingFailed' || e.type === 'api.temperatureFailed').length;
      expect(flow!.toasts).toHaveLength(failures);
      flow!.app.stop();
    });
});

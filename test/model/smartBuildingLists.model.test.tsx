import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fromPromise, type InspectionEvent } from 'xstate';
import { floorsMachine } from '../../machines/smartBuilding/floors.machine';
import { suitesMachine, type FloorSuites } from '../../machines/smartBuilding/suites.machine';
import type { SmartFloor } from '../../machines/smartBuilding/smartBuilding.types';
import { FloorsPage } from '../../src/ui/smartBuilding/FloorsPage';
import { SuitesPage } from '../../src/ui/smartBuilding/SuitesPage';
import { floorsModel, suitesModel, type FloorsModelState, type SuitesModelState } from './smartBuildingLists.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { renderScreen, startScreen } from './screen.harness';

const FLOORS: SmartFloor[] = [
  { id: 'f-12', navName: 'Floor 12' },
  { id: 'f-14', navName: 'Floor 14' },
];
const SUITES: FloorSuites = {
  floor: FLOORS[0]!,
  suites: [
    { id: 's-1200', navName: 'Suite 1200' },
    { id: 's-1210', navName: 'Suite 1210' },
  ],
};
const EMAIL = 'help@atrium.test';
const failure = (status: number) => Object.assign(new Error(status === 404 ? 'Not Found' : 'Bad Gateway'), { status });
const tryAgain = () => screen.getByRole('button', { name: 'Try again' });
const loadingShown = () => expect(screen.getByRole('progressbar', { name: 'Loading…' })).not.toBeNull();
const failedShown = () => {
  expect(screen.getByText('This could not be loaded. Please try again.')).not.toBeNull();
  expect(tryAgain()).not.toBeNull();
};
/** None found, with the contact-support link to the brand's help desk. */
const noneShown = (title: string) => {
  expect(screen.getByText(title)).not.toBeNull();
  expect(screen.getByTestId('contact-support').getAttribute('href')).toContain(`mailto:${EMAIL}`);
};
const linkNames = (testId: string) => [...(screen.queryByTestId(testId)?.querySelectorAll('a') ?? [])].map((a) => a.textContent);

// The floors list: floors with smart suites, none, a failure.
function startFloors(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const logic = floorsMachine.provide({ actors: { loadFloors: fromPromise(() => calls.call<SmartFloor[]>('floors')) } });
  return { ...startScreen('smartFloors', logic, { buildingUuid: 'b-1', helpDeskEmail: EMAIL }, inspect), calls };
}
type FloorsFlow = ReturnType<typeof startFloors>;

modelSuite<typeof floorsModel, FloorsFlow, FloorsModelState>({
  name: 'smart floors',
  model: floorsModel,
  areas: ['smartBuilding', 'shell'],
  start: (_, { inspect }) => startFloors(inspect),
  render: (flow) => renderScreen(flow, () => <FloorsPage />, '/building/b-1/smart-building'),
  world: ({ calls }, event) => {
    const pending = calls.take(['floors']);
    if (event.type === 'api.loaded') return pending.resolve(FLOORS);
    if (event.type === 'api.none') return pending.resolve([]);
    return pending.reject(failure(503));
  },
  send: ({ actor }) => actor.send({ type: 'user.retry' }),
  press: () => fireEvent.click(tryAgain()),
  machineState: {
    // A new load starts from nothing: what a failure kept is cleared.
    loading: ({ actor }) => actor.getSnapshot().hasTag('loading') && actor.getSnapshot().context.error === null,
    ready: ({ actor }) => actor.getSnapshot().hasTag('ready') && actor.getSnapshot().context.floors === FLOORS,
    empty: ({ actor }) => actor.getSnapshot().hasTag('empty') && actor.getSnapshot().context.floors.length === 0,
    failed: ({ actor }) => actor.getSnapshot().hasTag('failed') && actor.getSnapshot().context.error?.status === 503,
  },
  viewState: {
    loading: loadingShown,
    ready: () => expect(linkNames('floors')).toEqual(['Floor 12', 'Floor 14']),
    empty: () => noneShown('No floors found'),
    failed: failedShown,
  },
  stop: ({ app }) => app.stop(),
  machines: [floorsMachine],
  everyMachineTransition: true,
});

// A floor's suites: its suites, none, a floor the building does not have, a failure.
function startSuites(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const logic = suitesMachine.provide({ actors: { loadSuites: fromPromise(() => calls.call<FloorSuites>('suites')) } });
  return { ...startScreen('smartSuites', logic, { buildingUuid: 'b-1', floorId: 'f-12', helpDeskEmail: EMAIL }, inspect), calls };
}
type SuitesFlow = ReturnType<typeof startSuites>;

modelSuite<typeof suitesModel, SuitesFlow, SuitesModelState>({
  name: 'smart suites',
  model: suitesModel,
  areas: ['smartBuilding', 'shell'],
  start: (_, { inspect }) => startSuites(inspect),
  render: (flow) => renderScreen(flow, () => <SuitesPage />, '/building/b-1/smart-building/floors/f-12'),
  world: ({ calls }, event) => {
    const pending = calls.take(['suites']);
    if (event.type === 'api.loaded') return pending.resolve(SUITES);
    if (event.type === 'api.none') return pending.resolve({ floor: FLOORS[0]!, suites: [] });
    return pending.reject(failure(event.type === 'api.notFound' ? 404 : 503));
  },
  send: ({ actor }) => actor.send({ type: 'user.retry' }),
  press: () => fireEvent.click(tryAgain()),
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().hasTag('loading') && actor.getSnapshot().context.error === null,
    ready: ({ actor }) => actor.getSnapshot().hasTag('ready') && actor.getSnapshot().context.suites === SUITES.suites,
    empty: ({ actor }) => actor.getSnapshot().hasTag('empty') && actor.getSnapshot().context.floor?.id === 'f-12',
    notFound: ({ actor }) => actor.getSnapshot().hasTag('notFound') && actor.getSnapshot().context.error?.status === 404,
    failed: ({ actor }) => actor.getSnapshot().hasTag('failed') && actor.getSnapshot().context.error?.status === 503,
  },
  viewState: {
    loading: loadingShown,
    ready: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Floor 12' })).not.toBeNull();
      expect(linkNames('suites')).toEqual(['Suite 1200', 'Suite 1210']);
    },
    empty: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Floor 12' })).not.toBeNull();
      noneShown('No suites available');
    },
    notFound: () => expect(screen.getByText('This floor is not in this building.')).not.toBeNull(),
    failed: failedShown,
  },
  stop: ({ app }) => app.stop(),
  machines: [suitesMachine],
  everyMachineTransition: true,
});

describe('smart building lists: the test models', () => {
  it('agree with the machines: the same states', () => {
    expect(Object.keys(floorsModel.states).sort()).toEqual(Object.keys(floorsMachine.states).sort());
    expect(Object.keys(suitesModel.states).sort()).toEqual(Object.keys(suitesMachine.states).sort());
  });
});

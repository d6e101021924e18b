import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { emergencyMachine } from '../../machines/emergency/emergency.machine';
import type { EmergencyInfo } from '../../machines/emergency/emergency.types';
import { EmergencyScreen } from '../../src/ui/emergency/EmergencyPage';
import { englishCatalogue } from '../../src/i18n/locales';
import homeMessages from '../../src/i18n/areas/home/en.json';
import { emergencyModel, type EmergencyModelEvent, type EmergencyModelState } from './emergency.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';

const INFO: EmergencyInfo = {
  contacts: [
    { uuid: 'c1', name: 'Emergency services', phone: '911', hours: '24 hours' },
    { uuid: 'c2', name: 'Building security desk', phone: '+1 212 555 0100', hours: null },
  ],
  procedures: [{ uuid: 'p1', title: 'Fire', steps: ['Pull the nearest fire alarm.', 'Leave by the stairs.'] }],
};

/** The emergency flow with a fake call that waits for the test. */
function start(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const actor = createActor(emergencyMachine.provide({ actors: { loadEmergency: fromPromise(() => calls.call<EmergencyInfo>('emergency')) } }), {
    input: { buildingUuid: 'b-1' },
    ...(inspect ? { inspect } : {}),
  }).start();
  return { actor, calls };
}
type Flow = ReturnType<typeof start>;

function world(flow: Flow, event: EmergencyModelEvent['type']) {
  const pending = flow.calls.take(['emergency']);
  switch (event) {
    case 'api.loaded':
      return pending.resolve(INFO);
    case 'api.nothing':
      return pending.resolve({ contacts: [], procedures: [] });
    case 'api.failed':
      return pending.reject(Object.assign(new Error('Bad gateway'), { status: 502 }));
    default:
      throw new Error(`${event} is no answer of the API`);
  }
}

modelSuite<typeof emergencyModel, Flow, EmergencyModelState>({
  name: 'emergency management',
  model: emergencyModel,
  areas: ['home'],
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...homeMessages }}>
        <EmergencyScreen emergency={actor} building="One Atrium Plaza" />
      </IntlProvider>,
    ),
  world: (flow: Flow, event) => world(flow, event.type),
  send: ({ actor }: Flow, event) => actor.send({ type: event.type as 'user.retry' }),
  press: () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().matches('loading') && actor.getSnapshot().context.error === null,
    ready: ({ actor }) => actor.getSnapshot().matches('ready') && actor.getSnapshot().context.info === INFO,
    empty: ({ actor }) => actor.getSnapshot().matches('empty'),
    failed: ({ actor }) => actor.getSnapshot().matches('failed') && actor.getSnapshot().context.error?.status === 502,
  },
  viewState: {
    loading: () => {
      expect(screen.getByRole('progressbar')).not.toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    ready: () => {
      expect(screen.getByRole('link', { name: 'Call Building security desk: +1 212 555 0100' }).getAttribute('href')).toBe('tel:+12125550100');
      expect(screen.getByRole('link', { name: 'Call Emergency services: 911' })).not.toBeNull();
      expect(screen.getByRole('heading', { level: 3, name: 'Fire' })).not.toBeNull();
      expect(screen.getAllByRole('listitem')).toHaveLength(4);
    },
    empty: () => expect(screen.getByText('No emergency information yet')).not.toBeNull(),
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain('The emergency information could not be loaded.');
      expect(screen.getByRole('button', { name: 'Try again' })).not.toBeNull();
    },
  },
  stop: ({ actor }) => actor.stop(),
  machines: [emergencyMachine],
});

describe('emergency management: the test model', () => {
  it('has its 4 transitions (the flow as it was modelled)', () => {
    expect(untakenTransitions(emergencyModel, []).transitions.size).toBe(4);
  });

  it('agrees with the machine: every state of the model is a state of the flow, every person’s event one it takes', () => {
    expect(Object.keys(emergencyModel.states).sort()).toEqual(Object.keys(emergencyMachine.states).sort());
    const flowEvents = new Set<string>(emergencyMachine.root.events);
    for (const type of emergencyModel.root.events) if (!type.startsWith('api.')) expect(flowEvents.has(type), type).toBe(true);
  });
});

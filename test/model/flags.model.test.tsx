import { expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { FLAGS_ID, flagsMachine, type FlagsEvent, type FlagUser } from '../../machines/flags/flags.machine';
import type { FlagValues } from '../../contracts/flags';
import { useFlag } from '../../src/ui/appContext';
import { deferred, type Deferred } from '../fixtures/async';
import { flagsModel, type FlagsModelContext, type FlagsModelState } from './flags.model';
import { modelSuite } from './modelSuite';
import { modelGraph } from './paths';
import { renderInApp, standInApp } from './appStandIn.harness';

const PERSON: FlagUser = { key: 'u-1', anonymous: false, admin: false, roles: ['tenant'], buildingUuids: ['b-1'], hqo: false, host: 'app.example' };
const NOBODY: FlagUser = { key: 'anonymous', anonymous: true, admin: false, roles: [], buildingUuids: [], hqo: false, host: 'app.example' };

/** The flags actor with each load settled by the test and the flag service's change listener in the test's hands. */
function start(inspect?: (event: InspectionEvent) => void) {
  const loads: { user: FlagUser | null; call: Deferred<Partial<FlagValues>> }[] = [];
  const service: { changed: (() => void) | null } = { changed: null };
  const reported = vi.fn();
  const actor = createActor(
    flagsMachine.provide({
      actors: {
        loadFlags: fromPromise(({ input }) => {
          const call = deferred<Partial<FlagValues>>();
          loads.push({ user: input.user, call });
          return call.promise;
        }),
        watchFlags: fromCallback<FlagsEvent>(({ sendBack }) => {
          service.changed = () => sendBack({ type: 'flags.changed' });
          return () => (service.changed = null);
        }),
      },
      actions: { reportValues: ({ context }) => reported(context.values) },
    }),
    { input: {}, ...(inspect ? { inspect } : {}) },
  ).start();
  return { actor, loads, service, reported };
}
type Flow = ReturnType<typeof start>;
type Model = { context: FlagsModelContext };

/** A view's flag, through the app's hook. */
function Probe() {
  return <p data-testid="logo">{useFlag('header-logo') ? 'logo on' : 'logo off'}</p>;
}

/** The header logo is off for the person, on by default and for nobody. */
const logoOn = ({ context }: Model) => context.inForce !== 'person';
/** The flags are evaluated for the person, or for nobody (not yet identified, or identified as anonymous). */
const identified = (flow: Flow, { context }: Model) => {
  const user = flow.actor.getSnapshot().context.user;
  return context.who === 'person' ? user === PERSON : user === null || user === NOBODY;
};

modelSuite<typeof flagsModel, Flow, FlagsModelState>({
  name: 'flags',
  model: flagsModel,
  lens: { viewKey: ({ value, context }) => `${String(value)} ${(context as FlagsModelContext).inForce}` },
  start: (_, { inspect }) => start(inspect),
  render: ({ actor }) => renderInApp(standInApp({ [FLAGS_ID]: actor }), <Probe />),
  world: (flow, event) => {
    switch (event.type) {
      case 'app.signIn':
        return flow.actor.send({ type: 'flags.identify', user: PERSON });
      case 'app.signOut':
        return flow.actor.send({ type: 'flags.identify', user: NOBODY });
      case 'service.changed':
        return flow.service.changed!();
      case 'api.values': {
        const { user, call } = flow.loads.at(-1)!;
        return call.resolve(user?.anonymous === false ? { 'header-logo': false } : {});
      }
      default:
        return flow.loads.at(-1)!.call.reject(new Error('the flag service cannot be reached'));
    }
  },
  send: () => {
    throw new Error('no person sets flags');
  },
  press: () => {
    throw new Error('no person sets flags');
  },
  machineState: {
    loading: (flow, model) =>
      flow.actor.getSnapshot().hasTag('loading') &&
      flow.actor.getSnapshot().context.values['header-logo'] === logoOn(model) &&
      identified(flow, model),
    ready: (flow, model) =>
      flow.actor.getSnapshot().hasTag('ready') && flow.actor.getSnapshot().context.values['header-logo'] === logoOn(model) && identified(flow, model),
  },
  viewState: {
    loading: (_, model: Model) => expect(screen.getByTestId('logo').textContent).toBe(logoOn(model) ? 'logo on' : 'logo off'),
    ready: (_, model: Model) => expect(screen.getByTestId('logo').textContent).toBe(logoOn(model) ? 'logo on' : 'logo off'),
  },
  // Each load asks for whoever was identified then; the app hears the values of each load that came in.
  finally: ({ loads, reported }, events) => {
    expect(loads.length).toBe(1 + events.filter((e) => e.type.startsWith('app.') || e.type === 'service.changed').length);
    expect(reported).toHaveBeenCalledTimes(events.filter((e) => e.type === 'api.values').length);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [flagsMachine],
  everyMachineTransition: true,
});

it('flags: the test model identifies, changes and loads in every order', () => expect(modelGraph(flagsModel).edges.length).toBeGreaterThan(10));

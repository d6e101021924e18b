import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type AnyActorRef } from 'xstate';
import { floorsMachine } from '../../machines/smartBuilding/floors.machine';
import { suitesMachine } from '../../machines/smartBuilding/suites.machine';
import { suiteControlMachine } from '../../machines/smartBuilding/suiteControl.machine';
import { lightingLevel, temperatureShown } from '../../machines/smartBuilding/suiteControl.selectors';
import type { SuiteDetail, TemperatureAnswer } from '../../machines/smartBuilding/smartBuilding.types';
import { notificationsMachine, NOTIFICATIONS_ID } from '../../machines/notifications/notifications.machine';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Calls the test settles by hand, in the order they were made. */
class Calls {
  readonly made: { name: string; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  fn<T>(name: string) {
    return fromPromise<T, unknown>(
      ({ input }) => new Promise<T>((resolve, reject) => this.made.push({ name, input, resolve: resolve as never, reject })),
    );
  }
  next(name: string) {
    const i = this.made.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`no pending ${name}: ${this.made.map((c) => c.name).join(', ')}`);
    return this.made.splice(i, 1)[0]!;
  }
  pending(name: string) {
    return this.made.filter((c) => c.name === name).length;
  }
}

const suite = (overrides: Partial<SuiteDetail> = {}): SuiteDetail => ({
  id: 's-1',
  navName: 'Suite 1200',
  temp: 71,
  temp_unit: 'F',
  temp_equipment_name: 'Zone 12-A thermostat',
  lighting: 60,
  equipment_status: 'available',
  can_control: true,
  ...overrides,
});

/** The control inside a root with the app's notifications actor, as the app runs it. */
function startControl(preferredUnit: 'F' | 'C' | null = null) {
  const calls = new Calls();
  const persisted: string[] = [];
  const control = suiteControlMachine.provide({
    actors: {
      loadSuite: calls.fn('loadSuite') as never,
      setLighting: calls.fn('setLighting') as never,
      setTemperature: calls.fn('setTemperature') as never,
    },
    actions: { persistUnit: (_, { unit }) => persisted.push(unit) },
  });
  const root = setup({ actors: { notifications: notificationsMachine, control } }).createMachine({
    invoke: [
      { src: 'notifications', id: NOTIFICATIONS_ID, systemId: NOTIFICATIONS_ID },
      { src: 'control', id: 'control', input: { buildingUuid: 'b-1', suiteId: 's-1', helpDeskEmail: 'help@example.com' } },
    ],
  });
  const app = createActor(root).start();
  const actor = app.getSnapshot().children.control as AnyActorRef & {
    getSnapshot(): ReturnType<ReturnType<typeof createActor<typeof suiteControlMachine>>['getSnapshot']>;
  };
  const toasts = () => (app.system.get(NOTIFICATIONS_ID) as AnyActorRef).getSnapshot().context.notifications as { message: { id: string } }[];
  const load = async (detail = suite()) => {
    calls.next('loadSuite').resolve({ suite: detail, preferredUnit });
    await tick();
  };
  return { actor, calls, toasts, load, persisted };
}

describe('floors machine', () => {
  it('lists the floors, shows the empty state for none, and retries a failure', async () => {
    let answer: Promise<{ id: string; navName: string }[]> = Promise.reject({ status: 503, message: 'down' });
    const actor = createActor(floorsMachine.provide({ actors: { loadFloors: fromPromise(() => answer) } }), {
      input: { buildingUuid: 'b-1', helpDeskEmail: null },
    }).start();
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, message: 'down' });
    answer = Promise.resolve([]);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.hasTag('empty'));
    answer = Promise.resolve([{ id: 'f-1', navName: 'Floor 12' }]);
    // An empty list is final (nothing to retry); a new machine lists the floors.
    const again = createActor(floorsMachine.provide({ actors: { loadFloors: fromPromise(() => answer) } }), {
      input: { buildingUuid: 'b-1', helpDeskEmail: null },
    }).start();
    await waitFor(again, (s) => s.hasTag('ready'));
    expect(again.getSnapshot().context.floors).toEqual([{ id: 'f-1', navName: 'Floor 12' }]);
  });
});

describe('suites machine', () => {
  const run = (answer: () => Promise<unknown>) =>
    createActor(suitesMachine.provide({ actors: { loadSuites: fromPromise(answer as never) } }), {
      input: { buildingUuid: 'b-1', floorId: 'f-1', helpDeskEmail: null },
    }).start();

  it('lists a floor’s suites with the floor’s name', async () => {
    const actor = run(async () => ({ floor: { id: 'f-1', navName: 'Floor 12' }, suites: [{ id: 's-1', navName: 'Suite 1200' }] }));
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.floor?.navName).toBe('Floor 12');
    expect(actor.getSnapshot().context.suites).toHaveLength(1);
  });

  it('tells an empty floor, an unknown floor (404) and a failure apart', async () => {
    await waitFor(
      run(async () => ({ floor: { id: 'f-1', navName: 'Floor 15' }, suites: [] })),
      (s) => s.hasTag('empty'),
    );
    await waitFor(
      run(() => Promise.reject({ status: 404, message: 'No floor' })),
      (s) => s.hasTag('notFound'),
    );
    const failed = run(() => Promise.reject({ status: 500, message: 'boom' }));
    await waitFor(failed, (s) => s.hasTag('failed'));
    expect(failed.getSnapshot().can({ type: 'user.retry' })).toBe(true);
  });
});

describe('suite control machine', () => {
  it('opens ready in the suite’s unit, or unavailable, or not found', async () => {
    const a = startControl();
    await a.load();
    expect(a.actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(a.actor.getSnapshot().context.unit).toBe('F');
    const b = startControl();
    await b.load(suite({ equipment_status: 'unavailable' }));
    expect(b.actor.getSnapshot().hasTag('unavailable')).toBe(true);
    const c = startControl();
    c.calls.next('loadSuite').reject({ status: 404, message: 'No suite' });
    await tick();
    expect(c.actor.getSnapshot().hasTag('notFound')).toBe(true);
  });

  it("opens another company's suite read-only: its settings shown, no change sent (decision 144)", async () => {
    const { actor, calls, load } = startControl();
    await load(suite({ can_control: false }));
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
    expect(lightingLevel(actor.getSnapshot())).toBe(60);
    for (const event of [{ type: 'user.toggleLighting' }, { type: 'user.setLighting', value: 10 }, { type: 'user.warmer' }] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
      actor.send(event);
    }
    expect(calls.pending('setLighting') + calls.pending('setTemperature')).toBe(0);
  });

  it('shows a lighting change at once as pending, and the server’s answer confirms it', async () => {
    const { actor, calls, load } = startControl();
    await load();
    actor.send({ type: 'user.setLighting', value: 30 });
    expect(lightingLevel(actor.getSnapshot())).toBe(30);
    expect(actor.getSnapshot().hasTag('lightingPending')).toBe(true);
    const call = calls.next('setLighting');
    expect(call.input).toEqual({ buildingUuid: 'b-1', suiteId: 's-1', value: 30 });
    call.resolve(suite({ lighting: 30 }));
    await tick();
    expect(actor.getSnapshot().hasTag('lightingPending')).toBe(false);
    expect(actor.getSnapshot().context.suite?.lighting).toBe(30);
  });

  it('reverts a refused change and says so in a toast', async () => {
    const { actor, calls, load, toasts } = startControl();
    await load();
    actor.send({ type: 'user.toggleLighting' });
    expect(lightingLevel(actor.getSnapshot())).toBe(0);
    calls.next('setLighting').reject({ status: 409, message: 'The suite’s equipment is not available right now' });
    await tick();
    expect(lightingLevel(actor.getSnapshot())).toBe(60);
    expect(toasts().map((t) => t.message.id)).toEqual(['notifications.smartBuilding.lightingFailed']);
    // Through the shared failure helper: the server's answer is kept as the notification's error (section 8).
    expect((toasts()[0] as { error?: unknown }).error).toEqual({ status: 409, message: 'The suite’s equipment is not available right now' });
  });

  it('queues a change made while one is in flight and sends the newest after it, never two at once', async () => {
    const { actor, calls, load } = startControl();
    await load();
    actor.send({ type: 'user.setLighting', value: 10 });
    actor.send({ type: 'user.setLighting', value: 20 });
    actor.send({ type: 'user.setLighting', value: 90 });
    expect(calls.pending('setLighting')).toBe(1);
    expect(lightingLevel(actor.getSnapshot())).toBe(90);
    expect(actor.getSnapshot().hasTag('lightingQueued')).toBe(true);
    calls.next('setLighting').resolve(suite({ lighting: 10 }));
    await tick();
    const second = calls.next('setLighting');
    expect(second.input).toMatchObject({ value: 90 });
    expect(lightingLevel(actor.getSnapshot())).toBe(90);
    second.resolve(suite({ lighting: 90 }));
    await tick();
    expect(actor.getSnapshot().hasTag('lightingPending')).toBe(false);
    expect(lightingLevel(actor.getSnapshot())).toBe(90);
  });

  it('sends the queued change even when the one before it failed', async () => {
    const { actor, calls, load, toasts } = startControl();
    await load();
    actor.send({ type: 'user.setLighting', value: 10 });
    actor.send({ type: 'user.setLighting', value: 20 });
    calls.next('setLighting').reject({ status: 503, message: 'down' });
    await tick();
    expect(calls.next('setLighting').input).toMatchObject({ value: 20 });
    expect(toasts()).toHaveLength(1);
  });

  it('steps the temperature by a degree within 65–75 °F, queues presses, and disables cooler at the limit', async () => {
    const { actor, calls, load } = startControl();
    await load(suite({ temp: 66 }));
    actor.send({ type: 'user.cooler' });
    expect(temperatureShown(actor.getSnapshot())).toBe(65);
    expect(actor.getSnapshot().can({ type: 'user.cooler' })).toBe(false);
    actor.send({ type: 'user.warmer' });
    actor.send({ type: 'user.warmer' });
    expect(temperatureShown(actor.getSnapshot())).toBe(67);
    const first = calls.next('setTemperature');
    expect(first.input).toMatchObject({ request: { value: 65, unit: 'F' } });
    first.resolve({ temp: 65, isCelsius: false, current_temp: 66, requested_temp: 65, unit: 'F', equipment_name: 'x' } satisfies TemperatureAnswer);
    await tick();
    const second = calls.next('setTemperature');
    expect(second.input).toMatchObject({ request: { value: 67, unit: 'F' } });
    second.resolve({ temp: 67, isCelsius: false, current_temp: 65, requested_temp: 67, unit: 'F', equipment_name: 'x' });
    await tick();
    expect(actor.getSnapshot().context.suite?.temp).toBe(67);
    expect(actor.getSnapshot().hasTag('temperaturePending')).toBe(false);
  });

  it('shows and sends °C when the person chose it, and keeps the choice', async () => {
    const { actor, calls, load, persisted } = startControl();
    await load(suite({ temp: 71 }));
    actor.send({ type: 'user.setUnit', unit: 'C' });
    expect(persisted).toEqual(['C']);
    expect(temperatureShown(actor.getSnapshot())).toBe(21.5);
    actor.send({ type: 'user.warmer' });
    expect(calls.next('setTemperature').input).toMatchObject({ request: { value: 22, unit: 'C' } });
    const kept = startControl('C');
    await kept.load(suite({ temp: 71 }));
    expect(kept.actor.getSnapshot().context.unit).toBe('C');
  });

  it('offers no lighting change on a suite without lighting control', async () => {
    const { actor, load } = startControl();
    await load(suite({ lighting: false }));
    expect(actor.getSnapshot().can({ type: 'user.toggleLighting' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.setLighting', value: 50 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.warmer' })).toBe(true);
  });
});

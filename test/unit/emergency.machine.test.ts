import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emergencyMachine } from '../../machines/emergency/emergency.machine';
import type { EmergencyInfo } from '../../machines/emergency/emergency.types';
import { emergencyScreen } from '../../machines/emergency/emergency.screen';
import { deferred } from '../fixtures/async';

const INFO: EmergencyInfo = {
  contacts: [{ uuid: 'c1', name: 'Building security desk', phone: '+1 212 555 0100', hours: '24 hours' }],
  procedures: [{ uuid: 'p1', title: 'Fire', steps: ['Pull the alarm.', 'Leave by the stairs.'] }],
};

function start(answers: (() => Promise<EmergencyInfo>)[]) {
  const asked: string[] = [];
  const actor = createActor(
    emergencyMachine.provide({
      actors: {
        loadEmergency: fromPromise(({ input }) => {
          asked.push(input.buildingUuid);
          return answers.shift()!();
        }),
      },
    }),
    { input: { buildingUuid: 'b-1' } },
  ).start();
  return { actor, asked };
}

describe('emergencyMachine', () => {
  it('loads the building’s contacts and procedures', async () => {
    const { actor, asked } = start([async () => INFO]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.info).toEqual(INFO);
    expect(asked).toEqual(['b-1']);
  });

  it('with neither contacts nor procedures, is empty', async () => {
    const { actor } = start([async () => ({ contacts: [], procedures: [] })]);
    await waitFor(actor, (s) => s.hasTag('empty'));
  });

  it('keeps a failure’s error and loads again on user.retry, clearing it', async () => {
    const second = deferred<EmergencyInfo>();
    const { actor, asked } = start([() => Promise.reject(Object.assign(new Error('Gateway'), { status: 502 })), () => second.promise]);
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 502, message: 'Gateway' });
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    second.resolve(INFO);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(asked).toEqual(['b-1', 'b-1']);
  });

  it('restarts for another building or language; waits for a building', () => {
    const facts = { buildingUuid: 'b-1', locale: 'en' } as Parameters<typeof emergencyScreen.input>[1];
    expect(emergencyScreen.input({}, facts)).toEqual({ buildingUuid: 'b-1' });
    expect(emergencyScreen.input({ buildingUuid: 'b-2' }, facts)).toEqual({ buildingUuid: 'b-2' });
    expect(emergencyScreen.input({}, { ...facts, buildingUuid: null })).toBeNull();
    expect(emergencyScreen.restartKey({}, facts)).not.toBe(emergencyScreen.restartKey({}, { ...facts, locale: 'es-ES' }));
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookableResourcesMachine } from '../../machines/bookings/bookableResources.machine';
import { desksByPlace, resourcesByKind } from '../../machines/bookings/bookableResources.selectors';
import type { Resource } from '../../machines/bookings/bookResource.types';
import { resource } from '../fixtures/bookings';

const ROOM = resource({ uuid: 'r-1', name: 'Huddle Room', kind: 'room' });
const DESK = resource({ uuid: 'r-2', name: 'Focus Desk 7', kind: 'desk' });
const TERRACE = resource({ uuid: 'r-3', name: 'Rooftop Terrace', kind: 'amenity' });

function start(answers: (() => Promise<Resource[]>)[]) {
  let call = 0;
  return createActor(bookableResourcesMachine.provide({ actors: { load: fromPromise(() => answers[Math.min(call++, answers.length - 1)]!()) } }), {
    input: { buildingUuid: 'b-1' },
  }).start();
}

describe('the building’s bookable resources', () => {
  it('load, then filter by kind and back to all', async () => {
    const actor = start([() => Promise.resolve([TERRACE, DESK, ROOM])]);
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'user.filter', kind: 'desk' });
    expect(actor.getSnapshot().context.kind).toBe('desk');
    actor.send({ type: 'user.filter', kind: null });
    expect(actor.getSnapshot().context.kind).toBeNull();
  });

  it('say when there is nothing to book, and load again after a failure', async () => {
    expect((await waitFor(start([() => Promise.resolve([])]), (s) => !s.hasTag('loading'))).hasTag('empty')).toBe(true);
    const actor = start([() => Promise.reject({ status: 503, message: 'down' }), () => Promise.resolve([ROOM])]);
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.error?.status).toBe(503);
    actor.send({ type: 'user.retry' });
    expect((await waitFor(actor, (s) => s.hasTag('ready'))).context.resources).toEqual([ROOM]);
  });

  it('are shown rooms, desks, then spaces, a kind without any left out', () => {
    expect(resourcesByKind([TERRACE, DESK, ROOM], null).map((g) => [g.kind, g.resources.map((r) => r.name)])).toEqual([
      ['room', ['Huddle Room']],
      ['desk', ['Focus Desk 7']],
      ['amenity', ['Rooftop Terrace']],
    ]);
    expect(resourcesByKind([TERRACE, ROOM], 'desk')).toEqual([]);
    expect(resourcesByKind([TERRACE, ROOM], 'amenity').map((g) => g.kind)).toEqual(['amenity']);
  });

  it('put desks by floor and zone, in the order they come', () => {
    const desk = (uuid: string, floor: string | null, zone: string | null) => resource({ uuid, kind: 'desk', floor, zone });
    const groups = desksByPlace([desk('a', '12', 'Quiet'), desk('b', '14', 'Open'), desk('c', '12', 'Quiet'), desk('d', null, null)]);
    expect(groups.map((g) => [g.floor, g.zone, g.resources.map((r) => r.uuid)])).toEqual([
      ['12', 'Quiet', ['a', 'c']],
      ['14', 'Open', ['b']],
      [null, null, ['d']],
    ]);
  });
});

/** The event bus of one process (server/lib/eventBus.ts): delivery, ids in order, and replay after a last event id. */
import { describe, expect, it } from 'vitest';
import { compareEventIds, memoryEventBus } from '../../server/lib/eventBus.js';

describe('memory event bus', () => {
  it('delivers to the channel’s subscribers only, with ids in order, until they unsubscribe', async () => {
    let ms = 1_000;
    const bus = memoryEventBus(() => ms);
    const heard: string[] = [];
    const stop = bus.subscribe('person:a', (event) => heard.push(`${event.type}:${String(event.data)}:${event.id}`));
    bus.subscribe('person:b', (event) => heard.push(`b:${String(event.data)}`));
    await bus.publish('person:a', 'notification', 'one');
    await bus.publish('person:a', 'notification', 'two');
    ms += 5;
    await bus.publish('person:a', 'notification', 'three');
    stop();
    await bus.publish('person:a', 'notification', 'four');
    expect(heard).toEqual(['notification:one:1000-0', 'notification:two:1000-1', 'notification:three:1005-0']);
    expect(compareEventIds('1000-1', '1000-0')).toBeGreaterThan(0);
    expect(compareEventIds('999-9', '1000-0')).toBeLessThan(0);
  });

  it('replays what came after a last event id, and refuses ids it cannot vouch for', async () => {
    let ms = 10_000;
    const bus = memoryEventBus(() => ms, { maxEvents: 3, maxAgeMs: 60_000 });
    const first = await bus.publish('flags', 'flags', 1);
    const second = await bus.publish('flags', 'flags', 2);
    await bus.publish('flags', 'flags', 3);
    expect((await bus.since('flags', first.id))?.map((e) => e.data)).toEqual([2, 3]);
    expect(await bus.since('flags', 'not-an-id')).toBeNull();
    // Before the bus began: another process's id, whose events this one never saw.
    expect(await bus.since('flags', '9999-0')).toBeNull();
    // Once an event falls out of the window, replay from before it is refused; from after it is whole.
    await bus.publish('flags', 'flags', 4);
    expect((await bus.since('flags', first.id))?.map((e) => e.data)).toEqual([2, 3, 4]);
    await bus.publish('flags', 'flags', 5);
    expect(await bus.since('flags', first.id)).toBeNull();
    expect((await bus.since('flags', second.id))?.map((e) => e.data)).toEqual([3, 4, 5]);
    // And by age.
    ms += 61_000;
    expect(await bus.since('flags', second.id)).toBeNull();
    const fresh = await bus.publish('flags', 'flags', 5);
    expect(await bus.since('flags', fresh.id)).toEqual([]);
  });
});

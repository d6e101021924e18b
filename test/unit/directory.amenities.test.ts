import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { amenitiesMachine } from '../../machines/directory/amenities.machine';
import type { AmenityCategory } from '../../machines/directory/directory.types';
import { deferred, flush } from '../fixtures/async';
import { CATEGORIES } from '../fixtures/directory';

function start(load: (input: { buildingUuid: string }) => Promise<AmenityCategory[]> = async () => CATEGORIES) {
  const loadAmenities = vi.fn(load);
  const scrollToCategory = vi.fn();
  const actor = createActor(
    amenitiesMachine.provide({
      actors: { loadAmenities: fromPromise(({ input }) => loadAmenities(input)) },
      actions: { scrollToCategory: (_, params) => scrollToCategory(params.categoryUuid) },
    }),
    { input: { buildingUuid: 'b-1' } },
  ).start();
  return { actor, loadAmenities, scrollToCategory };
}

describe('amenitiesMachine', () => {
  it('loads the building’s amenities, then lists the categories that hold some, the first one marked', async () => {
    const answer = deferred<AmenityCategory[]>();
    const { actor, loadAmenities } = start(() => answer.promise);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(loadAmenities).toHaveBeenCalledWith({ buildingUuid: 'b-1' });
    answer.resolve(CATEGORIES);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.context.categories.map((c) => c.category_uuid)).toEqual(['cat-wellness', 'cat-food']);
    expect(snapshot.context.activeCategory).toBe('cat-wellness');
  });

  it('shows the empty state when no category holds an amenity (guard hasAmenities false)', async () => {
    const { actor } = start(async () => [{ id: 9, category_uuid: 'c', category_name: 'Empty', amenities: [] }]);
    await flush();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().context.categories).toEqual([]);
  });

  it('keeps the error on failure and loads again on retry, clearing it', async () => {
    const { actor, loadAmenities } = start(() => Promise.reject({ status: 503, message: 'down' }));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, message: 'down' });
    loadAmenities.mockResolvedValueOnce(CATEGORIES);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(loadAmenities).toHaveBeenCalledTimes(2);
  });

  it('a category tab marks its tab and scrolls to its section', async () => {
    const { actor, scrollToCategory } = start();
    await flush();
    actor.send({ type: 'user.selectCategory', categoryUuid: 'cat-food' });
    expect(actor.getSnapshot().context.activeCategory).toBe('cat-food');
    expect(scrollToCategory).toHaveBeenCalledExactlyOnceWith('cat-food');
  });

  it('ignores a category it does not list (guard isListedCategory), and tabs before the list is there', async () => {
    const answer = deferred<AmenityCategory[]>();
    const { actor, scrollToCategory } = start(() => answer.promise);
    actor.send({ type: 'user.selectCategory', categoryUuid: 'cat-food' });
    answer.resolve(CATEGORIES);
    await flush();
    expect(actor.getSnapshot().context.activeCategory).toBe('cat-wellness');
    expect(actor.getSnapshot().can({ type: 'user.selectCategory', categoryUuid: 'cat-empty' })).toBe(false);
    actor.send({ type: 'user.selectCategory', categoryUuid: 'cat-empty' });
    expect(actor.getSnapshot().context.activeCategory).toBe('cat-wellness');
    expect(scrollToCategory).not.toHaveBeenCalled();
  });
});

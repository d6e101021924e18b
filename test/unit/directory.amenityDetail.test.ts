import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { amenityDetailMachine } from '../../machines/directory/amenityDetail.machine';
import type { AmenityCategory } from '../../machines/directory/directory.types';
import { flush } from './fixtures';
import { CATEGORIES } from './directory.fixtures';

function start(amenityUuid: string, load: (input: { buildingUuid: string }) => Promise<AmenityCategory[]> = async () => CATEGORIES) {
  const loadAmenities = vi.fn(load);
  const actor = createActor(amenityDetailMachine.provide({ actors: { loadAmenities: fromPromise(({ input }) => loadAmenities(input)) } }), {
    input: { buildingUuid: 'b-1', amenityUuid, helpDeskEmail: 'help@atrium.localhost' },
  }).start();
  return { actor, loadAmenities };
}

describe('amenityDetailMachine', () => {
  it('finds the amenity among the building’s amenities (guard amenityListed)', async () => {
    const { actor, loadAmenities } = start('a-cafe');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(loadAmenities).toHaveBeenCalledWith({ buildingUuid: 'b-1' });
    expect(actor.getSnapshot().matches({ ready: 'supportClosed' })).toBe(true);
    expect(actor.getSnapshot().context.amenity).toMatchObject({
      amenity_uuid: 'a-cafe',
      amenity_name: 'Lobby café',
      category: { category_name: 'Food and drink' },
    });
  });

  it('is not found when the building has no amenity of that uuid', async () => {
    const { actor } = start('a-unknown');
    await flush();
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
    expect(actor.getSnapshot().context.amenity).toBeNull();
  });

  it('is not found on a 404 or 403 answer (guard notFound), failed on anything else', async () => {
    const missing = start('a-cafe', () => Promise.reject({ status: 403, message: 'not a member' }));
    await flush();
    expect(missing.actor.getSnapshot().matches('notFound')).toBe(true);
    const down = start('a-cafe', () => Promise.reject({ status: 500, message: 'boom' }));
    await flush();
    expect(down.actor.getSnapshot().matches('failed')).toBe(true);
    expect(down.actor.getSnapshot().context.error).toEqual({ status: 500, message: 'boom' });
  });

  it('retries after a failure', async () => {
    const { actor, loadAmenities } = start('a-gym', () => Promise.reject(new Error('offline')));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    loadAmenities.mockResolvedValueOnce(CATEGORIES);
    actor.send({ type: 'user.retry' });
    await flush();
    expect(actor.getSnapshot().context.amenity?.amenity_name).toBe('Fitness center');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('opens and closes the support modal', async () => {
    const { actor } = start('a-gym');
    expect(actor.getSnapshot().can({ type: 'user.requestSupport' })).toBe(false);
    await flush();
    actor.send({ type: 'user.requestSupport' });
    expect(actor.getSnapshot().hasTag('support')).toBe(true);
    expect(actor.getSnapshot().context.helpDeskEmail).toBe('help@atrium.localhost');
    actor.send({ type: 'user.closeSupport' });
    expect(actor.getSnapshot().hasTag('support')).toBe(false);
    expect(actor.getSnapshot().matches({ ready: 'supportClosed' })).toBe(true);
  });
});

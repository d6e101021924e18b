import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { amenityDetailMachine } from '../../machines/directory/amenityDetail.machine';
import { helpDeskMachine, type HelpDeskRef } from '../../machines/helpDesk/helpDesk.machine';
import type { HelpDeskRequest } from '../../machines/helpDesk/helpDesk.types';
import type { AmenityCategory } from '../../machines/directory/directory.types';
import { flush } from '../fixtures/async';
import { CATEGORIES } from '../fixtures/directory';

function start(amenityUuid: string, load: (input: { buildingUuid: string }) => Promise<AmenityCategory[]> = async () => CATEGORIES) {
  const loadAmenities = vi.fn(load);
  const actor = createActor(amenityDetailMachine.provide({ actors: { loadAmenities: fromPromise(({ input }) => loadAmenities(input)) } }), {
    input: {
      buildingUuid: 'b-1',
      amenityUuid,
      helpDeskEmail: 'help@atrium.localhost',
      requester: { name: 'Dana Demo', email: 'dana@northwind.example', companyName: 'Northwind Traders' },
    },
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

  it('opens the support modal; the modal closes only with the help-desk form’s end', async () => {
    const { actor } = start('a-gym');
    expect(actor.getSnapshot().can({ type: 'user.requestSupport' })).toBe(false);
    await flush();
    actor.send({ type: 'user.requestSupport' });
    expect(actor.getSnapshot().hasTag('support')).toBe(true);
    expect(actor.getSnapshot().context.helpDeskEmail).toBe('help@atrium.localhost');
    expect(actor.getSnapshot().matches({ ready: 'supportOpen' })).toBe(true);
  });

  it('runs the help-desk form about the amenity in the modal; the form’s end closes it', async () => {
    const { actor } = start('a-gym');
    await flush();
    actor.send({ type: 'user.requestSupport' });
    const support = actor.getSnapshot().children.support as HelpDeskRef;
    expect(support.getSnapshot().context.fields).toEqual({ nature: 'building', subject: 'Fitness center', description: '' });
    expect(support.getSnapshot().context.requester).toEqual({ name: 'Dana Demo', email: 'dana@northwind.example', companyName: 'Northwind Traders' });
    expect(support.getSnapshot().context.buildingUuid).toBe('b-1');
    // Nothing typed beyond the amenity's start: cancel closes at once.
    support.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'supportClosed' })).toBe(true);
    expect(actor.getSnapshot().children.support).toBeUndefined();
  });

  it('sends the support request and closes the modal after Done', async () => {
    const submit = vi.fn(async (_request: HelpDeskRequest) => ({ uuid: 'r-1' }));
    const actor = createActor(
      amenityDetailMachine.provide({
        actors: {
          loadAmenities: fromPromise(async () => CATEGORIES),
          helpDesk: helpDeskMachine.provide({ actors: { submit: fromPromise(({ input }) => submit(input)) } }),
        },
      }),
      { input: { buildingUuid: 'b-1', amenityUuid: 'a-gym', helpDeskEmail: null, requester: null } },
    ).start();
    await flush();
    actor.send({ type: 'user.requestSupport' });
    const support = actor.getSnapshot().children.support as HelpDeskRef;
    support.send({ type: 'user.change', field: 'description', value: 'The treadmill is broken' });
    support.send({ type: 'user.submit' });
    await flush();
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ nature: 'building', subject: 'Fitness center', description: 'The treadmill is broken' }),
    );
    expect(support.getSnapshot().hasTag('success')).toBe(true);
    expect(actor.getSnapshot().hasTag('support')).toBe(true);
    support.send({ type: 'user.done' });
    expect(actor.getSnapshot().matches({ ready: 'supportClosed' })).toBe(true);
  });
});

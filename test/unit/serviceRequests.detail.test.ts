import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { serviceRequestDetailMachine } from '../../machines/serviceRequests/serviceRequestDetail.machine';
import { answerFacts, changedBy, newestChangeFirst, photoView } from '../../machines/serviceRequests/serviceRequestDetail.selectors';
import type { RequestPhoto, ServiceRequestDetail, ServiceRequestDetailEvent } from '../../machines/serviceRequests/serviceRequestDetail.types';
import { serviceRequestDetailScreen } from '../../machines/serviceRequests/serviceRequests.screens';
import { createServiceRequest, serviceRequestForm, serviceRequestPhoto } from '../../src/api/serviceRequests';
import { installApiClient, type ApiClient } from '../../src/api/client';
import { deferred, flush } from '../fixtures/async';
import { serviceRequestDetail } from '../fixtures/serviceRequests';

const INPUT = { buildingUuid: 'b-1', requestUuid: 'r-1' };

/** The detail flow with a load that answers as told and a photo reader the test drives by hand. */
function start(load: () => Promise<ServiceRequestDetail>) {
  const loads = vi.fn((_input: unknown) => load());
  const reader = { photos: null as readonly RequestPhoto[] | null, send: null as ((event: ServiceRequestDetailEvent) => void) | null, stopped: 0 };
  const actor = createActor(
    serviceRequestDetailMachine.provide({
      actors: {
        load: fromPromise(({ input }) => loads(input)),
        showPhotos: fromCallback<ServiceRequestDetailEvent, { photos: readonly RequestPhoto[] }>(({ input, sendBack }) => {
          reader.photos = input.photos;
          reader.send = sendBack;
          return () => void reader.stopped++;
        }),
      },
    }),
    { input: INPUT },
  ).start();
  return { actor, loads, reader };
}

describe('serviceRequestDetailMachine', () => {
  it('loads the request, then reads its photos: each shows once it is read, or says it could not be', async () => {
    const detail = serviceRequestDetail();
    const { actor, loads, reader } = start(async () => detail);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(loads).toHaveBeenCalledWith(INPUT);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.request).toEqual(detail);
    expect(reader.photos).toEqual(detail.photos);
    expect(photoView(actor.getSnapshot().context, 'p-1')).toBe('loading');
    reader.send!({ type: 'photo.shown', id: 'p-1', url: 'blob:one' });
    reader.send!({ type: 'photo.unshown', id: 'p-2' });
    const { context } = actor.getSnapshot();
    expect(context.shown).toEqual({ 'p-1': 'blob:one' });
    expect([photoView(context, 'p-1'), photoView(context, 'p-2')]).toEqual(['shown', 'unshown']);
    // Leaving the screen stops the reader, which releases the photos' addresses.
    actor.stop();
    expect(reader.stopped).toBe(1);
  });

  it('says a request it may not read (404) is not found, and offers no retry there', async () => {
    const { actor, loads } = start(() => Promise.reject({ status: 404, message: 'No service request of yours with this id' }));
    await flush();
    expect(actor.getSnapshot().hasTag('notFound')).toBe(true);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().hasTag('notFound')).toBe(true);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('keeps another failure’s error and loads again on retry', async () => {
    const again = deferred<ServiceRequestDetail>();
    const { actor, loads } = start(() => Promise.reject({ status: 503, message: 'down' }));
    await flush();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 503, message: 'down' });
    loads.mockImplementationOnce(() => again.promise);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    again.resolve(serviceRequestDetail({ photos: [] }));
    await flush();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('restarts for another building or request, and waits for a building', () => {
    const facts = { buildingUuid: 'b-9' } as Parameters<typeof serviceRequestDetailScreen.input>[1];
    expect(serviceRequestDetailScreen.input({ buildingUuid: 'b-1', requestUuid: 'r-1' }, facts)).toEqual(INPUT);
    expect(serviceRequestDetailScreen.input({ requestUuid: 'r-1' }, facts)).toEqual({ buildingUuid: 'b-9', requestUuid: 'r-1' });
    expect(serviceRequestDetailScreen.input({ requestUuid: 'r-1' }, { ...facts, buildingUuid: null })).toBeNull();
    expect(serviceRequestDetailScreen.restartKey({ buildingUuid: 'b-1', requestUuid: 'r-1' }, facts)).not.toBe(
      serviceRequestDetailScreen.restartKey({ buildingUuid: 'b-1', requestUuid: 'r-2' }, facts),
    );
  });
});

describe('the detail’s selectors', () => {
  it('lists the known answers in the form’s order, then the others, never the description or an empty one', () => {
    expect(answerFacts({ description: 'x', preferred_date: '2026-11-24', colour: 'red', location: 'Lobby', category: 'HVAC', empty: '' })).toEqual([
      { name: 'category', known: true, value: 'HVAC' },
      { name: 'location', known: true, value: 'Lobby' },
      { name: 'preferred_date', known: true, value: '2026-11-24' },
      { name: 'colour', known: false, value: 'red' },
    ]);
  });

  it('says who made a change: you, the named vendor, or the building team', () => {
    expect(changedBy({ by: 'requester', by_name: null })).toEqual({ who: 'you' });
    expect(changedBy({ by: 'building_team', by_name: 'Northline' })).toEqual({ who: 'named', name: 'Northline' });
    expect(changedBy({ by: 'building_team', by_name: null })).toEqual({ who: 'team' });
  });

  it('shows the newest change first, leaving the answer as it was', () => {
    const { timeline } = serviceRequestDetail();
    expect(newestChangeFirst(timeline).map((c) => c.status)).toEqual(['Accepted', 'Pending', 'Submitted']);
    expect(timeline.map((c) => c.status)).toEqual(['Submitted', 'Pending', 'Accepted']);
  });
});

describe('the service-request calls', () => {
  afterEach(() => vi.restoreAllMocks());
  const install = () => {
    const call = vi.fn(async (_path: string, _options?: unknown) => ({ data: { id: 'r-1' } }) as unknown);
    installApiClient({
      call: call as unknown as ApiClient['call'],
      values: () => ({ apiBase: '/api', brand: 'atrium', locale: 'en', buildingUuid: null, appUuid: 'atrium-tenant-web', apiKey: '' }),
    });
    return call;
  };

  it('files a request as JSON without photos, and as a multipart form with them (answers, then each photo under "photos")', async () => {
    const call = install();
    await createServiceRequest('b-1', { category: 'HVAC' });
    expect(call).toHaveBeenLastCalledWith('/service-request/buildings/b-1/create', { method: 'POST', body: { category: 'HVAC' } });
    const leak = new File(['jpeg'], 'leak.jpg', { type: 'image/jpeg' });
    await createServiceRequest('b-1', { category: 'HVAC', priority: 'High' }, [leak]);
    const body = (call.mock.lastCall![1] as { body: FormData }).body;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['category', 'priority', 'photos']);
    expect((body.get('photos') as File).name).toBe('leak.jpg');
    expect([...serviceRequestForm({ a: '1' }, []).keys()]).toEqual(['a']);
  });

  it('reads a photo by its link with the bearer, as bytes; a link that is not the API’s own is refused', async () => {
    const call = install();
    await serviceRequestPhoto('/service-request/buildings/b-1/service-request/r-1/photos/p-1');
    expect(call).toHaveBeenLastCalledWith('/service-request/buildings/b-1/service-request/r-1/photos/p-1', { blob: true });
    for (const url of ['https://evil.example/x.jpg', '//evil.example/x.jpg', 'photos/p-1'])
      await expect(serviceRequestPhoto(url)).rejects.toThrow(/not a path/);
    expect(call).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { serviceRequestsMachine } from '../../machines/serviceRequests/serviceRequests.machine';
import {
  answerProblem,
  answersToSend,
  appendRequest,
  formProblems,
  isFormValid,
  newestFirst,
  nextStatuses,
  replaceRequest,
  startingAnswers,
  takePhotos,
} from '../../machines/serviceRequests/serviceRequests.rules';
import { requestTitle, sameProblems, submitProblems } from '../../machines/serviceRequests/serviceRequests.selectors';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../contracts/serviceRequests';
import type { ServiceRequest, ServiceRequestStatus } from '../../machines/serviceRequests/serviceRequests.types';
import { deferred, flush } from '../fixtures/async';
import { serviceRequest, serviceRequestForm } from '../fixtures/serviceRequests';

// A short location, so that a test can pass its limit.
const FORM = serviceRequestForm({ fields: serviceRequestForm().fields.map((f) => (f.name === 'location' ? { ...f, maxLength: 20 } : f)) });

const request = (id: string, status: ServiceRequestStatus, created = '2026-11-20T10:00:00.000Z'): ServiceRequest =>
  serviceRequest({ id, requestId: id, reference: `SR-${id}`, status, created_at: created, updated_at: created });

/** What the person types; the priority is the form's default (Normal) unless they change it. */
const GOOD = { category: 'Cleaning', location: 'Kitchen', description: 'Spilled coffee' };
const SENT = { ...GOOD, priority: 'Normal' };
const photo = (name: string, size = 1000, type = 'image/jpeg') => ({ name, size, type });

function start(
  overrides: {
    enabled?: boolean;
    requests?: ServiceRequest[];
    load?: () => Promise<never>;
    create?: (input: unknown) => Promise<ServiceRequest>;
    update?: (input: unknown) => Promise<ServiceRequest>;
  } = {},
) {
  const notify = vi.fn();
  const notified = vi.fn();
  const leave = vi.fn();
  const create = vi.fn(overrides.create ?? (async (_input: unknown) => request('new', 'Submitted', '2026-11-25T09:00:00.000Z')));
  const update = vi.fn(overrides.update ?? (async (_input: unknown) => ({ ...request('1', 'Canceled') })));
  const loaded = async () => ({
    requests: overrides.requests ?? [request('1', 'Submitted'), request('2', 'Accepted', '2026-11-19T10:00:00.000Z')],
    form: FORM,
  });
  const load = vi.fn(loaded);
  if (overrides.load) load.mockImplementationOnce(overrides.load);
  const actor = createActor(
    serviceRequestsMachine.provide({
      actors: {
        load: fromPromise(() => load()),
        create: fromPromise(({ input }) => create(input)),
        updateStatus: fromPromise(({ input }) => update(input)),
      },
      actions: { leave: (_, p) => leave(p), notify: (_, p) => notify(p), notifyFailure: (_, p) => notified(p) },
    }),
    { input: { buildingUuid: 'b-1', enabled: overrides.enabled ?? true } },
  ).start();
  return { actor, notify, notified, leave, create, update, load };
}

describe('service-request rules', () => {
  it('checks each answer as the metadata says: required, options, length, a real date', () => {
    const [category, location, , , date] = FORM.fields as [never, never, never, never, never];
    expect(answerProblem(category, '')).toBe('required');
    expect(answerProblem(category, 'Plumbing')).toBe('invalidOption');
    expect(answerProblem(location, 'x'.repeat(21))).toBe('tooLong');
    expect(answerProblem(date, '')).toBeNull();
    expect(answerProblem(date, '2026-02-30')).toBe('invalidDate');
    expect(answerProblem(date, '2026-12-01')).toBeNull();
    expect(isFormValid(FORM, SENT)).toBe(true);
    expect(isFormValid(FORM, { ...SENT, location: '  ' })).toBe(false);
    expect(isFormValid(null, SENT)).toBe(false);
    expect(answersToSend(FORM, { ...SENT, location: ' Kitchen ', preferred_date: '' })).toEqual(SENT);
  });

  it('starts a form at the metadata’s defaults: Normal priority, nothing else', () => {
    expect(startingAnswers(FORM)).toEqual({ priority: 'Normal' });
    expect(startingAnswers(null)).toEqual({});
    expect(startingAnswers(serviceRequestForm({ fields: FORM.fields.map(({ default: _, ...f }) => f) }))).toEqual({});
  });

  it('names what keeps the form from being sent: required fields left empty, then answers it does not take, in its order', () => {
    const names = (problems: ReturnType<typeof formProblems>) => ({
      missing: problems.missing.map((f) => f.name),
      invalid: problems.invalid.map((f) => f.name),
    });
    expect(names(formProblems(FORM, startingAnswers(FORM)))).toEqual({ missing: ['category', 'location', 'description'], invalid: [] });
    expect(names(formProblems(FORM, { ...SENT, location: 'x'.repeat(21), preferred_date: '2026-02-30', description: '' }))).toEqual({
      missing: ['description'],
      invalid: ['location', 'preferred_date'],
    });
    expect(names(formProblems(FORM, SENT))).toEqual({ missing: [], invalid: [] });
    expect(names(formProblems(null, {}))).toEqual({ missing: [], invalid: [] });
    // The summary says them by the form's labels.
    expect(submitProblems({ form: FORM, answers: { ...SENT, category: '', preferred_date: 'soon' } })).toEqual({
      missing: ['Category'],
      invalid: ['Preferred date'],
    });
    expect(sameProblems({ missing: ['A'], invalid: [] }, { missing: ['A'], invalid: [] })).toBe(true);
    expect(sameProblems({ missing: ['A'], invalid: [] }, { missing: [], invalid: ['A'] })).toBe(false);
  });

  it('attaches photos within the limits and refuses the others with their reason', () => {
    const { photos, refused } = takePhotos(
      [photo('a.jpg')],
      [
        photo('a.jpg'),
        photo('b.png', 2000, 'image/png'),
        photo('IMG_1.HEIC', 3000, ''),
        photo('notes.pdf', 100, 'application/pdf'),
        photo('script.jpg', 100, 'text/plain'),
        photo('empty.jpg', 0),
        photo('huge.jpg', MAX_PHOTO_BYTES + 1),
        photo('edge.webp', MAX_PHOTO_BYTES, 'image/webp'),
        photo('six.jpg'),
      ],
    );
    // The one already attached is not added twice; a HEIC the browser gave no type is taken by its name.
    expect(photos.map((p) => p.name)).toEqual(['a.jpg', 'b.png', 'IMG_1.HEIC', 'edge.webp', 'six.jpg']);
    expect(refused).toEqual([
      { name: 'notes.pdf', reason: 'notAPhoto' },
      { name: 'script.jpg', reason: 'notAPhoto' },
      { name: 'empty.jpg', reason: 'empty' },
      { name: 'huge.jpg', reason: 'tooLarge' },
    ]);
    expect(photos).toHaveLength(MAX_PHOTOS);
    const full = takePhotos(photos, [photo('seven.jpg'), photo('six.jpg')]);
    expect(full.photos).toEqual(photos);
    expect(full.refused).toEqual([{ name: 'seven.jpg', reason: 'tooMany' }]);
  });

  it('lets a tenant cancel only a Pending or Submitted request', () => {
    expect(nextStatuses({ status: 'Pending' })).toEqual(['Canceled']);
    expect(nextStatuses({ status: 'Submitted' })).toEqual(['Canceled']);
    for (const status of ['Accepted', 'Denied', 'Denied_Available', 'Denied_Unavailable', 'Canceled'] as const)
      expect(nextStatuses({ status })).toEqual([]);
  });

  it('appends a created request, replaces an updated one by id, and lists newest first', () => {
    const list = [request('1', 'Submitted'), request('2', 'Pending', '2026-11-21T00:00:00.000Z')];
    const created = request('3', 'Submitted', '2026-11-22T00:00:00.000Z');
    expect(appendRequest(list, created).map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(replaceRequest(list, { ...list[0]!, status: 'Canceled' }).map((r) => [r.id, r.status])).toEqual([
      ['1', 'Canceled'],
      ['2', 'Pending'],
    ]);
    expect(newestFirst(appendRequest(list, created)).map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(requestTitle({ category: 'HVAC', location: 'Floor 12' })).toBe('HVAC · Floor 12');
  });
});

describe('serviceRequestsMachine', () => {
  it('goes home when the flag is off, and loads nothing', () => {
    const { actor, leave, load } = start({ enabled: false });
    expect(actor.getSnapshot().hasTag('off')).toBe(true);
    expect(leave).toHaveBeenCalledWith({ buildingUuid: 'b-1' });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the list and the form; an empty list is ready too', async () => {
    const { actor } = start({ requests: [] });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.requests).toEqual([]);
    expect(actor.getSnapshot().context.form).toEqual(FORM);
  });

  it('keeps a failed load’s error and tries again', async () => {
    const { actor, load } = start({ load: () => Promise.reject({ status: 503, message: 'down' }) });
    await flush();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 503, message: 'down' });
    actor.send({ type: 'user.retry' });
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('creates from the form’s answers only when they pass; the new request is appended and a toast says so', async () => {
    const { actor, create, notify } = start();
    await flush();
    actor.send({ type: 'user.openCreate' });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    for (const [name, value] of Object.entries(GOOD)) actor.send({ type: 'user.change', name, value });
    actor.send({ type: 'user.blur', name: 'location' });
    expect(actor.getSnapshot().context.touched).toEqual({ location: true });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(create).toHaveBeenCalledWith({ buildingUuid: 'b-1', answers: SENT, photos: [] });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.requests.map((r) => r.id)).toEqual(['1', '2', 'new']);
    expect(notify).toHaveBeenCalledWith({ tone: 'success', id: 'notifications.serviceRequestCreated', values: { reference: 'SR-new' } });
  });

  it('keeps the answers and shows the error when a create fails; closing drops them', async () => {
    const { actor } = start({ create: () => Promise.reject({ status: 400, message: 'Location or floor is required', code: 'missing_field' }) });
    await flush();
    actor.send({ type: 'user.openCreate' });
    for (const [name, value] of Object.entries(GOOD)) actor.send({ type: 'user.change', name, value });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: { creating: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toBe('Location or floor is required');
    expect(actor.getSnapshot().context.answers).toEqual(SENT);
    actor.send({ type: 'user.closeCreate' });
    actor.send({ type: 'user.openCreate' });
    expect(actor.getSnapshot().context.answers).toEqual({ priority: 'Normal' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('starts the form at Normal priority, which the person may change', async () => {
    const { actor, create } = start();
    await flush();
    actor.send({ type: 'user.openCreate' });
    expect(actor.getSnapshot().context.answers).toEqual({ priority: 'Normal' });
    for (const [name, value] of Object.entries({ ...GOOD, priority: 'Urgent' })) actor.send({ type: 'user.change', name, value });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(create).toHaveBeenCalledWith({ buildingUuid: 'b-1', answers: { ...GOOD, priority: 'Urgent' }, photos: [] });
  });

  it('attaches, refuses and removes photos while editing, sends them with the answers, and a new form starts without', async () => {
    const { actor, create } = start();
    await flush();
    actor.send({ type: 'user.openCreate' });
    const [leak, pipe] = [photo('leak.jpg'), photo('pipe.png', 2000, 'image/png')];
    actor.send({ type: 'user.addPhotos', photos: [leak, photo('notes.pdf', 10, 'application/pdf'), pipe] });
    expect(actor.getSnapshot().context.photos).toEqual([leak, pipe]);
    expect(actor.getSnapshot().context.refused).toEqual([{ name: 'notes.pdf', reason: 'notAPhoto' }]);
    // A removal clears the last choice's refusals (they were about that choice).
    actor.send({ type: 'user.removePhoto', index: 0 });
    expect(actor.getSnapshot().context.photos).toEqual([pipe]);
    expect(actor.getSnapshot().context.refused).toEqual([]);
    // Photos alone do not make the form sendable.
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    for (const [name, value] of Object.entries(GOOD)) actor.send({ type: 'user.change', name, value });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(create).toHaveBeenCalledWith({ buildingUuid: 'b-1', answers: SENT, photos: [pipe] });
    actor.send({ type: 'user.openCreate' });
    expect(actor.getSnapshot().context.photos).toEqual([]);
  });

  it('takes no photo outside the form', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'user.addPhotos', photos: [photo('leak.jpg')] });
    expect(actor.getSnapshot().context.photos).toEqual([]);
  });

  it('changes a status after a confirmation; the answer replaces the item with the same id', async () => {
    const answer = deferred<ServiceRequest>();
    const { actor, update, notify } = start({ update: () => answer.promise });
    await flush();
    // Accepted requests are the staff's: no change is offered.
    actor.send({ type: 'user.changeStatus', id: '2', status: 'Canceled' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    actor.send({ type: 'user.changeStatus', id: '1', status: 'Accepted' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    actor.send({ type: 'user.changeStatus', id: '1', status: 'Canceled' });
    expect(actor.getSnapshot().hasTag('confirmStatus')).toBe(true);
    actor.send({ type: 'user.keepStatus' });
    expect(actor.getSnapshot().context.pending).toBeNull();
    actor.send({ type: 'user.changeStatus', id: '1', status: 'Canceled' });
    actor.send({ type: 'user.confirmStatus' });
    expect(actor.getSnapshot().hasTag('updating')).toBe(true);
    await flush();
    expect(update).toHaveBeenCalledWith({ buildingUuid: 'b-1', id: '1', status: 'Canceled' });
    answer.resolve({ ...request('1', 'Canceled'), updated_at: '2026-11-25T00:00:00.000Z' });
    await flush();
    expect(actor.getSnapshot().context.requests.map((r) => [r.id, r.status])).toEqual([
      ['1', 'Canceled'],
      ['2', 'Accepted'],
    ]);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(notify).toHaveBeenCalledWith({ tone: 'success', id: 'notifications.serviceRequestUpdated', values: { reference: 'SR-1' } });
  });

  it('leaves the list as it was and shows an error toast when a status change fails', async () => {
    const { actor, notify, notified } = start({
      update: () => Promise.reject({ status: 409, message: 'This request is Accepted and can no longer be canceled' }),
    });
    await flush();
    actor.send({ type: 'user.changeStatus', id: '1', status: 'Canceled' });
    actor.send({ type: 'user.confirmStatus' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.requests[0]!.status).toBe('Submitted');
    // Through the shared failure helper, with the server's answer as its error (section 8).
    expect(notified).toHaveBeenCalledWith({
      message: { id: 'notifications.serviceRequestUpdateFailed', values: { message: 'This request is Accepted and can no longer be canceled' } },
      error: { status: 409, message: 'This request is Accepted and can no longer be canceled' },
    });
    expect(notify).not.toHaveBeenCalledWith(expect.objectContaining({ tone: 'error' }));
  });
});

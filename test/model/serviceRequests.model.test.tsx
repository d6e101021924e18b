import { expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { serviceRequestsMachine } from '../../machines/serviceRequests/serviceRequests.machine';
import { newestFirst, nextStatuses } from '../../machines/serviceRequests/serviceRequests.rules';
import type { ServiceRequest, ServiceRequestStatus } from '../../machines/serviceRequests/serviceRequests.types';
import { ServiceRequestsScreen } from '../../src/ui/serviceRequests/ServiceRequestsPage';
import { englishCatalogue } from '../../src/i18n/locales';
import serviceRequestMessages from '../../src/i18n/areas/serviceRequests/en.json';
import bookingMessages from '../../src/i18n/areas/bookings/en.json';
import {
  serviceRequestsModel,
  type ServiceRequestsModelContext,
  type ServiceRequestsModelEvent,
  type ServiceRequestsModelState,
} from './serviceRequests.model';
import { modelGraph } from './paths';
import { serviceRequest, serviceRequestForm } from '../fixtures/serviceRequests';
import { modelSuite } from './modelSuite';

const FORM = serviceRequestForm();
const ANSWERS = { category: 'Cleaning', location: 'Floor 3 kitchen', description: 'The sink leaks' };
/** A photo the person chooses, and a file that is none (the flow refuses it by its type). */
const PHOTO = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sink.png', { type: 'image/png' });
const NOT_A_PHOTO = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });

const item = (n: number, status: ServiceRequestStatus, day: number): ServiceRequest =>
  serviceRequest({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    requestId: `00000000-0000-4000-8000-00000000000${n}`,
    reference: `SR-0000${n}`,
    status,
    answers: { category: 'HVAC', location: `Floor ${n}`, description: 'Too warm' },
    created_at: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    updated_at: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  });

interface Call {
  name: 'load' | 'create' | 'update';
  input: { id?: string; buildingUuid: string; photos?: readonly unknown[] };
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The flow's calls, settled by hand as the model's `api.*` events say; the server keeps the list. */
class FakeServer {
  pending: Call | null = null;
  list: ServiceRequest[];
  private next = 3;
  constructor(kind: 'demo' | 'empty') {
    this.list = kind === 'demo' ? [item(1, 'Submitted', 20), item(2, 'Accepted', 19)] : [];
  }
  call<T>(name: Call['name'], input: Call['input']): Promise<T> {
    return new Promise<T>((resolve, reject) => (this.pending = { name, input, resolve: resolve as (v: unknown) => void, reject }));
  }
  private take(name: Call['name']): Call {
    const pending = this.pending;
    if (!pending || pending.name !== name) throw new Error(`expected a pending ${name}, found ${pending?.name ?? 'none'}`);
    this.pending = null;
    return pending;
  }
  answer(event: ServiceRequestsModelEvent['type']) {
    switch (event) {
      case 'api.loaded':
        return this.take('load').resolve({ requests: this.list, form: FORM });
      case 'api.loadFailed':
        return this.take('load').reject({ status: 503, message: 'The service is down' });
      case 'api.created': {
        const call = this.take('create');
        const created = { ...item(this.next, 'Submitted', 20 + this.next), answers: ANSWERS, photo_count: call.input.photos?.length ?? 0 };
        this.next += 1;
        this.list = [...this.list, created];
        return call.resolve(created);
      }
      case 'api.createFailed':
        return this.take('create').reject({ status: 400, message: 'Location or floor is required', code: 'missing_field' });
      case 'api.updated': {
        const call = this.take('update');
        const updated = { ...this.list.find((r) => r.id === call.input.id)!, status: 'Canceled' as const };
        this.list = this.list.map((r) => (r.id === updated.id ? updated : r));
        return call.resolve(updated);
      }
      case 'api.updateFailed':
        return this.take('update').reject({ status: 409, message: 'This request can no longer be canceled' });
      default:
        throw new Error(`${event} is not a server answer`);
    }
  }
}

/**
 * The real flow, started, with its calls settled by the fake server; `leave` and the toasts asked for are recorded.
 * The list's titles link to each request's page, so the rendered runs draw the screen in a router.
 */
async function start(event: ServiceRequestsModelEvent['type'], inspect?: (event: InspectionEvent) => void) {
  const server = new FakeServer(event === 'start.empty' ? 'empty' : 'demo');
  const leave = vi.fn();
  const notify = vi.fn();
  const actor = createActor(
    serviceRequestsMachine.provide({
      actors: {
        load: fromPromise(({ input }) => server.call('load', input)),
        create: fromPromise(({ input }) => server.call('create', input)),
        updateStatus: fromPromise(({ input }) => server.call('update', input)),
      },
      actions: { leave: () => leave(), notify: (_, params) => notify(params), notifyFailure: (_, params) => notify(params) },
    }),
    { input: { buildingUuid: 'b-1', enabled: event !== 'start.off' }, ...(inspect ? { inspect } : {}) },
  ).start();
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ServiceRequestsScreen actor={actor} timeZone="UTC" /> }),
    history: createMemoryHistory({ initialEntries: ['/building/b-1/service-requests'] }),
  });
  await router.load();
  return { actor, server, leave, notify, router };
}
type Flow = Awaited<ReturnType<typeof start>>;
type Snapshot = ReturnType<Flow['actor']['getSnapshot']>;

const cancelableIn = (requests: ServiceRequest[]) => requests.filter((r) => nextStatuses(r).length > 0).length;
/** Requests canceled here: the demo list's Accepted request stays; every other one no longer cancelable was canceled. */
const canceledOf = (c: ServiceRequestsModelContext) => c.listed - c.cancelable - (c.list === 'demo' ? 1 : 0);

/** The person's part of each model event, as the page sends it to the machine (what `actOnScreen` does). */
function machineEvents(event: ServiceRequestsModelEvent['type'], snapshot: Snapshot): Parameters<Flow['actor']['send']>[0][] {
  switch (event) {
    case 'user.fillForm':
      return Object.entries(ANSWERS).flatMap(([name, value]) => [
        { type: 'user.change', name, value },
        { type: 'user.blur', name },
      ]);
    case 'user.addPhoto':
      return [{ type: 'user.addPhotos', photos: [PHOTO] }];
    case 'user.addNotAPhoto':
      return [{ type: 'user.addPhotos', photos: [NOT_A_PHOTO] }];
    case 'user.removePhoto':
      return [{ type: 'user.removePhoto', index: 0 }];
    case 'user.cancelRequest': {
      // The first cancel button of the list, which shows the newest request first.
      const request = newestFirst(snapshot.context.requests).find((r) => nextStatuses(r).length > 0)!;
      return [{ type: 'user.changeStatus', id: request.id, status: 'Canceled' }];
    }
    case 'user.keep':
      return [{ type: 'user.keepStatus' }];
    case 'user.confirm':
      return [{ type: 'user.confirmStatus' }];
    default:
      return [{ type: event } as never];
  }
}

/** Toasts the steps must have asked for: one per created and per changed request, one per failed change. */
const toasts = (events: ServiceRequestsModelEvent[]) =>
  events.filter((e) => ['api.created', 'api.updated', 'api.updateFailed'].includes(e.type)).length;

const dialog = (name: string) => screen.queryByRole('dialog', { name });
const cancelButtons = () => screen.queryAllByRole('button', { name: /^(Cancel request SR-|Updating…)/ });

function actOnScreen(event: ServiceRequestsModelEvent['type']) {
  const form = () => screen.getByRole('dialog', { name: 'New service request' });
  const answer = (label: string, value: string) => {
    const field = within(form()).getByLabelText(label);
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  const choose = (file: File) => {
    // The "Add photos" button is the label of a file input: the browser's choice arrives as its change.
    const input = within(form()).getByLabelText('Add photos') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  };
  switch (event) {
    case 'user.retry':
      return fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    case 'user.addPhoto':
      return choose(PHOTO);
    case 'user.addNotAPhoto':
      return choose(NOT_A_PHOTO);
    case 'user.removePhoto':
      return fireEvent.click(within(form()).getByRole('button', { name: 'Remove sink.png' }));
    case 'user.openCreate':
      return fireEvent.click(screen.getByRole('button', { name: 'New request' }));
    case 'user.fillForm':
      answer('Category (required)', ANSWERS.category);
      answer('Location or floor (required)', ANSWERS.location);
      return answer('Description (required)', ANSWERS.description);
    case 'user.closeCreate':
      return fireEvent.click(within(form()).getAllByRole('button', { name: 'Close' }).at(-1)!);
    case 'user.submit':
      return fireEvent.click(within(form()).getByRole('button', { name: 'Send request' }));
    case 'user.cancelRequest':
      return fireEvent.click(cancelButtons()[0]!);
    case 'user.keep':
      return fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this request?' })).getByRole('button', { name: 'Keep it' }));
    case 'user.confirm':
      return fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this request?' })).getByRole('button', { name: 'Cancel request' }));
    default:
      throw new Error(`${event} is not a person's event`);
  }
}

type ModelSnapshot = { value: unknown; context: ServiceRequestsModelContext };

modelSuite<typeof serviceRequestsModel, Flow, ServiceRequestsModelState>({
  name: 'service requests',
  model: serviceRequestsModel,
  // The list shows how many requests there are, how many can be cancelled and how many were (the demo list's or an
  // empty one); the form whether it can be sent and whether the last create failed.
  lens: {
    viewKey: (state) => {
      const { value, context: c } = state as ModelSnapshot;
      if (value === 'browsing') return `browsing list:${c.list} listed:${c.listed} cancelable:${c.cancelable}`;
      if (value === 'editing') return `editing valid:${c.valid} createFailed:${c.createFailed} photos:${c.photos} refused:${c.refused}`;
      return String(value);
    },
  },
  start: (event, { inspect }) => start(event!.type, inspect),
  render: ({ router }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...serviceRequestMessages, ...bookingMessages }}>
        <RouterProvider router={router} />
      </IntlProvider>,
    ),
  world: (flow, event) => flow.server.answer(event.type),
  send: (flow, event) => {
    for (const e of machineEvents(event.type, flow.actor.getSnapshot())) flow.actor.send(e);
  },
  press: (_, event) => actOnScreen(event.type),
  machineState: {
    // The model's state before a start event: no step ends in it (a test below proves it). Its machine counterpart is
    // `checking`, which reads the flag and leaves at once.
    start: ({ actor }) => actor.getSnapshot().matches('checking'),
    off: ({ actor }) => actor.getSnapshot().hasTag('off'),
    loading: ({ actor }) => actor.getSnapshot().hasTag('loading'),
    failed: ({ actor }) => actor.getSnapshot().hasTag('failed') && actor.getSnapshot().context.error?.status === 503,
    browsing: ({ actor }, { context: c }) => {
      const s = actor.getSnapshot();
      return (
        s.matches({ ready: 'browsing' }) &&
        s.context.requests.length === c.listed &&
        cancelableIn(s.context.requests) === c.cancelable &&
        s.context.requests.filter((r) => r.status === 'Canceled').length === canceledOf(c)
      );
    },
    editing: ({ actor }, { context: c }) => {
      const s = actor.getSnapshot();
      return (
        s.matches({ ready: { creating: 'editing' } }) &&
        s.can({ type: 'user.submit' }) === c.valid &&
        (s.context.error !== null) === c.createFailed &&
        s.context.form === FORM &&
        s.context.photos.length === c.photos &&
        s.context.refused.length > 0 === c.refused &&
        // The form starts at the metadata's default priority.
        s.context.answers.priority === 'Normal'
      );
    },
    // The create sends the attached photos with the answers.
    submitting: ({ actor, server }, { context: c }) => actor.getSnapshot().hasTag('submitting') && server.pending?.input.photos?.length === c.photos,
    confirming: ({ actor }) => actor.getSnapshot().hasTag('confirmStatus') && actor.getSnapshot().context.pending?.status === 'Canceled',
    updating: ({ actor }) => actor.getSnapshot().hasTag('updating'),
  },
  viewState: {
    start: () => {
      throw new Error('no step ends before the flow starts');
    },
    off: () => {
      // The page waits (busy) while the person is sent home: no list, no form, nothing to act on.
      expect(screen.getByRole('list', { name: 'Your service requests' }).getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByRole('button', { name: 'New request' })).toBeNull();
      expect(screen.queryByText('No service requests yet')).toBeNull();
    },
    loading: () => {
      expect(screen.getByRole('list', { name: 'Your service requests' }).getAttribute('aria-busy')).toBe('true');
    },
    failed: () => {
      screen.getByText('Your service requests could not be loaded.');
      screen.getByRole('button', { name: 'Try again' });
    },
    browsing: (_, { context: c }) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByText('No service requests yet') !== null).toBe(c.listed === 0);
      if (c.listed) expect(within(screen.getByTestId('service-requests')).getAllByRole('listitem')).toHaveLength(c.listed);
      expect(cancelButtons()).toHaveLength(c.cancelable);
      // In the one status vocabulary's words (decision 150): British English in the source catalogue.
      expect(screen.queryAllByText('Cancelled')).toHaveLength(canceledOf(c));
    },
    editing: (_, { context: c }) => {
      const form = dialog('New service request');
      expect(form).not.toBeNull();
      const send = within(form!).getByRole('button', { name: 'Send request' }) as HTMLButtonElement;
      expect(send.disabled).toBe(!c.valid);
      expect(screen.queryByTestId('service-request-error') !== null).toBe(c.createFailed);
      // The send button's summary says what is still missing, and the button is described by it.
      const summary = within(form!).getByTestId('service-request-summary');
      expect(summary.textContent).toBe(c.valid ? '' : 'To send, fill in: Category, Location or floor, and Description.');
      expect(send.getAttribute('aria-describedby')).toBe(summary.id);
      // The photos attached, each with its remove button; a refused file is said why.
      expect(within(form!).queryAllByRole('button', { name: /^Remove / })).toHaveLength(c.photos);
      if (c.photos) expect(within(form!).getByRole('list', { name: '1 photo attached' })).toBeTruthy();
      const refused = within(form!).queryByTestId('service-request-refused');
      expect(refused?.textContent ?? null).toBe(c.refused ? '“notes.pdf” is not a photo: choose a JPEG, PNG, WebP or HEIC image.' : null);
      // Photos from the device, and (on a phone) from the camera.
      const camera = within(form!).getByTestId('service-request-camera');
      expect([camera.getAttribute('accept'), camera.getAttribute('capture')]).toEqual(['image/*', 'environment']);
      // Priority starts at its default, with no empty choice to fall back to.
      const priority = within(form!).getByLabelText('Priority (required)') as HTMLSelectElement;
      expect(priority.value).toBe('Normal');
      expect(
        within(priority)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Low', 'Normal', 'High', 'Urgent']);
      // The form is the metadata's: its fields, required ones marked, the select's options.
      within(form!).getByLabelText('Location or floor (required)');
      within(form!).getByLabelText('Preferred date (optional)');
      expect(
        within(within(form!).getByLabelText('Category (required)'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose…', 'HVAC', 'Cleaning']);
    },
    submitting: () => {
      const send = within(dialog('New service request')!).getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
      expect(send.disabled).toBe(true);
    },
    confirming: () => {
      expect(dialog('Cancel this request?')).not.toBeNull();
    },
    updating: () => {
      expect(screen.queryByRole('dialog')).toBeNull();
      screen.getByRole('button', { name: /Cancel request SR-/, busy: true });
    },
  },
  finally: ({ actor, server, leave, notify }, events, model) => {
    expect(leave).toHaveBeenCalledTimes(events[0]!.type === 'start.off' ? 1 : 0);
    expect(notify).toHaveBeenCalledTimes(toasts(events));
    // The flow's list is the server's: creating appended, updating replaced by id.
    if (model.value === 'browsing') expect(actor.getSnapshot().context.requests).toEqual(server.list);
  },
  stop: ({ actor }) => actor.stop(),
  machines: [serviceRequestsMachine],
  everyMachineTransition: true,
});

it('service requests: the test model agrees with the machine: the same states, more than 30 transitions', () => {
  expect(Object.keys(serviceRequestsMachine.config.states ?? {}).sort()).toEqual(['checking', 'failed', 'loading', 'off', 'ready']);
  expect(Object.keys(serviceRequestsMachine.config.states!.ready!.states ?? {}).sort()).toEqual([
    'browsing',
    'confirmingStatus',
    'creating',
    'updating',
  ]);
  expect(Object.keys(serviceRequestsMachine.config.states!.ready!.states!.creating!.states ?? {}).sort()).toEqual(['editing', 'submitting']);
  const { edges, states } = modelGraph(serviceRequestsModel);
  expect(edges.length).toBeGreaterThan(30);
  // No step ends in the model's `start` (so its machine and view checks never run): it is only where a path begins.
  expect(edges.filter((edge) => states.get(edge.to) === 'start')).toEqual([]);
});

import { expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { serviceRequestDetailMachine } from '../../machines/serviceRequests/serviceRequestDetail.machine';
import type { RequestPhoto, ServiceRequestDetailEvent } from '../../machines/serviceRequests/serviceRequestDetail.types';
import { ServiceRequestDetailScreen } from '../../src/ui/serviceRequests/ServiceRequestDetailPage';
import { englishCatalogue } from '../../src/i18n/locales';
import serviceRequestMessages from '../../src/i18n/areas/serviceRequests/en.json';
import bookingMessages from '../../src/i18n/areas/bookings/en.json';
import {
  serviceRequestDetailModel,
  type ServiceRequestDetailModelContext,
  type ServiceRequestDetailModelEvent,
  type ServiceRequestDetailModelState,
} from './serviceRequestDetail.model';
import { modelGraph } from './paths';
import { serviceRequestDetail } from '../fixtures/serviceRequests';
import { modelSuite } from './modelSuite';

const WITH_PHOTO = serviceRequestDetail();
const DETAIL = { ...WITH_PHOTO, photos: WITH_PHOTO.photos.slice(0, 1), photo_count: 1 };
const PHOTO = DETAIL.photos[0]!;
/** The address the photo reader answers for the photo (a tiny PNG, so the image has something to show). */
const PHOTO_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TIME_ZONE = 'America/New_York';

/** The load's answers, settled as the model's `api.*` events say. */
class FakeServer {
  private pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  loads = 0;
  constructor(readonly answer: typeof DETAIL) {}
  load() {
    this.loads += 1;
    return new Promise((resolve, reject) => (this.pending = { resolve, reject }));
  }
  settle(event: ServiceRequestDetailModelEvent['type']) {
    const pending = this.pending;
    if (!pending) throw new Error(`no load to answer with ${event}`);
    this.pending = null;
    if (event === 'api.loaded') pending.resolve(this.answer);
    else if (event === 'api.notFound') pending.reject({ status: 404, message: 'No service request of yours with this id in this building' });
    else pending.reject({ status: 503, message: 'The service is down' });
  }
}

/** The real flow with a fake load and a fake photo reader (it keeps the reader's `sendBack` and the photos it was given). */
async function start(event: ServiceRequestDetailModelEvent['type'], inspect?: (event: InspectionEvent) => void) {
  const server = new FakeServer(event === 'start.withPhoto' ? DETAIL : { ...DETAIL, photos: [], photo_count: 0 });
  const reader = { send: null as ((event: ServiceRequestDetailEvent) => void) | null, photos: [] as readonly RequestPhoto[], stopped: false };
  const actor = createActor(
    serviceRequestDetailMachine.provide({
      actors: {
        load: fromPromise(() => server.load() as Promise<typeof DETAIL>),
        showPhotos: fromCallback<ServiceRequestDetailEvent, { photos: readonly RequestPhoto[] }>(({ input, sendBack }) => {
          reader.send = sendBack;
          reader.photos = input.photos;
          return () => void (reader.stopped = true);
        }),
      },
    }),
    { input: { buildingUuid: 'b-1', requestUuid: DETAIL.id }, ...(inspect ? { inspect } : {}) },
  ).start();
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ServiceRequestDetailScreen actor={actor} timeZone={TIME_ZONE} /> }),
    history: createMemoryHistory({ initialEntries: [`/building/b-1/service-requests/${DETAIL.id}`] }),
  });
  await router.load();
  return { actor, server, reader, router };
}
type Flow = Awaited<ReturnType<typeof start>>;

function world(flow: Flow, event: ServiceRequestDetailModelEvent['type']) {
  if (event.startsWith('api.')) return flow.server.settle(event);
  if (event === 'photo.shown') return flow.reader.send!({ type: 'photo.shown', id: PHOTO.id, url: PHOTO_URL });
  if (event === 'photo.unshown') return flow.reader.send!({ type: 'photo.unshown', id: PHOTO.id });
  throw new Error(`${event} is not the world's`);
}

type ModelSnapshot = { value: unknown; context: ServiceRequestDetailModelContext };

modelSuite<typeof serviceRequestDetailModel, Flow, ServiceRequestDetailModelState>({
  name: 'service request detail',
  model: serviceRequestDetailModel,
  lens: {
    viewKey: (state) => {
      const { value, context: c } = state as ModelSnapshot;
      return value === 'ready' ? `ready photo:${c.hasPhoto ? c.photo : 'none'}` : String(value);
    },
  },
  start: (event, { inspect }) => start(event!.type, inspect),
  render: ({ router }) =>
    render(
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishCatalogue, ...serviceRequestMessages, ...bookingMessages }}>
        <RouterProvider router={router} />
      </IntlProvider>,
    ),
  world: (flow, event) => world(flow, event.type),
  send: ({ actor }) => actor.send({ type: 'user.retry' }),
  press: () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
  machineState: {
    start: ({ actor }) => actor.getSnapshot().matches('loading'),
    loading: ({ actor }) => actor.getSnapshot().hasTag('loading'),
    failed: ({ actor }) => actor.getSnapshot().hasTag('failed') && actor.getSnapshot().context.error?.status === 503,
    notFound: ({ actor }) => actor.getSnapshot().hasTag('notFound'),
    ready: ({ actor, reader }, { context: c }) => {
      const s = actor.getSnapshot();
      const shown = c.photo === 'shown' ? { [PHOTO.id]: PHOTO_URL } : {};
      const unshown = c.photo === 'unshown' ? [PHOTO.id] : [];
      return (
        s.hasTag('ready') &&
        s.context.request?.id === DETAIL.id &&
        // The reader is given the request's photos to read, and what it answered is kept by photo.
        reader.photos.length === (c.hasPhoto ? 1 : 0) &&
        JSON.stringify(s.context.shown) === JSON.stringify(c.hasPhoto ? shown : {}) &&
        JSON.stringify(s.context.unshown) === JSON.stringify(c.hasPhoto ? unshown : [])
      );
    },
  },
  viewState: {
    start: () => {
      throw new Error('no step ends before the flow starts');
    },
    loading: () => {
      const busy = screen.getByTestId('service-request-loading');
      expect(busy.getAttribute('aria-busy')).toBe('true');
      // The page has its title while it loads.
      screen.getByRole('heading', { level: 1, name: 'Service request' });
    },
    failed: () => {
      screen.getByText('This request could not be loaded.');
      screen.getByRole('button', { name: 'Try again' });
      expect(screen.queryByTestId('service-request-detail')).toBeNull();
    },
    notFound: () => {
      screen.getByText('Request not found');
      // A way back to the list, and no retry (nothing would change).
      expect(screen.getByRole('link', { name: 'Your service requests' }).getAttribute('href')).toBe('/building/b-1/service-requests');
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    },
    ready: (_, { context: c }) => {
      const article = screen.getByTestId('service-request-detail');
      within(article).getByRole('heading', { level: 1, name: 'Electrical · Floor 14, desk 14-031' });
      expect(within(screen.getByTestId('service-request-status')).getByText('Accepted')).toBeTruthy();
      // The answers in words of the page's own; a preferred date as a day.
      const facts = [...article.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
      expect(facts).toEqual(['Category: Electrical', 'Location: Floor 14, desk 14-031', 'Priority: Normal', 'Preferred date: Nov 24, 2026']);
      // The timeline, newest first, in the building's time zone, with who made each change.
      const changes = within(screen.getByTestId('service-request-timeline')).getAllByRole('listitem');
      expect(changes.map((li) => li.getAttribute('data-status'))).toEqual(['Accepted', 'Pending', 'Submitted']);
      expect(changes[0]!.textContent).toMatch(/^Current status: Accepted/);
      expect(changes[0]!.textContent).toMatch(/Nov 21, 2026, 6:00\sAM EST · By Northline Electrical/);
      expect(changes[0]!.textContent).toContain('We come on Monday.');
      expect(changes[1]!.textContent).toContain('By the building team');
      expect(changes[2]!.textContent).toMatch(/Nov 20, 2026, 5:00\sAM EST · By you/);
      expect(changes[2]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
      // The photo as the reader left it: being read, shown, or not with its name.
      const photos = screen.queryByTestId('service-request-detail-photos');
      expect(photos !== null).toBe(c.hasPhoto);
      if (!c.hasPhoto) return;
      if (c.photo === 'loading') within(photos!).getByRole('img', { name: 'Loading photo 1 of 1' });
      if (c.photo === 'unshown') within(photos!).getByRole('img', { name: 'Photo 1 (socket.jpg) could not be shown.' });
      if (c.photo === 'shown') {
        const img = within(photos!).getByRole('img', { name: 'Photo 1 of 1: socket.jpg' });
        expect(img.getAttribute('src')).toBe(PHOTO_URL);
        expect(img.closest('a')!.getAttribute('href')).toBe(PHOTO_URL);
      }
    },
  },
  finally: ({ server, actor, reader }, events) => {
    expect(server.loads).toBe(1 + events.filter((e) => e.type === 'user.retry').length);
    // Leaving the screen stops the reader (which releases the photo's address).
    actor.stop();
    expect(reader.stopped).toBe(events.some((e) => e.type === 'api.loaded'));
  },
  stop: ({ actor }) => actor.stop(),
  machines: [serviceRequestDetailMachine],
  everyMachineTransition: true,
});

it('service request detail: the test model agrees with the machine: the same states', () => {
  expect(Object.keys(serviceRequestDetailMachine.config.states ?? {}).sort()).toEqual(['failed', 'loading', 'notFound', 'ready']);
  const { edges, states } = modelGraph(serviceRequestDetailModel);
  expect(edges.length).toBeGreaterThanOrEqual(9);
  expect(edges.filter((edge) => states.get(edge.to) === 'start')).toEqual([]);
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import { amenitiesMachine } from '../../machines/directory/amenities.machine';
import { amenityDetailMachine, type AmenityDetailInput } from '../../machines/directory/amenityDetail.machine';
import { companyDetailMachine } from '../../machines/directory/companyDetail.machine';
import { companyDirectoryMachine, type CompanyDirectoryInput, type CompanyPageRequest } from '../../machines/directory/companyDirectory.machine';
import { SEARCH_PAUSE_MS } from '../../machines/directory/directory.rules';
import type { AmenityCategory, Company, CompanyPage } from '../../machines/directory/directory.types';
import { AmenitiesPage } from '../../src/ui/directory/AmenitiesPage';
import { AmenityDetailPage } from '../../src/ui/directory/AmenityDetailPage';
import { CompanyDetailPage } from '../../src/ui/directory/CompanyDetailPage';
import { CompaniesPage } from '../../src/ui/directory/CompaniesPage';
import { CATEGORIES, company, companyPage } from '../fixtures/directory';
import {
  amenitiesModel,
  amenityDetailModel,
  companyDetailModel,
  companyDirectoryModel,
  type AmenitiesModelState,
  type AmenityDetailModelState,
  type CompanyDetailModelState,
  type CompanyDirectoryCriteria,
  type CompanyDirectoryModelContext,
  type CompanyDirectoryModelState,
} from './directory.model';
import { PendingCalls } from './cta.harness';
import { modelSuite } from './modelSuite';
import { untakenTransitions } from './paths';
import { renderScreen, startScreen } from './screen.harness';

const failure = (status: number) => Object.assign(new Error(status === 404 ? 'Not Found' : 'Bad Gateway'), { status });
const tryAgain = () => screen.getByRole('button', { name: 'Try again' });
const alertText = () => screen.queryByRole('alert')?.textContent ?? '';

// ---------------------------------------------------------------------------------------------------------------
// The amenities list: loaded (two categories with amenities, one without, which the page leaves out), none, failed.

function startAmenities(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const scrolled = vi.fn();
  const logic = amenitiesMachine.provide({
    actors: { loadAmenities: fromPromise(() => calls.call<AmenityCategory[]>('amenities')) },
    actions: { scrollToCategory: (_, params) => scrolled(params.categoryUuid) },
  });
  return { ...startScreen('amenities', logic, { buildingUuid: 'b-1' }, inspect), calls, scrolled };
}
type AmenitiesFlow = ReturnType<typeof startAmenities>;
const SECOND = CATEGORIES[2]!;

const amenitiesSuite = modelSuite<typeof amenitiesModel, AmenitiesFlow, AmenitiesModelState>({
  name: 'amenities',
  model: amenitiesModel,
  areas: ['directory', 'shell'],
  lens: { viewKey: ({ value, context }) => `${String(value)} ${(context as { active: string }).active}` },
  start: (_, { inspect }) => startAmenities(inspect),
  render: (flow) => renderScreen(flow, () => <AmenitiesPage />, '/building/b-1/amenities'),
  world: ({ calls }, event) => {
    const pending = calls.take(['amenities']);
    if (event.type === 'api.loaded') return pending.resolve(CATEGORIES);
    if (event.type === 'api.nothing') return pending.resolve([{ ...CATEGORIES[1]! }]);
    return pending.reject(failure(503));
  },
  send: ({ actor }, event) =>
    actor.send(event.type === 'user.selectCategory' ? { type: 'user.selectCategory', categoryUuid: SECOND.category_uuid } : { type: 'user.retry' }),
  press: (_, event) => fireEvent.click(event.type === 'user.retry' ? tryAgain() : screen.getByRole('button', { name: SECOND.category_name })),
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().matches('loading'),
    ready: ({ actor, scrolled }, model) =>
      actor.getSnapshot().matches('ready') &&
      actor.getSnapshot().context.categories.length === 2 &&
      actor.getSnapshot().context.activeCategory === (model.context.active === 'first' ? 'cat-wellness' : SECOND.category_uuid) &&
      scrolled.mock.calls.length === (model.context.active === 'first' ? 0 : 1),
    empty: ({ actor }) => actor.getSnapshot().matches('empty'),
    failed: ({ actor }) => actor.getSnapshot().matches('failed') && actor.getSnapshot().context.error?.status === 503,
  },
  viewState: {
    loading: () => expect(screen.getByTestId('skeleton')).not.toBeNull(),
    ready: (_, model) => {
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Wellness', 'Food and drink']);
      const marked = screen.getByRole('button', { name: model.context.active === 'first' ? 'Wellness' : SECOND.category_name });
      expect(marked.getAttribute('aria-current')).toBe('true');
      expect(screen.queryByTestId('skeleton')).toBeNull();
    },
    empty: () => expect(screen.getByText('This building has no amenities listed yet.')).not.toBeNull(),
    failed: () => {
      expect(alertText()).toContain('The amenities could not be loaded.');
      expect(tryAgain()).not.toBeNull();
    },
  },
  stop: ({ app }) => app.stop(),
  machines: [amenitiesMachine],
  everyMachineTransition: true,
});

// ---------------------------------------------------------------------------------------------------------------
// An amenity: found among the building's amenities, not among them, not found (404), failed; its support modal.

const AMENITY: AmenityDetailInput = {
  buildingUuid: 'b-1',
  amenityUuid: 'a-cafe',
  helpDeskEmail: 'help@atrium.test',
  requester: { name: 'Dana Demo', email: 'dana@northwind.example', companyName: null },
  building: null,
};

function startAmenity(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const logic = amenityDetailMachine.provide({ actors: { loadAmenities: fromPromise(() => calls.call<AmenityCategory[]>('amenities')) } });
  return { ...startScreen('amenityDetail', logic, AMENITY, inspect), calls };
}
type AmenityFlow = ReturnType<typeof startAmenity>;
const supportDialog = () => screen.queryByRole('dialog', { name: 'Request support' });

modelSuite<typeof amenityDetailModel, AmenityFlow, AmenityDetailModelState>({
  name: 'amenity detail',
  model: amenityDetailModel,
  areas: ['directory', 'helpDesk', 'shell'],
  start: (_, { inspect }) => startAmenity(inspect),
  render: (flow) => renderScreen(flow, () => <AmenityDetailPage />, '/building/b-1/amenities/a-cafe'),
  world: ({ calls }, event) => {
    const pending = calls.take(['amenities']);
    if (event.type === 'api.loaded') return pending.resolve(CATEGORIES);
    if (event.type === 'api.notListed') return pending.resolve([CATEGORIES[0]!]);
    return pending.reject(failure(event.type === 'api.notFound' ? 404 : 503));
  },
  // The modal's close is the form's cancel (the help-desk child's event), as the modal sends it.
  send: ({ actor }, event) =>
    event.type === 'user.closeModal'
      ? (actor.getSnapshot().children as Record<string, AnyActorRef>).support!.send({ type: 'user.cancel' })
      : actor.send({ type: event.type as 'user.retry' | 'user.requestSupport' }),
  press: (_, event) => {
    if (event.type === 'user.retry') return fireEvent.click(tryAgain());
    if (event.type === 'user.requestSupport') return fireEvent.click(screen.getByRole('button', { name: 'Request support' }));
    return fireEvent.click(within(supportDialog()!).getAllByRole('button', { name: 'Close' })[0]!);
  },
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().matches('loading'),
    ready: ({ actor }) =>
      actor.getSnapshot().matches({ ready: 'supportClosed' }) && actor.getSnapshot().context.amenity?.amenity_name === 'Lobby café',
    support: ({ actor }) => actor.getSnapshot().matches({ ready: 'supportOpen' }) && !!actor.getSnapshot().children.support,
    notFound: ({ actor }, _, events) =>
      actor.getSnapshot().matches('notFound') &&
      actor.getSnapshot().context.error?.status === (events.at(-1)!.type === 'api.notFound' ? 404 : undefined),
    failed: ({ actor }) => actor.getSnapshot().matches('failed') && actor.getSnapshot().context.error?.status === 503,
  },
  viewState: {
    loading: () => expect(screen.getByRole('progressbar', { name: 'Loading…' })).not.toBeNull(),
    ready: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Lobby café' })).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Request support' })).not.toBeNull();
      expect(supportDialog()).toBeNull();
    },
    support: () => expect(within(supportDialog()!).getByText(/Need help with Lobby café\?/)).not.toBeNull(),
    notFound: () => {
      expect(alertText()).toContain('This amenity is not available in your building.');
      expect(screen.getByRole('link', { name: 'All amenities' }).getAttribute('href')).toBe('/building/b-1/amenities');
    },
    failed: () => {
      expect(alertText()).toContain('This amenity could not be loaded.');
      expect(tryAgain()).not.toBeNull();
    },
  },
  stop: ({ app }) => app.stop(),
  machines: [amenityDetailMachine],
  everyMachineTransition: true,
});

// ---------------------------------------------------------------------------------------------------------------
// A company: loaded (its Website opens the site), not found, failed.

const COMPANY: Company = company(1, 'northwind.example');

function startCompany(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const opened = vi.fn();
  const logic = companyDetailMachine.provide({
    actors: { loadCompany: fromPromise(() => calls.call<Company>('company')) },
    actions: { openWebsite: (_, params) => opened(params.url) },
  });
  return { ...startScreen('companyDetail', logic, { companyUuid: COMPANY.uuid }, inspect), calls, opened };
}
type CompanyFlow = ReturnType<typeof startCompany>;

modelSuite<typeof companyDetailModel, CompanyFlow, CompanyDetailModelState>({
  name: 'company detail',
  model: companyDetailModel,
  areas: ['directory', 'shell'],
  start: (_, { inspect }) => startCompany(inspect),
  render: (flow) => renderScreen(flow, () => <CompanyDetailPage />, `/building/b-1/companies/${COMPANY.uuid}`),
  world: ({ calls }, event) => {
    const pending = calls.take(['company']);
    if (event.type === 'api.loaded') return pending.resolve(COMPANY);
    return pending.reject(failure(event.type === 'api.notFound' ? 404 : 503));
  },
  send: ({ actor }, event) => actor.send({ type: event.type as 'user.retry' | 'user.openWebsite' }),
  press: (_, event) => fireEvent.click(event.type === 'user.retry' ? tryAgain() : screen.getByRole('button', { name: 'Website' })),
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().matches('loading'),
    // The site opens with the scheme the address lacked.
    loaded: ({ actor, opened }, model) =>
      actor.getSnapshot().matches('loaded') &&
      opened.mock.calls.length === model.context.opened &&
      opened.mock.calls.every(([url]) => url === 'http://northwind.example'),
    notFound: ({ actor }) => actor.getSnapshot().matches('notFound') && actor.getSnapshot().context.error?.status === 404,
    failed: ({ actor }) => actor.getSnapshot().matches('failed') && actor.getSnapshot().context.error?.status === 503,
  },
  viewState: {
    loading: () => expect(screen.getByRole('progressbar', { name: 'Loading…' })).not.toBeNull(),
    loaded: () => {
      expect(screen.getByRole('heading', { level: 1, name: COMPANY.name })).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Website' })).not.toBeNull();
    },
    notFound: () => expect(alertText()).toContain('This company is not in the directory of your buildings.'),
    failed: () => {
      expect(alertText()).toContain('This company could not be loaded.');
      expect(tryAgain()).not.toBeNull();
    },
  },
  stop: ({ app }) => app.stop(),
  machines: [companyDetailMachine],
  everyMachineTransition: true,
});

// ---------------------------------------------------------------------------------------------------------------
// The company directory, two companies a page: a page with more after it, the last page, none, a failure; a search
// typed (asked for when the system's clock passes the pause), a floor, a type, and clearing them.

const DIRECTORY: CompanyDirectoryInput = { buildingUuid: 'b-1', companyTypes: null, pageSize: 2 };
const TYPED = 'ac';
const FLOOR = 3;
const TYPE = 'restaurant';

function startDirectory(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const requests: CompanyPageRequest[] = [];
  const clock = new SimulatedClock();
  const logic = companyDirectoryMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => {
        requests.push(input);
        return calls.call<CompanyPage>('page');
      }),
    },
  });
  return { ...startScreen('companyDirectory', logic, DIRECTORY, inspect, { clock }), calls, requests, clock };
}
type DirectoryFlow = ReturnType<typeof startDirectory>;
const companyLinks = () => screen.queryAllByTestId('company-name').filter((name) => /^Company \d\d$/.test(name.textContent ?? ''));
const searchField = () => screen.getByRole('searchbox', { name: 'Search by company name' });
const clearButton = () => screen.queryByRole('button', { name: 'Clear search and filters' });
const statusText = () => screen.getByTestId('directory-status').textContent;

/** What the list is asked for under each criteria of the model (the page's request, but its offset). */
const asked = (criteria: CompanyDirectoryCriteria) => ({
  query: criteria === 'search' ? TYPED : null,
  floor: criteria === 'floor' ? FLOOR : null,
  companyTypes: criteria === 'type' ? TYPE : null,
});

/** The real flow holds the model's criteria: what is typed, searched, chosen, and whether a pause is awaited. */
function holdsCriteria({ actor }: DirectoryFlow, { context }: { context: CompanyDirectoryModelContext }) {
  const snapshot = actor.getSnapshot();
  const { query, searched, floor, types } = snapshot.context;
  const typed = context.criteria === 'typed' || context.criteria === 'search';
  return (
    query === (typed ? TYPED : '') &&
    searched === (context.criteria === 'search' ? TYPED : '') &&
    floor === (context.criteria === 'floor' ? FLOOR : null) &&
    types.join() === (context.criteria === 'type' ? TYPE : '') &&
    snapshot.hasTag('typing') === (context.criteria === 'typed')
  );
}

/** The filters on the screen show the model's criteria. */
function filtersShow({ context }: { context: CompanyDirectoryModelContext }) {
  const typed = context.criteria === 'typed' || context.criteria === 'search';
  expect((searchField() as HTMLInputElement).value).toBe(typed ? TYPED : '');
  const floorSelect = screen.queryByRole('combobox', { name: 'Floor' }) as HTMLSelectElement | null;
  if (floorSelect) expect(floorSelect.value).toBe(context.criteria === 'floor' ? String(FLOOR) : '');
  const restaurants = screen.queryByRole('button', { name: 'Restaurants' });
  if (restaurants) expect(restaurants.getAttribute('aria-pressed')).toBe(String(context.criteria === 'type'));
}

modelSuite<typeof companyDirectoryModel, DirectoryFlow, CompanyDirectoryModelState>({
  name: 'company directory',
  model: companyDirectoryModel,
  areas: ['directory', 'shell'],
  lens: { viewKey: ({ value, context }) => `${String(value)} ${(context as CompanyDirectoryModelContext).criteria}` },
  start: (_, { inspect }) => startDirectory(inspect),
  render: (flow) => renderScreen(flow, () => <CompaniesPage />, '/building/b-1/companies'),
  world: ({ actor, calls, requests, clock }, event, before) => {
    // The list's end in view: the page's sentinel sends it (no person's action), on both runs.
    if (event.type === 'scroll.nearEnd') return actor.send({ type: 'list.nearEnd' });
    if (event.type === 'time.pause') return clock.increment(SEARCH_PAUSE_MS);
    const pending = calls.take(['page']);
    const request = requests.at(-1)!;
    expect(request).toMatchObject({ ...asked(before.context.criteria), offset: 2 * before.context.pages });
    const offset = request.offset;
    if (event.type === 'api.page') return pending.resolve(companyPage(offset, 2, 6));
    if (event.type === 'api.lastPage') return pending.resolve(companyPage(offset, 2, offset + 2));
    if (event.type === 'api.empty') return pending.resolve(companyPage(0, 2, 0));
    return pending.reject(failure(503));
  },
  send: ({ actor }, event) => {
    if (event.type === 'user.type') return actor.send({ type: 'user.type', text: TYPED });
    if (event.type === 'user.chooseFloor') return actor.send({ type: 'user.chooseFloor', floor: FLOOR });
    if (event.type === 'user.toggleType') return actor.send({ type: 'user.toggleType', companyType: TYPE });
    return actor.send({ type: event.type as 'user.retry' | 'user.clearFilters' });
  },
  press: (_, event) => {
    if (event.type === 'user.type') return fireEvent.change(searchField(), { target: { value: TYPED } });
    if (event.type === 'user.chooseFloor')
      return fireEvent.change(screen.getByRole('combobox', { name: 'Floor' }), { target: { value: String(FLOOR) } });
    if (event.type === 'user.toggleType') return fireEvent.click(screen.getByRole('button', { name: 'Restaurants' }));
    if (event.type === 'user.clearFilters') return fireEvent.click(clearButton()!);
    return fireEvent.click(tryAgain());
  },
  machineState: {
    loading: (flow, model) => flow.actor.getSnapshot().matches({ list: 'loading' }) && holdsCriteria(flow, model),
    failed: (flow, model) =>
      flow.actor.getSnapshot().matches({ list: 'failed' }) && flow.actor.getSnapshot().context.error?.status === 503 && holdsCriteria(flow, model),
    empty: (flow, model) => flow.actor.getSnapshot().matches({ list: 'empty' }) && holdsCriteria(flow, model),
    idle: (flow, model) =>
      flow.actor.getSnapshot().matches({ list: { listing: 'idle' } }) &&
      flow.actor.getSnapshot().context.companies.length === 2 * model.context.pages &&
      holdsCriteria(flow, model),
    loadingMore: ({ actor }) => actor.getSnapshot().matches({ list: { listing: 'loadingMore' } }),
    moreFailed: ({ actor }, model) =>
      actor.getSnapshot().matches({ list: { listing: 'moreFailed' } }) && actor.getSnapshot().context.companies.length === 2 * model.context.pages,
    complete: ({ actor }, model) =>
      actor.getSnapshot().matches({ list: { listing: 'complete' } }) && actor.getSnapshot().context.companies.length === 2 * model.context.pages,
  },
  viewState: {
    loading: (_, model) => {
      expect(screen.getByTestId('skeleton')).not.toBeNull();
      filtersShow(model);
    },
    failed: (_, model) => {
      expect(alertText()).toContain('The company directory could not be loaded.');
      expect(tryAgain()).not.toBeNull();
      // What was typed stays in the field for the retry.
      filtersShow(model);
    },
    empty: (_, model) => {
      const { criteria } = model.context;
      expect(statusText()).toBe(
        criteria === 'search'
          ? `No companies match “${TYPED}”.`
          : criteria === 'none'
            ? 'No companies to show.'
            : 'No companies match these filters.',
      );
      expect(clearButton() !== null).toBe(criteria !== 'none');
      filtersShow(model);
    },
    idle: (_, model) => {
      expect(companyLinks()).toHaveLength(2 * model.context.pages);
      expect(statusText()).toBe(['search', 'floor', 'type'].includes(model.context.criteria) ? '6 companies match' : '6 companies');
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      filtersShow(model);
    },
    loadingMore: (_, model) => {
      expect(companyLinks()).toHaveLength(2 * model.context.pages);
      expect(screen.getByRole('progressbar', { name: 'Loading more companies…' })).not.toBeNull();
    },
    moreFailed: (_, model) => {
      expect(companyLinks()).toHaveLength(2 * model.context.pages);
      expect(alertText()).toContain('More companies could not be loaded.');
    },
    complete: (_, model) => {
      expect(companyLinks()).toHaveLength(2 * model.context.pages);
      // The last page says how many there are: as many as are listed.
      expect(statusText()).toBe(`${2 * model.context.pages} companies`);
      expect(screen.queryByRole('progressbar')).toBeNull();
    },
  },
  stop: ({ app }) => app.stop(),
  machines: [companyDirectoryMachine],
  everyMachineTransition: true,
});

describe('directory: the test models', () => {
  it('agree with the machines: every state of a flow has a model state', () => {
    expect(Object.keys(amenitiesModel.states).sort()).toEqual(Object.keys(amenitiesMachine.states).sort());
    expect(Object.keys(companyDetailModel.states).sort()).toEqual(Object.keys(companyDetailMachine.states).sort());
    const listing = Object.keys(companyDirectoryMachine.states.list!.states.listing!.states).filter((s) => s !== 'deciding');
    for (const state of ['loading', 'failed', 'empty', ...listing]) expect(Object.keys(companyDirectoryModel.states), state).toContain(state);
    // The search region's states are the model's criteria: `typed` while the pause is awaited, the others settled.
    expect(Object.keys(companyDirectoryMachine.states.search!.states).sort()).toEqual(['settled', 'typing']);
  });

  it('have their transitions (the flows as they were modelled)', () => {
    expect(untakenTransitions(amenitiesModel, amenitiesSuite.paths).transitions.size).toBe(5);
  });
});

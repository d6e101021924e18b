import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { amenitiesMachine } from '../../machines/directory/amenities.machine';
import { amenityDetailMachine, type AmenityDetailInput } from '../../machines/directory/amenityDetail.machine';
import { companyDetailMachine } from '../../machines/directory/companyDetail.machine';
import { companyDirectoryMachine, type CompanyDirectoryInput } from '../../machines/directory/companyDirectory.machine';
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
// The company directory, two companies a page: a page with more after it, the last page, none, a failure.

const DIRECTORY: CompanyDirectoryInput = { buildingUuid: 'b-1', companyTypes: null, pageSize: 2 };

function startDirectory(inspect?: (event: InspectionEvent) => void) {
  const calls = new PendingCalls();
  const offsets: number[] = [];
  const logic = companyDirectoryMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => {
        offsets.push(input.offset);
        return calls.call<CompanyPage>('page');
      }),
    },
  });
  return { ...startScreen('companyDirectory', logic, DIRECTORY, inspect), calls, offsets };
}
type DirectoryFlow = ReturnType<typeof startDirectory>;
const companyLinks = () => screen.queryAllByRole('link').filter((link) => /^Company \d\d$/.test(link.textContent ?? ''));

modelSuite<typeof companyDirectoryModel, DirectoryFlow, CompanyDirectoryModelState>({
  name: 'company directory',
  model: companyDirectoryModel,
  areas: ['directory', 'shell'],
  start: (_, { inspect }) => startDirectory(inspect),
  render: (flow) => renderScreen(flow, () => <CompaniesPage />, '/building/b-1/companies'),
  world: ({ actor, calls, offsets }, event, before) => {
    // The list's end in view: the page's sentinel sends it (no person's action), on both runs.
    if (event.type === 'scroll.nearEnd') return actor.send({ type: 'list.nearEnd' });
    const pending = calls.take(['page']);
    const offset = offsets.at(-1)!;
    expect(offset).toBe(2 * before.context.pages);
    if (event.type === 'api.page') return pending.resolve(companyPage(offset, 2, 6));
    if (event.type === 'api.lastPage') return pending.resolve(companyPage(offset, 2, offset + 2));
    if (event.type === 'api.empty') return pending.resolve(companyPage(0, 2, 0));
    return pending.reject(failure(503));
  },
  send: ({ actor }) => actor.send({ type: 'user.retry' }),
  press: () => fireEvent.click(tryAgain()),
  machineState: {
    loading: ({ actor }) => actor.getSnapshot().matches('loading'),
    failed: ({ actor }) => actor.getSnapshot().matches('failed') && actor.getSnapshot().context.error?.status === 503,
    empty: ({ actor }) => actor.getSnapshot().matches('empty'),
    idle: ({ actor }, model) =>
      actor.getSnapshot().matches({ listing: 'idle' }) && actor.getSnapshot().context.companies.length === 2 * model.context.pages,
    loadingMore: ({ actor }) => actor.getSnapshot().matches({ listing: 'loadingMore' }),
    moreFailed: ({ actor }, model) =>
      actor.getSnapshot().matches({ listing: 'moreFailed' }) && actor.getSnapshot().context.companies.length === 2 * model.context.pages,
    complete: ({ actor }, model) =>
      actor.getSnapshot().matches({ listing: 'complete' }) && actor.getSnapshot().context.companies.length === 2 * model.context.pages,
  },
  viewState: {
    loading: () => expect(screen.getByTestId('skeleton')).not.toBeNull(),
    failed: () => {
      expect(alertText()).toContain('The company directory could not be loaded.');
      expect(tryAgain()).not.toBeNull();
    },
    empty: () => expect(screen.getByText('No companies to show.')).not.toBeNull(),
    idle: (_, model) => {
      expect(companyLinks()).toHaveLength(2 * model.context.pages);
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
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
      expect(screen.getByText(`${2 * model.context.pages} companies`)).not.toBeNull();
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
    const listing = Object.keys(companyDirectoryMachine.states.listing!.states).filter((s) => s !== 'deciding');
    for (const state of ['loading', 'failed', 'empty', ...listing]) expect(Object.keys(companyDirectoryModel.states), state).toContain(state);
  });

  it('have their transitions (the flows as they were modelled)', () => {
    expect(untakenTransitions(amenitiesModel, amenitiesSuite.paths).transitions.size).toBe(5);
  });
});

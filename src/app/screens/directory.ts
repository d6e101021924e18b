import { fromPromise } from 'xstate';
import { amenitiesMachine } from '../../../machines/directory/amenities.machine';
import { amenityDetailMachine } from '../../../machines/directory/amenityDetail.machine';
import { companyDirectoryMachine } from '../../../machines/directory/companyDirectory.machine';
import { companyDetailMachine } from '../../../machines/directory/companyDetail.machine';
import { categorySectionId } from '../../../machines/directory/directory.rules';
import * as directoryApi from '../../api/directory';
import { requestValues } from '../../api/client';
import { embeddedHelpDeskLogic } from './helpDesk';

const lang = () => requestValues().locale;

const loadAmenities = fromPromise<Awaited<ReturnType<typeof directoryApi.amenitiesByCategory>>, { buildingUuid: string }>(({ input }) =>
  directoryApi.amenitiesByCategory(input.buildingUuid, lang()),
);

/** Smooth unless the person asked the system for reduced motion. */
const scrollBehavior = (): ScrollBehavior => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The amenities page with the real API and the page's scrolling. */
export const amenitiesLogic = () =>
  amenitiesMachine.provide({
    actors: { loadAmenities },
    actions: {
      scrollToCategory: (_, { categoryUuid }) =>
        document.getElementById(categorySectionId(categoryUuid))?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' }),
    },
  });

/** An amenity's screen with the real API; its support request is the help-desk form. */
export const amenityDetailLogic = () => amenityDetailMachine.provide({ actors: { loadAmenities, helpDesk: embeddedHelpDeskLogic() } });

/** The company directory with the real API. */
export const companyDirectoryLogic = () =>
  companyDirectoryMachine.provide({
    actors: {
      loadPage: fromPromise(({ input: { buildingUuid, ...page } }) => directoryApi.companies(buildingUuid, page)),
    },
  });

/** A company's screen with the real API; its website opens in a new tab that cannot reach back into the app. */
export const companyDetailLogic = () =>
  companyDetailMachine.provide({
    actors: { loadCompany: fromPromise(({ input }) => directoryApi.company(input.companyUuid)) },
    actions: { openWebsite: (_, { url }) => window.open(url, '_blank', 'noopener') },
  });

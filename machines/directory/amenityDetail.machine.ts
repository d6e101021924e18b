import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { findAmenity, isNotFound } from './directory.rules';
import { type Amenity, type AmenityCategory, type LoadError } from './directory.types';
import { helpDeskMachine } from '../helpDesk/helpDesk.machine';
import type { HelpDeskBuilding, HelpDeskInput } from '../helpDesk/helpDesk.types';
import { toAppError } from '../../contracts/errors';
import { failedState, loadFailedOrNotFound, notFoundState } from '../shared/loadOne';
import { keepError } from '../shared/failure';

export interface AmenityDetailInput {
  buildingUuid: string;
  amenityUuid: string;
  /** The brand's help desk address (white-label configuration), named in the support modal. */
  helpDeskEmail: string | null;
  /** The signed-in person, sent with a support request. */
  requester: HelpDeskInput['requester'];
  /** The building's name, portfolio and asset, sent with a support request (its portfolio says natures or categories). */
  building?: HelpDeskBuilding | null;
}

export interface AmenityDetailContext extends AmenityDetailInput {
  amenity: Amenity | null;
  error: LoadError | null;
}

/** `failed` and `notFound` are the shared load's (machines/shared/loadOne.ts); `support`: the help desk flow runs. */
export type AmenityDetailTag = 'loading' | 'failed' | 'notFound' | 'support';

export type AmenityDetailEvent = { type: 'user.retry' } | { type: 'user.requestSupport' };

export const AMENITY_DETAIL_ID = 'amenityDetail';

/** The support request's start from an amenity: about the building, its subject the amenity's name. */
export const supportInput = (context: AmenityDetailContext): HelpDeskInput => ({
  buildingUuid: context.buildingUuid,
  building: context.building ?? null,
  requester: context.requester,
  nature: 'building',
  subject: context.amenity?.amenity_name ?? '',
});

/**
 * An amenity's screen. There is no call for one amenity: the building's amenities are loaded and the amenity is
 * looked up among them (not there: not found). "Request support" opens the support modal: the help-desk flow as a
 * child (the same form as /help-desk), which ends (sent and done, or cancelled) by closing the modal.
 */
export const amenityDetailMachine = setup({
  types: { context: {} as AmenityDetailContext, events: {} as AmenityDetailEvent, input: {} as AmenityDetailInput, tags: {} as AmenityDetailTag },
  actors: {
    loadAmenities: fromPromise<AmenityCategory[], { buildingUuid: string }>(() => Promise.reject(new Error('loadAmenities is not provided'))),
    helpDesk: helpDeskMachine,
  },
  actions: {
    setError: assign(keepError),
  },
  guards: {
    amenityListed: (_, params: { categories: AmenityCategory[]; amenityUuid: string }) => findAmenity(params.categories, params.amenityUuid) !== null,
    notFound: (_, params: { error: unknown }) => isNotFound(toAppError(params.error).status),
  },
}).createMachine({
  id: AMENITY_DETAIL_ID,
  context: ({ input }) => ({ ...input, amenity: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadAmenities',
        input: ({ context }) => ({ buildingUuid: context.buildingUuid }),
        onDone: [
          {
            guard: { type: 'amenityListed', params: ({ context, event }) => ({ categories: event.output, amenityUuid: context.amenityUuid }) },
            target: 'ready',
            actions: assign({ amenity: ({ context, event }) => findAmenity(event.output, context.amenityUuid), error: null }),
          },
          { target: 'notFound', actions: assign({ amenity: null, error: null }) },
        ],
        onError: loadFailedOrNotFound,
      },
    },
    failed: failedState('The amenities could not be loaded; the error is kept and the page offers to try again.'),
    notFound: notFoundState('No amenity of this uuid in the building.'),
    ready: {
      initial: 'supportClosed',
      states: {
        supportClosed: { on: { 'user.requestSupport': 'supportOpen' } },
        supportOpen: {
          description: 'The support-request modal: the help-desk form about this amenity; its end closes the modal.',
          tags: ['support'],
          invoke: { src: 'helpDesk', id: 'support', input: ({ context }) => supportInput(context), onDone: 'supportClosed' },
        },
      },
    },
  },
});

export type AmenityDetailRef = ActorRefFrom<typeof amenityDetailMachine>;

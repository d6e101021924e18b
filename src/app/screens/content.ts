import { fromPromise } from 'xstate';
import { contentDetailMachine } from '../../../machines/content/contentDetail.machine';
import { rsvpMachine, type RsvpCounts } from '../../../machines/content/rsvp.machine';
import { claimMachine, type ClaimCounts } from '../../../machines/content/claim.machine';
import {
  claimCodeOf,
  fromContent,
  fromEventPost,
  fromOffer,
  fromPost,
  type ContentSource,
  type ContentView,
} from '../../../machines/content/contentView';
import type { Schemas } from '../../api/client';
import * as contentApi from '../../api/content';
import type { AppActor } from '../appActor';
import { requestValues } from '../../api/client';
import { linkActions, linkOutFrameLogic, openInNewTab } from './linkOut';

const lang = () => requestValues().locale;

/** A content through the call its route names, as the one shape every content screen shows. */
export async function loadContent(source: ContentSource, buildingUuid: string, uuid: string): Promise<ContentView> {
  switch (source) {
    case 'event_post':
      return fromEventPost(await contentApi.eventPost(uuid, lang()));
    case 'offer':
      return fromOffer(await contentApi.offer(uuid, lang()));
    case 'post':
      return fromPost(await contentApi.post(uuid, lang()));
    default:
      return fromContent(await contentApi.content(buildingUuid, uuid, lang()));
  }
}

const rsvpCounts = (event: Schemas['EventPost']): RsvpCounts => {
  const { cta } = fromEventPost(event);
  return { capacity: cta.capacity, attendeeCount: cta.count, userCount: cta.userCount, isClaimable: cta.isClaimable };
};
const claimCounts = (offer: Schemas['Offer']): ClaimCounts => ({
  userCount: offer.claims_details.user_count,
  count: offer.claims_details.count,
  isClaimable: offer.claims_details.is_claimable,
  myClaim: claimCodeOf(offer.my_claim),
});

/** A content screen with the real API, the global error modal, the router and the link-out frame. */
export function contentDetailLogic(app: AppActor) {
  return contentDetailMachine.provide({
    actors: {
      load: fromPromise(({ input }) => loadContent(input.source, input.buildingUuid, input.uuid)),
      rsvp: rsvpMachine.provide({
        actors: {
          attend: fromPromise(async ({ input }) => rsvpCounts(await contentApi.attend(input.buildingUuid, input.contentUuid, lang()))),
          recall: fromPromise(async ({ input }) => rsvpCounts(await contentApi.recall(input.contentUuid, lang()))),
          refresh: fromPromise(async ({ input }) => rsvpCounts(await contentApi.eventPost(input.contentUuid, lang()))),
        },
        actions: { openCtaUrl: (_, { url }) => void openInNewTab(url) },
      }),
      claim: claimMachine.provide({
        actors: {
          claim: fromPromise(async ({ input }) => claimCounts(await contentApi.claimOffer(input.buildingUuid, input.contentUuid, lang()))),
          cancel: fromPromise(async ({ input }) => claimCounts(await contentApi.cancelClaim(input.buildingUuid, input.contentUuid, lang()))),
          refresh: fromPromise(async ({ input }) => claimCounts(await contentApi.offer(input.contentUuid, lang()))),
        },
      }),
      linkOut: linkOutFrameLogic(),
    },
    actions: linkActions(app),
  });
}

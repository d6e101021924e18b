import { fromPromise, type AnyActorRef } from 'xstate';
import { contentDetailMachine } from '../../machines/content/contentDetail.machine';
import { rsvpMachine, type RsvpCounts } from '../../machines/content/rsvp.machine';
import { claimMachine, type ClaimCounts } from '../../machines/content/claim.machine';
import { fromContent, fromEventPost, fromOffer, fromPost, type ContentSource, type ContentView } from '../../machines/content/contentView';
import { GLOBAL_ERROR_ID } from '../../machines/globalError/globalError.machine';
import type { ErrorRaisedEvent, ErrorResolvedEvent } from '../../machines/globalError/globalError.types';
import type { Schemas } from '../api/client';
import * as contentApi from '../api/content';
import type { AppActor, GlobalErrorRef } from './appActor';
import { navigate } from './navigation';
import { requestContext } from './requestContext';
import { linkOutFrameLogic, openFrame, openInNewTab } from './linkOut';

const lang = () => requestContext().locale;

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
});

/**
 * Failures of an RSVP or a claim go to the global error modal, whose "Try again" re-sends `user.retry` to the flow
 * itself: the flow runs in the screen's actor system, so it is named by reference, not by systemId.
 */
const reportTo = (app: AppActor, source: string) => ({
  reportFailure: ({ self }: { self: AnyActorRef }, params: { status: number; message: string }) => {
    const event: ErrorRaisedEvent = { type: 'error.raised', source, status: params.status, message: params.message, retry: { to: self, event: { type: 'user.retry' } } };
    (app.system.get(GLOBAL_ERROR_ID) as GlobalErrorRef | undefined)?.send(event);
  },
  reportRecovered: () => {
    const event: ErrorResolvedEvent = { type: 'error.resolved', source };
    (app.system.get(GLOBAL_ERROR_ID) as GlobalErrorRef | undefined)?.send(event);
  },
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
        actions: { ...reportTo(app, 'rsvp.update'), openCtaUrl: (_, { url }) => openInNewTab(url) },
      }),
      claim: claimMachine.provide({
        actors: {
          claim: fromPromise(async ({ input }) => claimCounts(await contentApi.claimOffer(input.buildingUuid, input.contentUuid, lang()))),
          cancel: fromPromise(async ({ input }) => claimCounts(await contentApi.cancelClaim(input.buildingUuid, input.contentUuid, lang()))),
          refresh: fromPromise(async ({ input }) => claimCounts(await contentApi.offer(input.contentUuid, lang()))),
        },
        actions: reportTo(app, 'claim.update'),
      }),
      linkOut: linkOutFrameLogic(),
    },
    actions: {
      openInNewTab: (_, { url }) => openInNewTab(url),
      navigate: (_, { to }) => navigate(to),
      openFrame: ({ self }, { url, kind }) => openFrame(app, self, url, kind),
    },
  });
}

/** The call-to-action rules shared by the RSVP and claim flows (content document, section on actions). */
import { isRegisteredMiniApp, isSurveyUrl, type MiniAppRegistry } from './links';
import { isAppOnlyUrl, mobileOnlyPath } from '../shell/nativeOnly';

export const FEW_SPOTS_THRESHOLD = 5;

/** The CTA button is enabled only inside its display window, when one is given. */
export function inDisplayWindow(window: { displayStartAt: string | null; displayEndAt: string | null }, now: Date): boolean {
  const start = window.displayStartAt ? Date.parse(window.displayStartAt) : Number.NEGATIVE_INFINITY;
  const end = window.displayEndAt ? Date.parse(window.displayEndAt) : Number.POSITIVE_INFINITY;
  const t = now.getTime();
  return t >= start && t <= end;
}

/** Spots left at an event; null when it has no capacity limit. */
export const spotsLeft = (capacity: number | null, attendeeCount: number) => (capacity === null ? null : Math.max(0, capacity - attendeeCount));

/** The few-spots warning: fewer than five left (and not none). */
export const fewSpots = (left: number | null) => left !== null && left > 0 && left < FEW_SPOTS_THRESHOLD;

/** What a failed update answered, as the flows tell them apart. */
export type UpdateFailure = 'full' | 'already' | 'other';

export function failureKind(error: unknown): UpdateFailure {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'rsvp_full' || code === 'claim_full') return 'full';
  if (code === 'already_rsvpd' || code === 'already_claimed') return 'already';
  return 'other';
}

/**
 * What a content's screen can show before its own call answers, taken from the tile that led to it (issue 26: a
 * content detail opens from its tile's data while the rest loads).
 */
export interface ContentPreview {
  uuid: string;
  title: string;
  subtitle: string | null;
  imageUrl: string | null;
  imageAltText: string | null;
}

/** What a content's call-to-action button does (content document, section 4, call-to-action types). */
export type CtaAction =
  | { kind: 'rsvp' }
  | { kind: 'claim' }
  | { kind: 'newTab'; url: string }
  | { kind: 'route'; to: string; preview?: ContentPreview }
  | { kind: 'frame'; url: string; frame: 'page' | 'survey' }
  | { kind: 'none' };

interface CtaSubject {
  buildingUuid: string;
  /** The content's own uuid: a native-only action remembers its page (the way back, the QR code). */
  uuid?: string;
  cta: {
    type: string | null;
    url: string | null;
    isRsvp: boolean;
    isClaim: boolean;
    attachableAmenityUuid: string | null;
    attachableCompanyUuid: string | null;
    attachableContentUuid: string | null;
    attachSecondaryContent: boolean;
  };
}

const inBuilding = (buildingUuid: string, path: string) => `/building/${encodeURIComponent(buildingUuid)}${path}`;

/**
 * The action of a content's CTA: RSVP and claim run their flows; a survey URL opens in the in-page frame; a
 * micro-frontend in the link-out frame; an internal link goes to the amenity, company, content or secondary content
 * (the home page's discover section) of the same building; a native link, and a deep link into the app's own scheme,
 * lead to the mobile-only page (which comes back to this content); external URLs and web deep links open in a new tab.
 */
export function ctaAction({ buildingUuid, uuid, cta }: CtaSubject, registry: MiniAppRegistry): CtaAction {
  const here = uuid ? inBuilding(buildingUuid, `/content/${encodeURIComponent(uuid)}`) : inBuilding(buildingUuid, '');
  if (cta.isRsvp) return { kind: 'rsvp' };
  if (cta.isClaim || cta.type === 'CLAIM') return { kind: 'claim' };
  // Frames (and the person's parameters) only for registered mini-apps; any other link leaves in a new tab, bare.
  if (isSurveyUrl(cta.url))
    return isRegisteredMiniApp(cta.url, registry) ? { kind: 'frame', url: cta.url, frame: 'survey' } : { kind: 'newTab', url: cta.url };
  switch (cta.type) {
    case 'INTERNAL_LINK':
      if (cta.attachableAmenityUuid)
        return { kind: 'route', to: inBuilding(buildingUuid, `/amenities/${encodeURIComponent(cta.attachableAmenityUuid)}`) };
      if (cta.attachableCompanyUuid)
        return { kind: 'route', to: inBuilding(buildingUuid, `/companies/${encodeURIComponent(cta.attachableCompanyUuid)}`) };
      if (cta.attachableContentUuid)
        return { kind: 'route', to: inBuilding(buildingUuid, `/content/${encodeURIComponent(cta.attachableContentUuid)}`) };
      if (cta.attachSecondaryContent) return { kind: 'route', to: inBuilding(buildingUuid, '/#discover') };
      return { kind: 'none' };
    case 'MICRO_FRONTEND':
      if (!cta.url) return { kind: 'none' };
      return isRegisteredMiniApp(cta.url, registry) ? { kind: 'frame', url: cta.url, frame: 'page' } : { kind: 'newTab', url: cta.url };
    case 'NATIVE_LINK':
      return { kind: 'route', to: mobileOnlyPath(here) };
    case 'DEEP_LINK':
      // A link into the app (its own scheme) does nothing in a browser: the mobile-only page explains it.
      if (isAppOnlyUrl(cta.url)) return { kind: 'route', to: mobileOnlyPath(here) };
      return cta.url ? { kind: 'newTab', url: cta.url } : { kind: 'none' };
    default:
      return cta.url ? { kind: 'newTab', url: cta.url } : { kind: 'none' };
  }
}

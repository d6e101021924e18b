/**
 * The utility shortcuts of one brand (content document, section 3: "Utility shortcuts for one brand: service requests,
 * visitor registration, resource reservation, parking, a facility app"; access document, section 2: the maintenance
 * page "shows utility shortcuts for one brand"). Decision 196-utility-shortcuts-for-harbor.md.
 */

/** The brand that has them: the second demo brand. */
export const SHORTCUT_BRANDS: readonly string[] = ['harbor'];

/** The five, in the specification's order. */
export const UTILITY_SHORTCUTS = ['serviceRequests', 'visitorRegistration', 'resourceReservation', 'parking', 'facilityApp'] as const;
export type ShortcutId = (typeof UTILITY_SHORTCUTS)[number];

/** Where a shortcut leads: a screen of the app, the building's visitor mini-app (a utility), or another site. */
export type ShortcutTarget = { kind: 'route'; to: string } | { kind: 'utility'; utilityName: string } | { kind: 'external'; url: string };

export interface Shortcut {
  id: ShortcutId;
  target: ShortcutTarget;
}

export interface ShortcutFacts {
  brand: string | null | undefined;
  /** The current building; null on a page without one (the maintenance page signed out). */
  buildingUuid: string | null;
  /** The app's own screens can be reached (false on the maintenance page: every screen leads back to it). */
  inApp: boolean;
  /** The service-requests flag (its screen needs it). */
  serviceRequests: boolean;
  /** The building has the visitor-registration mini-app among its utilities. */
  visitorUtility: boolean;
  /** Runtime configuration: the service booking site (SERVICE_BOOKING_URL), parking (PARKING_URL), the facility app (FACILITY_APP_URL). */
  serviceBookingUrl: string | null;
  parkingUrl: string | null;
  facilityAppUrl: string | null;
}

/**
 * The shortcuts a page shows: none for other brands; each only where it leads somewhere. Service requests and visitor
 * registration are the app's own (its screen, the building's mini-app), so not on the maintenance page; resource
 * reservation, parking and the facility app are other sites, reachable while the app is down.
 */
export function utilityShortcuts(facts: ShortcutFacts): Shortcut[] {
  if (!SHORTCUT_BRANDS.includes(facts.brand ?? '')) return [];
  const inBuilding = facts.inApp && !!facts.buildingUuid;
  const targets: Record<ShortcutId, ShortcutTarget | null> = {
    serviceRequests:
      inBuilding && facts.serviceRequests ? { kind: 'route', to: `/building/${encodeURIComponent(facts.buildingUuid!)}/service-requests` } : null,
    visitorRegistration: inBuilding && facts.visitorUtility ? { kind: 'utility', utilityName: 'VISITOR_REGISTRATION_MINIAPP' } : null,
    resourceReservation: facts.serviceBookingUrl ? { kind: 'external', url: facts.serviceBookingUrl } : null,
    parking: facts.parkingUrl ? { kind: 'external', url: facts.parkingUrl } : null,
    facilityApp: facts.facilityAppUrl ? { kind: 'external', url: facts.facilityAppUrl } : null,
  };
  return UTILITY_SHORTCUTS.flatMap((id) => (targets[id] ? [{ id, target: targets[id] }] : []));
}

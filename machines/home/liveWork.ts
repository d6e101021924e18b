/**
 * The live-work (residential) interface (access document, section 9: "Hostnames containing the live-work brand, some
 * building IDs or a test flag force an alternate UI"). Decision 195-live-work-interface.md.
 */

/** The live-work brand's name as it appears in a host name (`livework.example.com`, `tenants.livework.example`). */
export const LIVE_WORK_BRAND = 'livework';

export interface LiveWorkFacts {
  /** The page's host name. */
  host: string;
  /** The current building, if any. */
  buildingUuid: string | null;
  /** The deployment's live-work buildings (runtime configuration `liveWorkBuildings`, LIVE_WORK_BUILDINGS). */
  liveWorkBuildings: readonly string[];
  /** The `live-work-ui` test flag. */
  flag: boolean;
}

/** Whether the live-work interface is forced: by the host name, the building, or the test flag. */
export function isLiveWork({ host, buildingUuid, liveWorkBuildings, flag }: LiveWorkFacts): boolean {
  if (flag) return true;
  if (
    host
      .toLowerCase()
      .split('.')
      .some((label) => label.includes(LIVE_WORK_BRAND))
  )
    return true;
  return !!buildingUuid && liveWorkBuildings.some((uuid) => uuid.toLowerCase() === buildingUuid.toLowerCase());
}

/** A part of the building home, in the order a layout shows them. */
export type HomePart = 'welcome' | 'tabs' | 'utilities' | 'feed';

export interface HomeLayout {
  kind: 'office' | 'liveWork';
  /** Office: the workplace's words ("Welcome", "Building services"); live-work: the residents' ("Welcome home", "Resident services"). */
  wording: 'office' | 'resident';
  /** The order of the home's parts below the hero. */
  parts: readonly HomePart[];
  /** The utilities carry a visible heading (the office home names them for screen readers only). */
  titledUtilities: boolean;
}

/**
 * The home's layout. Office: services first (what a workday needs), then the building's news. Live-work: the building as
 * a community first (the tabs, the featured content, events and posts of the neighbours), then the resident services
 * under their own heading.
 */
export function homeLayout(liveWork: boolean): HomeLayout {
  return liveWork
    ? { kind: 'liveWork', wording: 'resident', parts: ['welcome', 'tabs', 'feed', 'utilities'], titledUtilities: true }
    : { kind: 'office', wording: 'office', parts: ['welcome', 'utilities', 'tabs', 'feed'], titledUtilities: false };
}

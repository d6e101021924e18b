import { defineScreen, type ScreenFacts } from '../app/screen.types';
import type { HelpDeskBuilding, HelpDeskInput } from './helpDesk.types';

/** What a support request names of the current building (the facts' building without its uuid). */
export const helpDeskBuildingOf = (building: NonNullable<ScreenFacts['building']>): HelpDeskBuilding => ({
  name: building.name,
  portfolioUuid: building.portfolioUuid,
  assetUuid: building.assetUuid,
});

/**
 * /help-desk starts from the signed-in person and the current building once it is ready (its portfolio says which
 * choices the form offers: an address opened before the building came must not start with the natures); nothing
 * restarts it while it is open (a language or building change must not drop what the person typed and chose).
 */
export const helpDeskScreen = defineScreen<Record<string, never>, HelpDeskInput>({
  input: (_, facts) =>
    facts.user && facts.building
      ? {
          buildingUuid: facts.building.uuid,
          building: helpDeskBuildingOf(facts.building),
          inHostNavigation: facts.inHostNavigation,
          requester: {
            name: `${facts.user.first_name} ${facts.user.last_name}`.trim(),
            email: facts.user.email,
            companyName: facts.user.company_name ?? null,
          },
        }
      : null,
  restartKey: () => 'helpDesk',
});

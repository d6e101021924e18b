import { defineScreen } from '../app/screen.types';
import type { VisitorCheckInInput } from './visitorCheckIn.types';

/**
 * /visitors/check-in is the current building's visitor desk: another building starts it again; nothing else does (the
 * kiosk's idle reset starts every screen again on its own).
 */
export const visitorCheckInScreen = defineScreen<Record<string, never>, VisitorCheckInInput>({
  input: (_, facts) => (facts.buildingUuid ? { buildingUuid: facts.buildingUuid } : null),
  restartKey: (_, facts) => `visitorCheckIn|${facts.buildingUuid}`,
});

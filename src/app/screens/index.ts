import type { AnyActorLogic } from 'xstate';
import type { ScreenName } from '../../../machines/app/screens';
import type { AppActor } from '../appActor';

/** A screen flow's logic with its real implementations, loaded with the code of the screen's area. */
export type ScreenLoader = (name: ScreenName) => Promise<AnyActorLogic>;

const LOADERS: Record<ScreenName, (app: AppActor) => Promise<AnyActorLogic>> = {
  authFlow: async (app) => (await import('./authFlow')).authFlowLogic(app),
  home: async (app) => (await import('./home')).homeLogic(app),
  contentDetail: async (app) => (await import('./content')).contentDetailLogic(app),
  amenities: async () => (await import('./directory')).amenitiesLogic(),
  amenityDetail: async () => (await import('./directory')).amenityDetailLogic(),
  companyDirectory: async () => (await import('./directory')).companyDirectoryLogic(),
  companyDetail: async () => (await import('./directory')).companyDetailLogic(),
  profileForm: async () => (await import('./account')).profileFormLogic(),
  passwordUpdate: async () => (await import('./account')).passwordUpdateLogic(),
  emailConsent: async () => (await import('./account')).emailConsentLogic(),
  notificationPreferences: async () => (await import('./account')).notificationPreferencesLogic(),
  bookingReceipt: async () => (await import('./bookings')).bookingReceiptLogic(),
  history: async () => (await import('./bookings')).historyLogic(),
  bookableResources: async () => (await import('./bookings')).bookableResourcesLogic(),
  bookResource: async () => (await import('./bookings')).bookResourceLogic(),
  helpDesk: async () => (await import('./helpDesk')).helpDeskLogic(),
  serviceRequests: async () => (await import('./serviceRequests')).serviceRequestsLogic(),
  serviceRequestDetail: async () => (await import('./serviceRequests')).serviceRequestDetailLogic(),
  cardEntry: async (app) => (await import('./payments')).cardEntryLogic(app),
  smartFloors: async () => (await import('./smartBuilding')).smartFloorsLogic(),
  smartSuites: async () => (await import('./smartBuilding')).smartSuitesLogic(),
  suiteControl: async () => (await import('./smartBuilding')).suiteControlLogic(),
  visitorCheckIn: async () => (await import('./visitorCheckIn')).visitorCheckInLogic(),
  directMiniApp: async (app) => (await import('./linkOut')).directMiniAppLogic(app),
  emergency: async () => (await import('./emergency')).emergencyLogic(),
};

/**
 * The composition root's screen logics: each is provided once per app, on first use, and kept (the routes ask for it
 * on every entry).
 */
export function screenLoader(app: AppActor): ScreenLoader {
  const loaded = new Map<ScreenName, Promise<AnyActorLogic>>();
  return (name) => {
    let logic = loaded.get(name);
    if (!logic) {
      logic = LOADERS[name](app);
      loaded.set(name, logic);
      // A failed chunk load is asked again next time rather than kept.
      logic.catch(() => loaded.delete(name));
    }
    return logic;
  };
}

import type { bookableResourcesMachine } from '../bookings/bookableResources.machine';
import type { bookResourceMachine } from '../bookings/bookResource.machine';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { appMachine } from './app.machine';
import type { sessionMachine } from '../session/session.machine';
import type { flagsMachine } from '../flags/flags.machine';
import type { buildingMachine } from '../building/building.machine';
import type { localeMachine } from '../locale/locale.machine';
import type { headerMenuMachine } from '../shell/headerMenu.machine';
import type { globalErrorMachine } from '../globalError/globalError.machine';
import type { kioskMachine } from '../kiosk/kiosk.machine';
import type { analyticsConsentMachine } from '../analytics/analyticsConsent.machine';
import type { colorSchemeMachine } from '../appearance/colorScheme.machine';
import type { notificationsMachine } from '../notifications/notifications.machine';
import type { notificationCentreMachine } from '../notificationCentre/notificationCentre.machine';
import type { bridgeMachine } from '../bridge/bridge.machine';
import type { cardSheetMachine } from '../payments/cardSheet.machine';
import type { rsvpMachine } from '../content/rsvp.machine';
import type { claimMachine } from '../content/claim.machine';
import { screenId, type ScreenName } from './screens';
import type { authFlowMachine } from '../auth/authFlow.machine';
import type { homeMachine } from '../home/home.machine';
import type { contentDetailMachine } from '../content/contentDetail.machine';
import type { amenitiesMachine } from '../directory/amenities.machine';
import type { amenityDetailMachine } from '../directory/amenityDetail.machine';
import type { companyDirectoryMachine } from '../directory/companyDirectory.machine';
import type { companyDetailMachine } from '../directory/companyDetail.machine';
import type { profileFormMachine } from '../account/profileForm.machine';
import type { passwordUpdateMachine } from '../account/passwordUpdate.machine';
import type { emailConsentMachine } from '../account/emailConsent.machine';
import type { notificationPreferencesMachine } from '../account/notificationPreferences.machine';
import type { bookingReceiptMachine } from '../bookings/bookingReceipt.machine';
import type { historyMachine } from '../bookings/history.machine';
import type { helpDeskMachine } from '../helpDesk/helpDesk.machine';
import type { serviceRequestsMachine } from '../serviceRequests/serviceRequests.machine';
import type { serviceRequestDetailMachine } from '../serviceRequests/serviceRequestDetail.machine';
import type { cardEntryMachine } from '../payments/cardEntry.machine';
import type { floorsMachine } from '../smartBuilding/floors.machine';
import type { suitesMachine } from '../smartBuilding/suites.machine';
import type { suiteControlMachine } from '../smartBuilding/suiteControl.machine';
import type { visitorCheckInMachine } from '../kiosk/visitorCheckIn.machine';
import type { directMiniAppMachine } from '../linkOut/directMiniApp.machine';
import type { emergencyMachine } from '../emergency/emergency.machine';

/** The screen flows' actor types, by the name the app opens them under (`screen.<name>` in the system). */
export interface ScreenActors {
  authFlow: ActorRefFrom<typeof authFlowMachine>;
  home: ActorRefFrom<typeof homeMachine>;
  contentDetail: ActorRefFrom<typeof contentDetailMachine>;
  amenities: ActorRefFrom<typeof amenitiesMachine>;
  amenityDetail: ActorRefFrom<typeof amenityDetailMachine>;
  companyDirectory: ActorRefFrom<typeof companyDirectoryMachine>;
  companyDetail: ActorRefFrom<typeof companyDetailMachine>;
  profileForm: ActorRefFrom<typeof profileFormMachine>;
  passwordUpdate: ActorRefFrom<typeof passwordUpdateMachine>;
  emailConsent: ActorRefFrom<typeof emailConsentMachine>;
  notificationPreferences: ActorRefFrom<typeof notificationPreferencesMachine>;
  bookingReceipt: ActorRefFrom<typeof bookingReceiptMachine>;
  history: ActorRefFrom<typeof historyMachine>;
  bookableResources: ActorRefFrom<typeof bookableResourcesMachine>;
  bookResource: ActorRefFrom<typeof bookResourceMachine>;
  helpDesk: ActorRefFrom<typeof helpDeskMachine>;
  serviceRequests: ActorRefFrom<typeof serviceRequestsMachine>;
  serviceRequestDetail: ActorRefFrom<typeof serviceRequestDetailMachine>;
  cardEntry: ActorRefFrom<typeof cardEntryMachine>;
  smartFloors: ActorRefFrom<typeof floorsMachine>;
  smartSuites: ActorRefFrom<typeof suitesMachine>;
  suiteControl: ActorRefFrom<typeof suiteControlMachine>;
  visitorCheckIn: ActorRefFrom<typeof visitorCheckInMachine>;
  directMiniApp: ActorRefFrom<typeof directMiniAppMachine>;
  emergency: ActorRefFrom<typeof emergencyMachine>;
}

/**
 * Every actor of the root system by its systemId, with its type: the app, its long-lived children, the content
 * screen's RSVP and claim flows, and the screen flows (decision 209). A new systemId is added here, so a
 * lookup of it is typed without a cast.
 */
export interface SystemActors extends ScreenSystemActors {
  app: ActorRefFrom<typeof appMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  flags: ActorRefFrom<typeof flagsMachine>;
  building: ActorRefFrom<typeof buildingMachine>;
  locale: ActorRefFrom<typeof localeMachine>;
  headerMenu: ActorRefFrom<typeof headerMenuMachine>;
  globalError: ActorRefFrom<typeof globalErrorMachine>;
  kiosk: ActorRefFrom<typeof kioskMachine>;
  analyticsConsent: ActorRefFrom<typeof analyticsConsentMachine>;
  colorScheme: ActorRefFrom<typeof colorSchemeMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  notificationCentre: ActorRefFrom<typeof notificationCentreMachine>;
  bridge: ActorRefFrom<typeof bridgeMachine>;
  cardSheet: ActorRefFrom<typeof cardSheetMachine>;
  rsvp: ActorRefFrom<typeof rsvpMachine>;
  claim: ActorRefFrom<typeof claimMachine>;
}

type ScreenSystemActors = { [N in ScreenName as `screen.${N}`]: ScreenActors[N] };

export type SystemId = keyof SystemActors;

/** The system an actor belongs to (`app.system`, or the `system` an action or an actor's logic is given). */
type AnyActorSystem = AnyActorRef['system'];

/**
 * The actor registered under `id` in the root system, typed by the registry, or undefined when it does not run (a
 * machine unit-tested alone, a screen not open). The one typed lookup: no `system.get(ID) as X` anywhere else.
 */
export function systemActor<K extends SystemId>(system: AnyActorSystem, id: K): SystemActors[K] | undefined {
  // The system is untyped (`ActorSystem<any>`), so its answer takes the registry's type without a cast.
  const ref: SystemActors[K] | undefined = system.get(id);
  return ref;
}

/**
 * A long-lived actor of the app (invoked with the app, so it runs for as long as the app does); a missing one is a
 * wiring mistake, named at once rather than as an undefined read later.
 */
export function runningActor<K extends SystemId>(system: AnyActorSystem, id: K): SystemActors[K] {
  const ref = systemActor(system, id);
  if (!ref) throw new Error(`The actor '${id}' is not running in the app's system`);
  return ref;
}

/** A screen flow the app runs (`screen.<name>`), typed by its name, or undefined while it is not open. */
export function screenActor<N extends ScreenName>(system: AnyActorSystem, name: N): ScreenActors[N] | undefined {
  const ref: ScreenActors[N] | undefined = system.get(screenId(name));
  return ref;
}

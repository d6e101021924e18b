import { authFlowScreen } from '../auth/authFlow.screen';
import { homeScreen } from '../home/home.screen';
import { contentDetailScreen } from '../content/contentDetail.screen';
import { amenitiesScreen, amenityDetailScreen, companyDetailScreen, companyDirectoryScreen } from '../directory/directory.screens';
import { emailConsentScreen, notificationPreferencesScreen, passwordUpdateScreen, profileFormScreen } from '../account/account.screens';
import { bookableResourcesScreen, bookingReceiptScreen, bookResourceScreen, historyScreen } from '../bookings/bookings.screens';
import { helpDeskScreen } from '../helpDesk/helpDesk.screens';
import { serviceRequestDetailScreen, serviceRequestsScreen } from '../serviceRequests/serviceRequests.screens';
import { cardEntryScreen } from '../payments/cardEntry.screen';
import { smartFloorsScreen, smartSuitesScreen, suiteControlScreen } from '../smartBuilding/smartBuilding.screens';
import { visitorCheckInScreen } from '../kiosk/visitorCheckIn.screen';
import { directMiniAppScreen } from '../linkOut/directMiniApp.screen';
import { emergencyScreen } from '../emergency/emergency.screen';

/**
 * Every screen flow the app can open, by name. A route's entry sends `screen.open` with the name, its params and the
 * flow's logic (loaded with the route's code); the app spawns it in its own system as `screen.<name>`.
 */
export const SCREENS = {
  authFlow: authFlowScreen,
  home: homeScreen,
  contentDetail: contentDetailScreen,
  amenities: amenitiesScreen,
  amenityDetail: amenityDetailScreen,
  companyDirectory: companyDirectoryScreen,
  companyDetail: companyDetailScreen,
  profileForm: profileFormScreen,
  passwordUpdate: passwordUpdateScreen,
  emailConsent: emailConsentScreen,
  notificationPreferences: notificationPreferencesScreen,
  bookingReceipt: bookingReceiptScreen,
  history: historyScreen,
  bookableResources: bookableResourcesScreen,
  bookResource: bookResourceScreen,
  helpDesk: helpDeskScreen,
  serviceRequests: serviceRequestsScreen,
  serviceRequestDetail: serviceRequestDetailScreen,
  cardEntry: cardEntryScreen,
  smartFloors: smartFloorsScreen,
  smartSuites: smartSuitesScreen,
  suiteControl: suiteControlScreen,
  visitorCheckIn: visitorCheckInScreen,
  directMiniApp: directMiniAppScreen,
  emergency: emergencyScreen,
} as const;

export type ScreenName = keyof typeof SCREENS;
export type ScreenParams<N extends ScreenName> = Parameters<(typeof SCREENS)[N]['input']>[0];

/** The screen flow's id and systemId in the root actor's system. */
export const screenId = (name: ScreenName) => `screen.${name}` as const;

import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type {
  AppActor,
  BuildingRef,
  ColorSchemeRef,
  FlagsRef,
  GlobalErrorRef,
  HeaderMenuRef,
  KioskRef,
  NotificationsRef,
  SessionRef,
} from '../../machines/app/app.refs';
import { COLOR_SCHEME_ID } from '../../machines/appearance/colorScheme.machine';
import { NOTIFICATIONS_ID } from '../../machines/notifications/notifications.machine';
import { SESSION_ID } from '../../machines/session/session.machine';
import { BUILDING_ID } from '../../machines/building/building.machine';
import { GLOBAL_ERROR_ID } from '../../machines/globalError/globalError.machine';
import { KIOSK_ID } from '../../machines/kiosk/kiosk.machine';
import { CARD_SHEET_ID, type CardSheetRef } from '../../machines/payments/cardSheet.machine';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import { screenId, type ScreenName } from '../../machines/app/screens';
import type { authFlowMachine } from '../../machines/auth/authFlow.machine';
import type { homeMachine } from '../../machines/home/home.machine';
import type { contentDetailMachine } from '../../machines/content/contentDetail.machine';
import type { amenitiesMachine } from '../../machines/directory/amenities.machine';
import type { amenityDetailMachine } from '../../machines/directory/amenityDetail.machine';
import type { companyDirectoryMachine } from '../../machines/directory/companyDirectory.machine';
import type { companyDetailMachine } from '../../machines/directory/companyDetail.machine';
import type { profileFormMachine } from '../../machines/account/profileForm.machine';
import type { passwordUpdateMachine } from '../../machines/account/passwordUpdate.machine';
import type { emailConsentMachine } from '../../machines/account/emailConsent.machine';
import type { bookingReceiptMachine } from '../../machines/bookings/bookingReceipt.machine';
import type { historyMachine } from '../../machines/bookings/history.machine';
import type { helpDeskMachine } from '../../machines/helpDesk/helpDesk.machine';
import type { serviceRequestsMachine } from '../../machines/serviceRequests/serviceRequests.machine';
import type { cardEntryMachine } from '../../machines/payments/cardEntry.machine';
import type { floorsMachine } from '../../machines/smartBuilding/floors.machine';
import type { suitesMachine } from '../../machines/smartBuilding/suites.machine';
import type { suiteControlMachine } from '../../machines/smartBuilding/suiteControl.machine';
import type { visitorCheckInMachine } from '../../machines/kiosk/visitorCheckIn.machine';
import type { directMiniAppMachine } from '../../machines/linkOut/directMiniApp.machine';
import type { emergencyMachine } from '../../machines/emergency/emergency.machine';
import { FLAGS_ID } from '../../machines/flags/flags.machine';
import type { FlagName } from '../../contracts/flags';
import { HEADER_MENU_ID } from '../../machines/shell/headerMenu.machine';

/**
 * The root actor is created outside React (the router and the API client need it too), so it is handed down
 * through a plain context rather than created by createActorContext.
 */
const AppActorContext = createContext<AppActor | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor needs an AppActorProvider');
  return actor;
}

export const useAppSelector = <T,>(selector: (snapshot: SnapshotFrom<AppActor>) => T) => useSelector(useAppActor(), selector);

export function useSessionRef(): SessionRef {
  return useAppActor().system.get(SESSION_ID) as SessionRef;
}
export const useSessionSelector = <T,>(selector: (snapshot: SnapshotFrom<SessionRef>) => T) => useSelector(useSessionRef(), selector);

export function useBuildingRef(): BuildingRef {
  return useAppActor().system.get(BUILDING_ID) as BuildingRef;
}
export const useBuildingSelector = <T,>(selector: (snapshot: SnapshotFrom<BuildingRef>) => T) => useSelector(useBuildingRef(), selector);

export function useGlobalErrorRef(): GlobalErrorRef {
  return useAppActor().system.get(GLOBAL_ERROR_ID) as GlobalErrorRef;
}
export const useGlobalErrorSelector = <T,>(selector: (snapshot: SnapshotFrom<GlobalErrorRef>) => T) => useSelector(useGlobalErrorRef(), selector);

export function useKioskRef(): KioskRef {
  return useAppActor().system.get(KIOSK_ID) as KioskRef;
}
export const useKioskSelector = <T,>(selector: (snapshot: SnapshotFrom<KioskRef>) => T) => useSelector(useKioskRef(), selector);

export function useFlagsRef(): FlagsRef {
  return useAppActor().system.get(FLAGS_ID) as FlagsRef;
}
export const useFlagsSelector = <T,>(selector: (snapshot: SnapshotFrom<FlagsRef>) => T) => useSelector(useFlagsRef(), selector);
/** One flag's current value. */
export const useFlag = (name: FlagName) => useFlagsSelector((s) => s.context.values[name]);

export function useHeaderMenuRef(): HeaderMenuRef {
  return useAppActor().system.get(HEADER_MENU_ID) as HeaderMenuRef;
}
export const useHeaderMenuSelector = <T,>(selector: (snapshot: SnapshotFrom<HeaderMenuRef>) => T) => useSelector(useHeaderMenuRef(), selector);

export function useNotificationsRef(): NotificationsRef {
  return useAppActor().system.get(NOTIFICATIONS_ID) as NotificationsRef;
}
export const useNotificationsSelector = <T,>(selector: (snapshot: SnapshotFrom<NotificationsRef>) => T) =>
  useSelector(useNotificationsRef(), selector);

export function useCardSheetRef(): CardSheetRef {
  return useAppActor().system.get(CARD_SHEET_ID) as CardSheetRef;
}
export const useCardSheetSelector = <T,>(selector: (snapshot: SnapshotFrom<CardSheetRef>) => T) => useSelector(useCardSheetRef(), selector);

export function useColorSchemeRef(): ColorSchemeRef {
  return useAppActor().system.get(COLOR_SCHEME_ID) as ColorSchemeRef;
}
export const useColorSchemeSelector = <T,>(selector: (snapshot: SnapshotFrom<ColorSchemeRef>) => T) => useSelector(useColorSchemeRef(), selector);

/** The screen flows' actor types, by the name the app opens them under. */
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
  bookingReceipt: ActorRefFrom<typeof bookingReceiptMachine>;
  history: ActorRefFrom<typeof historyMachine>;
  helpDesk: ActorRefFrom<typeof helpDeskMachine>;
  serviceRequests: ActorRefFrom<typeof serviceRequestsMachine>;
  cardEntry: ActorRefFrom<typeof cardEntryMachine>;
  smartFloors: ActorRefFrom<typeof floorsMachine>;
  smartSuites: ActorRefFrom<typeof suitesMachine>;
  suiteControl: ActorRefFrom<typeof suiteControlMachine>;
  visitorCheckIn: ActorRefFrom<typeof visitorCheckInMachine>;
  directMiniApp: ActorRefFrom<typeof directMiniAppMachine>;
  emergency: ActorRefFrom<typeof emergencyMachine>;
}

/**
 * A screen's flow, as the app runs it in its system (`screen.<name>`): the route opened it; undefined while it waits
 * for a fact (the building) or its code. A restart gives a new actor, and the view follows it.
 */
export function useScreen<N extends ScreenName>(name: N): ScreenActors[N] | undefined {
  return useAppSelector((s) => (s.children as Record<string, AnyActorRef | undefined>)[screenId(name)]) as ScreenActors[N] | undefined;
}

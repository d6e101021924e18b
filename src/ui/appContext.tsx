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
import type { SnapshotFrom } from 'xstate';
import { runningActor, screenActor, type ScreenActors } from '../../machines/app/system';
import { screenId, type ScreenName } from '../../machines/app/screens';
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
  return runningActor(useAppActor().system, SESSION_ID);
}
export const useSessionSelector = <T,>(selector: (snapshot: SnapshotFrom<SessionRef>) => T) => useSelector(useSessionRef(), selector);

export function useBuildingRef(): BuildingRef {
  return runningActor(useAppActor().system, BUILDING_ID);
}
export const useBuildingSelector = <T,>(selector: (snapshot: SnapshotFrom<BuildingRef>) => T) => useSelector(useBuildingRef(), selector);

export function useGlobalErrorRef(): GlobalErrorRef {
  return runningActor(useAppActor().system, GLOBAL_ERROR_ID);
}
export const useGlobalErrorSelector = <T,>(selector: (snapshot: SnapshotFrom<GlobalErrorRef>) => T) => useSelector(useGlobalErrorRef(), selector);

export function useKioskRef(): KioskRef {
  return runningActor(useAppActor().system, KIOSK_ID);
}
export const useKioskSelector = <T,>(selector: (snapshot: SnapshotFrom<KioskRef>) => T) => useSelector(useKioskRef(), selector);

export function useFlagsRef(): FlagsRef {
  return runningActor(useAppActor().system, FLAGS_ID);
}
export const useFlagsSelector = <T,>(selector: (snapshot: SnapshotFrom<FlagsRef>) => T) => useSelector(useFlagsRef(), selector);
/** One flag's current value. */
export const useFlag = (name: FlagName) => useFlagsSelector((s) => s.context.values[name]);

export function useHeaderMenuRef(): HeaderMenuRef {
  return runningActor(useAppActor().system, HEADER_MENU_ID);
}
export const useHeaderMenuSelector = <T,>(selector: (snapshot: SnapshotFrom<HeaderMenuRef>) => T) => useSelector(useHeaderMenuRef(), selector);

export function useNotificationsRef(): NotificationsRef {
  return runningActor(useAppActor().system, NOTIFICATIONS_ID);
}
export const useNotificationsSelector = <T,>(selector: (snapshot: SnapshotFrom<NotificationsRef>) => T) =>
  useSelector(useNotificationsRef(), selector);

export function useCardSheetRef(): CardSheetRef {
  return runningActor(useAppActor().system, CARD_SHEET_ID);
}
export const useCardSheetSelector = <T,>(selector: (snapshot: SnapshotFrom<CardSheetRef>) => T) => useSelector(useCardSheetRef(), selector);

export function useColorSchemeRef(): ColorSchemeRef {
  return runningActor(useAppActor().system, COLOR_SCHEME_ID);
}
export const useColorSchemeSelector = <T,>(selector: (snapshot: SnapshotFrom<ColorSchemeRef>) => T) => useSelector(useColorSchemeRef(), selector);

/**
 * A screen's flow, as the app runs it in its system (`screen.<name>`): the route opened it; undefined while it waits
 * for a fact (the building) or its code. A restart gives a new actor, and the view follows it.
 */
export type { ScreenActors };

export function useScreen<N extends ScreenName>(name: N): ScreenActors[N] | undefined {
  const { system } = useAppActor();
  // The app's snapshot changes when it spawns or stops a screen; the flow itself is read, typed, from the system.
  return useAppSelector((s) => (screenId(name) in s.children ? screenActor(system, name) : undefined));
}

import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AppActor, BuildingRef, SessionRef } from './appActor';
import { SESSION_ID } from '../../machines/session/session.machine';
import { BUILDING_ID } from '../../machines/building/building.machine';
import type { SnapshotFrom } from 'xstate';

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

import { useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { farmSelectorMachine } from '../../machines/farm/farmSelector.machine';
import type { Farm } from '../../machines/farm/farmSelector.types';
import { listFarms } from '../api/farms';
import type { AppActor } from './appActor';
import { persistedFarm, persistFarm } from './storage';

/**
 * The farm in use, kept in memory beside its copy at root (the bar re-renders from here; `requestContext` reads the
 * persisted copy on every call, so a change takes effect with the next call).
 */
let current: Farm | null = persistedFarm();
const listeners = new Set<() => void>();

export const currentFarm = () => current;

/** Uses the farm (null: back to the default API) from the next call on, and keeps it for the next visit. */
export function chooseFarm(farm: Farm | null) {
  current = farm;
  persistFarm(farm);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The farm in use, for views. */
export const useCurrentFarm = () => useSyncExternalStore(subscribe, currentFarm, currentFarm);

/** The farm selector with the farm list of the runtime configuration and the persisted farm. */
export function farmSelectorLogic(app: AppActor) {
  return farmSelectorMachine.provide({
    actors: {
      loadFarms: fromPromise(() => {
        const { farmListUrl, farmListKey } = app.getSnapshot().context.config;
        return listFarms(farmListUrl, farmListKey);
      }),
    },
    actions: {
      chooseFarm: (_, { farm }) => chooseFarm(farm),
    },
  });
}

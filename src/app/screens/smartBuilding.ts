import { fromPromise } from 'xstate';
import { floorsMachine } from '../../../machines/smartBuilding/floors.machine';
import { suitesMachine } from '../../../machines/smartBuilding/suites.machine';
import { suiteControlMachine } from '../../../machines/smartBuilding/suiteControl.machine';
import { temperatureUnitOf } from '../../../machines/smartBuilding/smartBuilding.rules';
import type { TemperatureUnit } from '../../../machines/smartBuilding/smartBuilding.types';
import * as smartBuildingApi from '../../api/smartBuilding';

/** The person's temperature unit on this device (decision 100). */
const UNIT_KEY = 'temperatureUnit';

function storedUnit(): TemperatureUnit | null {
  try {
    return temperatureUnitOf(localStorage.getItem(UNIT_KEY));
  } catch {
    return null;
  }
}

function storeUnit(unit: TemperatureUnit) {
  try {
    localStorage.setItem(UNIT_KEY, unit);
  } catch {
    /* storage blocked: the choice lasts as long as the screen */
  }
}

/** The floors list with the real API. */
export const smartFloorsLogic = () =>
  floorsMachine.provide({ actors: { loadFloors: fromPromise(({ input }) => smartBuildingApi.floors(input.buildingUuid)) } });

/** A floor's suites with the real API: the floors (for the floor's name) and the suites are asked for side by side. */
export const smartSuitesLogic = () =>
  suitesMachine.provide({
    actors: {
      loadSuites: fromPromise(async ({ input }) => {
        const [floors, suites] = await Promise.all([
          smartBuildingApi.floors(input.buildingUuid),
          smartBuildingApi.suitesOfFloor(input.buildingUuid, input.floorId),
        ]);
        return { floor: floors.find((f) => f.id === input.floorId) ?? null, suites };
      }),
    },
  });

/** A suite's control with the real API and the person's unit kept in the browser. */
export const suiteControlLogic = () =>
  suiteControlMachine.provide({
    actors: {
      loadSuite: fromPromise(async ({ input }) => ({
        suite: await smartBuildingApi.suite(input.buildingUuid, input.suiteId),
        preferredUnit: storedUnit(),
      })),
      setLighting: fromPromise(({ input }) => smartBuildingApi.setLighting(input.buildingUuid, input.suiteId, input.value)),
      setTemperature: fromPromise(({ input }) =>
        smartBuildingApi.setTemperature(input.buildingUuid, input.suiteId, input.request.value, input.request.unit === 'C'),
      ),
    },
    actions: { persistUnit: (_, { unit }) => storeUnit(unit) },
  });

import type { SnapshotFrom } from 'xstate';
import type { suiteControlMachine } from './suiteControl.machine';
import { shownLighting, shownTemperatureF } from './suiteControl.machine';
import { displayTemperature, hasLighting, hasTemperature, temperatureBounds } from './smartBuilding.rules';

type Snapshot = Pick<SnapshotFrom<typeof suiteControlMachine>, 'context'>;

/** The level the lighting control shows (the pending one while a change is in flight). */
export const lightingLevel = (s: Snapshot) => shownLighting(s.context);
/** The temperature the control shows, in the person's unit (the pending one while a change is in flight). */
export const temperatureShown = (s: Snapshot) => displayTemperature(shownTemperatureF(s.context), s.context.unit);
/** The limits in the person's unit, for the range text. */
export const temperatureLimits = (s: Snapshot) => temperatureBounds(s.context.unit);
/** Which tabs the suite's capabilities allow. */
export const capabilities = (s: Snapshot) => ({
  lighting: s.context.suite !== null && hasLighting(s.context.suite),
  temperature: s.context.suite !== null && hasTemperature(s.context.suite),
});

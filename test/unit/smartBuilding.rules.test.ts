import { describe, expect, it } from 'vitest';
import {
  canCool,
  canWarm,
  controlOfPath,
  defaultControl,
  displayTemperature,
  shownControl,
  smartBuildingPaths,
  steppedTemperature,
  temperatureUnitOf,
  toggledLighting,
} from '../../machines/smartBuilding/smartBuilding.rules';

describe('smart-building rules', () => {
  it('opens on lighting when the lighting is numeric, else on temperature; the address may pick a control the suite has', () => {
    expect(defaultControl({ lighting: 0 })).toBe('lighting');
    expect(defaultControl({ lighting: false })).toBe('temperature');
    expect(shownControl({ lighting: 60, temp: 71 }, 'temperature')).toBe('temperature');
    expect(shownControl({ lighting: false, temp: 71 }, 'lighting')).toBe('temperature');
    expect(shownControl({ lighting: 60, temp: 71 }, null)).toBe('lighting');
  });

  it('reads the control from the fixed paths', () => {
    expect(controlOfPath('/building/b/suites/s/control')).toBeNull();
    expect(controlOfPath('/building/b/suites/s/control/lighting')).toBe('lighting');
    expect(controlOfPath('/building/b/suites/s/control/temperature/')).toBe('temperature');
    expect(smartBuildingPaths('b 1').control('s', 'lighting')).toBe('/building/b%201/suites/s/control/lighting');
    expect(smartBuildingPaths('b').suites('f')).toBe('/building/b/smart-building/floors/f/suites');
    // The web view's screens sit under its root, the building being the launch's.
    expect(smartBuildingPaths('b', '/webview').floors).toBe('/webview/smart-building');
    expect(smartBuildingPaths('b', '/webview/de-DE').suites('f 1')).toBe('/webview/de-DE/smart-building/floors/f%201/suites');
    expect(smartBuildingPaths('b', '/webview').control('s', 'temperature')).toBe('/webview/suites/s/control/temperature');
  });

  it('toggles the lighting between 0 and 100', () => {
    expect(toggledLighting(0)).toBe(100);
    expect(toggledLighting(1)).toBe(0);
    expect(toggledLighting(100)).toBe(0);
  });

  it('disables cooler at or below 65 °F and warmer at or above 75 °F, and the same limits in °C', () => {
    expect(canCool(65, 'F')).toBe(false);
    expect(canCool(66, 'F')).toBe(true);
    expect(canWarm(75, 'F')).toBe(false);
    expect(canWarm(74, 'F')).toBe(true);
    expect(displayTemperature(65.3, 'C')).toBe(18.5);
    expect(canCool(65.3, 'C')).toBe(false);
    expect(canWarm(74.3, 'C')).toBe(false);
    expect(steppedTemperature(71, 'F', 1)).toBe(72);
    expect(steppedTemperature(71.6, 'C', -1)).toBe(21.5);
    expect(steppedTemperature(75, 'F', 1)).toBe(75);
  });

  it('takes only F or C as a kept unit', () => {
    expect(temperatureUnitOf('C')).toBe('C');
    expect(temperatureUnitOf('K')).toBeNull();
    expect(temperatureUnitOf(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { utilityAction, visibleUtilities, withSmartBuilding } from '../../machines/home/utilities';
import { utilityButton } from '../fixtures/home';

const smart = utilityButton({
  uuid: 'u-smart',
  text: 'Smart building',
  language: 'en',
  name: 'smart-building',
  utility_name: 'SMART_BUILDING',
  type: 'NATIVE',
  url: null,
  route: 'smart-building',
  order: 100,
});

describe('the smart-building utility', () => {
  it('shows only while the show-smart-building flag is on, and the flag arriving later reloads nothing', () => {
    // The home keeps the tile whatever the flag (a flag changing after start-up must not restart the feed) ...
    const kept = visibleUtilities([smart], { safety: false, signedIn: true });
    expect(kept.map((t) => t.name)).toEqual(['smart-building']);
    // ... and the grid shows it only while the flag is on.
    expect(withSmartBuilding(kept, false)).toEqual([]);
    expect(withSmartBuilding(kept, true).map((t) => t.name)).toEqual(['smart-building']);
  });

  it('is a screen of the web app (no mobile-only label) and leads to the floors of the building', () => {
    const [tile] = visibleUtilities([smart], { safety: false, signedIn: true });
    expect(tile!.subLabel).toBeNull();
    expect(utilityAction(tile!, { buildingUuid: 'b-1', origin: 'https://app.example', miniApps: [], framesAllowed: true } as never)).toEqual({
      kind: 'route',
      to: '/building/b-1/smart-building',
    });
  });
});

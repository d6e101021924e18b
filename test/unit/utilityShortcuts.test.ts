import { describe, expect, it } from 'vitest';
import { SHORTCUT_BRANDS, utilityShortcuts, type ShortcutFacts } from '../../machines/shell/utilityShortcuts';

const facts = (overrides: Partial<ShortcutFacts> = {}): ShortcutFacts => ({
  brand: 'harbor',
  buildingUuid: 'b-1',
  inApp: true,
  serviceRequests: true,
  visitorUtility: true,
  serviceBookingUrl: 'https://book.example/rooms',
  parkingUrl: 'https://parking.example',
  facilityAppUrl: 'https://facility.example',
  ...overrides,
});
const ids = (f: ShortcutFacts) => utilityShortcuts(f).map((s) => s.id);

describe('utility shortcuts for one brand (content document, section 3)', () => {
  it('the harbor brand has the five, in the specification’s order, each leading somewhere', () => {
    expect(SHORTCUT_BRANDS).toEqual(['harbor']);
    expect(utilityShortcuts(facts())).toEqual([
      { id: 'serviceRequests', target: { kind: 'route', to: '/building/b-1/service-requests' } },
      { id: 'visitorRegistration', target: { kind: 'utility', utilityName: 'VISITOR_REGISTRATION_MINIAPP' } },
      { id: 'resourceReservation', target: { kind: 'external', url: 'https://book.example/rooms' } },
      { id: 'parking', target: { kind: 'external', url: 'https://parking.example' } },
      { id: 'facilityApp', target: { kind: 'external', url: 'https://facility.example' } },
    ]);
  });

  it('other brands have none', () => {
    expect(ids(facts({ brand: 'atrium' }))).toEqual([]);
    expect(ids(facts({ brand: null }))).toEqual([]);
  });

  it('on the maintenance page, only the other sites (the app’s own screens lead back to it)', () => {
    expect(ids(facts({ inApp: false }))).toEqual(['resourceReservation', 'parking', 'facilityApp']);
    expect(ids(facts({ inApp: false, buildingUuid: null }))).toEqual(['resourceReservation', 'parking', 'facilityApp']);
  });

  it('leaves out what has nowhere to go: the service-requests flag off, no visitor mini-app, a site not configured', () => {
    expect(ids(facts({ serviceRequests: false, visitorUtility: false, parkingUrl: null }))).toEqual(['resourceReservation', 'facilityApp']);
    expect(ids(facts({ buildingUuid: null }))).toEqual(['resourceReservation', 'parking', 'facilityApp']);
  });
});

import { describe, expect, it } from 'vitest';
import { currentPlace, isHomeScreen, mainPlaces } from '../../machines/shell/mainPlaces';

describe('the main places', () => {
  it('are home, the building’s service requests and the account, each behind what it needs', () => {
    expect(mainPlaces({ buildingUuid: 'b-1', serviceRequests: true, account: true })).toEqual([
      { place: 'home', to: '/home' },
      { place: 'requests', to: '/building/b-1/service-requests' },
      { place: 'account', to: '/account' },
    ]);
    // No building, or the flag off: no requests; the account's flag off: no account. Home always.
    expect(mainPlaces({ buildingUuid: null, serviceRequests: true, account: true }).map((p) => p.place)).toEqual(['home', 'account']);
    expect(mainPlaces({ buildingUuid: 'b-1', serviceRequests: false, account: false }).map((p) => p.place)).toEqual(['home']);
  });

  it('hold Book with the booking flag and a building, after home', () => {
    expect(mainPlaces({ buildingUuid: 'b-1', booking: true, serviceRequests: true, account: true }).map((p) => p.to)).toEqual([
      '/home',
      '/building/b-1/book',
      '/building/b-1/service-requests',
      '/account',
    ]);
    expect(mainPlaces({ buildingUuid: null, booking: true, serviceRequests: false, account: false }).map((p) => p.place)).toEqual(['home']);
    expect(mainPlaces({ buildingUuid: 'b-1', booking: false, serviceRequests: false, account: false }).map((p) => p.place)).toEqual(['home']);
  });

  it('escape the building in the address', () => {
    expect(mainPlaces({ buildingUuid: 'a/b?c', serviceRequests: true, account: false })[1]!.to).toBe('/building/a%2Fb%3Fc/service-requests');
  });

  it('know which one a path belongs to', () => {
    expect(currentPlace('/home')).toBe('home');
    expect(currentPlace('/building/b-1')).toBe('home');
    expect(currentPlace('/building/b-1/amenities/a-2')).toBe('home');
    expect(currentPlace('/building/b-1/service-requests')).toBe('requests');
    expect(currentPlace('/building/b-1/service-requests/new/')).toBe('requests');
    expect(currentPlace('/building/b-1/book')).toBe('book');
    expect(currentPlace('/building/b-1/book/r-3')).toBe('book');
    expect(currentPlace('/building/b-1/bookings/building/b-1/r-3/k-4')).toBe('book');
    expect(currentPlace('/building/b-1/booking-rules')).toBe('home');
    expect(currentPlace('/account')).toBe('account');
    expect(currentPlace('/account/profile')).toBe('account');
    expect(currentPlace('/add-card')).toBe('account');
    expect(currentPlace('/my-history')).toBeNull();
    expect(currentPlace('/help-desk')).toBeNull();
  });
});

describe('the home screens', () => {
  it('are /home and a building’s own address, nothing below them', () => {
    expect(isHomeScreen('/home')).toBe(true);
    expect(isHomeScreen('/building/b-1/')).toBe(true);
    expect(isHomeScreen('/building/b-1/amenities')).toBe(false);
    expect(isHomeScreen('/account')).toBe(false);
  });
});

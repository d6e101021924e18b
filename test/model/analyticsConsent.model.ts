import { setup } from 'xstate';

/**
 * A pure test model of the analytics consent (section 7): the app starts with no choice kept (`start.none`), or with
 * consent kept from an earlier visit (`start.granted`, `start.withdrawn`); the person gives it (`user.grant`) or
 * withdraws it (`user.withdraw`) with the settings tab's switch, which shows no choice yet as off.
 */
export type AnalyticsConsentModelEvent =
  { type: 'start.none' } | { type: 'start.granted' } | { type: 'start.withdrawn' } | { type: 'user.grant' } | { type: 'user.withdraw' };

export type AnalyticsConsentModelState = 'opening' | 'unknown' | 'granted' | 'withdrawn';

export const analyticsConsentModel = setup({ types: { events: {} as AnalyticsConsentModelEvent } }).createMachine({
  id: 'analyticsConsentModel',
  initial: 'opening',
  states: {
    opening: { on: { 'start.none': 'unknown', 'start.granted': 'granted', 'start.withdrawn': 'withdrawn' } },
    // The switch shows no choice as off: pressed, it gives consent (nothing on the screen withdraws a consent not given).
    unknown: { on: { 'user.grant': 'granted' } },
    granted: { on: { 'user.withdraw': 'withdrawn' } },
    withdrawn: { on: { 'user.grant': 'granted' } },
  },
});

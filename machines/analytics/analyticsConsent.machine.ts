import { setup } from 'xstate';

export const ANALYTICS_CONSENT_ID = 'analyticsConsent';

/** The person's analytics choice as the browser keeps it; null until they have chosen. */
export type AnalyticsConsent = 'granted' | 'withdrawn' | null;

export interface AnalyticsConsentContext {
  /** The choice kept from an earlier visit, read once at start. */
  persisted: AnalyticsConsent;
}

export type AnalyticsConsentEvent = { type: 'user.grant' } | { type: 'user.withdraw' };

/**
 * Consent to the third-party analytics tag (section 7): the tag is added when consent is given and removed when it
 * is withdrawn. A long-lived child of the app, so the choice holds across pages; the choice is kept in the browser
 * and resumed at start. Until the person chooses, no tag is added.
 */
export const analyticsConsentMachine = setup({
  types: {
    context: {} as AnalyticsConsentContext,
    events: {} as AnalyticsConsentEvent,
    input: {} as { persisted?: AnalyticsConsent },
    tags: {} as 'granted',
  },
  actions: {
    /** Adds the analytics tag to the page (the app: a script in <head>, when a tag URL is configured). */
    addTag: () => {},
    /** Removes the analytics tag and whatever it was given (the app). */
    removeTag: () => {},
    /** Keeps the choice for the next visit (the app: `analytics.consent` in the `root` key of local storage). */
    persistConsent: (_, _params: { consent: Exclude<AnalyticsConsent, null> }) => {},
  },
  guards: {
    grantedBefore: ({ context }) => context.persisted === 'granted',
    withdrawnBefore: ({ context }) => context.persisted === 'withdrawn',
  },
}).createMachine({
  id: ANALYTICS_CONSENT_ID,
  context: ({ input }) => ({ persisted: input?.persisted ?? null }),
  initial: 'unknown',
  states: {
    unknown: {
      description: 'No choice yet: no tag. A choice kept from an earlier visit is resumed at once.',
      always: [
        { guard: 'grantedBefore', target: 'granted' },
        { guard: 'withdrawnBefore', target: 'withdrawn' },
      ],
      on: {
        // The switch shows no choice as off, so the only choice it offers here is consent.
        'user.grant': { target: 'granted', actions: { type: 'persistConsent', params: { consent: 'granted' } } },
      },
    },
    granted: {
      description: 'The analytics tag is on the page.',
      tags: ['granted'],
      entry: 'addTag',
      on: {
        'user.withdraw': { target: 'withdrawn', actions: { type: 'persistConsent', params: { consent: 'withdrawn' } } },
      },
    },
    withdrawn: {
      description: 'The analytics tag is off the page.',
      entry: 'removeTag',
      on: {
        'user.grant': { target: 'granted', actions: { type: 'persistConsent', params: { consent: 'granted' } } },
      },
    },
  },
});

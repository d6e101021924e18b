import { assign, sendTo, setup } from 'xstate';
import { reportTarget, reportToOf, type ReportTarget, type ReportsTo } from '../shared/reports';

export const COLOR_SCHEME_ID = 'colorScheme';

/** What the person chose in the settings: follow the device, or always light, or always dark. */
export type ColorSchemePreference = 'system' | 'light' | 'dark';
export const COLOR_SCHEME_PREFERENCES: readonly ColorSchemePreference[] = ['system', 'light', 'dark'];

export type ColorSchemeEvent = { type: 'user.choose'; preference: ColorSchemePreference };

/** What the machine tells the app: the person chose another scheme (open mini-apps hear themeChanged). */
export type ColorSchemeReport = { type: 'colorScheme.changed' };

const isPreference = (value: unknown): value is ColorSchemePreference => COLOR_SCHEME_PREFERENCES.includes(value as ColorSchemePreference);

/**
 * Light or dark: the person's setting (system, light, dark), kept in the browser and resumed at start. "System"
 * follows the device's prefers-color-scheme as it changes (the page's style sheet does that on its own); a choice
 * overrides it. A long-lived child of the app, so the choice is on the page before the first paint.
 */
export const colorSchemeMachine = setup({
  types: {
    context: {} as { preference: ColorSchemePreference; reportTo: ReportTarget<ColorSchemeReport> | null },
    events: {} as ColorSchemeEvent,
    input: {} as ({ persisted?: string | null } & ReportsTo<ColorSchemeReport>) | undefined,
  },
  actions: {
    /** Shows the preference (the app: the root element's data-color-scheme, none for system). */
    applyPreference: (_, _params: { preference: ColorSchemePreference }) => {},
    /** Keeps the choice for the next visit (the app: local storage). */
    persistPreference: (_, _params: { preference: ColorSchemePreference }) => {},
    reportChange: sendTo(
      ({ context, self }) => reportTarget(context, self),
      (): ColorSchemeReport => ({ type: 'colorScheme.changed' }),
    ),
  },
}).createMachine({
  id: COLOR_SCHEME_ID,
  context: ({ input }) => ({ preference: isPreference(input?.persisted) ? input.persisted : 'system', reportTo: reportToOf(input) }),
  initial: 'showing',
  states: {
    showing: {
      entry: { type: 'applyPreference', params: ({ context }) => ({ preference: context.preference }) },
      on: {
        'user.choose': {
          actions: [
            assign({ preference: ({ event }) => event.preference }),
            { type: 'applyPreference', params: ({ event }) => ({ preference: event.preference }) },
            { type: 'persistPreference', params: ({ event }) => ({ preference: event.preference }) },
            'reportChange',
          ],
        },
      },
    },
  },
});

/**
 * The look's colours that the app and the server share: the server writes the brand's roles into the page
 * (contracts/brandRoles.ts), the app's style sheet holds the palettes (src/ui/kit/stitches.config.ts).
 */

/** Branding colours of the specification (access document, section 9), kept as given. */
export const ALERT_RED = '#EC003E';
export const GREY_DARK = '#696E72';

/**
 * The page's neutral colour roles, light and dark. Brand roles (`brand`, `primary`, `secondary` and the text on
 * them) come from the brand and the building at run time and are adjusted per scheme for contrast (theme.ts).
 * Every text role reaches WCAG AA (4.5:1) on `surface` and on `background` of its scheme (test/unit/kit.contrast.test.ts).
 */
export const LIGHT = {
  surface: '#FFFFFF',
  background: '#F4F6F8',
  raised: '#FFFFFF',
  text: '#1D2125',
  muted: '#555B61',
  border: '#D5D9DD',
  /** Outlines of fields and controls: 3:1 on the surface (WCAG 1.4.11). */
  control: '#7B8288',
  neutral: '#3C4248',
  neutralSoft: '#EBEEF1',
  danger: '#B3002F',
  dangerSoft: '#FDE7EC',
  success: '#1B6E45',
  successSoft: '#E2F3E9',
  warning: '#8A4B00',
  warningSoft: '#FFF1D6',
  scrim: 'rgba(20, 24, 28, 0.5)',
  /**
   * The specification's alert red, as given, for what is not body text: borders, icons, large text and bars with
   * white text (3:1 on every ground of both schemes; 4.5:1 only on the white surface). Error text is `danger`.
   */
  alert: ALERT_RED,
  /** The specification's grey dark, as given: AA text on the light surface and background (5.2:1, 4.8:1). */
  greyDark: GREY_DARK,
} as const;

export const DARK: Record<keyof typeof LIGHT, string> = {
  surface: '#1B1F24',
  background: '#111417',
  raised: '#252A30',
  text: '#E9ECEF',
  muted: '#A9B0B7',
  border: '#3A4148',
  control: '#858D95',
  neutral: '#D2D7DC',
  neutralSoft: '#2B3138',
  danger: '#FF8C9E',
  dangerSoft: '#3D1620',
  success: '#6BD59F',
  successSoft: '#133022',
  warning: '#F6BE5A',
  warningSoft: '#3A2B0E',
  scrim: 'rgba(0, 0, 0, 0.65)',
  alert: ALERT_RED,
  /** #696E72 reads 3.2:1 on the dark surface: too dark for text there, so the dark scheme's muted grey stands in. */
  greyDark: '#A9B0B7',
};

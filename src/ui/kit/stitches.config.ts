import { createStitches } from '@stitches/react';

import { DARK, LIGHT } from '../../../contracts/palette';

export { DARK, LIGHT };

/**
 * The brand roles, as theme.ts computes them for each scheme (`--light-primary`, `--dark-primary` ...); the values
 * here are the default brand's, until the brand's own are in.
 */
export const BRAND_ROLES = {
  brand: ['#257BAD', '#257BAD'],
  onBrand: ['#FFFFFF', '#FFFFFF'],
  primary: ['#2375A4', '#599AC0'],
  onPrimary: ['#FFFFFF', '#000000'],
  secondary: ['#7C7933', '#7C7933'],
  onSecondary: ['#000000', '#000000'],
} as const;
/**
 * Admin pink (#D52465, the specification's branding colour for admin), marking what leads to the admin site. It reaches
 * 3:1 on the light menus; on the dark ones it is lightened, as the brand roles are, to reach AA there.
 */
export const ADMIN_PINK = ['#D52465', '#E67CA3'] as const;
const brandVariables = (scheme: 0 | 1) =>
  Object.fromEntries(
    Object.entries(BRAND_ROLES).map(([role, values]) => [`--colors-${role}`, `var(--${scheme ? 'dark' : 'light'}-${role}, ${values[scheme]})`]),
  );

/**
 * The design tokens. Stitches turns each into a CSS variable (`--colors-primary` ...); the scheme and the brand
 * override those variables, so components follow without re-rendering.
 */
export const { styled, css, globalCss, keyframes, theme, createTheme, getCssText, config } = createStitches({
  theme: {
    colors: {
      ...LIGHT,
      // Brand roles (set for the scheme by the global styles below): `brand` is the brand's colour as it is (the header
      // bar); `primary` the brand's colour where it is read on the page (buttons, links, the selected tab), AA on surface.
      brand: BRAND_ROLES.brand[0],
      onBrand: BRAND_ROLES.onBrand[0],
      primary: BRAND_ROLES.primary[0],
      onPrimary: BRAND_ROLES.onPrimary[0],
      secondary: BRAND_ROLES.secondary[0],
      onSecondary: BRAND_ROLES.onSecondary[0],
      adminPink: ADMIN_PINK[0],
    },
    fonts: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      mono: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace',
    },
    space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px', 8: '64px' },
    radii: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', round: '999px' },
    fontSizes: { 1: '12px', 2: '14px', 3: '16px', 4: '20px', 5: '24px', 6: '32px', 7: '40px' },
    fontWeights: { regular: 400, medium: 500, bold: 700 },
    lineHeights: { tight: 1.2, body: 1.5 },
    shadows: {
      card: '0 1px 3px rgba(0,0,0,0.08), 0 8px 24px rgba(0,0,0,0.06)',
      overlay: '0 4px 12px rgba(0,0,0,0.12), 0 16px 48px rgba(0,0,0,0.18)',
    },
    // A mini-app's frame covers the page but not a dialog: the host's own sheets and alerts (a card sheet, session expired) show over it.
    zIndices: { menu: 50, frame: 90, dialog: 100, toast: 200 },
  },
  // The specification's breakpoints: 480, 769 and 1025 px (test/unit/kit.breakpoints.test.ts).
  media: {
    phone: '(max-width: 480px)',
    /** Below this width dialogs become bottom sheets. */
    sheet: '(max-width: 599px)',
    tablet: '(min-width: 769px)',
    desktop: '(min-width: 1025px)',
    motion: '(prefers-reduced-motion: no-preference)',
  },
});

const variables = (palette: Record<keyof typeof LIGHT, string>, scheme: 0 | 1) => ({
  ...Object.fromEntries(Object.entries(palette).map(([role, value]) => [`--colors-${role}`, value])),
  '--colors-adminPink': ADMIN_PINK[scheme],
  ...brandVariables(scheme),
  colorScheme: scheme ? 'dark' : 'light',
});
const dark = variables(DARK, 1);

export const globalStyles = globalCss({
  // Light on the page, or inside any element marked light (the kit page shows both side by side).
  ':root:root, [data-color-scheme="light"]': variables(LIGHT, 0),
  // Dark by the person's setting (data-color-scheme), or by the device's while the setting is "system" (no attribute).
  ':root[data-color-scheme="dark"], [data-color-scheme="dark"]': dark,
  '@media (prefers-color-scheme: dark)': { ':root:not([data-color-scheme="light"])': dark },
  '*, *::before, *::after': { boxSizing: 'border-box' },
  body: { margin: 0, fontFamily: '$body', color: '$text', backgroundColor: '$background', lineHeight: 1.5 },
  'button, input, select, textarea': { font: 'inherit' },
  'input, select, textarea': { color: 'inherit' },
  // One link style everywhere (the kit's Link, and links inside content).
  a: { color: '$primary', textDecorationThickness: '1px', textUnderlineOffset: '0.2em' },
  'a:hover': { textDecorationThickness: '2px' },
  ':focus-visible': { outline: '2px solid $colors$primary', outlineOffset: '2px' },
});

import { createStitches } from '@stitches/react';

/**
 * The design tokens. Colours are the specification's brand defaults; the brand and the building override
 * them at run time by setting the CSS variables Stitches generates (see theme.ts).
 */
export const { styled, css, globalCss, keyframes, theme, createTheme, getCssText } = createStitches({
  theme: {
    colors: {
      primary: '#257BAD',
      secondary: '#7C7933',
      onPrimary: '#FFFFFF',
      alert: '#EC003E',
      greyDark: '#696E72',
      adminPink: '#D52465',
      text: '#1D2125',
      muted: '#5C6268',
      border: '#D5D9DD',
      surface: '#FFFFFF',
      background: '#F4F6F8',
      success: '#1E7F4F',
    },
    fonts: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px' },
    radii: { 1: '4px', 2: '8px', 3: '12px', round: '999px' },
    fontSizes: { 1: '12px', 2: '14px', 3: '16px', 4: '20px', 5: '24px', 6: '32px' },
    shadows: { card: '0 1px 3px rgba(0,0,0,0.08), 0 8px 24px rgba(0,0,0,0.06)' },
  },
  media: {
    phone: '(max-width: 480px)',
    tablet: '(min-width: 769px)',
    desktop: '(min-width: 1025px)',
  },
});

export const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  body: { margin: 0, fontFamily: '$body', color: '$text', backgroundColor: '$background', lineHeight: 1.5 },
  'button, input, select, textarea': { font: 'inherit' },
  ':focus-visible': { outline: '2px solid $colors$primary', outlineOffset: '2px' },
});

/** Sets the brand's colours by overriding the CSS variables behind the Stitches colour tokens. */
export function applyBrandColors(colors: { primary?: string | null; secondary?: string | null }) {
  if (typeof document === 'undefined') return;
  const root = document.documentElement.style;
  if (colors.primary) root.setProperty('--colors-primary', colors.primary);
  if (colors.secondary) root.setProperty('--colors-secondary', colors.secondary);
}

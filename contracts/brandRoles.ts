import { AA_TEXT, ensureContrast, parseHex, readableOn, textOn } from './contrast';
/**
 * The grounds brand text is read on, per scheme: the palettes' surface, background and raised (a sheet's or a menu's;
 * contracts/palette.ts; a test keeps them equal). Copied here so the page's first load does not carry the palettes twice.
 */
export const GROUNDS = {
  light: { surface: '#FFFFFF', background: '#F4F6F8', raised: '#FFFFFF' },
  dark: { surface: '#1B1F24', background: '#111417', raised: '#252A30' },
} as const;

/** The default brand (specification defaults), before the brand's own colours are in. */
export const DEFAULT_BRAND = { primary: '#257BAD', secondary: '#7C7933' } as const;

/** A brand's or a building's colours as they are given (any may be missing or malformed). */
export interface Look {
  primary?: string | null;
  secondary?: string | null;
  onPrimary?: string | null;
  font?: string | null;
}

export type ColorScheme = 'light' | 'dark';

/** The brand's colour roles in a scheme (the CSS variables' names without the scheme: `--light-primary` ...). */
export interface BrandRoles {
  brand: string;
  onBrand: string;
  primary: string;
  onPrimary: string;
  secondary: string;
  onSecondary: string;
}

export type SchemeRoles = Record<ColorScheme, BrandRoles>;

const hex = (value: string | null | undefined) => (value && parseHex(value) ? value.toUpperCase() : null);

/**
 * A brand's colours as the page uses them in a scheme: the brand's own colour for the header bar, with black or white
 * text by contrast (the brand's text colour when it is readable); for what is read on the page (buttons, links,
 * selected tabs), the brand's colour moved just far enough to reach AA on the scheme's surface, background and raised
 * grounds (a secondary button in a dark sheet is read on the raised one: issue 22, item 21).
 */
export function brandRoles(look: Look, scheme: ColorScheme): BrandRoles {
  const palette = GROUNDS[scheme];
  const brand = hex(look.primary) ?? DEFAULT_BRAND.primary;
  const secondary = hex(look.secondary) ?? DEFAULT_BRAND.secondary;
  const primary = [palette.surface, palette.background, palette.raised].reduce((colour, ground) => ensureContrast(colour, ground, AA_TEXT), brand);
  return {
    brand,
    onBrand: readableOn(brand, look.onPrimary),
    primary,
    onPrimary: readableOn(primary, look.onPrimary),
    secondary,
    onSecondary: textOn(secondary),
  };
}

/** Both schemes' roles: what the server writes into the page for the host's brand, and what the app sets. */
export const schemeRoles = (look: Look): SchemeRoles => ({ light: brandRoles(look, 'light'), dark: brandRoles(look, 'dark') });

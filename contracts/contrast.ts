/**
 * WCAG 2 colour contrast, as pure functions: the kit picks the text colour on a brand colour with them, and adjusts a
 * brand colour that is too light (or, in dark mode, too dark) to be read as text on the page's surface.
 */

/** AA for body text (WCAG 2.2, 1.4.3). */
export const AA_TEXT = 4.5;

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` (any case) as 0–255 channels; null for anything else. */
export function parseHex(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** Relative luminance (WCAG 2): 0 for black, 1 for white. */
export function luminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`not a hex colour: ${color}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export function textOn(background: string): '#000000' | '#FFFFFF' {
  return contrastRatio('#000000', background) >= contrastRatio('#FFFFFF', background) ? '#000000' : '#FFFFFF';
}

/**
 * The text colour for a brand colour: the brand's own choice when it reaches AA on it, else black or white by
 * contrast (a building theme may name a text colour that cannot be read on its primary colour).
 */
export function readableOn(background: string, preferred?: string | null): string {
  if (preferred && parseHex(preferred) && contrastRatio(preferred, background) >= AA_TEXT) return preferred.toUpperCase();
  return textOn(background);
}

/**
 * `color` moved toward black or white (toward whichever `against` is not) in small steps until it reaches `ratio`
 * against `against`; the colour itself when it already does. Keeps the hue, so a brand stays recognisable.
 */
export function ensureContrast(color: string, against: string, ratio = AA_TEXT): string {
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`not a hex colour: ${color}`);
  if (contrastRatio(color, against) >= ratio) return toHex(rgb);
  const target = luminance(against) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 20; step++) {
    const mixed = toHex(rgb.map((c) => c + (target - c) * (step / 20)) as unknown as Rgb);
    if (contrastRatio(mixed, against) >= ratio) return mixed;
  }
  return target === 0 ? '#000000' : '#FFFFFF';
}

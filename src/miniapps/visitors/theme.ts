import type { HostTheme } from '../../../machines/visitors/visitorPasses.types';

/** The custom properties the mini-app's style sheet (visitors.css) reads, from the host's theme. */
export interface ThemeProperties {
  scheme: 'light' | 'dark';
  properties: Record<string, string>;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function rgbOf(colour: string): [number, number, number] | null {
  if (!HEX.test(colour)) return null;
  const hex = colour.length === 4 ? [...colour.slice(1)].map((c) => c + c).join('') : colour.slice(1);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const hexOf = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: [number, number, number]) {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast of two colours (1 to 21). */
export function contrast(a: [number, number, number], b: [number, number, number]) {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const mix = (a: number[], b: number[], share: number) => a.map((c, i) => c + (b[i]! - c) * share) as [number, number, number];

/** The colour moved towards black or white, in steps, until it reads on `background` (4.5:1). */
export function readableOn(colour: [number, number, number], background: [number, number, number]): [number, number, number] {
  const towards = luminance(background) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let share = 0; share <= 1; share += 0.05) {
    const candidate = mix(colour, towards, share);
    if (contrast(candidate, background) >= 4.5) return candidate;
  }
  return towards as [number, number, number];
}

const LIGHT_BG: [number, number, number] = [255, 255, 255];
const DARK_BG: [number, number, number] = [0x16, 0x1a, 0x1f];
const DEFAULT_PRIMARY: [number, number, number] = [0x25, 0x7b, 0xad];

/**
 * The host's theme as custom properties: its primary colour for buttons (with black or white text, whichever reads
 * better), a text shade of it that reads on the page, its font. The light and dark palettes are the style sheet's.
 */
export function themeProperties(theme: HostTheme | null): ThemeProperties {
  const scheme = theme?.color_scheme === 'dark' ? 'dark' : 'light';
  const primary = rgbOf(theme?.primary_color ?? '') ?? DEFAULT_PRIMARY;
  const background = scheme === 'dark' ? DARK_BG : LIGHT_BG;
  const onPrimary = contrast(primary, [255, 255, 255]) >= contrast(primary, [0, 0, 0]) ? '#ffffff' : '#111417';
  const properties: Record<string, string> = {
    '--primary': hexOf(primary),
    '--on-primary': onPrimary,
    '--accent-text': hexOf(readableOn(primary, background)),
  };
  if (theme?.font && /^[\w\s,'"-]{1,100}$/.test(theme.font)) properties['--font'] = `${theme.font}, system-ui, sans-serif`;
  return { scheme, properties };
}

/** Sets the theme on the page's root element: properties through the style API (the page's policy allows no inline style tags). */
export function applyTheme(root: HTMLElement, theme: HostTheme | null) {
  const { scheme, properties } = themeProperties(theme);
  root.dataset.scheme = scheme;
  root.style.colorScheme = scheme;
  for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value);
}

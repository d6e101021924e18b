import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, ensureContrast, luminance, parseHex, readableOn, textOn } from '../../contracts/contrast';
import { brandRoles, GROUNDS } from '../../contracts/brandRoles';
import { BRAND_ROLES, DARK, LIGHT } from '../../src/ui/kit/stitches.config';
import { ALERT_RED, GREY_DARK } from '../../contracts/palette';

/** The demo brands' and buildings' colours (server/db/seed.ts), and a few a brand might pick that are hard to read. */
const BRAND_COLOURS = [
  '#257BAD',
  '#7C7933',
  '#0B6E4F',
  '#F2A541',
  '#6A3FA0',
  '#E0B44C',
  '#B23A48',
  '#2E4057',
  '#FFEB3B',
  '#00FFFF',
  '#000000',
  '#FFFFFF',
];

describe('contrast', () => {
  it('parses #rgb and #rrggbb, and nothing else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#257BAD')).toEqual([37, 123, 173]);
    expect(parseHex('257BAD')).toBeNull();
    expect(parseHex('rgb(0,0,0)')).toBeNull();
  });

  it('gives the WCAG luminance and ratios', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // Known figures: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#257BAD', '#FFFFFF')).toBeCloseTo(4.65, 1);
  });

  it.each([
    ['#257BAD', '#FFFFFF'],
    ['#0B6E4F', '#FFFFFF'],
    ['#F2A541', '#000000'],
    ['#FFEB3B', '#000000'],
    ['#6A3FA0', '#FFFFFF'],
    ['#00FFFF', '#000000'],
    ['#2E4057', '#FFFFFF'],
  ])('picks black or white text on %s by contrast: %s', (background, text) => {
    expect(textOn(background)).toBe(text);
  });

  it("keeps a brand's own text colour only when it is readable on its colour", () => {
    expect(readableOn('#257BAD', '#FFFFFF')).toBe('#FFFFFF');
    // White on a light yellow is 1.2:1: black instead.
    expect(readableOn('#FFEB3B', '#FFFFFF')).toBe('#000000');
    expect(readableOn('#FFEB3B', 'not a colour')).toBe('#000000');
    expect(readableOn('#FFEB3B', null)).toBe('#000000');
  });

  it.each(BRAND_COLOURS.flatMap((c) => [[c, '#FFFFFF'] as const, [c, DARK.surface] as const]))(
    'moves %s just far enough to read on %s',
    (colour, against) => {
      const adjusted = ensureContrast(colour, against);
      expect(contrastRatio(adjusted, against)).toBeGreaterThanOrEqual(AA_TEXT);
      if (contrastRatio(colour, against) >= AA_TEXT) expect(adjusted).toBe(colour.toUpperCase());
    },
  );
});

describe('brand roles', () => {
  it.each(BRAND_COLOURS.flatMap((c) => [[c, 'light'] as const, [c, 'dark'] as const]))('%s in %s: every pairing reaches AA', (primary, scheme) => {
    const palette = scheme === 'dark' ? DARK : LIGHT;
    const roles = brandRoles({ primary, secondary: '#F2A541', onPrimary: '#FFFFFF' }, scheme);
    expect(roles.brand).toBe(primary);
    expect(contrastRatio(roles.onBrand, roles.brand)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(roles.primary, palette.surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(roles.primary, palette.background)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(roles.primary, palette.raised), 'on a sheet').toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(roles.onPrimary, roles.primary)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(roles.onSecondary, roles.secondary)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('falls back to the default brand for a missing or malformed colour', () => {
    expect(brandRoles({ primary: null }, 'light').brand).toBe('#257BAD');
    expect(brandRoles({ primary: 'blue' }, 'light').brand).toBe('#257BAD');
  });
});

describe('the neutral palettes', () => {
  const TEXT_ROLES = ['text', 'muted', 'neutral', 'danger', 'success', 'warning'] as const;
  it.each([
    ['light', LIGHT],
    ['dark', DARK],
  ] as const)('%s: every text role reads at AA on surface, background and raised', (_, palette) => {
    for (const role of TEXT_ROLES)
      for (const ground of [palette.surface, palette.background, palette.raised])
        expect(contrastRatio(palette[role], ground), `${role} on ${ground}`).toBeGreaterThanOrEqual(AA_TEXT);
    // Status chips: the tone's colour on its soft background.
    for (const tone of ['danger', 'success', 'warning', 'neutral'] as const)
      expect(contrastRatio(palette[tone], palette[`${tone}Soft`]), tone).toBeGreaterThanOrEqual(AA_TEXT);
    // Field outlines: 3:1 (non-text contrast).
    expect(contrastRatio(palette.control, palette.surface)).toBeGreaterThanOrEqual(3);
  });
});

describe("the specification's alert red and grey dark (access document, section 9)", () => {
  const grounds = (palette: typeof LIGHT | typeof DARK) => [palette.surface, palette.background, palette.raised];
  it('keeps both as given where contrast allows', () => {
    expect(ALERT_RED).toBe('#EC003E');
    expect(GREY_DARK).toBe('#696E72');
    expect(LIGHT.alert).toBe(ALERT_RED);
    expect(DARK.alert).toBe(ALERT_RED);
    expect(LIGHT.greyDark).toBe(GREY_DARK);
  });
  it.each([
    ['light', LIGHT],
    ['dark', DARK],
  ] as const)('%s: the alert red reaches 3:1 (borders, icons, large text) on every ground', (_, palette) => {
    for (const ground of grounds(palette)) expect(contrastRatio(palette.alert, ground), ground).toBeGreaterThanOrEqual(3);
  });
  it('the alert red is no body text: below AA on the light background and the dark grounds, so error text is danger', () => {
    expect(contrastRatio(ALERT_RED, LIGHT.background)).toBeLessThan(AA_TEXT);
    expect(contrastRatio(ALERT_RED, DARK.surface)).toBeLessThan(AA_TEXT);
    // White (or black) text on an alert-red bar (the farm bar) reads at AA.
    expect(contrastRatio('#FFFFFF', ALERT_RED)).toBeGreaterThanOrEqual(AA_TEXT);
  });
  it.each([
    ['light', LIGHT],
    ['dark', DARK],
  ] as const)('%s: grey dark reads as text at AA on every ground', (_, palette) => {
    for (const ground of grounds(palette)) expect(contrastRatio(palette.greyDark, ground), ground).toBeGreaterThanOrEqual(AA_TEXT);
  });
  it('grey dark as given is too dark for text in the dark scheme, which takes its muted grey', () => {
    expect(contrastRatio(GREY_DARK, DARK.surface)).toBeLessThan(AA_TEXT);
    expect(DARK.greyDark).toBe(DARK.muted);
  });
});

describe('the style sheet', () => {
  it.each([
    ['light', 0],
    ['dark', 1],
  ] as const)("holds the default brand's %s roles as theme.ts computes them (before the brand is in)", (scheme, index) => {
    const computed = brandRoles({}, scheme);
    for (const [role, values] of Object.entries(BRAND_ROLES)) expect(values[index], role).toBe(computed[role as keyof typeof computed]);
  });
});

describe('the grounds brand text is read on', () => {
  it("are the palettes' surface, background and raised", () => {
    expect(GROUNDS.light).toEqual({ surface: LIGHT.surface, background: LIGHT.background, raised: LIGHT.raised });
    expect(GROUNDS.dark).toEqual({ surface: DARK.surface, background: DARK.background, raised: DARK.raised });
  });
});

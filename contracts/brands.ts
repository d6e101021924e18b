/**
 * The brand scope of the building list (access document section 7: "brand_scope is the brand when it is in a fixed set
 * of six brand identifiers, otherwise ALL"; decision 009), written once for the app that sends it and the server that
 * reads it.
 */
export const SCOPED_BRANDS = ['atrium', 'harbor', 'summit', 'meridian', 'crescent', 'foundry'] as const;

const isScoped = (brand: string | undefined): brand is (typeof SCOPED_BRANDS)[number] =>
  brand !== undefined && (SCOPED_BRANDS as readonly string[]).includes(brand);

/** What the app sends as `brand_scope`: the brand when it is one of the six, else ALL. */
export const brandScope = (brand: string): string => (isScoped(brand) ? brand : 'ALL');

/** The brand a `brand_scope` keeps on the server (one of the six), or null for every brand (ALL, none or anything else). */
export const scopedBrand = (scope: string | undefined): string | null => (isScoped(scope) ? scope : null);

import { describe, expect, it } from 'vitest';
import { brandScope, SCOPED_BRANDS, scopedBrand } from '../../contracts/brands';

describe('the building list’s brand scope (access document section 7; decision 009), one rule for app and server', () => {
  it('is one of six brands', () => {
    expect([...SCOPED_BRANDS]).toEqual(['atrium', 'harbor', 'summit', 'meridian', 'crescent', 'foundry']);
  });

  it.each([
    ['harbor', 'harbor', 'harbor'],
    ['atrium', 'atrium', 'atrium'],
    ['livework', 'ALL', null],
    ['', 'ALL', null],
    ['Harbor', 'ALL', null],
  ])('brand %j: the app sends %j, the server keeps %j', (brand, sent, kept) => {
    expect(brandScope(brand)).toBe(sent);
    expect(scopedBrand(brandScope(brand))).toBe(kept);
  });

  it('the server keeps every brand for ALL, none or anything else', () => {
    expect(scopedBrand('ALL')).toBeNull();
    expect(scopedBrand(undefined)).toBeNull();
    expect(scopedBrand('constructor')).toBeNull();
  });
});

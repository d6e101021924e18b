import { describe, expect, it } from 'vitest';
import { columnsOf, GRID_MIN_COLUMN } from '../../src/ui/kit/grids';

describe('the tile grids’ minimum columns (content document, section 9)', () => {
  it('are 428 px for content, 312 px for utilities, 383 px for the directory and 205 px for amenity tiles', () => {
    expect(GRID_MIN_COLUMN).toEqual({ content: 428, utilities: 312, directory: 383, amenity: 205 });
  });

  it.each(Object.entries(GRID_MIN_COLUMN))('lays %s out in as many columns as fit, each at least %i px or the whole width', (kind, min) => {
    expect(columnsOf(kind as keyof typeof GRID_MIN_COLUMN)).toBe(`repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))`);
  });
});

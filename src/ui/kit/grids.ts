/**
 * The specification's minimum grid columns (content document, section 9): content tiles 428 px, utilities 312 px, the
 * company directory 383 px, amenity tiles 205 px. Each column is at most the grid's width (`min(…, 100%)`), so a
 * narrow screen never scrolls sideways. Where a grid gives way on phones, its view says so (decision 070).
 */
export const GRID_MIN_COLUMN = { content: 428, utilities: 312, directory: 383, amenity: 205 } as const;

/** `grid-template-columns` for as many columns as fit, each at least the kind's minimum. */
export const columnsOf = (kind: keyof typeof GRID_MIN_COLUMN) => `repeat(auto-fill, minmax(min(${GRID_MIN_COLUMN[kind]}px, 100%), 1fr))`;

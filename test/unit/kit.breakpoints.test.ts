import { describe, expect, it } from 'vitest';
import { config, css, getCssText } from '../../src/ui/kit/stitches.config';

/** The specification's breakpoints (access document, section 9): 480 px, 769 px and 1025 px. */
describe('the kit’s breakpoints', () => {
  it('are 480, 769 and 1025 px (phone up to 480, tablet from 769, desktop from 1025), beside the sheet and motion queries', () => {
    expect(config.media).toEqual({
      phone: '(max-width: 480px)',
      // Below this width dialogs become bottom sheets: the kit's own, not a layout breakpoint.
      sheet: '(max-width: 599px)',
      tablet: '(min-width: 769px)',
      desktop: '(min-width: 1025px)',
      motion: '(prefers-reduced-motion: no-preference)',
    });
  });

  it('turn @phone, @tablet and @desktop into those media queries in the style sheet', () => {
    const className = css({ '@phone': { order: 1 }, '@tablet': { order: 2 }, '@desktop': { order: 3 } })().className;
    // Whitespace aside (the document's style sheet serialises its rules its own way).
    const sheet = getCssText().replace(/\s+/g, '');
    for (const [query, order] of [
      ['(max-width: 480px)', 1],
      ['(min-width: 769px)', 2],
      ['(min-width: 1025px)', 3],
    ] as const) {
      expect(sheet).toContain(`@media${query.replace(/\s+/g, '')}{.${className}{order:${order}`);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { richTextWords } from '../../src/ui/kit/RichText';

describe('rich text’s words for a line on a card', () => {
  it('keeps the words, a space between blocks, and no markup', () => {
    expect(richTextWords('<p>Start the day with a <strong>gentle flow</strong>.</p><p>Mats&nbsp;provided &amp; water.</p>')).toBe(
      'Start the day with a gentle flow. Mats provided & water.',
    );
    expect(richTextWords('<ul><li>Spin</li><li>Pilates</li></ul>Open 6 am<br>to 10 pm')).toBe('Spin Pilates Open 6 am to 10 pm');
  });

  it('drops what is never shown, scripts and styles with their text', () => {
    expect(richTextWords('<p>Hello</p><script>alert(1)</script><style>p{}</style>')).toBe('Hello');
    expect(richTextWords('Plain words, no markup.')).toBe('Plain words, no markup.');
  });
});

import DOMPurify, { type Config } from 'dompurify';
import { styled } from './stitches.config';

/**
 * The specification's sanitizer rules for rich text (content document, section 5): DOMPurify's safe HTML, plus the
 * strike tag, without style, script, textarea and option (style attributes go too: no CSS tricks from content).
 */
export const RICH_TEXT_RULES: Config = {
  ADD_TAGS: ['strike'],
  FORBID_TAGS: ['style', 'script', 'textarea', 'option'],
  FORBID_ATTR: ['style'],
};

// Links in content leave the app: a new tab that cannot reach back into this one.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Rich text as safe HTML. */
export const sanitizeRichText = (html: string) => DOMPurify.sanitize(html, RICH_TEXT_RULES);

/**
 * Rich text's words alone, for a line on a card (the whole text, with its markup, is on the thing's own screen). Only
 * text comes out, which React escapes: parsing in an inert document and dropping what is never shown is enough.
 */
export function richTextWords(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const hidden of body.querySelectorAll('script, style, template, textarea, option, noscript')) hidden.remove();
  // A block ends in a space, so two paragraphs do not run into one word.
  for (const block of body.querySelectorAll('p, div, li, br, tr, h1, h2, h3, h4, h5, h6')) block.after(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const Body = styled('div', {
  lineHeight: 1.6,
  '& p': { margin: '0 0 $3' },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& a': { color: '$primary' },
});

/** Content's rich text (HTML from the API), sanitized before it reaches the DOM. */
export function RichText({ html, ...rest }: { html: string; 'data-testid'?: string; lang?: string | undefined }) {
  return <Body {...rest} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}

import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { ExternalLink as ExternalIcon } from 'lucide-react';
import { styled } from './stitches.config';
import { VisuallyHidden } from './VisuallyHidden';

/** The one link style: the brand's readable colour, underlined, a thicker line on hover. */
export const linkStyle = {
  color: '$primary',
  fontWeight: 500,
  textDecoration: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.2em',
  cursor: 'pointer',
  '&:hover': { textDecorationThickness: '2px' },
  '& svg': { verticalAlign: '-0.125em', marginInlineStart: '0.25em' },
} as const;

const Anchor = styled('a', linkStyle);

export { VisuallyHidden };

const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(function StyledAnchor(props, ref) {
  return <Anchor ref={ref} {...props} />;
});

/** A link inside the app (TanStack Router's Link, typed by route), in the kit's link style. */
export const Link = createLink(StyledAnchor);

/** A link that leaves the app in a new tab; says so to screen readers (`newTabLabel`) and with an icon. */
export function ExternalLink({ href, children, newTabLabel }: { href: string; children: ReactNode; newTabLabel: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalIcon size={14} aria-hidden="true" focusable="false" />
      <VisuallyHidden> ({newTabLabel})</VisuallyHidden>
    </Anchor>
  );
}

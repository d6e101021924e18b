import type { ReactNode } from 'react';
import { styled } from './stitches.config';

/** A status chip's box: its tone's colour on its tone's soft background, AA in both schemes. */
const ChipBox = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  padding: '2px $2',
  borderRadius: '$round',
  fontSize: '$1',
  fontWeight: 700,
  lineHeight: '$body',
  whiteSpace: 'nowrap',
  '& svg': { width: 14, height: 14, flexShrink: 0 },
  variants: {
    tone: {
      neutral: { backgroundColor: '$neutralSoft', color: '$neutral' },
      // Facts rather than states (a price, online): the neutral colours, a hairline to set them apart.
      info: { backgroundColor: 'transparent', color: '$neutral', boxShadow: 'inset 0 0 0 1px $colors$border' },
      success: { backgroundColor: '$successSoft', color: '$success' },
      warning: { backgroundColor: '$warningSoft', color: '$warning' },
      danger: { backgroundColor: '$dangerSoft', color: '$danger' },
      brand: { backgroundColor: '$primary', color: '$onPrimary' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type ChipTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'brand';

/** Where a row of chips sits (a span, so it may sit inside a button): wraps on narrow screens. */
export const ChipList = styled('span', { display: 'flex', flexWrap: 'wrap', gap: '$1' });

/**
 * A short status (Attending, Sold out, $25, Online): a tone and an optional icon beside the text. The kit owns its
 * look; callers pick the tone by meaning.
 */
export function Chip({ tone, icon, children }: { tone?: ChipTone; icon?: ReactNode; children: ReactNode }) {
  return (
    <ChipBox tone={tone ?? 'neutral'} data-chip>
      {icon}
      {children}
    </ChipBox>
  );
}

/** The kit page's name for the same chip. */
export const StatusChip = Chip;

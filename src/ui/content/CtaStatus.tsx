import { styled } from '../kit/stitches.config';

/** The state line of a call-to-action: Attending, Sold out, Deal claimed, Only 2 spots left … */
export const CtaStatus = styled('p', {
  margin: 0,
  fontWeight: 700,
  color: '$muted',
  variants: {
    tone: {
      neutral: {},
      success: { color: '$success' },
      warning: { color: '$danger' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
